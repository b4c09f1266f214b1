/* The "fill data" modal (req §2 "Other modals", §7 POST /users/fill-data; issue 23): an account signs up with an
 * e-mail only, so until the applicant has a name staff see their e-mail alone in the queues and on letters. On
 * /my-applications a notice offers "Fill data", which opens the modal for the last and first name ("Later" hides the
 * notice for the browser session). It does not open by itself: a foreign applicant's name may already be in their
 * questionnaire, and a modal in the way of every visit would be worse than the gap. The server checks req §5's rule
 * for names (a capital first letter, letters only); its errors show under the fields in the applicant's language.
 * Staff, and names the credit bureau confirmed, are never asked. */
import { lazy, Suspense, useState } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import { isShellUser, selectUser } from '../../session/sessionSlice';
import { useFillDataMutation } from './myApplicationsApi';
import { FIELDS } from './fillDataFields';

// The form is a chunk of its own, fetched when "Fill data" is pointed at, focused or pressed (decision 0070, issue 27).
const loadForm = () => import(/* webpackChunkName: "fill-data-form" */ './FillDataForm');
const FillDataForm = lazy(loadForm);

export const FILL_DATA_LATER_KEY = 'qabyldau_fill_data_later';

function askedLater() {
  try {
    return window.sessionStorage.getItem(FILL_DATA_LATER_KEY) === '1';
  } catch {
    return false;
  }
}

/** Whether the signed-in user is asked: an applicant (no staff role) without a last or first name. */
export function needsFillData(user) {
  if (!user || isShellUser(user) || !user.token) return false;
  if ((user.roles || []).length > 0) return false;
  return !user.first_name || !user.last_name;
}

export default function FillDataDialog() {
  const { t, i18n } = useTranslation();
  const user = useSelector(selectUser);
  const { showSuccess } = useSnackbar();
  const [fillData, { isLoading }] = useFillDataMutation();
  const [later, setLater] = useState(askedLater);
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState({ last_name: '', first_name: '' });
  const [errors, setErrors] = useState({});
  const [problem, setProblem] = useState(null);
  const asked = needsFillData(user) && !later;

  // mounted from the first opening on, so the Dialog can animate its closing
  const [formWanted, setFormWanted] = useState(false);
  const openForm = () => {
    setFormWanted(true);
    setEditing(true);
  };
  const close = () => setEditing(false);
  const postpone = () => {
    try {
      window.sessionStorage.setItem(FILL_DATA_LATER_KEY, '1');
    } catch {
      // storage unavailable: asked again on the next visit of the page
    }
    setLater(true);
  };

  const submit = async (event) => {
    event.preventDefault();
    const missing = Object.fromEntries(FIELDS.filter((f) => !values[f].trim()).map((f) => [f, t('seams.fill_data.required')]));
    setErrors(missing);
    setProblem(null);
    if (Object.keys(missing).length) return;
    try {
      await fillData({ last_name: values.last_name, first_name: values.first_name }).unwrap();
      setEditing(false);
      showSuccess(t('seams.fill_data.saved'));
    } catch (error) {
      const fieldErrors = (error && error.data && error.data.errors) || {};
      const byField = Object.fromEntries(FIELDS.filter((f) => fieldErrors[f]).map((f) => [f, [].concat(fieldErrors[f]).join(' ')]));
      setErrors(byField);
      if (!Object.keys(byField).length) setProblem(apiErrorMessage(error, t, i18n));
    }
  };

  if (!asked) return null;
  return (
    <>
      <Alert
        severity="info"
        sx={{ mb: 3 }}
        data-testid="fill-data-notice"
        action={
          <Stack direction="row" spacing={1}>
            <Button color="inherit" size="small" onClick={postpone} data-testid="fill-data-later">
              {t('seams.fill_data.later')}
            </Button>
            <Button variant="outlined" color="inherit" size="small" onClick={openForm} onPointerEnter={loadForm} onFocus={loadForm} data-testid="fill-data-open">
              {t('seams.fill_data.title')}
            </Button>
          </Stack>
        }
      >
        {t('seams.fill_data.text')}
      </Alert>
      {formWanted && (
        <Suspense fallback={null}>
          <FillDataForm open={editing} onClose={close} busy={isLoading} values={values} setValues={setValues} errors={errors} problem={problem} onSubmit={submit} />
        </Suspense>
      )}
    </>
  );
}
