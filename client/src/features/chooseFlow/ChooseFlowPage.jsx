import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LanguagePicker from '../../components/LanguagePicker';
import Footer from '../../components/Footer';
import LogoutButton from '../../components/LogoutButton';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import { useUpdateUserMutation } from '../../api/usersApi';
import { useCitizenshipAllQuery } from '../../api/generated/Citizenship';
import { rowsOf } from '../../api/listAnswer';
import CitizenshipPicker from '../../components/CitizenshipPicker';
import SkipLink from '../../components/focus/SkipLink';
import useDocumentTitle from '../../components/focus/useDocumentTitle';
import installFocusSupport from '../../components/focus/installFocusSupport';
import useRouteFocus from '../../components/focus/useRouteFocus';
import { MAIN_ID, focusElement } from '../../components/focus/focusElement';
import { firstTabbable } from '../../components/focus/focusTargets';

/** /choose-flow: pick the citizenship (req §2); POST /users/update then go home. */
export default function ChooseFlowPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { showError } = useSnackbar();
  const { data, isLoading, isError, refetch } = useCitizenshipAllQuery();
  const [updateUser, { isLoading: saving }] = useUpdateUserMutation();
  const [selected, setSelected] = useState('');
  const options = useMemo(() => rowsOf(data), [data]);

  useDocumentTitle(t('choose_flow.title'));
  useEffect(() => installFocusSupport(), []);
  useRouteFocus();
  const picker = useRef(null);

  const onContinue = async (event) => {
    event.preventDefault();
    if (!selected) {
      showError(t('choose_flow.error_required'));
      focusElement(firstTabbable(picker.current)); // decision 0077: after an error, to where it can be fixed
      return;
    }
    try {
      await updateUser({ citizenship_id: Number(selected) }).unwrap();
      navigate('/', { replace: true });
    } catch (error) {
      showError(apiErrorMessage(error, t, i18n));
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="lg">
          <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ py: 1.5 }}>
            <Typography component="div" variant="h6" color="primary" sx={{ fontWeight: 700 }}>
              {t('app.name')}
            </Typography>
            <Stack direction="row" spacing={1} alignItems="center">
              <LanguagePicker />
              <LogoutButton />
            </Stack>
          </Stack>
        </Container>
      </Box>
      <Container component="main" id={MAIN_ID} tabIndex={-1} maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
        <Typography component="h1" variant="h1" gutterBottom>
          {t('choose_flow.title')}
        </Typography>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
          <Box component="form" noValidate onSubmit={onContinue}>
            {isLoading && (
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }} role="status">
                <CircularProgress aria-label={t('common.loading')} />
              </Box>
            )}
            {isError && (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={refetch}>
                    {t('common.retry')}
                  </Button>
                }
              >
                {t('errors.generic')}
              </Alert>
            )}
            {!isLoading && !isError && (
              <Box ref={picker}>
              <CitizenshipPicker
                items={options}
                value={selected}
                onChange={setSelected}
                question={t('choose_flow.question')}
                testIdPrefix="citizenship"
              />
              </Box>
            )}
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              sx={{ mt: 3 }}
              disabled={saving || isLoading}
              data-testid="choose-flow-continue"
            >
              {t('choose_flow.continue')}
            </Button>
          </Box>
        </Paper>
      </Container>
      <Footer />
    </Box>
  );
}
