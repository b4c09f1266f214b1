import { act, waitFor } from '@testing-library/react';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import useStoredLanguage from './useStoredLanguage';

function Probe({ signedIn }) {
  useStoredLanguage(signedIn);
  return null;
}

beforeEach(async () => {
  await act(() => i18n.changeLanguage('ru'));
  setUser({ id: 5, email: 'ainur@example.com', token: 'tk', is_verified: true, roles: [] });
});

test('issue 26: a signed-in language switch is saved on the account (the language of its mail)', async () => {
  const bodies = [];
  mockFetch(async (url, request) => {
    if (url.endsWith('/users/language')) bodies.push(await request.json());
    return { body: { success: true, item: {} } };
  });
  renderWithProviders(<Probe signedIn />);
  await act(() => i18n.changeLanguage('kk'));
  await waitFor(() => expect(bodies).toEqual([{ language: 'kk' }]));
});

test('nobody signed in: nothing is sent', async () => {
  const fetchMock = mockFetch(() => ({ body: {} }));
  renderWithProviders(<Probe signedIn={false} />);
  await act(() => i18n.changeLanguage('en'));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(fetchMock).not.toHaveBeenCalled();
});
