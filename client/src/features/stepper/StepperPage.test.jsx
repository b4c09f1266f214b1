import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route } from 'react-router-dom';
import { mockFetch, renderWithProviders } from '../../testUtils';
import StepperPage from './StepperPage';
import { STEP_KEYS, stepState } from './steps';

const PROGRAM = { id: 3, name_ru: 'Бакалавриат', name_en: "Bachelor's degree", name_kk: 'Бакалавриат' };

function serve(application, status = 200) {
  return mockFetch(async (url) => {
    if (url.includes('/users/application/')) return { status, body: status === 200 ? { success: true, item: application } : { success: false } };
    if (url.endsWith('/public-config')) return { body: { contact_phone: '+7 727 000 00 00', contact_email: 'info@u.kz' } };
    return { status: 404, body: {} };
  });
}

test('step states follow current_step (§4): earlier completed, equal current, the form stays open at 4 and 5', () => {
  expect(STEP_KEYS).toHaveLength(8);
  expect(STEP_KEYS.map((_, i) => stepState(i, 1))).toEqual(['completed', 'current', 'future', 'future', 'future', 'future', 'future', 'future']);
  expect(stepState(3, 4)).toBe('current');
  expect(stepState(3, 5)).toBe('current');
  expect(stepState(4, 4)).toBe('current');
  expect(stepState(3, 6)).toBe('completed');
  expect(STEP_KEYS.every((_, i) => stepState(i, 10) === 'completed')).toBe(true);
  expect(stepState(0, undefined)).toBe('current');
});

test('an application at step 2 shows the programme, completed steps and the payment step as current', async () => {
  serve({ id: 7, current_step: 2, financing: 'paid', study_program: PROGRAM });
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
