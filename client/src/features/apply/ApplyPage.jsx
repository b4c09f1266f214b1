/* /apply and /apply/{applicationId} (req §2 Application flow): study_program → citizenship (only without one)
 * → request_data (citizens of Kazakhstan whose credit-bureau request is not completed) → fill. The header shows the
 * answers already chosen. Citizens of Kazakhstan fill their questionnaire in /stepper/{id}. */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import loadQuestionnaire from '../../components/questionnaire/loadQuestionnaire';
import { useGetApplicationDetailQuery } from '../../components/questionnaire/questionnaireApi';
import { useUpdateUserMutation } from '../../api/usersApi';
import { hasCitizenship, selectUser } from '../../session/sessionSlice';
import {
  FINANCINGS, isKazakhstanCitizen, isKazakhstanCitizenship, isOfferedProgram, sortCitizenships, useDomain,
} from '../../domain';
import { localizedName } from '../../i18n';
import { useCitizenshipAllQuery } from '../../api/generated/Citizenship';
import { useStudyProgramAllQuery } from '../../api/generated/StudyProgram';
import { rowsOf } from '../../api/listAnswer';
import { useCreateApplicationMutation, useGetSubmissionWindowQuery } from './applyApi';
import { hyphenatedPieces } from './hyphenate';
import useDocumentTitle from '../../components/focus/useDocumentTitle';
import { focusElement } from '../../components/focus/focusElement';
import { firstTabbable } from '../../components/focus/focusTargets';

// The program step (/apply) renders without the questionnaire's chunk; /apply/<id> loads it (preloaded early).
const Questionnaire = lazy(loadQuestionnaire);
// The credit bureau's step (a Kazakhstan citizen's data request: text fields, a dialog, the code input, the masks of
// the form engine) only for the applicants who see it: ~15 KB brotli off /apply's first screen for everyone else
// (issue 27).
const RequestDataStep = lazy(() => import(/* webpackChunkName: "request-data" */ './RequestDataStep'));

// Step names are ours and short: from 10 letters a word may take a soft hyphen ("Граж-дан-ство" in a quarter of a
// 390 px screen); answers are data, from 12 letters (hyphenate.js).
const STEP_NAME_HYPHENATION = 10;
const LONG_WORD = 'apply-step-word';

/** A step's name or answer with its long words hyphenated, each apart (an inline-block: see hyphenatedPieces). */
const hyphenated = (text, minLength) =>
  hyphenatedPieces(text, minLength).map((piece, index) =>
    piece.word ? <span key={index} className={LONG_WORD}>{piece.text}</span> : piece.text,
  );

const STEP_KEYS = ['study_program', 'citizenship', 'fill'];
const CITIZEN_STEP_KEYS = ['study_program', 'citizenship', 'request_data', 'fill'];

/** A citizen of Kazakhstan whose credit-bureau data are not received yet passes request_data first (req §2). */
const needsBureauRequest = (user, domain) =>
  isKazakhstanCitizen(user, domain) && !(user && user.is_pkb_data_request_completed);

/** The flow's header: each step with the answer already chosen (req §2). Exported for the prerender of /apply/<id>
 * (prerender/questionnaireStyles.jsx), which puts its rules in the page's <style>. */
export function ApplyHeader({ active, program, citizenship, keys = STEP_KEYS }) {
  const { t, i18n } = useTranslation();
  const answers = {
    study_program: program ? localizedName(program, i18n.language) : null,
    citizenship: citizenship ? localizedName(citizenship, i18n.language) : null,
    request_data: null,
    fill: null,
  };
  return (
    <Stepper
      activeStep={keys.indexOf(active)}
      alternativeLabel
      // Equal columns on a phone (the connectors assume them), smaller labels there. Names and answers wrap between
      // words; a long Cyrillic word ("Республикасының") is an inline-block with soft hyphens (hyphenate.js; decision
      // 0091): it moves to the next line whole and breaks at a syllable, with a hyphen, only when it alone is wider
      // than its column — `overflow-wrap: anywhere` cut it wherever the column ended. break-word is the last resort
      // for a long Latin word, which the column otherwise could not hold.
      sx={{
        mb: 3,
        '& .MuiStep-root': { minWidth: 0, px: { xs: 0.25, sm: 1 } },
        '& .MuiStepLabel-labelContainer': { overflowWrap: 'break-word', hyphens: 'manual' },
        // top-aligned: a word broken over two lines adds no gap under its line for the baseline it would keep
        [`& .${LONG_WORD}`]: { display: 'inline-block', verticalAlign: 'top' },
        '& .MuiStepLabel-label': { fontSize: { xs: '0.75rem', sm: '0.875rem' } },
        '& .MuiStepLabel-labelContainer .MuiTypography-caption': { fontSize: { xs: '0.6875rem', sm: '0.75rem' } },
      }}
      data-testid="apply-steps"
    >
      {keys.map((key) => (
        <Step key={key} completed={Boolean(answers[key]) && key !== active}>
          <StepLabel
            optional={answers[key] ? (
              <Typography variant="caption" data-testid={`apply-answer-${key}`}>{hyphenated(answers[key])}</Typography>
            ) : (
              // The answer's line is kept while there is none: an answer arriving later (the stored user, the
              // application) does not push the page down (the prerendered /apply knows no citizenship yet).
              <Typography variant="caption" aria-hidden="true">{'\u00a0'}</Typography>
            )}
          >
            {hyphenated(t(`apply.steps.${key}`), STEP_NAME_HYPHENATION)}
          </StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}

function RadioStep({
  title, question, items, value, onChange, error, testIdPrefix, onContinue, busy, loading, loadError, onRetry,
  isDisabled = () => false, notice = null,
}) {
  const { t, i18n } = useTranslation();
  const choices = useRef(null);
  // onContinue() answers false when nothing is chosen: the focus goes to the first choice (decision 0077: after an
  // error, to where it is fixed).
  const submit = async (event) => {
    event.preventDefault();
    if ((await onContinue()) === false) focusElement(firstTabbable(choices.current, 'input[type="radio"]'));
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }} component="section" aria-labelledby={`${testIdPrefix}-title`}>
      <Typography component="h2" variant="h5" id={`${testIdPrefix}-title`} sx={{ mb: 2 }}>{title}</Typography>
      <Box component="form" noValidate onSubmit={submit}>
        {loading && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }} role="status">
            <CircularProgress aria-label={t('common.loading')} />
          </Box>
        )}
        {loadError && (
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={onRetry}>{t('common.retry')}</Button>}>
            {t('errors.generic')}
          </Alert>
        )}
        {notice && <Alert severity="info" sx={{ mb: 2 }} data-testid={`${testIdPrefix}-notice`}>{notice}</Alert>}
        {!loading && !loadError && (
          <FormControl component="fieldset" error={Boolean(error)} fullWidth ref={choices}>
            <FormLabel component="legend" id={`${testIdPrefix}-label`} sx={{ mb: 1 }}>{question}</FormLabel>
            <RadioGroup aria-labelledby={`${testIdPrefix}-label`} value={value} onChange={(e) => onChange(e.target.value)} name={testIdPrefix}>
              {items.map((item) => (
                <FormControlLabel
                  key={item.id}
                  value={String(item.id)}
                  label={localizedName(item, i18n.language)}
                  disabled={isDisabled(item)}
                  control={<Radio inputProps={{ 'data-testid': `${testIdPrefix}-${item.id}` }} />}
                />
              ))}
            </RadioGroup>
            {error && <FormHelperText data-testid={`${testIdPrefix}-error`}>{error}</FormHelperText>}
          </FormControl>
        )}
        <Button type="submit" variant="contained" size="large" sx={{ mt: 3 }} disabled={busy || loading} data-testid={`${testIdPrefix}-continue`}>
          {t('apply.continue')}
        </Button>
      </Box>
    </Paper>
  );
}

function StudyProgramStep() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useSelector(selectUser);
  const domain = useDomain();
  const { showError } = useSnackbar();
  const { data: programList, isLoading, isError, refetch } = useStudyProgramAllQuery();
  const programs = useMemo(() => rowsOf(programList).filter(isOfferedProgram), [programList]);
  // Closed programmes are shown but not selectable, so nobody fills a form for a campaign that is over;
  // the server refuses creation outside the window anyway. Without an answer, nothing is disabled.
  const { data: submissionWindow } = useGetSubmissionWindowQuery();
  const openIds = submissionWindow && Array.isArray(submissionWindow.open_study_program_ids)
    ? new Set(submissionWindow.open_study_program_ids) : null;
  const closedNotice = submissionWindow && submissionWindow.is_open === false ? t('messages.applications.submission_unavailable') : null;
  const [create, { isLoading: creating }] = useCreateApplicationMutation();
  const [search] = useSearchParams();
  // The assistant's "apply" action (features/chat) links here with the recommended programme preselected.
  const [selected, setSelected] = useState(search.get('study_program_id') || '');
  const [error, setError] = useState('');

  const onContinue = async () => {
    if (!selected) {
      const text = t('messages.application_form_study_program_error_msg_1');
      setError(text);
      showError(text);
      return false;
    }
    try {
      // The citizens' path cards (/local-select-path → /stepper?type=…) carry the chosen financing here.
      const financing = FINANCINGS.includes(search.get('type')) ? search.get('type') : undefined;
      const body = financing ? { study_program_id: Number(selected), financing } : { study_program_id: Number(selected) };
      const answer = await create(body).unwrap();
      const citizen = isKazakhstanCitizenship(answer.citizenship || (user && user.citizenship), domain);
      // Citizens go on in the stepper, after the credit-bureau request of /apply/{id} when it is still due.
      const stepper = citizen && Boolean(user && user.is_pkb_data_request_completed);
      navigate(stepper ? `/stepper/${answer.application_id}` : `/apply/${answer.application_id}`);
    } catch (err) {
      showError(apiErrorMessage(err, t, i18n));
    }
  };

  return (
    <>
      <ApplyHeader active="study_program" citizenship={user && user.citizenship} />
      <RadioStep
        title={t('apply.study_program.title')}
        question={t('apply.study_program.question')}
        items={programs}
        value={selected}
        onChange={(v) => { setSelected(v); setError(''); }}
        error={error}
        testIdPrefix="study-program"
        onContinue={onContinue}
        isDisabled={(program) => Boolean(openIds) && !openIds.has(program.id)}
        notice={closedNotice}
        busy={creating || Boolean(closedNotice)}
        loading={isLoading}
        loadError={isError}
        onRetry={refetch}
      />
    </>
  );
}

function CitizenshipStep({ program }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { showError } = useSnackbar();
  const { data, isLoading, isError, refetch } = useCitizenshipAllQuery();
  const [updateUser, { isLoading: saving }] = useUpdateUserMutation();
  const [selected, setSelected] = useState('');
  const [error, setError] = useState('');
  const domain = useDomain();
  const items = useMemo(() => sortCitizenships(rowsOf(data), domain, i18n.language), [data, domain, i18n.language]);

  const onContinue = async () => {
    if (!selected) {
      const text = t('messages.application_form_citizenship_error_msg_1');
      setError(text);
      showError(text);
      return false;
    }
    try {
      await updateUser({ citizenship_id: Number(selected) }).unwrap();
      navigate('/', { replace: true }); // req §2: after the citizenship update the user goes to /
    } catch (err) {
      showError(apiErrorMessage(err, t, i18n));
    }
  };

  return (
    <>
      <ApplyHeader active="citizenship" program={program} />
      <RadioStep
        title={t('apply.citizenship.title')}
        question={t('apply.citizenship.question')}
        items={items}
        value={selected}
        onChange={(v) => { setSelected(v); setError(''); }}
        error={error}
        testIdPrefix="apply-citizenship"
        onContinue={onContinue}
        busy={saving}
        loading={isLoading}
        loadError={isError}
        onRetry={refetch}
      />
    </>
  );
}

function FlowLoading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} role="status">
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}

function ApplicationFlow({ applicationId }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useSelector(selectUser);
  const domain = useDomain();
  const { showError } = useSnackbar();
  const { data: application, isLoading, isError, error } = useGetApplicationDetailQuery(applicationId);

  useEffect(() => {
    if (isError) {
      showError(apiErrorMessage(error, t, i18n));
      navigate('/', { replace: true }); // req §8: application fetch failure → /
    }
  }, [isError, error, navigate, showError, t, i18n]);

  const loading = <FlowLoading />;
  if (isLoading || isError || !application) return loading;
  if (!hasCitizenship(user)) return <CitizenshipStep program={application.study_program} />;
  if (needsBureauRequest(user, domain)) {
    return (
      <>
        <ApplyHeader
          active="request_data"
          keys={CITIZEN_STEP_KEYS}
          program={application.study_program}
          citizenship={application.citizenship || user.citizenship}
        />
        <Suspense fallback={loading}>
          <RequestDataStep applicationId={applicationId} />
        </Suspense>
      </>
    );
  }
  if (isKazakhstanCitizen(user, domain)) return <Navigate to={`/stepper/${applicationId}`} replace />;

  return (
    <>
      <ApplyHeader active="fill" program={application.study_program} citizenship={application.citizenship || user.citizenship} />
      <Suspense fallback={loading}>
        <Questionnaire
          applicationId={applicationId}
          type="fill"
          onSubmitted={() => navigate(`/apply/${applicationId}/submitted`)}
        />
      </Suspense>
    </>
  );
}

/** waiting: /apply/<id> while its guard (app/RequireOwnApplication) reads the application: the page's heading and
 * the loading state the flow shows next, so the heading paints without the data (and is part of the prerendered
 * page, decision 0070). */
export default function ApplyPage({ waiting = false }) {
  const { t } = useTranslation();
  const { applicationId } = useParams();

  useDocumentTitle(t('apply.title'));

  if (applicationId !== undefined && !/^[1-9][0-9]{0,9}$/.test(applicationId)) return <Navigate to="/apply" replace />;

  return (
    <>
      <Typography component="h1" variant="h1" gutterBottom>
        {t('apply.title')}
      </Typography>
      {waiting && <FlowLoading />}
      {!waiting && (applicationId ? <ApplicationFlow applicationId={Number(applicationId)} /> : <StudyProgramStep />)}
    </>
  );
}
