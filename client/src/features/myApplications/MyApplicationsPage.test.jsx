import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '../../testUtils';
import MyApplicationsPage from './MyApplicationsPage';

test('a card per application with programme, dd.MM.yyyy date, status and the two buttons', async () => {
  mockFetch(async () => ({
    body: {
      success: true,
      total: 2,
      list: [
        { id: 5, createdAt: '2025-03-09T10:00:00', submittedAt: '2025-03-10T10:00:00', status: 0, study_program: { name_ru: 'Бакалавриат', name_en: "Bachelor's degree" } },
        { id: 6, createdAt: '2025-04-01T10:00:00', submittedAt: null, status: null, study_program: { name_ru: 'MBA', name_en: 'MBA' } },
      ],
    },
  }));
  renderWithProviders(<MyApplicationsPage />);
  expect(await screen.findByTestId('application-card-5')).toHaveTextContent('Бакалавриат');
  expect(screen.getByTestId('application-date-5')).toHaveTextContent('09.03.2025');
  expect(screen.getByTestId('application-status-5')).toHaveTextContent('Рассматривается');
  expect(screen.getByTestId('application-status-6')).toHaveTextContent('Черновик');
  expect(screen.getByTestId('open-application-5')).toHaveAttribute('href', '/apply/5');
  expect(screen.getByTestId('open-application-5')).toHaveTextContent('Открыть анкету');
  expect(screen.getByTestId('add-application-5')).toHaveAttribute('href', '/apply');
  expect(screen.getByTestId('add-application-5')).toHaveTextContent('Добавить заявку');
});

