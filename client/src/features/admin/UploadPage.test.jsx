import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import { UploadCodePage, normalizeCode } from './UploadPage';

const kzAdmin = { id: 1, email: 'kz@u.kz', token: 'tk', is_verified: true, roles: [{ name: 'Админ (граждане КЗ)' }] };

describe('/upload (req §2, §5)', () => {
  beforeEach(() => {
    i18n.changeLanguage('ru');
    setUser(kzAdmin);
  });

  test('codes keep only digits, at most seven', () => {
    expect(normalizeCode(' 12-34 567 89')).toBe('1234567');
  });

  test('Find is enabled only at exactly seven digits and a found code opens /upload/{user}', async () => {
    const fetchMock = mockFetch((url) =>
      url.includes('find-by-upload-code') ? { body: { success: true, user_id: 42, upload_code: '1234567' } } : { body: {} },
    );
    renderWithProviders(<UploadCodePage />, {
      route: '/upload',
      path: '/upload',
      extraRoutes: [<Route key="u" path="/upload/:userId" element={<h1>intake</h1>} />],
    });
    const input = screen.getByTestId('upload-code');
    const find = screen.getByTestId('upload-find');
    await userEvent.type(input, '123456');
    expect(find).toBeDisabled();
    await userEvent.type(input, '78');
    expect(input).toHaveValue('1234567');
    expect(find).toBeEnabled();
    await userEvent.click(find);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/upload/42'));
    const call = fetchMock.mock.calls.find(([request]) => request.url.includes('find-by-upload-code'));
    expect(await call[0].json()).toEqual({ code: '1234567' });
  });

  test('a wrong code says so', async () => {
    mockFetch(() => ({
      status: 404,
      body: { success: false, message: 'x', message_key: 'admin.upload_code_not_found', errors: {} },
    }));
    renderWithProviders(<UploadCodePage />, { route: '/upload', path: '/upload' });
    await userEvent.type(screen.getByTestId('upload-code'), '7654321');
    await userEvent.click(screen.getByTestId('upload-find'));
    expect(await screen.findByText('По этому коду абитуриент не найден')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/upload');
  });
});
