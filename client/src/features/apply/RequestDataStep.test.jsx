import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { DEFAULT_DOMAIN } from '../../domain';
import { mockFetch, renderWithProviders } from '../../testUtils';
import RequestDataStep from './RequestDataStep';

const KAZAKHSTAN = { id: 1, name_ru: 'Гражданин Республики Казахстан', name_kk: 'ҚР азаматы', name_en: DEFAULT_DOMAIN.kazakhstanCitizenshipNameEn };
const citizen = { id: 9, email: 'c@example.kz', token: 'tk', is_verified: true, citizenship_id: 1, citizenship: KAZAKHSTAN,
  is_pkb_data_request_completed: false, roles: [] };
const STEPPER = [<Route key="stepper" path="/stepper/:id" element={<p>stepper</p>} />];

function serve(answers = {}) {
  const calls = [];
  const fetchMock = mockFetch(async (url, request) => {
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
    const body = request.method === 'POST' ? await request.json() : null;
    calls.push({ path, body });
    const answer = answers[path];
    if (typeof answer === 'function') return answer(body, calls);
    return answer || { body: {} };
  });
  return { calls, fetchMock };
}

async function fill(user, values) {
  for (const [field, value] of Object.entries(values)) {
    const input = screen.getByTestId(`pkb-${field}`);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

const helper = (field) => document.getElementById(`pkb-${field}-helper-text`);

const GOOD = { iin: '060315501232', phone: '+77011234501', last_name: 'Ахметов', first_name: 'Нурлан' };

beforeEach(async () => {
  await i18n.changeLanguage('ru');
  setUser(citizen);
});

test('client validation shows the §5 messages in Russian and sends nothing', async () => {
  const { fetchMock } = serve();
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<RequestDataStep applicationId={77} />);

  await fill(user, { iin: '060315501233', phone: '70112', last_name: ' Ахметов', first_name: 'нурлан' });
  await user.click(screen.getByTestId('pkb-submit'));

  await waitFor(() => expect(helper('iin')).toHaveTextContent('Пожалуйста, проверьте поле «ИИН»: неверная контрольная цифра ИИН'));
  expect(helper('phone'))
    .toHaveTextContent('Пожалуйста, проверьте поле «Номер телефона»: номер состоит из +7 и 10 цифр (не более 12 символов)');
  expect(helper('last_name')).toHaveTextContent('Пожалуйста, проверьте поле «Фамилия»: уберите пробелы в начале и в конце');
  expect(helper('first_name')).toHaveTextContent('Пожалуйста, проверьте поле «Имя»: должно начинаться с заглавной буквы');
  expect(screen.getByTestId('snackbar-error')).toHaveTextContent('неверная контрольная цифра ИИН'); // the first one
  expect(screen.getByTestId('pkb-iin')).toHaveAttribute('aria-invalid', 'true');
  expect(fetchMock).not.toHaveBeenCalled();
});

test('client validation speaks Kazakh', async () => {
  await i18n.changeLanguage('kk');
  serve();
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<RequestDataStep applicationId={77} />);
  await user.click(screen.getByTestId('pkb-submit'));
  await waitFor(() => expect(helper('iin')).toHaveTextContent('«ЖСН» өрісін тексеріңіз: оны толтырыңыз'));
  expect(helper('last_name')).toHaveTextContent('«Тегі» өрісін тексеріңіз: оны толтырыңыз');
});

test('the masks keep the IIN to 12 digits and the phone to +7 and 12 characters', async () => {
  serve();
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<RequestDataStep applicationId={77} />);
  await fill(user, { iin: '06a0315501232999', phone: '87011234501999' });
  expect(screen.getByTestId('pkb-iin')).toHaveValue('060315501232');
  expect(screen.getByTestId('pkb-phone')).toHaveValue('+77011234501'); // the trunk 8 is +7 (decision 0083)
  await user.clear(screen.getByTestId('pkb-phone'));
  expect(screen.getByTestId('pkb-phone')).toHaveValue('');
});

test('good data send the request, the code modal auto-submits at 6 digits and the stepper follows', async () => {
  const { calls } = serve({
    '/api/v1/pkb/create-request': { body: { success: true, request_id: 'req-abc', expires_in: 600 } },
    '/api/v1/pkb/check-code': (body) => (body.code === '123456'
      ? { body: { success: true, application_id: 77 } }
      : { status: 400, body: { success: false, message: 'Неверный код', message_key: 'auth.wrong_code', errors: {} } }),
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<RequestDataStep applicationId={77} />, { route: '/apply/77', path: '/apply/:id', extraRoutes: STEPPER });

  await fill(user, GOOD);
  await user.click(screen.getByTestId('pkb-submit'));

  expect(await screen.findByTestId('pkb-code-dialog')).toBeInTheDocument();
  expect(screen.getByTestId('pkb-code-hint')).toHaveTextContent('+7 701 *** ** 01');
  expect(calls[0]).toEqual({
    path: '/api/v1/pkb/create-request',
    body: { iin: '060315501232', phone: '+77011234501', last_name: 'Ахметов', first_name: 'Нурлан', application_id: 77 },
  });

  await user.type(screen.getByTestId('pkb-code'), '654321');
  expect(await screen.findByText('Неверный код')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('pkb-code')).toHaveValue(''));

  await user.type(screen.getByTestId('pkb-code'), '123456');
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/stepper/77'));
  expect(calls.filter((c) => c.path === '/api/v1/pkb/check-code').map((c) => c.body)).toEqual([
    { request_id: 'req-abc', code: '654321' },
    { request_id: 'req-abc', code: '123456' },
  ]);
  expect(JSON.parse(window.localStorage.getItem('dorm_user')).is_pkb_data_request_completed).toBe(true);
});

test('server refusals are shown: field errors on the fields, business errors in the snackbar', async () => {
  let answer = {
    status: 400,
    body: { success: false, message: 'Пожалуйста, проверьте поле «Имя»: X', message_key: 'pkb.check_field',
      errors: { first_name: ['Пожалуйста, проверьте поле «Имя»: X'] } },
  };
  serve({ '/api/v1/pkb/create-request': () => answer });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<RequestDataStep applicationId={77} />);
  await fill(user, GOOD);
  await user.click(screen.getByTestId('pkb-submit'));
  await waitFor(() => expect(screen.getByTestId('pkb-first_name')).toHaveAttribute('aria-invalid', 'true'));

  const notRegistered = 'Вы не зарегистрированы в государственной базе данных электронного правительства.';
  answer = { status: 422, body: { success: false, message: notRegistered, message_key: 'pkb.not_registered', errors: {} } };
  await user.click(screen.getByTestId('pkb-submit'));
  expect(await screen.findByTestId('snackbar-error')).toHaveTextContent(notRegistered);
  expect(screen.queryByTestId('pkb-code-dialog')).toBeNull();
});

test('a bureau that does not answer (no JSON) says "try later"', async () => {
  mockFetch(async () => ({ status: 503, body: 'oops' }));
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<RequestDataStep applicationId={77} />);
  await fill(user, GOOD);
  await user.click(screen.getByTestId('pkb-submit'));
  expect(await screen.findByTestId('snackbar-error')).toHaveTextContent('Кредитное бюро сейчас не отвечает');
});
