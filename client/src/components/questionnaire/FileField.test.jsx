import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '../../testUtils';
import FileField from './fields/FileField';

const MB = 1024 * 1024;

function fileOfSize(name, type, size) {
  const file = new File(['%PDF-1.4'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function renderField(onChange, fileStore = new Map()) {
  renderWithProviders(
    <FileField
      field={{ key: 'passport', type: 'file' }}
      path="passport"
      value={null}
      onChange={onChange}
      label="Паспорт"
      fileStore={fileStore}
    />,
  );
  return fileStore;
}

beforeEach(() => {
  mockFetch(async (url) => (url.endsWith('/public-config')
    ? { body: { upload_max_document_bytes: 2 * MB, upload_max_image_bytes: MB } }
    : { status: 404, body: {} }));
});

test('a file over the server limit is refused when picked, with the limit in the message, and nothing is queued', async () => {
  const onChange = jest.fn();
  const store = renderField(onChange);
  const user = userEvent.setup({ applyAccept: false });
  // the limit comes from /public-config (2 MB here, not the 10 MB default)
  await waitFor(() => expect(global.fetch.mock.results.length).toBeGreaterThan(0));
  await global.fetch.mock.results[0].value;
  await user.upload(screen.getByTestId('field-passport'), fileOfSize('big.pdf', 'application/pdf', 3 * MB));
  expect(await screen.findByText('«Паспорт»: файл «big.pdf» слишком большой, допускается не более 2 МБ')).toBeInTheDocument();
  expect(onChange).not.toHaveBeenCalled();
  expect(store.size).toBe(0);
});

test('a file within the limit is queued as a pending reference', async () => {
  const onChange = jest.fn();
  const store = renderField(onChange);
  const user = userEvent.setup({ applyAccept: false });
  await user.upload(screen.getByTestId('field-passport'), fileOfSize('ok.pdf', 'application/pdf', MB));
  expect(onChange).toHaveBeenCalledTimes(1);
  expect(store.size).toBe(1);
});
