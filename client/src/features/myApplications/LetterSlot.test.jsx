import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '../../testUtils';
import MyApplicationsPage from './MyApplicationsPage';

test("each card lists its own letters: a valid one to download, a revoked one marked as such", async () => {
  mockFetch(async (url) => {
    if (url.includes('/users/letters')) {
      return {
        body: {
          success: true,
          list: [
            { id: 3, application_id: 5, kind: 'enrolment', version: 1, status: 'valid', issued_at: '2026-08-20T10:00:00Z' },
            { id: 2, application_id: 5, kind: 'dorm_assignment', version: 2, status: 'revoked', issued_at: '2026-08-01T10:00:00Z' },
          ],
        },
      };
    }
    if (url.includes('/users/payments')) return { body: { success: true, list: [], total: 0 } };
    return {
      body: {
        success: true,
        total: 2,
        list: [
          { id: 5, createdAt: '2025-03-09T10:00:00', submittedAt: '2025-03-10T10:00:00', status: 3, study_program: { name_ru: 'Бакалавриат' } },
          { id: 6, createdAt: '2025-04-01T10:00:00', submittedAt: null, status: null, study_program: { name_ru: 'MBA' } },
        ],
      },
    };
  });
  renderWithProviders(<MyApplicationsPage />);
  const slot = await screen.findByTestId('letters-5');
  expect(slot).toHaveTextContent('Справка о зачислении · выдано 20.08.2026');
  expect(screen.getByTestId('download-letter-3')).toHaveAccessibleName('Скачать PDF: Справка о зачислении');
  expect(screen.queryByTestId('download-letter-2')).toBeNull();
  expect(slot).toHaveTextContent('Отозвано');
  expect(screen.queryByTestId('letters-6')).toBeNull();
});
