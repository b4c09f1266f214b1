/* The listener card has its own meaning (decision 0068): an information page, never a silent paid application. */
import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '../../testUtils';
import ListenPage from './ListenPage';
import LocalSelectPathPage from './LocalSelectPathPage';

test('the listen card opens the listener page, not the stepper', () => {
  mockFetch(async () => ({ body: {} }));
  renderWithProviders(<LocalSelectPathPage />, { route: '/local-select-path' });
  const card = screen.getByTestId('card-local-listen');
  const link = card.closest('a') || card.querySelector('a');
  expect(link).toHaveAttribute('href', '/local-select-path/listen');
});

test('the listener page explains it and gives the admissions contacts, with the real application next to it', async () => {
  mockFetch(async (url) => (url.endsWith('/public-config') ? { body: { contact_phone: '+7 727 000 00 00', contact_email: 'info@u.kz' } } : { status: 404, body: {} }));
  renderWithProviders(<ListenPage />, { route: '/local-select-path/listen' });
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Вольный слушатель');
  expect(screen.getByTestId('listen-page')).toHaveTextContent('Заявка в этом портале для этого не подаётся');
  expect(await screen.findByText(/\+7 727 000 00 00, info@u\.kz/)).toBeInTheDocument();
  expect(screen.getByTestId('listen-apply')).toHaveAttribute('href', '/apply');
});
