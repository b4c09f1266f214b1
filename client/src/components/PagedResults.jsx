/* A server-paged list on a staff screen (Settings, staff accounts): what failed to load, what the page says when
 * it holds nothing, the results themselves, and the pager once there is more than one page. The labels of the
 * pager are the audit trail's, so every staff list pages alike in the three languages. */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { apiErrorMessage } from './apiError';

/** The pages of `total` items, `size` a page; nothing when they fit on one. `page` counts from 0. */
export function Pager({ total, page, size, onPage }) {
  const { t } = useTranslation();
  if (!(total > size)) return null;
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={size}
      rowsPerPageOptions={[size]}
      onPageChange={(_event, next) => onPage(next)}
      labelDisplayedRows={({ from, to, count }) => t('audit_trail.displayed', { from, to, count })}
      getItemAriaLabel={(type) => t(`audit_trail.page_${type}`)}
    />
  );
}

/** A table of results: `label` names it for assistive technology, `head` holds its column header cells and the
 * children its rows; `busy` while a newer page is on its way. */
export function ResultsTable({ label, busy, testId, head, size, children }) {
  return (
    <TableContainer>
      <Table size={size} aria-label={label} aria-busy={busy ? 'true' : 'false'} data-testid={testId}>
        <TableHead>
          <TableRow>{head}</TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * One page of a list query's answer (`data`: {list, total}, undefined until the first answer): the query's error,
 * `emptyText` when the page lists nothing, the children (the results, shown only when there are some) and the pager.
 */
export default function PagedResults({ data, isError, error, emptyText, emptyTestId, page, pageSize, onPageChange, children }) {
  const { t, i18n } = useTranslation();
  const count = data && data.list ? data.list.length : 0;
  return (
    <>
      {isError && <Alert severity="error">{apiErrorMessage(error, t, i18n)}</Alert>}
      {data && count === 0 && (
        <Typography sx={{ py: 2 }} data-testid={emptyTestId}>
          {emptyText}
        </Typography>
      )}
      {count > 0 && children}
      {data && <Pager total={data.total} page={page} size={pageSize} onPage={onPageChange} />}
    </>
  );
}
