/* The audit trail of one object (a staff account, an application, a room) or of one staff member, newest first,
 * a server page at a time (issue 22, decision 0079): who, when, which action, and what changed from what to what —
 * every name and value in the reader's language (auditDetails.js, decision 0091).
 * Only the staff-management role reads it (the server answers 403 to anyone else). Closed, the dialog gives the
 * focus back to its opener (decision 0077). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useAuditTrailQuery } from '../../api/staffApi';
import { apiErrorMessage } from '../apiError';
import { formatDateTime } from '../dates/dates';
import useReturnFocus from '../focus/useReturnFocus';
import { useDomain } from '../../domain';
import { actionLabel, fieldLabel, typeLabel, valueText } from './auditDetails';

export { actionLabel };

export const AUDIT_PAGE_SIZE = 10;

/** "field: before → after" lines of one before/after pair, each name and value in the reader's language. */
function ChangeLines({ before = {}, after = {}, t, domain }) {
  const keys = [...new Set([...Object.keys(before || {}), ...Object.keys(after || {})])];
  if (!keys.length) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {keys.map((key) => (
        <li key={key}>
          <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
            {fieldLabel(key, t)}
          </Typography>
          {': '}
          <span>{valueText(key, before && before[key], t, domain)}</span>
          <span aria-label={t('audit_trail.changed_to')}> → </span>
          <span>{valueText(key, after && after[key], t, domain)}</span>
        </li>
      ))}
    </Box>
  );
}

// The object's own before/after and the other rows the action wrote (server/audit.py); a `rows` that is a count (a grant
// list's preview) is one of the action's facts.
const isOwnKey = (key, value) => key === 'before' || key === 'after' || (key === 'rows' && Array.isArray(value));

/** What an entry says: the action's own facts, the object's before/after, and the other rows it wrote. */
export function EntryDetails({ details }) {
  const { t } = useTranslation();
  const domain = useDomain();
  const facts = Object.entries(details || {}).filter(([key, value]) => !isOwnKey(key, value) && value !== null);
  const rows = details && Array.isArray(details.rows) ? details.rows : [];
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      {facts.length > 0 && (
        <Typography variant="body2" component="div" data-testid="audit-entry-facts">
          {facts.map(([key, value]) => `${fieldLabel(key, t)}: ${valueText(key, value, t, domain)}`).join('; ')}
        </Typography>
      )}
      <ChangeLines before={details && details.before} after={details && details.after} t={t} domain={domain} />
      {rows.map((row) => (
        <Box key={`${row.type}-${row.id}-${row.op}`}>
          <Typography variant="body2" color="text.secondary">
            {t('audit_trail.row', { type: typeLabel(row.type, t), id: row.id, op: t(`audit_trail.ops.${row.op}`) })}
          </Typography>
          <ChangeLines before={row.before} after={row.after} t={t} domain={domain} />
        </Box>
      ))}
    </Box>
  );
}

/** The entries of the trail; `query`: {targetType, targetId} or {actorId}. */
export function AuditTrailTable({ query, captionId }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const { data, isFetching, isError, error } = useAuditTrailQuery({ ...query, page: page + 1, perPage: AUDIT_PAGE_SIZE });
  if (isError) return <Alert severity="error">{apiErrorMessage(error, t, i18n)}</Alert>;
  if (!data) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
        <CircularProgress aria-label={t('audit_trail.loading')} />
      </Box>
    );
  }
  const entries = data.list || [];
  if (!entries.length) {
    return (
      <Typography sx={{ p: 2 }} data-testid="audit-trail-empty">
        {t('audit_trail.empty')}
      </Typography>
    );
  }
  return (
    <>
      <Table size="small" aria-labelledby={captionId} aria-busy={isFetching ? 'true' : 'false'} data-testid="audit-trail-table">
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('audit_trail.columns.time')}</TableCell>
            <TableCell scope="col">{t('audit_trail.columns.actor')}</TableCell>
            <TableCell scope="col">{t('audit_trail.columns.action')}</TableCell>
            <TableCell scope="col">{t('audit_trail.columns.changes')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id} data-testid={`audit-entry-${entry.id}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at)}</TableCell>
              <TableCell>{entry.actor_email || t('audit_trail.system')}</TableCell>
              <TableCell>{actionLabel(entry.action, t)}</TableCell>
              <TableCell>
                <EntryDetails details={entry.details} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={data.total || 0}
        page={page}
        rowsPerPage={AUDIT_PAGE_SIZE}
        rowsPerPageOptions={[AUDIT_PAGE_SIZE]}
        onPageChange={(_event, next) => setPage(next)}
        labelDisplayedRows={({ from, to, count }) => t('audit_trail.displayed', { from, to, count })}
        getItemAriaLabel={(type) => t(`audit_trail.page_${type}`)}
      />
    </>
  );
}

export default function AuditTrailDialog({ open, onClose, title, query, testId = 'audit-trail-dialog' }) {
  const { t } = useTranslation();
  const { onExited } = useReturnFocus(open);
  const titleId = `${testId}-title`;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
      disableRestoreFocus
      TransitionProps={{ onExited }}
      data-testid={testId}
    >
      <DialogTitle id={titleId}>{title || t('audit_trail.title')}</DialogTitle>
      <DialogContent dividers>{open && <AuditTrailTable query={query} captionId={titleId} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={`${testId}-close`}>
          {t('audit_trail.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
