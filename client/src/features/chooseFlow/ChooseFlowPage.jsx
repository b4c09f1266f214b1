import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LanguagePicker from '../../components/LanguagePicker';
import Footer from '../../components/Footer';
import LogoutButton from '../../components/LogoutButton';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import { useUpdateUserMutation } from '../../api/usersApi';
import { localizedName } from '../../i18n';
import { useCitizenshipAllQuery } from '../../api/generated/Citizenship';
import { rowsOf } from '../../api/listAnswer';
import { sortCitizenships, useDomain } from '../../domain';

/** /choose-flow: pick the citizenship (spec §2); POST /users/update then go home. */
export default function ChooseFlowPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { showError } = useSnackbar();
  const { data, isLoading, isError, refetch } = useCitizenshipAllQuery();
  const [updateUser, { isLoading: saving }] = useUpdateUserMutation();
  const [selected, setSelected] = useState('');
  const domain = useDomain();
  const options = useMemo(() => sortCitizenships(rowsOf(data), domain), [data, domain]);

  useEffect(() => {
    document.title = `${t('choose_flow.title')} — ${t('app.name')}`;
  }, [t, i18n.language]);

  const onContinue = async (event) => {
    event.preventDefault();
    if (!selected) {
      showError(t('choose_flow.error_required'));
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
      <Container component="main" maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
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
              <FormControl component="fieldset" fullWidth>
                <FormLabel component="legend" id="citizenship-label" sx={{ mb: 1 }}>
                  {t('choose_flow.question')}
                </FormLabel>
                <RadioGroup
                  aria-labelledby="citizenship-label"
                  name="citizenship"
                  value={selected}
                  onChange={(e) => setSelected(e.target.value)}
                  data-testid="citizenship-radios"
                >
                  {options.map((c) => (
                    <FormControlLabel
                      key={c.id}
                      value={String(c.id)}
                      control={<Radio inputProps={{ 'data-testid': `citizenship-${c.id}` }} />}
                      label={localizedName(c, i18n.language)}
                    />
                  ))}
                </RadioGroup>
              </FormControl>
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
