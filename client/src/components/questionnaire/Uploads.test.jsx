/* Issue 10, "Uploads": limits next to each control, name + size of a chosen file, "Replace" on every file field,
 * a progress bar per file while the step is saved, and a retry after a failure that keeps the step's answers. */
import { useState } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { mockFetch, renderWithProviders } from '../../testUtils';
import FileField from './fields/FileField';
import Questionnaire from './Questionnaire';
import StepForm from './StepForm';
import { fileProgress } from './uploadProgress';

const MB = 1024 * 1024;
const pdf = (name, size) => {
  const file = new File(['%PDF-1.4'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
const CONFIG = { upload_max_document_bytes: 10 * MB, upload_max_image_bytes: 5 * MB };

beforeEach(async () => {
  await act(() => i18n.changeLanguage('ru'));
});

test('limits beside the control; a chosen file shows its name and size; every file field then reads "Replace"', async () => {
  mockFetch(async (url) => (url.endsWith('/public-config') ? { body: CONFIG } : { status: 404, body: {} }));
  const store = new Map();
  const field = { key: 'medical_certificates', type: 'file', multiple: true, max_files: 5 };
  let value = null;
  function Holder() {
    const [current, setCurrent] = useState(null);
    return (
      <FileField
        field={field}
        path="medical_certificates"
        value={current}
        onChange={(_path, next) => {
          value = next;
          setCurrent(next);
        }}
        label="Медицинские справки"
        fileStore={store}
      />
    );
  }
  renderWithProviders(<Holder />);
  expect(await screen.findByText('PDF, до 10 МБ')).toBeInTheDocument();
  expect(screen.getByTestId('field-medical_certificates-choose')).toHaveTextContent('Выбрать файл');

  const user = userEvent.setup({ applyAccept: false });
  await user.upload(screen.getByTestId('field-medical_certificates'), [pdf('a.pdf', 1.5 * MB), pdf('b.pdf', 300 * 1024)]);
  const rows = screen.getAllByTestId('field-medical_certificates-file');
  expect(rows[0]).toHaveTextContent('a.pdf');
  expect(rows[0]).toHaveTextContent('1,5 МБ');
  expect(rows[1]).toHaveTextContent('300 КБ');
  // The multiple field behaves like the others: Replace (plus Add for one more).
  expect(screen.getByTestId('field-medical_certificates-choose')).toHaveTextContent('Заменить файл');
  expect(screen.getByTestId('field-medical_certificates-add')).toBeInTheDocument();

  await user.upload(screen.getByTestId('field-medical_certificates'), pdf('c.pdf', MB));
  expect(value.map((r) => r.name)).toEqual(['c.pdf']); // Replace replaced the list
});

test('per-file progress follows the order the files are sent in', () => {
  const entries = [{ id: 'a', size: 100 }, { id: 'b', size: 300 }];
  expect(fileProgress(entries, 0, 1000)).toEqual({ a: 0, b: 0 });
  expect(fileProgress(entries, 250, 1000)).toEqual({ a: 100, b: 0 });
  expect(fileProgress(entries, 625, 1000)).toEqual({ a: 100, b: 50 });
  expect(fileProgress(entries, 1000, 1000)).toEqual({ a: 100, b: 100 });
});

// ------------------------------------------------------------------ the step save through XMLHttpRequest

const STEP = {
  key: 'fillStepDocumentsFiles',
  title: 'form.fillStepDocumentsFiles.title',
  fields: [
    { key: 'note', type: 'text', label: 'form.fillStepParents.workplace' },
    { key: 'passport', type: 'file', label: 'form.fillStepDocumentsFiles.passport' },
  ],
};
const OTHER = { key: 'fillStepParents', title: 'form.fillStepParents.title', fields: [] };

class FakeXHR {
  static sent = [];

  static answer = 'fail';

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
    setTimeout(() => this.upload.onprogress({ lengthComputable: true, loaded: 40, total: 100 }), 10);
    this.finish = () => {
      if (FakeXHR.answer === 'fail') {
        this.status = 500;
        this.responseText = JSON.stringify({ success: false, message_key: 'errors.generic', message: 'Ошибка', errors: {} });
      } else {
        const data = JSON.parse(body.get('form___fillStepDocumentsFiles___data_stringified'));
        this.status = 200;
        this.responseText = JSON.stringify({
          success: true,
          fill_items: [{ id: 3, type: 'fillStepDocumentsFiles', data: { ...data, passport: { id: 'f1', name: 'pass.pdf', size: 2 * MB, url: '/f1' } } }],
        });
      }
      this.onload();
    };
  }
}

test('saving a step with files shows each file\'s progress; a failure offers a retry that keeps the step\'s answers', async () => {
  global.XMLHttpRequest = FakeXHR;
  mockFetch(async (url) => {
    if (url.includes('/users/application/1')) return { body: { success: true, item: { id: 1, study_program_id: 7, submittedAt: null } } };
    if (url.includes('/users/get-study-program-info/7')) return { body: { success: true, studyProgramInfo: {} } };
    if (url.includes('/users/steps')) return { body: { success: true, steps: [STEP, OTHER] } };
    if (url.includes('/users/fill-items/1')) return { body: { success: true, fill_items: [] } };
    if (url.endsWith('/public-config')) return { body: CONFIG };
    return { status: 404, body: {} };
  });
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(<Questionnaire applicationId={1} />);
  await waitFor(() => expect(screen.getByTestId('questionnaire-next')).toBeEnabled());
  await user.type(screen.getByTestId('field-note'), 'ТОО Пример');
  await user.upload(screen.getByTestId('field-passport'), pdf('pass.pdf', 2 * MB));
  expect(screen.getByTestId('field-passport-file')).toHaveTextContent('2 МБ');

  await user.click(screen.getByTestId('questionnaire-next'));
  const bar = await screen.findByTestId('field-passport-progress');
  await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
  expect(FakeXHR.sent[0].url).toBe('/api/v1/users/bulk-upsert-user-data');
  expect(FakeXHR.sent[0].body.get('form___fillStepDocumentsFiles___passport').name).toBe('pass.pdf');

  act(() => FakeXHR.sent[0].finish());
  expect(await screen.findByTestId('field-passport-failed')).toHaveTextContent('Файл не загрузился');
  expect(screen.getByTestId('field-note')).toHaveValue('ТОО Пример'); // nothing of the step is lost
  expect(screen.getByTestId('field-passport-file')).toHaveTextContent('pass.pdf');

  FakeXHR.answer = 'ok';
  await user.click(screen.getByTestId('field-passport-retry'));
  await waitFor(() => expect(FakeXHR.sent).toHaveLength(2));
  expect(FakeXHR.sent[1].body.get('form___fillStepDocumentsFiles___passport').name).toBe('pass.pdf');
  expect(JSON.parse(FakeXHR.sent[1].body.get('form___fillStepDocumentsFiles___data_stringified'))).toEqual({ note: 'ТОО Пример' });
  act(() => FakeXHR.sent[1].finish());
  await waitFor(() => expect(screen.queryByTestId('field-passport-failed')).toBeNull());
  expect(screen.queryByTestId('field-passport-progress')).toBeNull();
  expect(screen.getByRole('link', { name: 'pass.pdf' })).toHaveAttribute('href', '/f1');
});

test('the documents step uses two columns from the md breakpoint and one on a phone', () => {
  mockFetch(async () => ({ body: CONFIG }));
  const step = {
    key: 'fillStepDocumentsFiles',
    fields: [
      { key: 'passport', type: 'file', label: 'form.fillStepDocumentsFiles.passport' },
      { key: 'motivation_letter', type: 'file', label: 'form.fillStepDocumentsFiles.motivation_letter' },
    ],
  };
  renderWithProviders(<StepForm step={step} data={{}} ctx={{}} onChange={() => {}} onGroupChange={() => {}} fileStore={new Map()} />);
  const cell = screen.getByTestId('field-passport').closest('.MuiGrid2-root');
  expect(cell.className).toMatch(/MuiGrid2-grid-md-6/);
  expect(cell.className).toMatch(/MuiGrid2-grid-xs-12/);
});
