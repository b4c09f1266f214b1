/* The audit trail of one object (a staff account, an application, a room) or of one staff member, newest first,
 * a server page at a time (issue 22, decision 0079): who, when, which action, and what changed from what to what —
 * every name and value in the reader's language (auditDetails.js, decision 0091). On a phone (below 600 px) the dialog is
 * full-screen and each entry is a card (a list item headed by its action, with when and who as labelled lines), since
 * the four-column table does not fit.
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
import useMediaQuery from '@mui/material/useMediaQuery';
import { useAuditTrailQuery } from '../../api/staffApi';
import { apiErrorMessage } from '../apiError';
import { formatDateTime } from '../dates/dates';
import useReturnFocus from '../focus/useReturnFocus';
import { useDomain } from '../../domain';
import { actionLabel, changeLines, factItems, typeLabel } from './auditDetails';

export { actionLabel };

export const AUDIT_PAGE_SIZE = 10;

/** "field: before → after" lines of one before/after pair, each name and value in the reader's language; a value
 * only on one side (a row created or deleted) is shown alone. The arrow is spoken as "changed to". */
function ChangeLines({ before = {}, after = {}, type, t, domain }) {
  const lines = changeLines(before, after, t, domain, type);
  if (!lines.length) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2, overflowWrap: 'anywhere', typography: 'body2' }}>
      {lines.map((line) => (
        <li key={line.key}>
          <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
            {line.label}
          </Typography>
          {': '}
          {line.before !== null && <span>{line.before}</span>}
          {line.before !== null && line.after !== null && <span aria-label={t('audit_trail.changed_to')}> → </span>}
          {line.after !== null && <span>{line.after}</span>}
        </li>
      ))}
    </Box>
  );
}

// The object's own before/after and the other rows the action wrote (server/audit.py); a `rows` that is a count (a grant
// list's preview) is one of the action's facts.
const isOwnKey = (key, value) => key === 'before' || key === 'after' || (key === 'rows' && Array.isArray(value));

/** What an entry says: the action's own facts, the object's before/after, and the other rows it wrote. */
export function EntryDetails({ details, targetType }) {
  const { t } = useTranslation();
  const domain = useDomain();
  const facts = Object.entries(details || {}).filter(([key, value]) => !isOwnKey(key, value) && value !== null);
  const items = factItems(facts, t, domain);
  const rows = details && Array.isArray(details.rows) ? details.rows : [];
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
      {items.length > 0 && (
        <Typography variant="body2" component="div" data-testid="audit-entry-facts" sx={{ overflowWrap: 'anywhere' }}>
          {items.map((item) => item.text).join('; ')}
        </Typography>
      )}
      <ChangeLines before={details && details.before} after={details && details.after} type={targetType} t={t} domain={domain} />
      {rows.map((row) => (
        <Box key={`${row.type}-${row.id}-${row.op}`}>
          <Typography variant="body2" color="text.secondary">
            {t('audit_trail.row', { type: typeLabel(row.type, t), id: row.id, op: t(`audit_trail.ops.${row.op}`) })}
          </Typography>
          <ChangeLines before={row.before} after={row.after} type={row.type} t={t} domain={domain} />
        </Box>
      ))}
    </Box>
  );
}

/** One entry as a card of the phone layout: when, who and what as labelled lines, then the changes. */
function EntryCard({ entry, t }) {
  const headingId = `audit-entry-${entry.id}-heading`;
  return (
    <Box
      component="li"
      data-testid={`audit-entry-${entry.id}`}
      sx={{ listStyle: 'none', py: 1.5, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}
    >
      <Typography variant="subtitle2" component="h3" id={headingId} sx={{ overflowWrap: 'anywhere' }}>
        {actionLabel(entry.action, t)}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 1 }}>
        <Typography component="dt" variant="body2" color="text.secondary">
          {t('audit_trail.columns.time')}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0 }}>
          {formatDateTime(entry.created_at)}
        </Typography>
        <Typography component="dt" variant="body2" color="text.secondary">
          {t('audit_trail.columns.actor')}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {entry.actor_email || t('audit_trail.system')}
        </Typography>
        <Typography component="dt" variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1', mt: 0.5 }}>
          {t('audit_trail.columns.changes')}
        </Typography>
        <Box component="dd" sx={{ gridColumn: '1 / -1', m: 0 }}>
          <EntryDetails details={entry.details} targetType={entry.target_type} />
        </Box>
      </Box>
    </Box>
  );
}

/** The entries of the trail; `query`: {targetType, targetId} or {actorId}. `narrow` (a phone): one card per entry
 * instead of the four-column table, which cannot fit a phone's width. */
export function AuditTrailTable({ query, captionId, narrow = false }) {
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
      {narrow ? (
        <Box
          component="ul"
          aria-labelledby={captionId}
          aria-busy={isFetching ? 'true' : 'false'}
          data-testid="audit-trail-list"
          sx={{ m: 0, p: 0 }}
        >
          {entries.map((entry) => (
            <EntryCard key={entry.id} entry={entry} t={t} />
          ))}
        </Box>
      ) : (
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
              <TableRow key={entry.id} data-testid={`audit-entry-${entry.id}`} sx={{ '& > td': { verticalAlign: 'top' } }}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at)}</TableCell>
                <TableCell sx={{ overflowWrap: 'break-word' }}>{entry.actor_email || t('audit_trail.system')}</TableCell>
                <TableCell>{actionLabel(entry.action, t)}</TableCell>
                <TableCell>
                  <EntryDetails details={entry.details} targetType={entry.target_type} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <TablePagination
        component="div"
        count={data.total || 0}
        page={page}
        rowsPerPage={AUDIT_PAGE_SIZE}
        rowsPerPageOptions={[AUDIT_PAGE_SIZE]}
        onPageChange={(_event, next) => setPage(next)}
        labelDisplayedRows={({ from, to, count }) => t('audit_trail.displayed', { from, to, count })}
        getItemAriaLabel={(type) => t(`audit_trail.page_${type}`)}
        sx={{ '.MuiTablePagination-toolbar': { pl: narrow ? 0 : undefined } }}
      />
    </>
  );
}

export default function AuditTrailDialog({ open, onClose, title, query, testId = 'audit-trail-dialog' }) {
  const { t } = useTranslation();
  const { onExited } = useReturnFocus(open);
  // Below the sm breakpoint (600 px) the dialog takes the whole screen and lists entries as cards.
  const narrow = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const titleId = `${testId}-title`;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      fullScreen={narrow}
      maxWidth="md"
      aria-labelledby={titleId}
      disableRestoreFocus
      TransitionProps={{ onExited }}
      data-testid={testId}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {title || t('audit_trail.title')}
      </DialogTitle>
      <DialogContent dividers sx={narrow ? { px: 2 } : undefined}>
        {open && <AuditTrailTable query={query} captionId={titleId} narrow={narrow} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={`${testId}-close`}>
          {t('audit_trail.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
