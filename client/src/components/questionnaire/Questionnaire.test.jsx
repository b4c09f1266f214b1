import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import i18n from '../../i18n';
import { SnackbarProvider } from '../SnackbarProvider';
import { makeStore, mockFetch, renderWithProviders } from '../../testUtils';
import Questionnaire from './Questionnaire';
import useQuestionnaire from './useQuestionnaire';

const STEP_ONE = {
  key: 'fillStepMainInfo',
  title: 'form.fillStepMainInfo.title',
  fields: [
    { key: 'last_name', type: 'text', label: 'form.fillStepMainInfo.last_name', required: true },
    { key: 'has_learning_disabilities', type: 'switch', label: 'form.fillStepImmigration.has_learning_disabilities' },
    {
      key: 'learning_disabilities_description', type: 'textarea', required: true,
      label: 'form.fillStepImmigration.learning_disabilities_description',
      visible_if: { field: 'has_learning_disabilities', eq: 1 },
    },
    { key: 'signer_only', type: 'text', label: 'form.fillStepParents.iin', visible_if: { ctx: 'isKazakhstanCitizen' } },
    { key: 'start_year', type: 'year', label: 'form.fillStepEducationSimple.start_year', not_after: 'end_year' },
    { key: 'end_year', type: 'year', label: 'form.fillStepEducationSimple.end_year' },
  ],
};
const STEP_TWO = {
  key: 'fillStepParents',
  title: 'form.fillStepParents.title',
  fields: [{ key: 'note', type: 'text', label: 'form.fillStepParents.workplace' }],
};

function serve({ submittedAt = null } = {}) {
  const saved = [];
  const fetchMock = mockFetch(async (url, request) => {
    if (url.includes('/users/application/1')) {
      return { body: { success: true, item: { id: 1, study_program_id: 7, financing: 'paid', submittedAt, citizenship: { name_en: 'Germany' } } } };
    }
    if (url.includes('/users/get-study-program-info/7')) {
      return { body: { success: true, studyProgramInfo: { isRegularBachelors: true, studyProgramId: 7 } } };
    }
    if (url.includes('/users/steps')) return { body: { success: true, steps: [STEP_ONE, STEP_TWO], variant: 'foreign' } };
    if (url.includes('/users/fill-items/1')) return { body: { success: true, fill_items: [] } };
    if (url.includes('/users/bulk-upsert-user-data')) {
      const form = request._bodyFormData || (await request.formData()); // whatwg-fetch keeps the FormData
      saved.push(form);
      const data = JSON.parse(form.get('form___fillStepMainInfo___data_stringified'));
      return { body: { success: true, message_key: 'common.success', fill_items: [{ id: 1, type: 'fillStepMainInfo', data }] } };
    }
    return { status: 404, body: { success: false } };
  });
  return { fetchMock, saved };
}

const label = (key) => i18n.t(key);

describe('<Questionnaire/> with a definition fixture', () => {
  beforeEach(() => i18n.changeLanguage('ru'));

  test('skips hidden fields, names the first missing field and a wrong date order, then saves and moves on', async () => {
    const { saved } = serve();
    const user = userEvent.setup();
    renderWithProviders(<Questionnaire applicationId={1} />);

    expect(await screen.findByTestId('questionnaire-step-fillStepMainInfo')).toHaveTextContent(label('form.fillStepMainInfo.title'));
    // hidden: visible_if on another field and on ctx
    expect(screen.queryByTestId('field-learning_disabilities_description')).not.toBeInTheDocument();
    expect(screen.queryByTestId('field-signer_only')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Назад' })).toBeDisabled();
    expect(screen.queryByTestId('questionnaire-submit')).not.toBeInTheDocument();

    await waitFor(() => expect(screen.getByTestId('questionnaire-next')).toBeEnabled());
    await user.click(screen.getByTestId('questionnaire-next'));
    expect(await screen.findByTestId('snackbar-error')).toHaveTextContent('Заполните обязательное поле «Фамилия»');

    await user.type(screen.getByTestId('field-last_name'), 'Иванов');
    await user.click(screen.getByTestId('field-has_learning_disabilities-1'));
    expect(screen.getByTestId('field-learning_disabilities_description')).toBeVisible();
    await user.click(screen.getByTestId('questionnaire-next'));
    await waitFor(() => expect(screen.getByTestId('snackbar-error')).toHaveTextContent(
      `Заполните обязательное поле «${label('form.fillStepImmigration.learning_disabilities_description')}»`,
    ));
    await user.click(screen.getByTestId('field-has_learning_disabilities-2'));
    expect(screen.queryByTestId('field-learning_disabilities_description')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByTestId('field-start_year'), '2024');
    await user.selectOptions(screen.getByTestId('field-end_year'), '2020');
    await user.click(screen.getByTestId('questionnaire-next'));
    await waitFor(() => expect(screen.getByTestId('snackbar-error')).toHaveTextContent(
      `Проверьте даты: значение поля «${label('form.fillStepEducationSimple.start_year')}» должно быть раньше значения поля «${label('form.fillStepEducationSimple.end_year')}»`,
    ));
    // the answers typed so far are kept (a partial save), nothing is lost
    expect(saved.length).toBeGreaterThanOrEqual(1);

    await user.selectOptions(screen.getByTestId('field-end_year'), '2025');
    await user.click(screen.getByTestId('questionnaire-next'));
    expect(await screen.findByTestId('questionnaire-step-fillStepParents')).toBeInTheDocument();
    // The saved step says so beside the form (issue 23), not in a toast that could cover the next control.
    expect(screen.getByTestId('step-saved')).toHaveTextContent(`Шаг «${label('form.fillStepMainInfo.title')}» сохранён`);
    expect(screen.queryByTestId('snackbar-success')).not.toBeInTheDocument();
    const last = saved[saved.length - 1];
    expect(JSON.parse(last.get('form___fillStepMainInfo___data_stringified'))).toEqual({
      last_name: 'Иванов', has_learning_disabilities: 2, start_year: 2024, end_year: 2025,
    });
    expect(last.get('is_submit')).toBe('0');
    expect(last.get('hidden_application_id')).toBe('1');
    // last step: Submit instead of Next
    expect(screen.getByTestId('questionnaire-submit')).toBeInTheDocument();
    expect(screen.queryByTestId('questionnaire-next')).not.toBeInTheDocument();
  });

  test('a submitted questionnaire is read-only', async () => {
    serve({ submittedAt: '2025-07-01T10:00:00Z' });
    renderWithProviders(<Questionnaire applicationId={1} />);
    expect(await screen.findByTestId('questionnaire-submitted')).toBeInTheDocument();
    expect(screen.getByTestId('field-last_name')).toBeDisabled();
    const group = screen.getByTestId('field-has_learning_disabilities');
    within(group).getAllByRole('radio').forEach((radio) => expect(radio).toBeDisabled());
  });

  test('shows the field labels in English', async () => {
    serve();
    await i18n.changeLanguage('en');
    const user = userEvent.setup();
    renderWithProviders(<Questionnaire applicationId={1} />);
    expect(await screen.findByTestId('questionnaire-step-fillStepMainInfo')).toHaveTextContent('Main information');
    await waitFor(() => expect(screen.getByTestId('questionnaire-next')).toBeEnabled());
    await user.click(screen.getByTestId('questionnaire-next'));
    expect(await screen.findByTestId('snackbar-error')).toHaveTextContent('Please fill in the required field “Last name”');
  });
});

describe('useQuestionnaire (state without markup)', () => {
  beforeEach(() => i18n.changeLanguage('ru'));

  const render = (props) => {
    const store = makeStore();
    const wrapper = ({ children }) => (
      <Provider store={store}>
        <SnackbarProvider>{children}</SnackbarProvider>
      </Provider>
    );
    return renderHook(() => useQuestionnaire(props), { wrapper });
  };

  test('loads, runs the rules on typed answers, refuses Next on a missing field and saves once it is filled', async () => {
    const { saved } = serve();
    const { result } = render({ applicationId: 1 });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.steps.map((s) => s.key)).toEqual(['fillStepMainInfo', 'fillStepParents']);
    expect(result.current.ctx).toMatchObject({ isRegularBachelors: true, financing: 'paid', isKazakhstanCitizen: false });
    await waitFor(() => expect(result.current.busy).toBe(false));

    await act(() => result.current.onNext());
    expect(result.current.errors).toMatchObject({ last_name: expect.any(String) });
    expect(saved).toHaveLength(0);
    expect(result.current.index).toBe(0);

    act(() => result.current.onChange('last_name', ' Серікова '));
    expect(result.current.data.last_name).toBe(' Серікова '); // typed raw, trimmed when saved (req §5)
    expect(result.current.errors.last_name).toBeUndefined();
    await act(() => result.current.onNext());
    expect(saved).toHaveLength(1);
    expect(JSON.parse(saved[0].get('form___fillStepMainInfo___data_stringified'))).toEqual({ last_name: 'Серікова' });
    expect(result.current.step.key).toBe('fillStepParents');
    act(() => result.current.onBack());
    expect(result.current.index).toBe(0);
  });

  test('a failed load reports the error and retries every request', async () => {
    const fetchMock = mockFetch(() => ({ status: 500, body: { success: false, message: 'boom' } }));
    const { result } = render({ applicationId: 1 });
    await waitFor(() => expect(result.current.status).toBe('error'));
    const before = fetchMock.mock.calls.length;
    act(() => result.current.retry());
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(before + 3));
  });
});
