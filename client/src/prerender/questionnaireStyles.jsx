/* Build-time only (renderPages.jsx): the emotion rules of the questionnaire's first step, for /apply/<id>'s <style>.
 *
 * Why: the prerendered /apply/<id> shows the questionnaire's loading state; the step itself is drawn in the browser
 * once its reads answer. Its first commit then had emotion serialize (stylis) and insert (insertRule) the rules of
 * every MUI field it draws — TextField, Autocomplete, FormControl, Radio, the date field, the upload button, the
 * progress, the buttons — a large share of that commit on a phone (issue 27, decision 0070). Rendered here into the
 * page's emotion cache, they travel in the page's <style data-emotion="css <names>">, which the browser's cache
 * adopts: the same components with the same props serialize to the same names, which then count as inserted.
 *
 * The flow's header above the questionnaire (ApplyPage's stepper with the program and citizenship chosen) is drawn in
 * the same commit, once the application is read: its rules come along.
 *
 * Nothing of this render reaches the page's markup (its HTML is thrown away), so hydration is unchanged. It draws the
 * real QuestionnaireStep with the real first step of /apply/<id> (forms/definitions/fillStepMainInfo.json, the
 * foreign applicant's questionnaire), empty (a new application) and answered (a returning applicant: the labels sit
 * on the outline, a select shows its value), as a phone draws it (the progress bar; the fields' layout is the same at
 * every width, their media queries are in the rules). A wider screen's stepper is left out: ~0.5 KB brotli on every
 * phone's page for a desktop's few cheap insertions. prerender/questionnaireStyles.test.jsx checks that the step's
 * fields and buttons need no rule the page's <style> lacks. */
import ThemeProvider from '@mui/material/styles/ThemeProviderNoVars';
import { AppProviders } from '../app/App';
import { SnackbarProvider } from '../components/SnackbarProvider';
import { QuestionnaireStep } from '../components/questionnaire/Questionnaire';
import { ApplyHeader } from '../features/apply/ApplyPage';
import variants from '../../../forms/definitions/_variants.json';
import firstStep from '../../../forms/definitions/fillStepMainInfo.json';

const noop = () => {};
const ANSWER = { id: 1, name_ru: 'Информатика', name_kk: 'Информатика', name_en: 'Computer science' };

/** An option of every select of the step, so an answered select shows a value. */
function optionLists(step) {
  const lists = {};
  step.fields.forEach((field) => {
    if (field.type === 'select' || field.type === 'multiselect') {
      lists[field.options || `${step.key}_${field.key}`] = [{ id: 1, name_ru: 'А', name_kk: 'А', name_en: 'A' }];
    }
  });
  return lists;
}

/** An answer of each kind (the upload is left empty: its preview reads the file). */
function answers(step) {
  const data = {};
  step.fields.forEach((field) => {
    if (field.type === 'date') data[field.key] = '2000-01-31';
    else if (field.type === 'switch' || field.type === 'select') data[field.key] = 1;
    else if (field.type === 'phone') data[field.key] = '+77011234567';
    else if (field.type === 'email') data[field.key] = 'a@example.com';
    else if (field.type === 'text') data[field.key] = 'A';
  });
  return data;
}

/** useQuestionnaire's result for the first step of a foreign applicant's questionnaire, every field drawn at once. */
function firstStepState(data) {
  const steps = variants.foreign.map(({ step }) => ({ key: step, title: `form.${step}.title` }));
  return {
    steps,
    step: firstStep,
    index: 0,
    isLast: false,
    saved: {},
    readOnly: false,
    submitted: false,
    savedNotice: null,
    data,
    ctx: { answers: {}, options: optionLists(firstStep) },
    errors: {},
    errorFocus: null,
    awaitsArrivalField: true, // StepForm's drawAll: the later batches' fields too
    fileStore: new Map(),
    uploads: {},
    saving: false,
    busy: false,
    topRef: null,
    goTo: noop,
    onNext: noop,
    onBack: noop,
    onChange: noop,
    onGroupChange: noop,
    onSaveDraft: noop,
    retryUploads: noop,
  };
}

/** The theme as a phone sees it: useMediaQuery answers its server render from ssrMatchMedia (the progress bar). */
const asPhone = (outer) => ({
  ...outer,
  components: {
    ...outer.components,
    MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: () => ({ matches: true }) } },
  },
});

/** Inside the app's providers (App.jsx) and the page's CacheProvider: the names must be the browser's. */
export default function QuestionnaireStyles({ store }) {
  return (
    <AppProviders store={store}>
      <SnackbarProvider>
        <ThemeProvider theme={asPhone}>
          <ApplyHeader active="fill" program={ANSWER} citizenship={ANSWER} />
          <QuestionnaireStep q={firstStepState({})} heading={null} />
          <QuestionnaireStep q={firstStepState(answers(firstStep))} heading={null} />
        </ThemeProvider>
      </SnackbarProvider>
    </AppProviders>
  );
}
