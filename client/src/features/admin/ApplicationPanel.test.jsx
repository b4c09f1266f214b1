import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import ApplicationPanel from './ApplicationPanel';

jest.setTimeout(60000);

const SHELL = { key: 'foreign', base: '/admin', segment: 'FOREIGN' };
const admin = { id: 1, email: 'a@u.kz', token: 'tk', is_verified: true, roles: [{ name: 'Админ' }] };

const panel = (status, transitions) => ({
  success: true,
  item: {
    id: 7,
    user: { id: 70, email: 'ainur@example.com', first_name: 'Айнур', last_name: 'Сагинтаева' },
    segment: 'FOREIGN',
    study_program: { id: 2, name_ru: 'Информатика', name_en: 'Computer science', name_kk: 'Информатика' },
    current_step: 4,
    status,
    photo: { id: 'p', url: '/api/v1/files/p?expires=1&signature=s', name: 'me.png' },
    sections: [
      {
        key: 'fillStepMainInfo',
        title: 'Основная информация',
        fields: [
          { key: 'last_name', path: 'last_name', type: 'text', label: 'Фамилия', text: 'Сагинтаева' },
          { key: 'phone', path: 'phone', type: 'phone', label: 'Телефон', text: null },
        ],
      },
    ],
    documents: [
      {
        id: 'd1',
        form_key: 'fillStepDocumentsFiles',
        section: 'Документы',
        field: 'passport',
        label: 'Паспорт',
        name: 'passport.pdf',
        content_type: 'application/pdf',
        url: '/api/v1/files/d1?expires=1&signature=s',
      },
    ],
    documents_review: [
      {
        form_key: 'fillStepDocumentsFiles',
        section: 'Документы',
        field: 'passport',
        label: 'Паспорт',
        files: [{ id: 'd1', name: 'passport.pdf', content_type: 'application/pdf', url: '/api/v1/files/d1?expires=1&signature=s' }],
        state: 'pending',
        reviews: [],
        versions: [],
      },
    ],
    submittedAt: '2026-11-20T10:00:00Z',
    history: [
      {
        id: 1,
        transition: 'submit_form',
        actor: { id: 70, email: 'ainur@example.com' },
        actor_role: 'applicant',
        createdAt: '2026-11-20T10:00:00Z',
      },
    ],
    application_messages: [],
    available_transitions: transitions,
  },
});

describe('<ApplicationPanel> (issue 12)', () => {
  beforeEach(() => {
    i18n.changeLanguage('ru');
    setUser(admin);
  });

  test('shows the rendered application, previews a PDF, sends a message and moves to the next stage', async () => {
    const sent = [];
    let status = 0;
    mockFetch(async (url, request) => {
      if (url.includes('/admin/application/7')) return { body: panel(status, status === 0 ? ['accept', 'archive'] : ['await_visa', 'archive']) };
      if (url.includes('send-application-message')) {
        sent.push(['message', await request.json()]);
        return { body: { success: true, message: 'Успешно', message_key: 'common.success', item: { id: 1 } } };
      }
      if (url.includes('/admin/update-application')) {
        sent.push(['update', await request.json()]);
        status = 1;
        return { body: { success: true, message: 'Успешно', message_key: 'common.success' } };
      }
      return { body: { success: true, list: [], total: 0 } };
    });
    renderWithProviders(<ApplicationPanel applicationId={7} shell={SHELL} onClose={() => {}} />, { route: '/admin/applied' });
    const drawer = await screen.findByTestId('application-panel');
    expect(await within(drawer).findByRole('heading', { name: 'Сагинтаева Айнур' })).toBeInTheDocument();
    expect(within(drawer).getByText('Фамилия')).toBeInTheDocument();
    expect(within(drawer).getByText('не заполнено')).toBeInTheDocument(); // empty visible fields are shown
    expect(within(drawer).getByTestId('panel-photo')).toHaveAttribute('src', '/api/v1/files/p?expires=1&signature=s');
    expect(within(drawer).getByTestId('panel-history')).toHaveTextContent('Анкета отправлена');
    expect(within(drawer).getByTestId('panel-status')).toHaveTextContent('Подана');

    const preview = within(drawer).getByRole('button', { name: 'Просмотр' });
    expect(preview).toHaveAttribute('aria-haspopup', 'dialog');
    expect(preview).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(preview);
    // Issue 23: the preview opens in a dialog (in view whatever the panel's scroll), titled by the document.
    const previewDialog = await screen.findByRole('dialog', { name: 'Просмотр: Паспорт' });
    expect(within(previewDialog).getByTestId('pdf-preview')).toHaveAttribute('src', '/api/v1/files/d1?expires=1&signature=s');
    expect(within(previewDialog).getByRole('link', { name: 'Скачать' })).toHaveAttribute(
      'href',
      '/api/v1/files/d1?expires=1&signature=s&download=1',
    );
    expect(preview).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(previewDialog).getByTestId('pdf-preview-close'));
    await waitFor(() => expect(screen.queryByTestId('pdf-preview-dialog')).toBeNull());
    await waitFor(() => expect(preview).toHaveFocus()); // back on its button
    expect(within(drawer).getByRole('link', { name: 'Скачать' })).toHaveAttribute(
      'href',
      '/api/v1/files/d1?expires=1&signature=s&download=1',
    );

    const send = within(drawer).getByTestId('message-send');
    expect(send).toBeDisabled(); // a message is never empty (§5)
    await userEvent.type(within(drawer).getByTestId('message-input'), '  Загрузите паспорт ');
    await userEvent.click(send);
    await waitFor(() => expect(sent[0]).toEqual(['message', { user_id: 70, application_id: 7, content: 'Загрузите паспорт' }]));
    // The Send button is disabled once the box is empty: the messages' heading takes the focus, the toast says what
    // was done (decision 0077).
    await waitFor(() => expect(within(drawer).getByRole('heading', { name: 'Сообщения' })).toHaveFocus());
    expect(await screen.findByTestId('snackbar-success')).toHaveTextContent('Сообщение по заявке № 7 (Сагинтаева Айнур) отправлено');

    // A stage move asks first, says where the application goes, and leaves the focus on the panel's heading.
    await userEvent.click(within(drawer).getByTestId('action-next'));
    const ask = await screen.findByTestId('stage-confirm');
    expect(ask).toHaveTextContent('из статуса «Подана» в статус «Принята»');
    expect(sent).toHaveLength(1);
    await userEvent.click(within(ask).getByTestId('stage-confirm-confirm'));
    await waitFor(() => expect(sent[1]).toEqual(['update', { user_id: 70, application_id: 7, status: 1 }]));
    await waitFor(() => expect(within(drawer).getByTestId('panel-status')).toHaveTextContent('Принята'));
    await waitFor(() => expect(within(drawer).getByRole('heading', { name: 'Сагинтаева Айнур' })).toHaveFocus());
    expect(screen.getByTestId('snackbar-success')).toHaveTextContent('Заявка № 7 (Сагинтаева Айнур) переведена в статус «Принята»');
  });

  test('cancelling asks for a reason first', async () => {
    const sent = [];
    mockFetch(async (url, request) => {
      if (url.includes('/admin/application/7')) return { body: panel(0, ['accept', 'archive']) };
      if (url.includes('/admin/update-application')) {
        sent.push(await request.json());
        return { body: { success: true, message: 'Успешно' } };
      }
      return { body: {} };
    });
    renderWithProviders(<ApplicationPanel applicationId={7} shell={SHELL} onClose={() => {}} />, { route: '/admin/applied' });
    await userEvent.click(await screen.findByTestId('action-cancel'));
    const confirm = screen.getByTestId('reason-confirm');
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByTestId('reason-input'), 'Дубликат');
    await userEvent.click(confirm);
    await waitFor(() => expect(sent).toEqual([{ user_id: 70, application_id: 7, status: -1, reason: 'Дубликат' }]));
  });
});
