/* Settings → the state-grant holders list (issue 23, decision 0086), for the citizens' admin: upload a year's xlsx
 * and see its preview (matched / unmatched / duplicates / row errors, a page at a time), apply it, see the past
 * imports and undo the year's last one. The server checks everything again (role, the optimistic check on apply,
 * the undo's refusal once applications moved on); this screen says what it answered. */
import { useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { API_BASE } from '../../api/baseApi';
import { apiErrorMessage } from '../../components/apiError';
import ConfirmDialog from '../../components/ConfirmDialog';
import { formatDateTime } from '../../components/dates/dates';
import useDocumentTitle from '../../components/focus/useDocumentTitle';
import PagedResults, { ResultsTable } from '../../components/PagedResults';
import { useSnackbar } from '../../components/SnackbarProvider';
import { selectToken } from '../../session/sessionSlice';
import {
  useApplyGrantImportMutation,
  useGrantImportQuery,
  useGrantImportRowsQuery,
  useGrantImportsQuery,
  usePreviewGrantImportMutation,
  useUndoGrantImportMutation,
} from './grantImportsApi';

export const HISTORY_PAGE_SIZE = 10;
export const ROWS_PAGE_SIZE = 20;
export const CATEGORIES = ['matched', 'unmatched', 'duplicate', 'error'];
const COUNT_OF = { matched: 'matched', unmatched: 'unmatched', duplicate: 'duplicates', error: 'errors' };

/** The rows a tab lists: "Duplicates" holds repeats within the file and valid rows already on the list (disjoint). */
function tabCount(counts, key) {
  return key === 'duplicate' ? counts.duplicates + counts.already_listed : counts[COUNT_OF[key]];
}
const YEAR_MIN = 2000;
const YEAR_MAX = 2100;

function staffName(person) {
  if (!person) return '';
  const name = [person.last_name, person.first_name].filter(Boolean).join(' ');
  return name || person.email;
}

// ------------------------------------------------------------------------------------------------------- upload

function UploadForm({ onPreviewed }) {
  const { t, i18n } = useTranslation();
  const token = useSelector(selectToken);
  const [year, setYear] = useState(String(new Date().getFullYear()));
  const [file, setFile] = useState(null);
  const [error, setError] = useState('');
  const inputRef = useRef(null);
  const [previewImport, { isLoading }] = usePreviewGrantImportMutation();
  const { showError } = useSnackbar();
  const yearNumber = Number(year);
  const yearValid = Number.isInteger(yearNumber) && yearNumber >= YEAR_MIN && yearNumber <= YEAR_MAX;

  const submit = async (event) => {
    event.preventDefault();
    if (!file || !yearValid) return;
    setError('');
    const result = await previewImport({ year: yearNumber, file });
    if (result.error) {
      setError(apiErrorMessage(result.error, t, i18n, 'settings_grants.upload.failed'));
      return;
    }
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
    onPreviewed(result.data.item.id);
  };

  // The template comes with the staff token, so it is fetched, not linked.
  const downloadTemplate = async () => {
    try {
      const response = await fetch(`${API_BASE}/admin/gov-grants/template`, {
        headers: { Authorization: `Bearer ${token}`, 'Accept-Language': i18n.language },
      });
      if (!response.ok) throw new Error(String(response.status));
      const link = document.createElement('a');
      link.href = URL.createObjectURL(await response.blob());
      link.download = 'gov_grant_holders_template.xlsx';
      link.click();
      URL.revokeObjectURL(link.href);
    } catch {
      showError(t('settings_grants.upload.template_failed'));
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="grants-upload-title" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
      <Typography id="grants-upload-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('settings_grants.upload.title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('settings_grants.upload.hint')}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'flex-start' }}>
          <TextField
            label={t('settings_grants.upload.year')}
            type="number"
            value={year}
            onChange={(event) => setYear(event.target.value)}
            error={!yearValid}
            helperText={yearValid ? ' ' : t('settings_grants.upload.year_range', { min: YEAR_MIN, max: YEAR_MAX })}
            inputProps={{ min: YEAR_MIN, max: YEAR_MAX, 'data-testid': 'grants-year' }}
            sx={{ width: { xs: '100%', md: 160 } }}
          />
          <Box>
            {/* A button that opens the hidden file input: a <label> styled as a button is not a button to axe. */}
            <Button variant="outlined" onClick={() => inputRef.current && inputRef.current.click()} sx={{ mt: { md: 1 } }}>
              {t('settings_grants.upload.choose')}
            </Button>
            <input
              ref={inputRef}
              type="file"
              hidden
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(event) => setFile(event.target.files && event.target.files[0] ? event.target.files[0] : null)}
              data-testid="grants-file"
            />
            <Typography variant="body2" sx={{ mt: 0.5 }} aria-live="polite" data-testid="grants-file-name">
              {file ? file.name : t('settings_grants.upload.no_file')}
            </Typography>
          </Box>
          <Button
            type="submit"
            variant="contained"
            disabled={!file || !yearValid || isLoading}
            sx={{ mt: { md: 1 } }}
            data-testid="grants-preview-button"
          >
            {isLoading ? t('settings_grants.upload.checking') : t('settings_grants.upload.submit')}
          </Button>
          <Button onClick={downloadTemplate} sx={{ mt: { md: 1 } }}>
            {t('settings_grants.upload.template')}
          </Button>
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="grants-upload-error">
            {error}
          </Alert>
        )}
      </Box>
    </Paper>
  );
}

// ------------------------------------------------------------------------------------------------------ preview

function RowsTable({ importId, category }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const { data, isFetching } = useGrantImportRowsQuery({ id: importId, category, page: page + 1, perPage: ROWS_PAGE_SIZE });
  const rows = (data && data.list) || [];
  return (
    <PagedResults
      data={data}
      emptyText={t(`settings_grants.preview.empty.${category}`)}
      emptyTestId={`grants-rows-empty-${category}`}
      page={page}
      pageSize={ROWS_PAGE_SIZE}
      onPageChange={setPage}
    >
      <ResultsTable
        size="small"
        label={t(`settings_grants.preview.tabs.${category}`)}
        busy={isFetching}
        testId={`grants-rows-${category}`}
        head={
          <>
            <TableCell scope="col">{t('settings_grants.preview.columns.row')}</TableCell>
            <TableCell scope="col">{t('settings_grants.preview.columns.iin')}</TableCell>
            <TableCell scope="col">{t('settings_grants.preview.columns.full_name')}</TableCell>
            <TableCell scope="col" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
              {t('settings_grants.preview.columns.programme_group')}
            </TableCell>
            <TableCell scope="col" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
              {t('settings_grants.preview.columns.grant_kind')}
            </TableCell>
            <TableCell scope="col">{t('settings_grants.preview.columns.note')}</TableCell>
          </>
        }
      >
        {rows.map((row) => (
          <TableRow key={row.row_number} data-testid={`grants-row-${row.row_number}`}>
            <TableCell component="th" scope="row">
              {row.row_number}
            </TableCell>
            <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{row.iin}</TableCell>
            <TableCell>{row.full_name}</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{row.programme_group}</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{row.grant_kind}</TableCell>
            <TableCell>
              {row.errors.map((text) => (
                <Typography key={text} variant="body2" color="error.dark">
                  {text}
                </Typography>
              ))}
              {row.application_id && (
                <Typography variant="body2">{t('settings_grants.preview.application', { id: row.application_id })}</Typography>
              )}
              {row.already_listed && <Typography variant="body2">{t('settings_grants.preview.already_listed')}</Typography>}
            </TableCell>
          </TableRow>
        ))}
      </ResultsTable>
    </PagedResults>
  );
}

function applyBlocker(item) {
  if (item.status !== 'previewed') return `settings_grants.status_text.${item.status}`;
  if (item.counts.errors || item.counts.duplicates) return 'settings_grants.preview.blocked_errors';
  if (!item.can_apply) return 'settings_grants.preview.blocked_stale';
  return null;
}

function ImportPreview({ importId, onClose }) {
  const { t, i18n } = useTranslation();
  const { showSuccess, showError } = useSnackbar();
  const [category, setCategory] = useState('matched');
  const [confirming, setConfirming] = useState(false);
  const { data, isError, error } = useGrantImportQuery(importId);
  const [applyImport, applyState] = useApplyGrantImportMutation();
  if (isError) return <Alert severity="error" sx={{ mb: 3 }}>{apiErrorMessage(error, t, i18n)}</Alert>;
  if (!data) return null;
  const item = data.item;
  const blocker = applyBlocker(item);
  const valid = item.counts.matched + item.counts.unmatched;

  const apply = async () => {
    const result = await applyImport(item.id);
    setConfirming(false);
    if (result.error) showError(apiErrorMessage(result.error, t, i18n));
    else showSuccess(t('settings_grants.preview.applied', { year: item.year, count: valid }));
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="grants-preview-title" sx={{ p: { xs: 2, md: 3 }, mb: 3 }} data-testid="grants-preview">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
        <Typography id="grants-preview-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('settings_grants.preview.title', { file: item.file_name, year: item.year })}
        </Typography>
        <Chip label={t(`settings_grants.status.${item.status}`)} color={item.status === 'applied' ? 'success' : 'default'} data-testid="grants-preview-status" />
      </Stack>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(6, auto)' }, gap: 1, m: 0, mb: 2 }} data-testid="grants-counts">
        {['rows', 'matched', 'unmatched', 'duplicates', 'already_listed', 'errors'].map((key) => (
          <Box key={key}>
            <Typography component="dt" variant="body2">
              {t(`settings_grants.counts.${key}`)}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }} data-testid={`grants-count-${key}`}>
              {item.counts[key]}
            </Typography>
          </Box>
        ))}
      </Box>
      <Tabs
        value={category}
        onChange={(_event, next) => setCategory(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('settings_grants.preview.tabs_label')}
      >
        {CATEGORIES.map((key) => (
          <Tab
            key={key}
            value={key}
            id={`grants-tab-${key}`}
            aria-controls="grants-tabpanel"
            label={t(`settings_grants.preview.tabs.${key}`, { count: tabCount(item.counts, key) })}
            data-testid={`grants-tab-${key}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="grants-tabpanel" aria-labelledby={`grants-tab-${category}`} sx={{ pt: 1 }}>
        <RowsTable key={category} importId={item.id} category={category} />
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mt: 2 }}>
        {item.status === 'previewed' && (
          <Button variant="contained" disabled={Boolean(blocker)} onClick={() => setConfirming(true)} aria-haspopup="dialog" data-testid="grants-apply-button">
            {t('settings_grants.preview.apply')}
          </Button>
        )}
        <Button onClick={onClose}>{t('settings_grants.preview.close')}</Button>
        {blocker && (
          <Typography variant="body2" data-testid="grants-apply-blocker">
            {t(blocker, { year: item.year })}
          </Typography>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('settings_grants.confirm.apply_title', { year: item.year })}
        text={t('settings_grants.confirm.apply_text', { year: item.year, count: valid })}
        confirmLabel={t('settings_grants.confirm.apply_button')}
        onConfirm={apply}
        onCancel={() => setConfirming(false)}
        busy={applyState.isLoading}
        testId="grants-apply-confirm"
      />
    </Paper>
  );
}

// ------------------------------------------------------------------------------------------------- past imports

function History({ selectedId, onOpen }) {
  const { t, i18n } = useTranslation();
  const { showSuccess, showError } = useSnackbar();
  const [page, setPage] = useState(0);
  const [undoing, setUndoing] = useState(null);
  const { data, isError, error, isFetching } = useGrantImportsQuery({ page: page + 1, perPage: HISTORY_PAGE_SIZE });
  const [undoImport, undoState] = useUndoGrantImportMutation();
  const items = (data && data.list) || [];

  const undo = async () => {
    const item = undoing;
    const result = await undoImport(item.id);
    setUndoing(null);
    if (result.error) showError(apiErrorMessage(result.error, t, i18n));
    else showSuccess(t('settings_grants.history.undone', { year: item.year }));
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="grants-history-title" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id="grants-history-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('settings_grants.history.title')}
      </Typography>
      <PagedResults
        data={data}
        isError={isError}
        error={error}
        emptyText={t('settings_grants.history.empty')}
        emptyTestId="grants-history-empty"
        page={page}
        pageSize={HISTORY_PAGE_SIZE}
        onPageChange={setPage}
      >
        <ResultsTable
          size="small"
          label={t('settings_grants.history.title')}
          busy={isFetching}
          testId="grants-history"
          head={
            <>
              <TableCell scope="col">{t('settings_grants.history.columns.file')}</TableCell>
              <TableCell scope="col">{t('settings_grants.history.columns.year')}</TableCell>
              <TableCell scope="col" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                {t('settings_grants.history.columns.who')}
              </TableCell>
              <TableCell scope="col" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                {t('settings_grants.history.columns.counts')}
              </TableCell>
              <TableCell scope="col">{t('settings_grants.history.columns.status')}</TableCell>
              <TableCell scope="col">{t('settings_grants.history.columns.actions')}</TableCell>
            </>
          }
        >
          {items.map((item) => (
            <TableRow key={item.id} selected={item.id === selectedId} data-testid={`grants-history-row-${item.id}`}>
              <TableCell component="th" scope="row">
                <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                  {item.file_name}
                </Typography>
                <Typography variant="body2">{formatDateTime(item.applied_at || item.created_at)}</Typography>
              </TableCell>
              <TableCell>{item.year}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                {staffName(item.undone_by || item.applied_by || item.created_by)}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                {t('settings_grants.history.counts', {
                  rows: item.counts.rows,
                  matched: item.counts.matched,
                  errors: item.counts.errors + item.counts.duplicates,
                })}
              </TableCell>
              <TableCell>{t(`settings_grants.status.${item.status}`)}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
                  <Button
                    size="small"
                    onClick={() => onOpen(item.id)}
                    aria-label={t('settings_grants.history.open_for', { file: item.file_name, year: item.year })}
                    data-testid={`grants-open-${item.id}`}
                  >
                    {t('settings_grants.history.open')}
                  </Button>
                  {item.can_undo && (
                    <Button
                      size="small"
                      // error.dark: the theme's error red is below 4.5:1 on a selected row's tint.
                      sx={{ color: 'error.dark' }}
                      onClick={() => setUndoing(item)}
                      aria-haspopup="dialog"
                      aria-label={t('settings_grants.history.undo_for', { file: item.file_name, year: item.year })}
                      data-testid={`grants-undo-${item.id}`}
                    >
                      {t('settings_grants.history.undo')}
                    </Button>
                  )}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </ResultsTable>
      </PagedResults>
      <ConfirmDialog
        open={Boolean(undoing)}
        title={undoing ? t('settings_grants.confirm.undo_title', { year: undoing.year }) : ''}
        text={undoing ? t('settings_grants.confirm.undo_text', { year: undoing.year, file: undoing.file_name }) : ''}
        confirmLabel={t('settings_grants.confirm.undo_button')}
        onConfirm={undo}
        onCancel={() => setUndoing(null)}
        busy={undoState.isLoading}
        testId="grants-undo-confirm"
      />
    </Paper>
  );
}

/** The section page (app/admin/settingsSections.js). The open preview is in the URL (?import=<id>): a reload or a
 * shared link shows the same one. */
export default function GrantImportsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('import')) || null;
  useDocumentTitle(t('settings_grants.title'), t('admin_shell.title'));
  const open = (id) => setParams(id ? { import: String(id) } : {});
  return (
    <Box data-testid="settings-grants-page">
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('settings_grants.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('settings_grants.intro')}</Typography>
      <UploadForm onPreviewed={open} />
      {selected && <ImportPreview key={selected} importId={selected} onClose={() => open(null)} />}
      <History selectedId={selected} onOpen={open} />
    </Box>
  );
}
