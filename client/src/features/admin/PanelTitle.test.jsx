/* Issue 23: the panel is titled with the applicant's name (the server sends the questionnaire's), the e-mail only
 * while no name exists yet. */
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testUtils';
import { PanelTitle } from './PanelHeader';

test('the panel title is the full name from the questionnaire', () => {
  const item = { id: 4, user: { email: 'a.saginova@example.com', last_name: 'Сагинова', first_name: 'Айгерим', middle_name: 'Болатовна' } };
  renderWithProviders(<PanelTitle item={item} onClose={() => {}} />);
  expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Сагинова Айгерим Болатовна');
  expect(screen.getByRole('heading', { level: 2 })).not.toHaveTextContent('@');
});

test('an applicant with no name yet is titled with the e-mail', () => {
  const item = { id: 5, user: { email: 'new@example.com', last_name: null, first_name: null, middle_name: null } };
  renderWithProviders(<PanelTitle item={item} onClose={() => {}} />);
  expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('new@example.com');
});
