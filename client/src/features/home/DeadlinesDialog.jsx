/* The deadlines modal (req §2 "Other modals: deadlines"; decision 0087): each active admission year's window and
 * every offered programme's application window and documents deadline, as staff set them in Settings, in the
 * reader's language. A lazy chunk of its own: the home page carries only the button that opens it. */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PageLoader from '../../components/PageLoader';
import { formatDate } from '../../components/dates/dates';
import { useGetDeadlinesQuery } from '../../api/deadlinesApi';

function Term({ term }) {
  const { t } = useTranslation();
  const headingId = `deadlines-term-${term.id}`;
  return (
    <section aria-labelledby={headingId} data-testid={`deadlines-term-${term.id}`}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 0.5 }}>
        <Typography variant="h6" component="h3" id={headingId}>
          {term.name}
        </Typography>
        <Chip
          size="small"
          color={term.is_open ? 'success' : 'default'}
          label={term.is_open ? t('deadlines_modal.is_open') : t('deadlines_modal.is_closed')}
        />
      </Stack>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('deadlines_modal.term_window', { from: formatDate(term.opens_at), to: formatDate(term.closes_at) })}
      </Typography>
      {term.programs.length > 0 && (
        // A list rather than a table: three columns of dates do not fit a phone's width (req: 390 px screens).
        <Box component="ul" aria-label={t('deadlines_modal.table', { name: term.name })} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {term.programs.map((program) => (
            <Box
              component="li"
              key={program.study_program_id}
              sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}
              data-testid={`deadlines-program-${program.study_program_id}`}
            >
              <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
                {program.name}
              </Typography>
              <Typography variant="body2">
                {`${t('deadlines_modal.window')}: ${formatDate(program.opens_at)} — ${formatDate(program.closes_at)}`}
              </Typography>
              <Typography variant="body2">
                {`${t('deadlines_modal.documents')}: ${
                  program.documents_due_at ? formatDate(program.documents_due_at) : t('deadlines_modal.no_documents_deadline')
                }`}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </section>
  );
}

export default function DeadlinesDialog({ open, onClose, onExited }) {
  const { t, i18n } = useTranslation();
  const { data, isLoading, isError, refetch } = useGetDeadlinesQuery(i18n.language, { skip: !open });
  const terms = (data && data.terms) || [];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="deadlines-title"
      fullWidth
      maxWidth="md"
      TransitionProps={{ onExited }}
      data-testid="deadlines-modal"
    >
      <DialogTitle id="deadlines-title" component="h2">
        {t('deadlines_modal.title')}
      </DialogTitle>
      <DialogContent>
        {isLoading && <PageLoader />}
        {isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={refetch}>
                {t('common.retry')}
              </Button>
            }
          >
            {t('deadlines_modal.error')}
          </Alert>
        )}
        {data && terms.length === 0 && <Typography data-testid="deadlines-empty">{t('deadlines_modal.empty')}</Typography>}
        <Stack spacing={3}>
          {terms.map((term) => (
            <Term key={term.id} term={term} />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="deadlines-close">
          {t('deadlines_modal.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
