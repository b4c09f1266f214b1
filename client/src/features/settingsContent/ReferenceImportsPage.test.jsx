import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import ReferenceImportsPage from './ReferenceImportsPage';

const admin = { id: 1, email: 'a@u.kz', token: 'tk', is_verified: true, roles: [{ name: 'Админ' }] };
const COUNTS = { rows: 2, created: 1, updated: 1, unchanged: 0, absent: 0 };

function serve(previewAnswer) {
  const calls = [];
  mockFetch(async (url, request) => {
    const u = new URL(url, 'http://localhost');
    calls.push({ method: request.method, path: u.pathname });
    if (u.pathname.endsWith('/preview')) return { body: previewAnswer };
    if (u.pathname.endsWith('/apply')) return { body: { success: true, kind: 'institutions', valid: true, counts: COUNTS, errors: [] } };
    return { body: {} };
  });
  return calls;
}

jest.setTimeout(30000);

describe('Settings → reference imports', () => {
  beforeEach(() => {
    i18n.changeLanguage('ru');
    setUser(admin);
  });

  test('previews a file, then applies the same file', async () => {
    const calls = serve({ success: true, kind: 'institutions', valid: true, counts: COUNTS, errors: [] });
    const { container } = renderWithProviders(<ReferenceImportsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Импорт справочников' })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('imports-kind-institutions'));
    expect(screen.getByTestId('imports-apply')).toBeDisabled();
    await userEvent.upload(screen.getByTestId('imports-file'), new File(['name,region\n'], 'register.csv', { type: 'text/csv' }));
    expect(screen.getByTestId('imports-file-name')).toHaveTextContent('register.csv');
    await userEvent.click(screen.getByTestId('imports-preview'));
    const counts = await screen.findByTestId('imports-preview-counts');
    expect(counts).toHaveTextContent('Будет добавлено / добавлено1');
    expect((await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations).toEqual([]);
    await userEvent.click(screen.getByTestId('imports-apply'));
    expect(await screen.findByTestId('imports-applied')).toHaveTextContent('Файл загружен.');
    expect(calls.map((c) => c.path.replace(/.*reference-imports/, ''))).toEqual(['/institutions/preview', '/institutions/apply']);
  });

  test('shows the row errors and does not offer to apply', async () => {
    serve({
      success: true,
      kind: 'kato',
      valid: false,
      counts: null,
      message: 'Импорт отменён: ошибок в строках — 60. Ничего не загружено',
      errors: [{ row: 3, message: 'Строка 3: код КАТО «12345» должен состоять из 9 цифр' }],
      error_count: 60,
    });
    renderWithProviders(<ReferenceImportsPage />);
    await userEvent.upload(screen.getByTestId('imports-file'), new File(['x'], 'kato.xlsx'));
    await userEvent.click(screen.getByTestId('imports-preview'));
    const errors = await screen.findByTestId('imports-preview-errors');
    expect(within(errors).getByText('Строка 3: код КАТО «12345» должен состоять из 9 цифр')).toBeInTheDocument();
    expect(errors).toHaveTextContent('И ещё ошибок: 59');
    await waitFor(() => expect(screen.getByTestId('imports-apply')).toBeDisabled());
  });
});
