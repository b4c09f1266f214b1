import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '../../testUtils';
import PanelLetters from './PanelLetters';

const LIST = [
  { id: 4, application_id: 9, kind: 'acceptance', version: 2, status: 'valid', code: 'NEWCODE', is_latest: true, issued_at: '2026-11-27T04:00:00Z' },
  { id: 3, application_id: 9, kind: 'acceptance', version: 1, status: 'superseded', code: 'OLDCODE', is_latest: false, issued_at: '2026-11-20T04:00:00Z' },
];

test('staff see every version and re-issue or revoke only the latest, after confirming', async () => {
  const posts = [];
  mockFetch(async (url, request) => {
    if (request.method === 'POST') {
      posts.push([url, await request.text()]);
      return { body: { success: true, letter: LIST[0] } };
    }
    return { body: { success: true, list: LIST } };
  });
  renderWithProviders(<PanelLetters applicationId={9} />);
  expect(await screen.findByTestId('panel-letter-4')).toHaveTextContent('версия 2');
  expect(screen.getByTestId('panel-letter-3')).toHaveTextContent('Заменено новой версией');
  expect(screen.queryByTestId('reissue-letter-3')).toBeNull();
  expect(screen.queryByTestId('revoke-letter-3')).toBeNull();

  fireEvent.click(screen.getByTestId('reissue-letter-4'));
  fireEvent.click(await screen.findByTestId('reissue-confirm'));
  await waitFor(() => expect(posts).toHaveLength(1));
  expect(posts[0][0]).toContain('/api/v1/admin/letters/4/reissue');

  fireEvent.click(screen.getByTestId('revoke-letter-4'));
  expect(screen.getByTestId('reason-confirm')).toBeDisabled();
  fireEvent.change(screen.getByTestId('reason-input'), { target: { value: 'Visa refused' } });
  fireEvent.click(screen.getByTestId('reason-confirm'));
  await waitFor(() => expect(posts).toHaveLength(2));
  expect(posts[1][0]).toContain('/api/v1/admin/letters/4/revoke');
  expect(JSON.parse(posts[1][1])).toEqual({ reason: 'Visa refused' });
});
