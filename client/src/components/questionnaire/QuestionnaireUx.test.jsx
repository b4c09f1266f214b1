/* Issue 10, "The questionnaire": Next takes the applicant to the invalid field, errors go once fixed and never
 * follow to the next step, inline errors follow the interface language, group rows are named in errors. */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { mockFetch, renderWithProviders } from '../../testUtils';
import Questionnaire from './Questionnaire';
import { snackbarText } from './validation';

const STEP_ONE = {
  key: 'fillStepMainInfo',
  title: 'form.fillStepMainInfo.title',
  fields: [
    { key: 'first_name', type: 'text', label: 'form.fillStepMainInfo.first_name' },
    { key: 'last_name', type: 'text', label: 'form.fillStepMainInfo.last_name', required: true },
  ],
};
const STEP_TWO = { key: 'fillStepParents', title: 'form.fillStepParents.title', fields: [{ key: 'note', type: 'text', label: 'form.fillStepParents.workplace' }] };

function serve() {
  mockFetch(async (url, request) => {
    if (url.includes('/users/application/1')) {
      return { body: { success: true, item: { id: 1, study_program_id: 7, financing: 'paid', submittedAt: null, citizenship: { name_en: 'Germany' } } } };
    }
    if (url.includes('/users/get-study-program-info/7')) return { body: { success: true, studyProgramInfo: { isRegularBachelors: true } } };
    if (url.includes('/users/steps')) return { body: { success: true, steps: [STEP_ONE, STEP_TWO], variant: 'foreign' } };
    if (url.includes('/users/fill-items/1')) return { body: { success: true, fill_items: [] } };
    if (url.includes('/users/bulk-upsert-user-data')) {
      const form = request._bodyFormData || (await request.formData());
      const data = JSON.parse(form.get('form___fillStepMainInfo___data_stringified') || '{}');
      return { body: { success: true, fill_items: [{ id: 1, type: 'fillStepMainInfo', data }] } };
    }
    return { status: 404, body: { success: false } };
  });
}

const scrolled = jest.fn();
beforeAll(() => {
  Element.prototype.scrollIntoView = scrolled;
});
beforeEach(async () => {
  scrolled.mockClear();
  await act(() => i18n.changeLanguage('ru'));
});

test('Next with an invalid field scrolls to it and focuses it; fixing it removes the toast and the inline error', async () => {
  serve();
  const user = userEvent.setup();
  renderWithProviders(<Questionnaire applicationId={1} />);
  await waitFor(() => expect(screen.getByTestId('questionnaire-next')).toBeEnabled());
  await user.click(screen.getByTestId('questionnaire-next'));

  expect(await screen.findByTestId('snackbar-error')).toHaveTextContent('Заполните обязательное поле «Фамилия»');
  const lastName = screen.getByTestId('field-last_name');
  await waitFor(() => expect(lastName).toHaveFocus());
  expect(scrolled).toHaveBeenCalled();
  expect(lastName).toHaveAttribute('aria-invalid', 'true');

  await user.type(lastName, 'Ив');
  await waitFor(() => expect(screen.queryByTestId('snackbar-error')).not.toBeInTheDocument());
  expect(lastName).toHaveAttribute('aria-invalid', 'false');
});

test('an error stays while the field is still wrong, and never follows to the next step', async () => {
  serve();
  const user = userEvent.setup();
  renderWithProviders(<Questionnaire applicationId={1} />);
  await waitFor(() => expect(screen.getByTestId('questionnaire-next')).toBeEnabled());
  await user.click(screen.getByTestId('questionnaire-next'));
  await screen.findByTestId('snackbar-error');
  // Typing into another field does not clear the last name's error.
  await user.type(screen.getByTestId('field-first_name'), 'Анна');
  expect(screen.getByTestId('field-last_name')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByTestId('snackbar-error')).toBeInTheDocument();

  await user.type(screen.getByTestId('field-last_name'), 'Иванова');
  await user.click(screen.getByTestId('questionnaire-next'));
  expect(await screen.findByTestId('questionnaire-step-fillStepParents')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByTestId('snackbar-error')).not.toBeInTheDocument());
});

test('inline errors are drawn again in the newly chosen language', async () => {
  serve();
  const user = userEvent.setup();
  renderWithProviders(<Questionnaire applicationId={1} />);
  await waitFor(() => expect(screen.getByTestId('questionnaire-next')).toBeEnabled());
  await user.click(screen.getByTestId('questionnaire-next'));
  const ru = i18n.getFixedT('ru')('form.errors.fill_required');
  const en = i18n.getFixedT('en')('form.errors.fill_required');
  expect(ru).not.toEqual(en);
  await waitFor(() => expect(screen.getByText(ru, { selector: '.MuiFormHelperText-root' })).toBeInTheDocument());
  await act(() => i18n.changeLanguage('en'));
  expect(screen.getByText(en, { selector: '.MuiFormHelperText-root' })).toBeInTheDocument();
  expect(screen.queryByText(ru, { selector: '.MuiFormHelperText-root' })).toBeNull();
});

test('repeated groups name their row in the toast ("Родитель 2: …")', () => {
  const step = {
    key: 'fillStepParents',
    fields: [{ key: 'parents', type: 'group', label: 'form.fillStepParents.parents', fields: [{ key: 'email', type: 'email', label: 'form.fillStepParents.email' }] }],
  };
  const error = { field: 'parents.1.email', key: 'fill_required', label: 'form.fillStepParents.email' };
  const t = i18n.getFixedT('ru');
  expect(snackbarText(step, error, t)).toBe(`Родитель 2: Заполните обязательное поле «${t('form.fillStepParents.email')}»`);
  expect(snackbarText(step, error, i18n.getFixedT('en'))).toMatch(/^Parent 2: /);
  expect(snackbarText(step, error, i18n.getFixedT('kk'))).toMatch(/2/);
});

test('the ethnicity field is labelled nationality in every language (not citizenship)', () => {
  expect(i18n.getFixedT('ru')('form.fillStepMainInfo.nationality')).toBe('Национальность');
  expect(i18n.getFixedT('kk')('form.fillStepMainInfo.nationality')).toBe('Ұлты');
  expect(i18n.getFixedT('en')('form.fillStepMainInfo.nationality')).toBe('Nationality');
});
