/* Settings → flagged payments (issue 23, decision 0086): the payments of this shell's population that the provider
 * confirmed but that were never applied (a double charge, a payment for something already settled). Open ones come
 * oldest first; staff mark one refunded or resolved, always with a comment (the server keeps who and when, audits
 * it, and answers 409 if someone answered first). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { apiErrorMessage } from '../../components/apiError';
import { formatDateTime } from '../../components/dates/dates';
import useDocumentTitle from '../../components/focus/useDocumentTitle';
import PagedResults, { ResultsTable } from '../../components/PagedResults';
import { useSnackbar } from '../../components/SnackbarProvider';
import { formatMoney } from '../../i18n/format';
import { useFlaggedPaymentsQuery, useResolveFlaggedPaymentMutation } from './flaggedPaymentsApi';

export const FLAGGED_PAGE_SIZE = 20;
const COMMENT_MAX = 2000;
const STATES = ['open', 'resolved'];

function payerName(payment) {
  return payment.payer_name || payment.payer_email;
}

/** The comment dialog of one action (refunded | resolved): the comment is required. */
function ResolveDialog({ pending, onClose }) {
  const { t, i18n } = useTranslation();
  const { showSuccess } = useSnackbar();
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState('');
  const [resolve, { isLoading }] = useResolveFlaggedPaymentMutation();
  const empty = !comment.trim();
  const open = Boolean(pending);

  const submit = async (event) => {
    event.preventDefault();
    setTouched(true);
    if (empty) return;
    const result = await resolve({ id: pending.payment.id, resolution: pending.resolution, comment: comment.trim() });
    if (result.error) {
      setError(apiErrorMessage(result.error, t, i18n));
      return;
    }
    showSuccess(t(`settings_payments.done.${pending.resolution}`));
    onClose();
  };

  return (
    <Dialog open={open} onClose={isLoading ? undefined : onClose} aria-labelledby="flagged-resolve-title" fullWidth maxWidth="sm" data-testid="flagged-resolve-dialog">
      {pending && (
        <Box component="form" onSubmit={submit} noValidate>
          <DialogTitle id="flagged-resolve-title">{t(`settings_payments.dialog.title_${pending.resolution}`)}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              {t('settings_payments.dialog.text', {
                amount: formatMoney(pending.payment.amount, i18n.language),
                name: payerName(pending.payment),
              })}
            </DialogContentText>
            <TextField
              label={t('settings_payments.dialog.comment')}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              onBlur={() => setTouched(true)}
              required
              multiline
              minRows={3}
              fullWidth
              autoFocus
              error={touched && empty}
              helperText={touched && empty ? t('settings_payments.dialog.comment_required') : t('settings_payments.dialog.comment_hint')}
              inputProps={{ maxLength: COMMENT_MAX, 'data-testid': 'flagged-comment' }}
            />
            {error && (
              <Alert severity="error" sx={{ mt: 2 }} data-testid="flagged-resolve-error">
                {error}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={isLoading}>
              {t('settings_payments.dialog.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={isLoading} data-testid="flagged-resolve-submit">
              {t(`settings_payments.actions.${pending.resolution}`)}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}

/** The section page (app/admin/settingsSections.js); `shell` names the population (its segment). */
export default function FlaggedPaymentsPage({ shell }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState('open');
  const [page, setPage] = useState(0);
  const [pending, setPending] = useState(null); // {payment, resolution}
  useDocumentTitle(t('settings_payments.title'), t('admin_shell.title'));
  const { data, isError, error, isFetching } = useFlaggedPaymentsQuery({
    segment: shell.segment,
    state,
    page: page + 1,
    perPage: FLAGGED_PAGE_SIZE,
  });
  const payments = (data && data.list) || [];

  return (
    <Box data-testid="settings-payments-page">
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('settings_payments.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('settings_payments.intro')}</Typography>
      <Tabs
        value={state}
        onChange={(_event, next) => {
          setState(next);
          setPage(0);
        }}
        aria-label={t('settings_payments.filter')}
        sx={{ mb: 2 }}
      >
        {STATES.map((key) => (
          <Tab key={key} value={key} id={`flagged-tab-${key}`} aria-controls="flagged-tabpanel" label={t(`settings_payments.states.${key}`)} data-testid={`flagged-tab-${key}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id="flagged-tabpanel" aria-labelledby={`flagged-tab-${state}`}>
        <PagedResults
          data={data}
          isError={isError}
          error={error}
          emptyText={t(`settings_payments.empty.${state}`)}
          emptyTestId="flagged-empty"
          page={page}
          pageSize={FLAGGED_PAGE_SIZE}
          onPageChange={setPage}
        >
          <ResultsTable
            label={t('settings_payments.table')}
            busy={isFetching}
            testId="flagged-table"
            head={
              <>
                <TableCell scope="col">{t('settings_payments.columns.payer')}</TableCell>
                <TableCell scope="col">{t('settings_payments.columns.amount')}</TableCell>
                <TableCell scope="col" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {t('settings_payments.columns.purpose')}
                </TableCell>
                <TableCell scope="col" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {t('settings_payments.columns.reason')}
                </TableCell>
                <TableCell scope="col" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {t('settings_payments.columns.date')}
                </TableCell>
                <TableCell scope="col">
                  {state === 'open' ? t('settings_payments.columns.actions') : t('settings_payments.columns.resolution')}
                </TableCell>
              </>
            }
          >
            {payments.map((payment) => {
              const about = { name: payerName(payment) };
              return (
                <TableRow key={payment.id} data-testid={`flagged-row-${payment.id}`}>
                  <TableCell component="th" scope="row">
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {payerName(payment)}
                    </Typography>
                    {/* break-word, not break-all: the column is sized to the address, broken only if it must. */}
                    <Typography variant="body2" sx={{ overflowWrap: 'break-word' }}>
                      {payment.payer_email}
                    </Typography>
                    {payment.application_id && (
                      <Typography variant="body2">{t('settings_payments.application', { id: payment.application_id })}</Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMoney(payment.amount, i18n.language)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {t(`settings_payments.purpose.${payment.purpose}`, { defaultValue: payment.purpose })}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {t(`settings_payments.reason.${payment.flag_reason}`, { defaultValue: t('settings_payments.reason.other') })}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{formatDateTime(payment.paid_at)}</TableCell>
                  <TableCell>
                    {state === 'open' ? (
                      <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
                        {['refunded', 'resolved'].map((resolution) => (
                          <Button
                            key={resolution}
                            size="small"
                            onClick={() => setPending({ payment, resolution })}
                            aria-haspopup="dialog"
                            aria-label={t(`settings_payments.actions.${resolution}_for`, about)}
                            data-testid={`flagged-${resolution}-${payment.id}`}
                          >
                            {t(`settings_payments.actions.${resolution}`)}
                          </Button>
                        ))}
                      </Stack>
                    ) : (
                      <>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {t(`settings_payments.resolution.${payment.resolution}`)}
                        </Typography>
                        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                          {payment.resolution_comment}
                        </Typography>
                        <Typography variant="body2">
                          {t('settings_payments.resolved_by', {
                            who: payment.resolved_by ? payment.resolved_by.email : '—',
                            time: formatDateTime(payment.resolved_at),
                          })}
                        </Typography>
                      </>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </ResultsTable>
        </PagedResults>
      </Box>
      <ResolveDialog key={pending ? `${pending.payment.id}-${pending.resolution}` : 'none'} pending={pending} onClose={() => setPending(null)} />
    </Box>
  );
}
