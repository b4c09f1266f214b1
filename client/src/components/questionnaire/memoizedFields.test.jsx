/* Issue 27 (decision 0070): a key press or a Next draws again only the fields whose inputs changed, and the rules
 * still reach every field that depends on the changed answer (visible_if, required_if, an option filter, a row's
 * own rules); errors land under the right field; a long step is drawn in batches. Renders are counted where every
 * text-like field and select draws its input, MUI's TextField, by the field's test id. */
import { Profiler } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { mockFetch, renderWithProviders } from '../../testUtils';
import Questionnaire from './Questionnaire';
import StepForm, { FIRST_BATCH } from './StepForm';
import { keepUnchanged } from './useAnswers';
import { formError } from './validation';

jest.mock('@mui/material/TextField', () => {
  const React = jest.requireActual('react');
  const Actual = jest.requireActual('@mui/material/TextField').default;
  const counts = new Map();
  const Counted = React.forwardRef(function CountedTextField(props, ref) {
    const input = (props.slotProps && props.slotProps.htmlInput) || props.inputProps || {};
    const id = input['data-testid'];
    if (id) counts.set(id, (counts.get(id) || 0) + 1);
    return React.createElement(Actual, { ...props, ref });
  });
  return { __esModule: true, default: Counted, renders: counts };
});

const MAIN = {
  key: 'fillStepMainInfo',
  title: 'form.fillStepMainInfo.title',
  fields: [
    { key: 'last_name', type: 'text', label: 'form.fillStepMainInfo.last_name', required: true },
    { key: 'first_name', type: 'text', label: 'form.fillStepMainInfo.first_name', required: true },
    { key: 'middle_name', type: 'text', label: 'form.fillStepMainInfo.middle_name' },
    { key: 'region', type: 'select', options: 'test_region', label: 'form.fillStepMainInfo.nationality' },
    { key: 'city', type: 'select', options: 'test_city', filter: { parent_field: 'region' }, label: 'form.fillStepMainInfo.birthplace' },
    { key: 'has_children', type: 'switch', label: 'form.fillStepMainInfo.has_children' },
    { key: 'children_count', type: 'integer', label: 'form.fillStepMainInfo.passport_number', visible_if: { field: 'has_children', eq: 1 } },
    { key: 'children_note', type: 'text', label: 'form.fillStepMainInfo.residential_address', required_if: { field: 'has_children', eq: 1 } },
  ],
};
const PARENTS = {
  key: 'fillStepParents',
  title: 'form.fillStepParents.title',
  fields: [
    {
      key: 'parents',
      type: 'group',
      label: 'form.fillStepParents.parents',
      min_items: 2,
      fields: [
        { key: 'full_name', type: 'text', label: 'form.fillStepParents.full_name' },
        { key: 'workplace', type: 'text', label: 'form.fillStepParents.workplace', visible_if: { field: 'full_name', filled: true } },
      ],
    },
  ],
};
const OPTIONS = {
  test_region: [{ id: 1, name_ru: 'Алматы', name_kk: 'Алматы', name_en: 'Almaty' }, { id: 2, name_ru: 'Астана', name_kk: 'Астана', name_en: 'Astana' }],
  test_city: [
    { id: 10, name_ru: 'Медеу', name_kk: 'Медеу', name_en: 'Medeu', additional_data: { parent_id: 1 } },
    { id: 20, name_ru: 'Есиль', name_kk: 'Есіл', name_en: 'Yesil', additional_data: { parent_id: 2 } },
  ],
};

function serve(steps) {
  mockFetch(async (url, request) => {
    if (url.includes('/users/application/1')) {
      return { body: { success: true, item: { id: 1, study_program_id: 7, financing: 'paid', submittedAt: null, citizenship: { name_en: 'Germany' } } } };
    }
    if (url.includes('/users/get-study-program-info/7')) return { body: { success: true, studyProgramInfo: { isRegularBachelors: true } } };
    if (url.includes('/users/steps')) return { body: { success: true, steps, variant: 'foreign' } };
    if (url.includes('/users/fill-items/1')) return { body: { success: true, fill_items: [] } };
    if (url.includes('/universal/SelectOption/find-paginate')) {
      const { filters } = await request.json();
      const list = OPTIONS[filters.type] || [];
      return { body: { list, total: list.length } };
    }
    if (url.includes('/users/bulk-upsert-user-data')) {
      // answers as saved: what was sent (a partial save on a failed Next keeps what is typed)
      const form = request._bodyFormData || (await request.formData());
      const items = steps
        .filter((s) => form.get(`form___${s.key}___data_stringified`))
        .map((s, i) => ({ id: i + 1, type: s.key, data: JSON.parse(form.get(`form___${s.key}___data_stringified`)) }));
      return { body: { success: true, fill_items: items } };
    }
    return { status: 404, body: { success: false } };
  });
}

// A 2-core machine running other suites draws the first step slowly: generous waits for it.
const LONG = { timeout: 10000 };
const { renders } = jest.requireMock('@mui/material/TextField');
const count = (path) => renders.get(`field-${path}`) || 0;

async function openQuestionnaire(steps, lastField) {
  serve(steps);
  renderWithProviders(<Questionnaire applicationId={1} />);
  await screen.findByTestId(`field-${lastField}`, {}, LONG);
  await waitFor(() => expect(screen.getByTestId('questionnaire-next')).toBeEnabled(), LONG); // option lists are in
  renders.clear();
}

beforeEach(async () => {
  await act(() => i18n.changeLanguage('ru'));
});

test('a key press draws again only the field typed into', async () => {
  await openQuestionnaire([MAIN, PARENTS], 'children_note');
  const user = userEvent.setup();
  await user.type(screen.getByTestId('field-last_name'), 'Ив');
  expect(screen.getByTestId('field-last_name')).toHaveValue('Ив');
  expect(count('last_name')).toBeGreaterThanOrEqual(2);
  ['first_name', 'middle_name', 'region', 'city', 'children_note'].forEach((path) => expect([path, count(path)]).toEqual([path, 0]));
});

test('an answer still reaches the fields whose rules read it: visible_if, required_if and an option filter', async () => {
  await openQuestionnaire([MAIN, PARENTS], 'children_note');
  const user = userEvent.setup();
  expect(screen.queryByTestId('field-children_count')).not.toBeInTheDocument();
  expect(screen.getByTestId('field-children_note')).not.toBeRequired();

  await user.click(screen.getByTestId('field-has_children-1'));
  expect(screen.getByTestId('field-children_count')).toBeVisible(); // visible_if
  expect(screen.getByTestId('field-children_note')).toBeRequired(); // required_if
  expect(count('last_name')).toBe(0);

  // the city list follows the region chosen (filter.parent_field), though the city field itself did not change
  await user.click(screen.getByTestId('field-region'));
  await user.click(await screen.findByRole('option', { name: 'Астана' }));
  expect(screen.getByTestId('field-region')).toHaveValue('Астана');
  await user.click(screen.getByTestId('field-city'));
  const list = await screen.findByRole('listbox');
  expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Есиль']);
  await user.keyboard('{Escape}');

  await user.click(screen.getByTestId('field-has_children-2'));
  expect(screen.queryByTestId('field-children_count')).not.toBeInTheDocument();
  expect(screen.getByTestId('field-children_note')).not.toBeRequired();
});

test('Next puts each error under its own field, focuses the first and draws again only the fields whose error changed', async () => {
  await openQuestionnaire([MAIN, PARENTS], 'children_note');
  const user = userEvent.setup();
  await user.type(screen.getByTestId('field-last_name'), 'Иванова');
  renders.clear();
  await user.click(screen.getByTestId('questionnaire-next'));

  const firstName = screen.getByTestId('field-first_name');
  await waitFor(() => expect(firstName).toHaveFocus());
  expect(firstName).toHaveAttribute('aria-invalid', 'true');
  expect(firstName).toHaveAccessibleDescription(formError(i18n.t, 'fill_required'));
  expect(screen.getByTestId('field-last_name')).toHaveAttribute('aria-invalid', 'false');
  expect(count('first_name')).toBeGreaterThanOrEqual(1);
  ['last_name', 'middle_name', 'region', 'city', 'children_note'].forEach((path) => expect([path, count(path)]).toEqual([path, 0]));

  // fixing it takes its error away at once, and leaves the others alone
  renders.clear();
  await user.type(firstName, 'Анна');
  expect(firstName).toHaveAttribute('aria-invalid', 'false');
  ['last_name', 'middle_name', 'region', 'city', 'children_note'].forEach((path) => expect([path, count(path)]).toEqual([path, 0]));
});

test('a failed Next draws the field that takes the focus with its error first, the other errors in a later commit', async () => {
  serve([MAIN, PARENTS]);
  const invalidAtCommit = [];
  const onRender = () => {
    const invalid = (path) => document.querySelector(`[data-testid="field-${path}"]`)?.getAttribute('aria-invalid') === 'true';
    invalidAtCommit.push([invalid('last_name'), invalid('first_name')]);
  };
  renderWithProviders(
    <Profiler id="questionnaire" onRender={onRender}>
      <Questionnaire applicationId={1} />
    </Profiler>,
  );
  await screen.findByTestId('field-children_note', {}, LONG);
  await waitFor(() => expect(screen.getByTestId('questionnaire-next')).toBeEnabled(), LONG);
  const user = userEvent.setup();
  invalidAtCommit.length = 0;
  await user.click(screen.getByTestId('questionnaire-next'));
  await waitFor(() => expect(screen.getByTestId('field-last_name')).toHaveFocus());
  await waitFor(() => expect(screen.getByTestId('field-first_name')).toHaveAttribute('aria-invalid', 'true'));
  const first = invalidAtCommit.findIndex(([lastName]) => lastName);
  expect(invalidAtCommit[first]).toEqual([true, false]); // the press's own commit: the focused field's error only
  expect(invalidAtCommit[invalidAtCommit.length - 1]).toEqual([true, true]);
});

test("a row's answer reaches its own row's rules and leaves the other rows alone", async () => {
  await openQuestionnaire([PARENTS, MAIN], 'parents.1.full_name');
  const user = userEvent.setup();
  expect(screen.queryByTestId('field-parents.0.workplace')).not.toBeInTheDocument();
  await user.type(screen.getByTestId('field-parents.0.full_name'), 'Анна');
  expect(screen.getByTestId('field-parents.0.workplace')).toBeVisible();
  expect(screen.queryByTestId('field-parents.1.workplace')).not.toBeInTheDocument();
  expect(count('parents.0.full_name')).toBeGreaterThanOrEqual(4);
  expect(count('parents.1.full_name')).toBe(0);
});

test('a long step is drawn in batches, each a commit of its own, and whole at once when asked', async () => {
  mockFetch(async () => ({ status: 404, body: {} }));
  const step = {
    key: 'fillStepMainInfo',
    fields: Array.from({ length: 14 }, (_, i) => ({ key: `f${i}`, type: 'text', label: 'form.fillStepMainInfo.last_name' })),
  };
  const pendingAtCommit = [];
  const onRender = () => pendingAtCommit.push(document.querySelectorAll('[data-pending-field]').length);
  const form = (drawAll) => (
    <Profiler id="form" onRender={onRender}>
      <StepForm step={step} data={{}} ctx={{}} onChange={() => {}} onGroupChange={() => {}} fileStore={new Map()} drawAll={drawAll} />
    </Profiler>
  );
  const { unmount } = renderWithProviders(form(false));
  await screen.findByTestId('field-f13', {}, LONG);
  expect(pendingAtCommit[0]).toBe(14 - FIRST_BATCH); // the first commit: the first screenful, the rest kept in place
  expect(pendingAtCommit.length).toBeGreaterThanOrEqual(3);
  expect(pendingAtCommit[pendingAtCommit.length - 1]).toBe(0);
  unmount();

  pendingAtCommit.length = 0;
  renderWithProviders(form(true));
  expect(screen.getByTestId('field-f13')).toBeInTheDocument();
  expect(pendingAtCommit).toEqual([0]);
});

test('keepUnchanged gives back the parts of an edit that did not change', () => {
  const before = { a: 'x', rows: [{ n: 1 }, { n: 2 }], list: [1, 2], file: { id: 'f' } };
  const copy = JSON.parse(JSON.stringify(before));
  expect(keepUnchanged(before, copy)).toBe(before);
  const edited = { ...copy, rows: [{ n: 1 }, { n: 3 }] };
  const kept = keepUnchanged(before, edited);
  expect(kept).not.toBe(before);
  expect(kept).toEqual(edited);
  expect(kept.rows[0]).toBe(before.rows[0]);
  expect(kept.rows[1]).not.toBe(before.rows[1]);
  expect(kept.list).toBe(before.list);
  expect(kept.file).toBe(before.file);
  expect(keepUnchanged({ a: 1 }, { a: 1, b: undefined })).toEqual({ a: 1, b: undefined });
});
