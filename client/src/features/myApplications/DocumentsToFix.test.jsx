import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import DocumentsToFix from './DocumentsToFix';

jest.setTimeout(60000);

const applicant = { id: 5, email: 'ainur@example.com', token: 'tk', is_verified: true, roles: [] };

class FakeXHR {
  static sent = [];

  static answer = { status: 200, body: { success: true, message: 'Документ заменён и отправлен на проверку' } };

  constructor() {
    this.upload = {};
    this.headers = {};
  }

  open(method, url) {
    Object.assign(this, { method, url });
  }

  setRequestHeader(name, value) {
    this.headers[name] = value;
  }

  send(body) {
    FakeXHR.sent.push(this);
    this.body = body;
    setTimeout(() => {
      this.upload.onprogress({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = FakeXHR.answer.status;
      this.responseText = JSON.stringify(FakeXHR.answer.body);
      this.onload();
    }, 10);
  }
}

const application = (state = 'returned', multiple = false) => ({
  id: 9,
  documents_to_fix: [
    {
      form_key: 'fillStepDocumentsFiles',
      field: 'passport',
      label: 'Паспорт',
      section: 'Документы',
      files: [{ id: 'd1', name: 'passport.pdf' }],
      state,
      reason: 'Скан обрезан',
      multiple,
      accept: 'pdf',
    },
  ],
});

describe('<DocumentsToFix> (issue 12, decision 0074)', () => {
  beforeEach(() => {
    i18n.changeLanguage('ru');
    setUser(applicant);
    FakeXHR.sent = [];
    global.XMLHttpRequest = FakeXHR;
    mockFetch(async () => ({ body: { success: true, list: [] } }));
  });

  test('nothing when no document was sent back', () => {
    renderWithProviders(<DocumentsToFix application={{ id: 9, documents_to_fix: [] }} />);
    expect(screen.queryByTestId('documents-to-fix-9')).toBeNull();
  });

  test('names the document and the reason; a PDF replaces exactly that document', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<DocumentsToFix application={application()} />);
    const box = screen.getByTestId('documents-to-fix-9');
    expect(box).toHaveTextContent('Нужно исправить документы');
    expect(box).toHaveTextContent('Комментарий приёмной комиссии: Скан обрезан');
    expect(box).toHaveTextContent('Сейчас загружено: passport.pdf');

    const input = screen.getByTestId('fix-input-9-fillStepDocumentsFiles-passport');
    await user.upload(input, new File(['%PDF-1.4'], 'scan.png', { type: 'image/png' }));
    expect(await screen.findByTestId('fix-error-9-fillStepDocumentsFiles-passport')).toHaveTextContent('PDF');
    expect(FakeXHR.sent).toHaveLength(0);

    await user.upload(input, new File(['%PDF-1.4'], 'passport-new.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(FakeXHR.sent).toHaveLength(1));
    const [xhr] = FakeXHR.sent;
    expect(xhr.url).toContain('/users/application/9/replace-document');
    expect(xhr.headers.Authorization).toBe('Bearer tk');
    expect(xhr.body.get('form_key')).toBe('fillStepDocumentsFiles');
    expect(xhr.body.get('field')).toBe('passport');
    expect(xhr.body.getAll('file').map((f) => f.name)).toEqual(['passport-new.pdf']);
    expect(await screen.findByText('Документ заменён и отправлен на проверку')).toBeInTheDocument();
  });

  test('a refusal is shown next to the document, in the interface language', async () => {
    await i18n.changeLanguage('kk');
    FakeXHR.answer = { status: 409, body: { success: false, message_key: 'documents.not_returned', message: 'Бұл құжат түзетуге қайтарылмаған', errors: {} } };
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<DocumentsToFix application={application('replaced', true)} />);
    const box = screen.getByTestId('documents-to-fix-9');
    expect(box).toHaveTextContent('Түзетілген құжаттар тексеруде');
    expect(within(box).getByTestId('fix-state-9-fillStepDocumentsFiles-passport')).toHaveTextContent('Ауыстырылды, тексеруде');
    expect(screen.getByTestId('fix-input-9-fillStepDocumentsFiles-passport')).toHaveAttribute('multiple');
    await user.upload(screen.getByTestId('fix-input-9-fillStepDocumentsFiles-passport'), new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }));
    expect(await screen.findByTestId('fix-error-9-fillStepDocumentsFiles-passport')).toHaveTextContent('Бұл құжат түзетуге қайтарылмаған');
  });
});
