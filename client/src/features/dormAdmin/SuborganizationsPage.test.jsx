import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '../../testUtils';
import SuborganizationsPage from './SuborganizationsPage';

test('an import with bad rows shows the errors by row number; organisations list their places', async () => {
  const uploads = [];
  mockFetch(async (url, request) => {
    if (url.endsWith('/admin/list-suborganizations')) {
      return { body: { success: true, total: 1, list: [{ id: 1, code: 'sport', name: 'Сборная', reserved_places: 4, members: 6, placed: 2 }] } };
    }
    if (url.endsWith('/admin/upload-users')) {
      uploads.push(request.method);
      return {
        status: 422,
        body: { success: false, message: 'Ошибки в строках файла (1); ничего не импортировано', message_key: 'dorm.upload_rows_invalid', errors: { 'row 3': ['обязательное поле (email)'] } },
      };
    }
    return { body: { success: true, list: [], total: 0 } };
  });
  renderWithProviders(<SuborganizationsPage />);
  expect(await screen.findByText('Людей 6 · мест 4 · размещено 2')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Код организации'), { target: { value: 'sport' } });
  const file = new File(['x'], 'people.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  fireEvent.change(screen.getByTestId('upload-file'), { target: { files: [file] } });
  fireEvent.click(screen.getByRole('button', { name: 'Импортировать' }));
  expect(await screen.findByTestId('row-errors')).toHaveTextContent('row 3: обязательное поле (email)');
  await waitFor(() => expect(uploads).toEqual(['POST']));
});
