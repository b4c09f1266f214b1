import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { DEFAULT_DOMAIN } from '../../domain';
import { mockFetch, renderWithProviders } from '../../testUtils';
import ApplyPage from './ApplyPage';

const PROGRAMS = [
  { id: 1, name_ru: 'Бакалавриат', name_kk: 'Бакалавриат', name_en: "Bachelor's", additional_data: {} },
  { id: 2, name_ru: 'Магистратура', name_kk: 'Магистратура', name_en: "Master's", additional_data: {} },
  { id: 3, name_ru: 'Скрытая', name_kk: 'Жасырын', name_en: 'Hidden', additional_data: { is_hidden: true } },
];

const applicant = (citizenship) => ({ id: 9, email: 'a@example.com', token: 'tk', is_verified: true,
  citizenship_id: citizenship.id, citizenship, roles: [] });
const GERMANY = { id: 5, name_ru: 'Германия', name_kk: 'Германия', name_en: 'Germany' };
const KAZAKHSTAN = { id: 1, name_ru: 'Гражданин Республики Казахстан', name_kk: 'ҚР азаматы', name_en: DEFAULT_DOMAIN.kazakhstanCitizenshipNameEn };

function serve(window, created = []) {
  return mockFetch(async (url, request) => {
    if (url.includes('/universal/StudyProgram/all')) return { body: { list: PROGRAMS } };
    if (url.includes('/users/submit-application')) return { body: { success: true, ...window } };
    if (url.includes('/users/create-application')) {
      created.push(await request.json());
      return { body: { success: true, application_id: 77, citizenship: null } };
    }
    return { body: {} };
  });
}

const NEXT_SCREENS = [
  <Route key="fill" path="/apply/:id" element={<p>fill</p>} />,
  <Route key="stepper" path="/stepper/:id" element={<p>stepper</p>} />,
];

beforeEach(() => i18n.changeLanguage('ru'));

test('programmes outside the open window are shown but cannot be chosen; the open one creates the application', async () => {
  setUser(applicant(GERMANY));
  const created = [];
  serve({ is_open: true, open_study_program_ids: [1] }, created);
  const user = userEvent.setup();
  renderWithProviders(<ApplyPage />, { route: '/apply', path: '/apply', extraRoutes: NEXT_SCREENS });

  expect(await screen.findByTestId('study-program-1')).toBeEnabled();
  expect(screen.getByTestId('study-program-2')).toBeDisabled();
  expect(screen.queryByTestId('study-program-3')).toBeNull(); // hidden programmes are not offered
  await user.click(screen.getByTestId('study-program-continue'));
  expect(await screen.findByTestId('study-program-error')).toHaveTextContent('Пожалуйста, выберите тип программы');

  await user.click(screen.getByTestId('study-program-1'));
  await user.click(screen.getByTestId('study-program-continue'));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/apply/77'));
  expect(created).toEqual([{ study_program_id: 1 }]);
});

test('a closed campaign says so before anything is typed and does not offer Continue', async () => {
  setUser(applicant(GERMANY));
  serve({ is_open: false, open_study_program_ids: [], message_key: 'applications.submission_unavailable' });
  renderWithProviders(<ApplyPage />, { route: '/apply', path: '/apply', extraRoutes: NEXT_SCREENS });

  expect(await screen.findByTestId('study-program-notice')).toHaveTextContent('Подача заявлений временно недоступна');
  expect(screen.getByTestId('study-program-1')).toBeDisabled();
  expect(screen.getByTestId('study-program-continue')).toBeDisabled();
});

test('a citizen of Kazakhstan with the credit-bureau data continues in the stepper (req §2)', async () => {
  setUser({ ...applicant(KAZAKHSTAN), is_pkb_data_request_completed: true });
  serve({ is_open: true, open_study_program_ids: [1, 2] });
  const user = userEvent.setup();
  renderWithProviders(<ApplyPage />, { route: '/apply', path: '/apply', extraRoutes: NEXT_SCREENS });

  await user.click(await screen.findByTestId('study-program-2'));
  await user.click(screen.getByTestId('study-program-continue'));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/stepper/77'));
});

test('a citizen of Kazakhstan without the credit-bureau data passes request_data first (req §2, §4)', async () => {
  setUser({ ...applicant(KAZAKHSTAN), is_pkb_data_request_completed: false });
  serve({ is_open: true, open_study_program_ids: [1, 2] });
  const user = userEvent.setup();
  renderWithProviders(<ApplyPage />, { route: '/apply', path: '/apply', extraRoutes: NEXT_SCREENS });

  await user.click(await screen.findByTestId('study-program-2'));
  await user.click(screen.getByTestId('study-program-continue'));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/apply/77'));
});

test('/apply/{id} shows the request_data step with its header to a citizen without the bureau data', async () => {
  setUser({ ...applicant(KAZAKHSTAN), is_pkb_data_request_completed: false });
  mockFetch(async (url) => {
    if (url.includes('/users/application/77')) {
      return { body: { success: true, item: { id: 77, study_program: PROGRAMS[0], citizenship: KAZAKHSTAN, current_step: 1 } } };
    }
    return { body: {} };
  });
  renderWithProviders(<ApplyPage />, { route: '/apply/77', path: '/apply/:applicationId', extraRoutes: NEXT_SCREENS });

  expect(await screen.findByTestId('pkb-form')).toBeInTheDocument();
  expect(screen.getByTestId('apply-steps')).toHaveTextContent('Запрос данных');
  expect(screen.getByTestId('apply-answer-study_program')).toHaveTextContent('Бакалавриат');
});

test('the financing chosen on the citizens\' path cards (?type=) is sent with the new application', async () => {
  setUser({ ...applicant(KAZAKHSTAN), is_pkb_data_request_completed: true });
  const created = [];
  serve({ is_open: true, open_study_program_ids: [1, 2] }, created);
  const user = userEvent.setup();
  renderWithProviders(<ApplyPage />, { route: '/apply?type=scholarship', path: '/apply', extraRoutes: NEXT_SCREENS });

  await user.click(await screen.findByTestId('study-program-1'));
  await user.click(screen.getByTestId('study-program-continue'));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/stepper/77'));
  expect(created).toEqual([{ study_program_id: 1, financing: 'scholarship' }]);
});
