import { act, screen } from '@testing-library/react';
import { questionnaireApi } from '../../components/questionnaire/questionnaireApi';
import { Route } from 'react-router-dom';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { makeStore, mockFetch, renderWithProviders } from '../../testUtils';
import SubmittedPage from './SubmittedPage';

const PROGRAM = { id: 1, name_ru: 'Бакалавриат', name_kk: 'Бакалавриат (каз)', name_en: "Bachelor's degree" };

function serve(item) {
  mockFetch((url) => {
    if (url.includes('/users/application/12')) return { body: { success: true, item } };
    if (url.endsWith('/public-config')) return { body: { contact_phone: '+7 727 000 00 00', contact_email: 'admission@u.kz' } };
    return { body: {} };
  });
}

beforeEach(async () => {
  await act(() => i18n.changeLanguage('ru'));
  setUser({ id: 9, email: 'anna@example.com', token: 'tk', is_verified: true, citizenship_id: 5, citizenship: { id: 5 }, roles: [] });
});

test('issue 10: after Submit the page says what happens next and gives the admissions contacts, in every language', async () => {
  serve({ id: 12, submittedAt: '2026-11-23T10:00:00Z', study_program: PROGRAM });
  renderWithProviders(<SubmittedPage />, { route: '/apply/12/submitted', path: '/apply/:applicationId/submitted' });
  expect(await screen.findByTestId('submitted-lead')).toHaveTextContent('Заявка № 12 на программу «Бакалавриат» принята к рассмотрению.');
  expect(screen.getByTestId('submitted-lead')).toHaveTextContent('Подтверждение отправлено на anna@example.com');
  expect(screen.getByTestId('submitted-steps')).toHaveTextContent('Приёмная комиссия проверит анкету');
  expect(await screen.findByTestId('submitted-contacts')).toHaveTextContent('+7 727 000 00 00');
  expect(screen.getByRole('link', { name: 'admission@u.kz' })).toHaveAttribute('href', 'mailto:admission@u.kz');
  expect(screen.getByTestId('submitted-my-applications')).toHaveAttribute('href', '/my-applications');
  await act(() => i18n.changeLanguage('kk'));
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Сауалнама жіберілді');
  expect(screen.getByTestId('submitted-lead')).toHaveTextContent('Бакалавриат (каз)');
  await act(() => i18n.changeLanguage('en'));
  expect(screen.getByRole('heading', { name: 'What happens next' })).toBeInTheDocument();
});

test('right after Submit a stale (unsubmitted) cache entry waits for the refetch instead of bouncing back', async () => {
  let calls = 0;
  mockFetch(async (url) => {
    if (url.includes('/users/application/12')) {
      calls += 1;
      return { body: { success: true, item: { id: 12, submittedAt: calls > 1 ? '2026-11-23T10:00:00Z' : null, study_program: PROGRAM } } };
    }
    return { body: {} };
  });
  // The questionnaire had the application cached (unsubmitted); Submit invalidates it, then navigates here.
  const store = makeStore();
  const held = store.dispatch(questionnaireApi.endpoints.getApplicationDetail.initiate(12));
  await held;
  store.dispatch(questionnaireApi.util.invalidateTags(['Application']));
  renderWithProviders(<SubmittedPage />, {
    store,
    route: '/apply/12/submitted',
    path: '/apply/:applicationId/submitted',
    extraRoutes: [<Route key="q" path="/apply/:applicationId" element={<p>questionnaire</p>} />],
  });
  expect(await screen.findByTestId('submitted-page')).toBeInTheDocument();
  expect(screen.queryByText('questionnaire')).toBeNull();
});

test('an application not submitted yet goes back to its questionnaire', async () => {
  serve({ id: 12, submittedAt: null, study_program: PROGRAM });
  renderWithProviders(<SubmittedPage />, {
    route: '/apply/12/submitted',
    path: '/apply/:applicationId/submitted',
    extraRoutes: [<Route key="q" path="/apply/:applicationId" element={<p>questionnaire</p>} />],
  });
  expect(await screen.findByText('questionnaire')).toBeInTheDocument();
});
