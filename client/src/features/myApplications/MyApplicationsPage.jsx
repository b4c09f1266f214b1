/* /my-applications (req §2): one card per application with the programme, the creation date, its real state
 * (a citizen's step, a foreign applicant's status: issue 11 item 5), its status history from the state machine
 * (GET /users/application/{id} status_history, loaded when opened), the receipt slot of the payments module, its
 * official letters (LetterSlot, issue 26), and the buttons 'Открыть анкету' (→ /apply/{id}), for citizens 'Этапы
 * поступления' (→ /stepper/{id}); 'Добавить заявку' (→ /apply) once, above the cards: it does not depend on a card,
 * and one per card repeated it (issue 23, decision 0089). */
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { localizedName } from '../../i18n';
import { useGetMyApplicationsQuery } from './myApplicationsApi';
import { formatDate } from '../../components/dates/dates';
import DormitoryLink from '../../components/DormitoryLink';
import { isKazakhstanCitizenship, useDomain } from '../../domain';
import { stateKey } from './applicationState';
import ReceiptSlot, { useReceiptsByApplication } from './ReceiptSlot';
import LetterSlot, { useLettersByApplication } from './LetterSlot';
import DocumentsToFix from './DocumentsToFix';
import FillDataDialog from './FillDataDialog';
import MessagesSlot, { MessagesButton } from './MessagesSlot';
import useDocumentTitle from '../../components/focus/useDocumentTitle';

// The history (with the questionnaire's API) is a chunk of its own, fetched when its toggle is pointed at, focused or
// opened (decision 0070, issue 27).
const loadHistoryList = () => import(/* webpackChunkName: "application-history" */ './HistoryList');
const HistoryList = lazy(loadHistoryList);

// The toggle reads as a control, not as a caption (decision 0091): a text button in the link colour with an expand icon
// that turns half a circle while the history is open (the state itself is aria-expanded; the icon is decoration), at
// least 40 px high, its text aligned with the card's (the negative margin is its own padding). The focus ring is the
// app's (theme.js, decision 0077).
const HISTORY_TOGGLE = {
  ml: -1,
  px: 1,
  minHeight: 40,
  textTransform: 'none',
  fontWeight: 600,
  fontSize: '0.9375rem',
  '& .MuiButton-endIcon': { ml: 0.5, transition: 'transform 150ms ease-in-out' },
  '& .MuiButton-endIcon > svg': { fontSize: 22 }, // the small button's 18 px chevron was easy to miss
  '&[aria-expanded="true"] .MuiButton-endIcon': { transform: 'rotate(180deg)' },
  '@media (prefers-reduced-motion: reduce)': { '& .MuiButton-endIcon': { transition: 'none' } },
};

/** The status history, fetched when the applicant opens it. */
function History({ applicationId }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    // a disclosure button (aria-expanded) rather than MUI's Accordion: the Accordion with its Collapse transition
    // weighed ~4 KB of the page's first download on a phone (decision 0070, issue 27)
    <Box sx={{ mt: 2 }}>
      <Button
        size="small"
        aria-expanded={open}
        aria-controls={`history-${applicationId}`}
        id={`history-${applicationId}-summary`}
        onClick={() => setOpen((value) => !value)}
        onPointerEnter={loadHistoryList}
        onFocus={loadHistoryList}
        endIcon={<ExpandMoreIcon aria-hidden="true" />}
        data-testid={`toggle-history-${applicationId}`}
        sx={HISTORY_TOGGLE}
      >
        {t('application_state.history_title')}
      </Button>
      <Box id={`history-${applicationId}`} role="region" aria-labelledby={`history-${applicationId}-summary`} hidden={!open} sx={{ mt: 1 }}>
        {open && (
          <Suspense fallback={<CircularProgress size={20} aria-label={t('common.loading')} />}>
            <HistoryList applicationId={applicationId} />
          </Suspense>
        )}
      </Box>
    </Box>
  );
}

export default function MyApplicationsPage() {
  const { t, i18n } = useTranslation();
  const domain = useDomain();
  const { data = [], isLoading, isError, refetch } = useGetMyApplicationsQuery(i18n.resolvedLanguage || i18n.language, {
    refetchOnMountOrArgChange: true,
  });
  const receipts = useReceiptsByApplication();
  const letters = useLettersByApplication();

  useDocumentTitle(t('my_applications.title'));

  return (
    <>
      <FillDataDialog />
      <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" alignItems={{ sm: 'center' }} spacing={2} sx={{ mb: 3 }}>
        <Typography component="h1" variant="h1">{t('my_applications.title')}</Typography>
        <Stack direction="row" spacing={1}>
          <DormitoryLink />
          <Button component={RouterLink} to="/apply" variant="contained" data-testid="add-application">
            {t('my_applications.add')}
          </Button>
        </Stack>
      </Stack>
      {isLoading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} role="status">
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      )}
      {isError && (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={refetch}>{t('common.retry')}</Button>}>
          {t('errors.generic')}
        </Alert>
      )}
      {!isLoading && !isError && data.length === 0 && (
        <Alert severity="info" data-testid="no-applications">{t('my_applications.empty')}</Alert>
      )}
      {/* a CSS grid (one column, two from md) rather than MUI's Grid2, which weighs ~3 KB on a phone's first download */}
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
        aria-label={t('my_applications.title')}
      >
        {data.map((application) => {
          const program = application.study_program ? localizedName(application.study_program, i18n.language) : '';
          const citizen = isKazakhstanCitizenship(application.citizenship, domain);
          return (
            <Box key={application.id} component="li" sx={{ minWidth: 0 }}>
              <Card variant="outlined" data-testid={`application-card-${application.id}`} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography component="h2" variant="h6" gutterBottom data-testid={`application-program-${application.id}`}>
                    {program}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" data-testid={`application-date-${application.id}`}>
                    {t('my_applications.created', { date: formatDate(application.createdAt) })}
                  </Typography>
                  <Chip
                    // long states ("awaiting confirmation of the documents") wrap on a phone instead of being cut
                    sx={{ mt: 1, maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
                    size="small"
                    color={application.submittedAt ? 'primary' : 'default'}
                    label={t(stateKey(application, citizen))}
                    data-testid={`application-status-${application.id}`}
                  />
                  <DocumentsToFix application={application} />
                  <MessagesSlot application={application} />
                  <ReceiptSlot application={application} receipts={receipts[application.id]} />
                  <LetterSlot application={application} letters={letters[application.id]} />
                  <History applicationId={application.id} />
                </CardContent>
                {/* disableSpacing: CardActions' own left margin would indent every wrapped button past the first.
                    px/pb 2: the buttons line up with the card's text (CardContent's 16 px, CardActions' own is 8) and
                    keep as much room below; pt 0: CardContent's 16 px bottom padding already parts them from it. */}
                <CardActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1, px: 2, pt: 0, pb: 2 }}>
                  <Button component={RouterLink} to={`/apply/${application.id}`} variant="contained" data-testid={`open-application-${application.id}`}>
                    {t('my_applications.open')}
                  </Button>
                  <MessagesButton application={application} />
                  {citizen && (
                    <Button component={RouterLink} to={`/stepper/${application.id}`} variant="outlined" data-testid={`open-stepper-${application.id}`}>
                      {t('application_state.open_stepper')}
                    </Button>
                  )}
                </CardActions>
              </Card>
            </Box>
          );
        })}
      </Box>
    </>
  );
}
