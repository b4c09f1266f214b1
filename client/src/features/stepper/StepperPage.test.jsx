import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route } from 'react-router-dom';
import { mockFetch, renderWithProviders } from '../../testUtils';
import StepperPage from './StepperPage';
import { visibleSteps } from './steps';
import { allVectors, withProgress } from './progressFixtures';

const PROGRAM = { id: 3, name_ru: 'Бакалавриат', name_en: "Bachelor's degree", name_kk: 'Бакалавриат' };

function serve(application, status = 200) {
  return mockFetch(async (url) => {
    if (url.includes('/users/application/')) return { status, body: status === 200 ? { success: true, item: application } : { success: false } };
    if (url.endsWith('/public-config')) return { body: { contact_phone: '+7 727 000 00 00', contact_email: 'info@u.kz' } };
    return { status: 404, body: {} };
  });
}

test('the server vectors: every state has exactly one current step, and fee-paying paths list no grant step', () => {
  allVectors.forEach(({ progress, financing }) => {
    const steps = visibleSteps(progress);
    expect(steps.filter((step) => step.state === 'current').map((step) => step.key)).toEqual([progress.current]);
    if (financing === 'paid') expect(steps.map((step) => step.key)).not.toContain('scholarship_result_awaiting');
  });
});

test.each([
  [1, 'scholarship', 'instruction', 'Инструкция'],
  [4, 'paid', 'document_submission', 'Подача документов'],
  [5, 'paid', 'physical_documents_awaiting', 'Ожидание оригиналов документов'],
  [7, 'paid', 'choose_educational_program', 'Выбор образовательной программы'],
  [8, 'scholarship', 'enrolment', 'Зачисление'],
])('at step %s (%s) one step is current and the card above has its title', async (step, financing, key, title) => {
  serve(withProgress({ id: 7, current_step: step, financing, study_program: PROGRAM, upload_code: '1234567' }));
  renderWithProviders(<StepperPage />, { route: '/stepper/7', path: '/stepper/:applicationId' });
  const card = await screen.findByTestId(`stepper-action-${key}`);
  expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent(title);
  const current = document.querySelectorAll('[data-testid^="stepper-step-"][data-state="current"]');
  expect(current).toHaveLength(1);
  expect(current[0]).toHaveAttribute('data-testid', `stepper-step-${key}`);
  expect(within(current[0]).getByText(title)).toBeInTheDocument();
  const grantStep = screen.queryByTestId('stepper-step-scholarship_result_awaiting');
  if (financing === 'paid') expect(grantStep).toBeNull();
  else expect(grantStep).not.toBeNull();
  // steps 5 and 6 in the order the applicant lives them: submit the documents, then wait for the originals
  const keys = [...document.querySelectorAll('[data-testid^="stepper-step-"]')].map((el) => el.getAttribute('data-testid'));
  expect(keys.indexOf('stepper-step-document_submission')).toBeLessThan(keys.indexOf('stepper-step-physical_documents_awaiting'));
});

test('while its guard reads the application (waiting): the heading and the skeleton, no card yet', async () => {
  const fetch = serve(withProgress({ id: 7, current_step: 1, financing: 'paid', study_program: PROGRAM }));
  renderWithProviders(<StepperPage waiting />, { route: '/stepper/7', path: '/stepper/:applicationId' });
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Этапы поступления');
  expect(screen.getByTestId('stepper-skeleton')).toHaveAttribute('role', 'status');
  expect(screen.getByTestId('stepper-skeleton')).toHaveTextContent('Загрузка');
  expect(screen.queryByTestId(/^stepper-action-/)).toBeNull();
  // The office's contacts are read meanwhile (the page itself does not read the application: its guard does).
  await waitFor(() => expect(fetch.mock.calls.some(([request]) => request.url.endsWith('/public-config'))).toBe(true));
  expect(fetch.mock.calls.some(([request]) => request.url.includes('/users/application/'))).toBe(false);
});

test('a withdrawn application shows the notice and no card', async () => {
  serve(withProgress({ id: 7, current_step: 3, status: -1, financing: 'paid', study_program: PROGRAM }));
  renderWithProviders(<StepperPage />, { route: '/stepper/7', path: '/stepper/:applicationId' });
  expect(await screen.findByTestId('stepper-archived')).toHaveTextContent('Заявка отозвана');
  expect(screen.queryByTestId(/^stepper-action-/)).toBeNull();
});

test('an application at step 2 shows the programme, completed steps and the payment step as current', async () => {
  serve(withProgress({ id: 7, current_step: 2, financing: 'paid', study_program: PROGRAM }));
  renderWithProviders(<StepperPage />, { route: '/stepper/7', path: '/stepper/:applicationId' });
  expect(await screen.findByTestId('stepper-program')).toHaveTextContent('Программа: Бакалавриат');
  expect(screen.getByTestId('stepper-financing')).toHaveTextContent('Поступление на платной основе');
  expect(screen.getByTestId('stepper-step-choose_study_program')).toHaveAttribute('data-state', 'completed');
  expect(screen.getByTestId('stepper-step-instruction')).toHaveAttribute('data-state', 'completed');
  const payment = screen.getByTestId('stepper-step-payment');
  expect(payment).toHaveAttribute('data-state', 'current');
  expect(within(payment).getByText('Оплатите вступительный взнос 10 000 тенге.')).toBeInTheDocument();
  expect(await within(payment).findByText(/\+7 727 000 00 00, info@u\.kz/)).toBeInTheDocument();
  expect(screen.getByTestId('stepper-step-form')).toHaveAttribute('data-state', 'future');
});

test('without an application id the physical-presence modal shows and carries the financing type to /apply', async () => {
  serve(null);
  renderWithProviders(<StepperPage />, { route: '/stepper?type=scholarship', path: '/stepper' });
  const modal = await screen.findByTestId('physical-presence-modal');
  expect(within(modal).getByText(/необходимо присутствовать в Алматы/)).toBeInTheDocument();
  expect(within(modal).getByTestId('presence-type')).toHaveTextContent('Поступление на государственный грант');
  expect(within(modal).getByTestId('presence-continue')).toHaveAttribute('href', '/apply?type=scholarship');
});

test('an application that cannot be fetched sends the applicant home (§8)', async () => {
  serve(null, 404);
  renderWithProviders(<StepperPage />, {
    route: '/stepper/99', path: '/stepper/:applicationId', extraRoutes: <Route path="/" element={<div>home</div>} />,
  });
  expect(await screen.findByText('home')).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
});

test('issue 10: Back on the physical-presence notice returns to the card the citizen came from (home)', async () => {
  serve(null);
  renderWithProviders(<Link to="/stepper?type=scholarship">grant card</Link>, {
    route: '/', path: '/', extraRoutes: [<Route key="s" path="/stepper" element={<StepperPage />} />],
  });
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByText('grant card'));
  const modal = await screen.findByTestId('physical-presence-modal');
  await user.click(within(modal).getByRole('button', { name: 'Назад' }));
  expect(await screen.findByText('grant card')).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
});
