/* The questionnaire's focus rules (decision 0077): an upload is one Tab stop, named by its field, and an error on it
 * focuses its button; a row added focuses its first field, a row removed the row that took its place or Add. */
import { useState } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { mockFetch, renderWithProviders } from '../../testUtils';
import FileField from './fields/FileField';
import GroupField from './fields/GroupField';
import { focusField } from './focusField';

beforeEach(async () => {
  await act(() => i18n.changeLanguage('ru'));
  mockFetch(async () => ({ status: 404, body: {} }));
});

test('a file field is one Tab stop (its button, named by the field), and focusField lands on that button', async () => {
  renderWithProviders(
    <>
      <FileField field={{ key: 'passport', type: 'file' }} path="passport" value={null} onChange={() => {}} label="Паспорт" fileStore={new Map()} />
      <button type="button">Далее</button>
    </>,
  );
  const input = screen.getByTestId('field-passport');
  expect(input).toHaveAttribute('tabindex', '-1');
  expect(input).toHaveAttribute('aria-hidden', 'true');
  const button = screen.getByRole('button', { name: 'Паспорт Выбрать файл' });
  const user = userEvent.setup();
  await user.tab();
  expect(button).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('button', { name: 'Далее' })).toHaveFocus();
  expect(focusField('passport')).toBe(true);
  expect(button).toHaveFocus();
});

function Parents() {
  const [rows, setRows] = useState([{ full_name: 'Анна' }, { full_name: 'Карл' }]);
  const field = {
    key: 'parents',
    type: 'group',
    required: true,
    min_items: 1,
    max_items: 3,
    fields: [{ key: 'full_name', type: 'text' }],
  };
  return (
    <GroupField
      step={{ key: 'fillStepParents', fields: [field] }}
      field={field}
      path="parents"
      value={rows}
      ctx={{}}
      readOnly={false}
      visiblePaths={new Set(rows.concat([{}]).map((_r, i) => `parents.${i}.full_name`))}
      onGroupChange={(_key, next) => setRows(next)}
      renderRowField={(sub, subPath, value) => (
        <input key={subPath} aria-label={subPath} data-testid={`field-${subPath}`} defaultValue={value || ''} />
      )}
    />
  );
}

test('a row added: its first field; removed: the row that took its place, else Add', async () => {
  renderWithProviders(<Parents />);
  const user = userEvent.setup();
  await user.click(screen.getByTestId('field-parents-add'));
  await waitFor(() => expect(screen.getByTestId('field-parents.2.full_name')).toHaveFocus());
  await user.click(screen.getByTestId('field-parents-remove-1'));
  // «Карл» was removed: the row now second (the one just added) takes the focus
  await waitFor(() => expect(screen.getByTestId('field-parents.1.full_name')).toHaveFocus());
  await user.click(screen.getByTestId('field-parents-remove-1'));
  await waitFor(() => expect(screen.getByTestId('field-parents-add')).toHaveFocus());
});
