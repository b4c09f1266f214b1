/* /documents-upload/{id} (req §3 DocumentsSelfUpload, §5): one row per listed document, PDF only, a progress bar
 * per file while the XHR upload runs, and "Submit the documents" (type files) once every required one is there. */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { mockFetch, renderWithProviders } from '../../testUtils';
import DocumentsUploadPage from './DocumentsUploadPage';
import { isPdf } from './xhrUpload';

const FIELDS = [
  { field: 'education_document', label: 'form.documentsSelfUpload.education_document', optional: false },
  { field: 'unt_document', label: 'form.documentsSelfUpload.unt_document', optional: true },
];

/** A controllable XMLHttpRequest: the test drives upload progress and the answer. */
class FakeXhr {
  static last = null;

  constructor() {
    this.upload = {};
    this.headers = {};
    FakeXhr.last = this;
  }

  open(method, url) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name, value) {
    this.headers[name] = value;
  }

  send(body) {
    this.body = body;
  }

  progress(loaded, total) {
    this.upload.onprogress({ lengthComputable: true, loaded, total });
  }

  respond(status, data) {
    this.status = status;
    this.responseText = JSON.stringify(data);
    this.onload();
  }
}

function serve({ step = 4, stored = {} } = {}) {
  const calls = { proceed: [] };
  mockFetch(async (url, request) => {
    if (url.includes('/users/application-proceed')) {
      calls.proceed.push(await request.json());
      return { body: { success: true } };
    }
    if (url.includes('/users/application/')) return { body: { success: true, item: { id: 7, current_step: step } } };
    if (url.includes('/users/steps')) {
      return { body: { success: true, variant: 'home', steps: [{ key: 'documentsSelfUpload', all_document_fields: FIELDS }] } };
    }
    if (url.includes('/users/fill-items/')) {
      return { body: { success: true, fill_items: [{ type: 'documentsSelfUpload', data: stored }] } };
    }
    return { status: 404, body: {} };
  });
  return calls;
}

const render = () =>
  renderWithProviders(<DocumentsUploadPage />, {
    route: '/documents-upload/7',
    path: '/documents-upload/:applicationId',
    extraRoutes: <Route path="/stepper/:applicationId" element={<div>stepper page</div>} />,
  });

beforeEach(() => {
  global.XMLHttpRequest = FakeXhr;
});

test('PDF only, by type or (without one) by name', () => {
  expect(isPdf({ type: 'application/pdf', name: 'a.pdf' })).toBe(true);
  expect(isPdf({ type: 'image/png', name: 'a.pdf' })).toBe(false);
  expect(isPdf({ type: '', name: 'scan.PDF' })).toBe(true);
  expect(isPdf(null)).toBe(false);
});

test('a non-PDF file is refused before any upload; a PDF shows its progress, then the row is uploaded', async () => {
  serve();
  render();
  const input = await screen.findByTestId('upload-input-education_document');
  expect(screen.getByTestId('upload-submit')).toBeDisabled();
  expect(screen.getByTestId('upload-status-education_document')).toHaveTextContent('Не загружен');

  FakeXhr.last = null;
  fireEvent.change(input, { target: { files: [new File(['x'], 'photo.png', { type: 'image/png' })] } });
  expect(await screen.findByTestId('upload-error-education_document')).toHaveTextContent('Можно загрузить только PDF-файл');
  expect(FakeXhr.last).toBeNull();

  fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'diploma.pdf', { type: 'application/pdf' })] } });
  const xhr = FakeXhr.last;
  expect(xhr.method).toBe('POST');
  expect(xhr.url).toBe('/api/v1/users/bulk-upsert-user-data');
  expect(xhr.body.get('hidden_application_id')).toBe('7');
  expect(xhr.body.get('form___documentsSelfUpload___education_document').name).toBe('diploma.pdf');
  act(() => xhr.progress(40, 100));
  expect(await screen.findByText('Загрузка «Документ об образовании»: 40%')).toBeInTheDocument();
  expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
  act(() =>
    xhr.respond(200, {
      success: true,
      fill_items: [{ type: 'documentsSelfUpload', data: { education_document: { id: 'f1', name: 'diploma.pdf' } } }],
    }),
  );
  expect(await screen.findByText('Загружен: diploma.pdf')).toBeInTheDocument();
  expect(screen.queryByTestId('upload-progress-education_document')).toBeNull();
  expect(screen.getByTestId('upload-submit')).toBeEnabled(); // the other document is optional
});

test('a refused upload shows the server message on its row', async () => {
  serve();
  render();
  const input = await screen.findByTestId('upload-input-education_document');
  fireEvent.change(input, { target: { files: [new File(['x'], 'a.pdf', { type: 'application/pdf' })] } });
  act(() => FakeXhr.last.respond(400, { success: false, message: 'Файл должен быть в формате PDF', message_key: 'files.wrong_type_pdf', errors: {} }));
  expect(await screen.findByTestId('upload-error-education_document')).toHaveTextContent(/PDF/);
});

test('with every required document, Submit proceeds with type files and returns to the stepper', async () => {
  const calls = serve({ stored: { education_document: { id: 'f1', name: 'diploma.pdf' } } });
  render();
  const submit = await screen.findByTestId('upload-submit');
  await waitFor(() => expect(submit).toBeEnabled());
  fireEvent.click(submit);
  await waitFor(() => expect(calls.proceed).toEqual([{ application_id: 7, type: 'files' }]));
  expect(await screen.findByText('stepper page')).toBeInTheDocument();
});

test('after the documents were submitted the page is closed', async () => {
  serve({ step: 5 });
  render();
  expect(await screen.findByTestId('upload-closed')).toBeInTheDocument();
  expect(screen.queryByTestId('upload-list')).toBeNull();
});
