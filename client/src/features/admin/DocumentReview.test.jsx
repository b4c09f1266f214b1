import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import DocumentReview from './DocumentReview';

jest.setTimeout(60000);

const admin = { id: 1, email: 'a@u.kz', token: 'tk', is_verified: true, roles: [{ name: 'Админ' }] };
const file = (id, name) => ({ id, name, content_type: 'application/pdf', url: `/api/v1/files/${id}?expires=1&signature=s` });

const item = (overrides = {}) => ({
  id: 7,
  status: 0,
  submittedAt: '2026-11-20T10:00:00Z',
  documents_review: [
    {
      form_key: 'fillStepDocumentsFiles',
      field: 'passport',
      label: 'Паспорт',
      section: 'Документы',
      files: [file('d2', 'passport-new.pdf')],
      state: 'replaced',
      reviews: [
        { id: 1, decision: 'returned', reason: 'Скан обрезан', reviewer: { id: 1, email: 'a@u.kz' }, createdAt: '2026-11-21T10:00:00Z' },
      ],
      versions: [
        { id: 'd1', name: 'passport.pdf', createdAt: '2026-11-20T10:00:00Z', by_staff: false, current: false, url: '/api/v1/files/d1?s' },
        { id: 'd2', name: 'passport-new.pdf', createdAt: '2026-11-22T10:00:00Z', by_staff: false, current: true, url: '/api/v1/files/d2?s' },
      ],
    },
    {
      form_key: 'documentsSelfUpload',
      field: 'social_categories.12.document',
      label: 'Справка (Инвалидность)',
      section: 'Документы',
      files: [file('d3', 'spravka.pdf')],
      state: 'pending',
      reviews: [],
      versions: [{ id: 'd3', name: 'spravka.pdf', createdAt: '2026-11-20T10:00:00Z', by_staff: true, current: true, url: '/x' }],
    },
  ],
  ...overrides,
});

describe('<DocumentReview> (issue 12, decision 0074)', () => {
  beforeEach(() => {
    i18n.changeLanguage('ru');
    setUser(admin);
  });

  test('shows each state, the reason, versions; accepts and sends back with a reason', async () => {
    const sent = [];
    mockFetch(async (url, request) => {
      sent.push([url, await request.json()]);
      return { body: { success: true, message: 'Успешно', state: 'accepted' } };
    });
    renderWithProviders(<DocumentReview item={item()} />);
    const passport = screen.getByTestId('document-fillStepDocumentsFiles-passport');
    expect(within(passport).getByTestId('document-state-fillStepDocumentsFiles-passport')).toHaveTextContent('Заменён — ждёт проверки');
    expect(passport).toHaveTextContent('Что исправить: Скан обрезан');
    expect(screen.getByTestId('documents-returned-count')).toHaveTextContent('1');
    const spravka = screen.getByTestId('document-documentsSelfUpload-social_categories-12-document');
    expect(spravka).toHaveTextContent('Ждёт проверки');

    await userEvent.click(within(passport).getByRole('button', { name: 'Версии и проверки (2)' }));
    const versions = within(passport).getByTestId('versions-fillStepDocumentsFiles-passport');
    expect(within(versions).getByRole('link', { name: 'Версия 1: passport.pdf' })).toHaveAttribute('href', '/api/v1/files/d1?s&download=1');
    expect(versions).toHaveTextContent('текущая');
    expect(versions).toHaveTextContent('Скан обрезан');

    await userEvent.click(within(passport).getByTestId('document-accept-fillStepDocumentsFiles-passport'));
    await waitFor(() =>
      expect(sent[0]).toEqual([
        expect.stringContaining('/admin/application/7/document-review'),
        { form_key: 'fillStepDocumentsFiles', field: 'passport', decision: 'accepted' },
      ]),
    );

    await userEvent.click(within(spravka).getByTestId('document-send-back-documentsSelfUpload-social_categories-12-document'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Справка (Инвалидность)');
    const confirm = within(dialog).getByTestId('reason-confirm');
    expect(confirm).toBeDisabled(); // a send-back always says what to correct
    await userEvent.type(within(dialog).getByTestId('reason-input'), '  Нет печати ');
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(sent[1][1]).toEqual({
        form_key: 'documentsSelfUpload',
        field: 'social_categories.12.document',
        decision: 'returned',
        reason: 'Нет печати',
      }),
    );
  });

  test('a server refusal is shown in the interface language', async () => {
    mockFetch(async () => ({ status: 409, body: { success: false, message_key: 'documents.not_submitted', message: 'Not submitted yet', errors: {} } }));
    await i18n.changeLanguage('en');
    renderWithProviders(<DocumentReview item={item()} />);
    await userEvent.click(screen.getByTestId('document-accept-fillStepDocumentsFiles-passport'));
    expect(await screen.findByText('Not submitted yet')).toBeInTheDocument();
  });

  test('no review buttons before submission or on an archived application', () => {
    mockFetch(async () => ({ body: {} }));
    const { unmount } = renderWithProviders(<DocumentReview item={item({ submittedAt: null })} />);
    expect(screen.queryByTestId('document-accept-fillStepDocumentsFiles-passport')).toBeNull();
    unmount();
    renderWithProviders(<DocumentReview item={item({ status: -1 })} />);
    expect(screen.queryByTestId('document-send-back-fillStepDocumentsFiles-passport')).toBeNull();
    expect(screen.getByTestId('document-state-fillStepDocumentsFiles-passport')).toBeInTheDocument();
  });

  test('kk and en have every text', async () => {
    mockFetch(async () => ({ body: {} }));
    for (const lng of ['kk', 'en']) {
      await i18n.changeLanguage(lng);
      const { unmount } = renderWithProviders(<DocumentReview item={item()} />);
      const text = screen.getByTestId('panel-documents').textContent;
      expect(text).not.toMatch(/admin\.documents/);
      expect(text).not.toMatch(/[А-Яа-я]{4,} — ждёт/);
      unmount();
    }
  });
});
