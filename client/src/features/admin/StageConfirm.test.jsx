/* Issue 23: irreversible staff moves ask first — an enrolment says it cannot be undone; confirming the documents'
 * receipt says how many documents nobody has reviewed — in the panel and in a queue row's own "Next". */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import ApplicationPanel from './ApplicationPanel';
import QueuePage from './QueuePage';
import { stageConfirmation, unreviewedCount } from './stageConfirm';

jest.setTimeout(90000);

const KZ = { key: 'kz', base: '/admin/kz', segment: 'KZ' };
const FOREIGN = { key: 'foreign', base: '/admin', segment: 'FOREIGN' };
const kzAdmin = { id: 1, email: 'k@u.kz', token: 'tk', is_verified: true, roles: [{ name: 'Админ (граждане КЗ)' }] };
const user = { id: 90, email: 'dana@example.com', first_name: 'Дана', last_name: 'Ержанова' };
const doc = (field, state) => ({ form_key: 'documentsSelfUpload', section: 'Документы', field, label: field, files: [], state, reviews: [], versions: [] });

const citizenItem = (step, transitions, documents) => ({
  id: 12,
  user,
  segment: 'KZ',
  current_step: step,
  status: 0,
  financing: step === 8 ? 'scholarship' : 'paid',
  submittedAt: '2026-11-20T10:00:00Z',
  sections: [],
  documents: [],
  documents_review: documents,
  history: [],
  application_messages: [],
  available_transitions: transitions,
});

function serveApplication(item, sent) {
  return mockFetch(async (url, request) => {
    if (url.includes('/admin/application/12')) return { body: { success: true, item } };
    if (url.includes('/admin/update-application-custom')) {
      sent.push(await request.json());
      return { body: { success: true, message: 'Успешно', message_key: 'common.success' } };
    }
    return { body: { success: true, list: [], total: 0 } };
  });
}

describe('stage confirmations', () => {
  beforeEach(() => {
    i18n.changeLanguage('ru');
    setUser(kzAdmin);
  });

  test('the texts: enrolment, receipt with and without unreviewed documents, other moves', () => {
    const t = i18n.t.bind(i18n);
    expect(unreviewedCount({ documents_review: [doc('a', 'pending'), doc('b', 'accepted'), doc('c', 'replaced'), doc('d', 'returned')] })).toBe(2);
    expect(unreviewedCount(null)).toBe(0);
    const enrol = stageConfirmation(t, { transition: 'enrol', id: 4, name: 'Ким Ли' });
    expect(enrol.title).toBe('Зачислить абитуриента?');
    expect(enrol.text).toContain('отменить зачисление нельзя');
    const receipt = stageConfirmation(t, { transition: 'confirm_documents', id: 4, name: 'Ким Ли', title: 'T', unreviewed: 3 });
    expect(receipt.warning).toBe('Документов, которые ещё никто не проверил: 3. Подтвердите получение, только если проверили оригиналы.');
    expect(stageConfirmation(t, { transition: 'confirm_documents', id: 4, name: 'Ким Ли', title: 'T', unreviewed: 0 }).warning).toBeNull();
    expect(stageConfirmation(t, { transition: 'accept', id: 4, name: 'Ким Ли', title: 'T', moveText: 'M' })).toEqual({ title: 'T', text: 'M', warning: null });
  });

  test.each([
    ['kk', 'Әлі ешкім тексермеген құжаттар саны: 2.'],
    ['en', 'Documents nobody has reviewed yet: 2.'],
  ])('the unreviewed warning in %s', (lng, text) => {
    const t = i18n.getFixedT(lng);
    expect(stageConfirmation(t, { transition: 'confirm_documents', id: 1, name: 'N', title: 'T', unreviewed: 2 }).warning).toContain(text);
  });

  test('the panel: confirming the receipt while documents are unreviewed says how many, and only then moves', async () => {
    const sent = [];
    serveApplication(citizenItem(5, ['confirm_documents', 'set_exemption'], [doc('a', 'pending'), doc('b', 'replaced'), doc('c', 'accepted')]), sent);
    renderWithProviders(<ApplicationPanel applicationId={12} shell={KZ} onClose={() => {}} />, { route: '/admin/kz/paid' });
    await userEvent.click(await screen.findByTestId('action-confirm-documents'));
    const ask = await screen.findByTestId('stage-confirm');
    expect(within(ask).getByTestId('stage-confirm-warning')).toHaveTextContent('Документов, которые ещё никто не проверил: 2.');
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription(/ещё никто не проверил: 2/);
    expect(within(ask).getByTestId('stage-confirm-cancel')).toHaveFocus();
    await userEvent.click(within(ask).getByTestId('stage-confirm-cancel'));
    expect(sent).toHaveLength(0);
    await userEvent.click(screen.getByTestId('action-confirm-documents'));
    await userEvent.click(within(await screen.findByTestId('stage-confirm')).getByTestId('stage-confirm-confirm'));
    await waitFor(() => expect(sent).toEqual([{ user_id: 90, application_id: 12, updateBody: { confirm_documents: true } }]));
  });

  test('the panel: every document reviewed, the receipt asks without the warning', async () => {
    serveApplication(citizenItem(5, ['confirm_documents'], [doc('a', 'accepted')]), []);
    renderWithProviders(<ApplicationPanel applicationId={12} shell={KZ} onClose={() => {}} />, { route: '/admin/kz/paid' });
    await userEvent.click(await screen.findByTestId('action-confirm-documents'));
    const ask = await screen.findByTestId('stage-confirm');
    expect(ask).toHaveTextContent('получение документов будет подтверждено');
    expect(within(ask).queryByTestId('stage-confirm-warning')).toBeNull();
  });

  test('the panel: enrolling a grant holder says it cannot be undone', async () => {
    const sent = [];
    serveApplication(citizenItem(8, ['enrol_scholarship'], []), sent);
    renderWithProviders(<ApplicationPanel applicationId={12} shell={KZ} onClose={() => {}} />, { route: '/admin/kz/scholarship' });
    await userEvent.click(await screen.findByTestId('action-enrol-scholarship'));
    const ask = await screen.findByTestId('stage-confirm');
    expect(within(ask).getByRole('heading', { name: 'Зачислить абитуриента?' })).toBeInTheDocument();
    expect(ask).toHaveTextContent('Заявка № 12 (Ержанова Дана) будет зачислена');
    await userEvent.click(within(ask).getByTestId('stage-confirm-confirm'));
    await waitFor(() => expect(sent).toEqual([{ user_id: 90, application_id: 12, updateBody: { enrol_scholarship: true } }]));
  });

  test("a queue row's Next: the receipt loads the application to count its unreviewed documents, then moves that row", async () => {
    const bulk = [];
    mockFetch(async (url, request) => {
      if (url.includes('/admin/applications/bulk-transition')) {
        bulk.push(await request.json());
        return { body: { success: true, succeeded: 1, failed: 0, results: [{ id: 12, success: true, transition: 'confirm_documents', status: 0, current_step: 6 }] } };
      }
      if (url.includes('/admin/applications')) {
        const row = { ...citizenItem(5, [], []), citizenship: null, study_program: null, need_dorm: false, unt_score: 101, social_category: [], documents_count: 3, next_stage: 'confirm_documents' };
        const other = { ...row, id: 13, user: { ...user, id: 91, last_name: 'Сейтова' }, next_stage: null };
        return { body: { success: true, list: [row, other], total: 2, counts: {} } };
      }
      if (url.includes('/admin/application/12')) return { body: { success: true, item: citizenItem(5, ['confirm_documents'], [doc('a', 'pending')]) } };
      return { body: { success: true, list: [], total: 0 } };
    });
    renderWithProviders(<QueuePage shell={KZ} />, { route: '/admin/kz/paid', path: '/admin/kz/:queue' });
    const next = await screen.findByTestId('row-next-12');
    expect(next).toHaveAccessibleName('Далее: на следующий этап, заявка № 12 (Ержанова Дана)'); // starts with its visible text (axe)
    expect(screen.queryByTestId('row-next-13')).toBeNull(); // no next stage from where that row is
    // §2's citizens' columns: dormitory and the UNT score
    expect(screen.getByRole('columnheader', { name: 'Общежитие' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Балл ЕНТ' })).toBeInTheDocument();
    await userEvent.click(next);
    const ask = await screen.findByTestId('row-next-confirm');
    expect(await within(ask).findByTestId('row-next-confirm-warning')).toHaveTextContent('ещё никто не проверил: 1.');
    expect(bulk).toHaveLength(0);
    await userEvent.click(within(ask).getByTestId('row-next-confirm-confirm'));
    await waitFor(() => expect(bulk).toEqual([{ ids: [12], transition: 'next' }]));
    expect(await screen.findByTestId('snackbar-success')).toHaveTextContent('Заявка № 12 (Ержанова Дана) переведена на следующий этап');
  });

  test("a foreign row's enrolment asks with the enrolment text; a refusal is said", async () => {
    setUser({ ...kzAdmin, roles: [{ name: 'Админ' }] });
    mockFetch(async (url) => {
      if (url.includes('/admin/applications/bulk-transition')) {
        return { body: { success: false, succeeded: 0, failed: 1, results: [{ id: 30, success: false, http_status: 409, message: 'Недопустимый переход' }] } };
      }
      if (url.includes('/admin/applications')) {
        const row = { id: 30, user, status: 2, current_step: 4, citizenship: null, study_program: null, need_dorm: null, unt_score: null, social_category: [], documents_count: 1, next_stage: 'enrol' };
        return { body: { success: true, list: [row], total: 1, counts: {} } };
      }
      return { body: { success: true, list: [], total: 0 } };
    });
    renderWithProviders(<QueuePage shell={FOREIGN} />, { route: '/admin/awaiting-visa', path: '/admin/:queue' });
    await userEvent.click(await screen.findByTestId('row-next-30'));
    const ask = await screen.findByTestId('row-next-confirm');
    expect(ask).toHaveTextContent('Зачислить абитуриента?');
    expect(ask).toHaveTextContent('отменить зачисление нельзя');
    await userEvent.click(within(ask).getByTestId('row-next-confirm-confirm'));
    expect(await screen.findByTestId('snackbar-error')).toHaveTextContent('Недопустимый переход');
  });

  test('the bulk move says how many of the selected moves are enrolments', async () => {
    setUser({ ...kzAdmin, roles: [{ name: 'Админ' }] });
    const base = { user, status: 2, current_step: 4, citizenship: null, study_program: null, need_dorm: null, unt_score: null, social_category: [], documents_count: 1 };
    mockFetch(async (url) => {
      if (url.includes('/admin/applications')) {
        const list = [{ ...base, id: 30, next_stage: 'enrol' }, { ...base, id: 31, user: { ...user, id: 92 }, next_stage: 'enrol' }];
        return { body: { success: true, list, total: 2, counts: {} } };
      }
      return { body: { success: true, list: [], total: 0 } };
    });
    renderWithProviders(<QueuePage shell={FOREIGN} />, { route: '/admin/awaiting-visa', path: '/admin/:queue' });
    await screen.findByTestId('row-next-30');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Выбрать все строки' }));
    await userEvent.click(screen.getByTestId('bulk-next'));
    const ask = await screen.findByTestId('bulk-confirm');
    expect(within(ask).getByTestId('bulk-confirm-warning')).toHaveTextContent('Из них зачислений: 2. Зачисление нельзя отменить');
  });
});
