import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import i18n from '../../i18n';
import { makeStore, mockFetch, renderWithProviders } from '../../testUtils';
import { userSet } from '../../session/sessionSlice';
import StaffFilePage from './StaffFilePage';

const ID = 'a'.repeat(32);

function staffStore() {
  const store = makeStore();
  store.dispatch(userSet({ id: 1, email: 'staff@example.com', token: 'staff-token', is_verified: true }));
  return store;
}

function page(route) {
  return renderWithProviders(
    <Routes><Route path="/admin/files/:fileId" element={<StaffFilePage />} /></Routes>,
    { route, store: staffStore() },
  );
}

beforeAll(() => {
  global.URL.createObjectURL = jest.fn(() => 'blob:document');
  global.URL.revokeObjectURL = jest.fn();
});
afterEach(() => i18n.changeLanguage('ru'));

test('an export link downloads the document with the staff session and offers to open or save it', async () => {
  const seen = [];
  mockFetch(async (url, request) => {
    seen.push([url, request.headers.get('Authorization')]);
    return { body: {} };
  });
  page(`/admin/files/${ID}`);
  expect(await screen.findByTestId('staff-file-open')).toHaveAttribute('href', 'blob:document');
  expect(screen.getByTestId('staff-file-download')).toHaveTextContent('Скачать');
  expect(seen[0][0]).toMatch(new RegExp(`/api/v1/files/${ID}$`));
  expect(seen[0][1]).toBe('Bearer staff-token');
});

test('a file of another population (404) or a broken link says so, in English too', async () => {
  await i18n.changeLanguage('en');
  mockFetch(async () => ({ status: 404, body: { success: false } }));
  page(`/admin/files/${ID}`);
  expect(await screen.findByTestId('staff-file-error')).toHaveTextContent('not available to your account');
});

test('a malformed id is not requested', async () => {
  const fetch = mockFetch(async () => ({ body: {} }));
  page('/admin/files/..%2Fetc');
  expect(await screen.findByTestId('staff-file-error')).toHaveTextContent('Ссылка на документ повреждена');
  expect(fetch).not.toHaveBeenCalled();
});
