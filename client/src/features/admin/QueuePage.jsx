/* A review queue (spec §2 Staff routes, §4; issue 12 "Queues"): search, filters and sort in the URL, a data grid
 * paged and sorted on the server, row selection with a bulk "send to next stage" (each row through the state
 * machine; failures reported per row), the Export of the same view (QueueExport: a background job above the server's
 * limit), and the application panel (?application=id). */
import { useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import NextIcon from '@mui/icons-material/ArrowForward';
import { DataGrid } from '@mui/x-data-grid';
import { localizedName } from '../../i18n';
import ReferenceSelect from '../../resources/ReferenceSelect';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import useDebouncedValue from '../../components/useDebouncedValue';
import { DateInput, INVALID_DATE } from '../../components/dates';
import {
  useAdminApplicationsQuery,
  useAdminCampaignsQuery,
  useBulkTransitionMutation,
} from './adminApi';
import {
  FILTERS_BY_SHELL,
  FOREIGN_STATUS_KEYS,
  PAGE_SIZES,
  exportParams,
  queueLabelKey,
  queueRequest,
  searchParamsFromView,
  viewFromSearchParams,
} from './queues';
import { formatDate } from '../../components/dates/dates';
import { gridLocaleText } from './gridLocale';
import ApplicationPanel from './ApplicationPanel';
import QueueExport from './QueueExport';

/** Queues whose rows have a next stage (bulk "send to next stage"). */
const BULK_QUEUES = { foreign: ['applied', 'accepted', 'awaiting-visa'], kz: ['scholarship', 'paid'] };

export function studentName(user) {
  if (!user) return '';
  const name = [user.last_name, user.first_name, user.middle_name].filter(Boolean).join(' ');
  return name || user.email || '';
}

export function statusText(t, row, shellKey) {
  if (!row || row.id === null || row.id === undefined) return t('admin.status.no_application');
  if (shellKey === 'foreign') return t(FOREIGN_STATUS_KEYS[row.status] || 'admin.status.draft');
  if (row.status === -1) return t('admin.status.archived');
  return t('admin.status.step', { step: row.current_step });
}

function selectedIds(model) {
  if (!model) return [];
  if (Array.isArray(model)) return model;
  if (model.ids) return Array.from(model.ids);
  return [];
}

// On a phone each filter takes the row (the date fields' labels were cut at 180 px), the UNT bounds half each.
const FULL_ON_PHONE = { xs: '100%', sm: 'auto' };
const HALF_ON_PHONE = { xs: 'calc(50% - 6px)', sm: 130 };

function Filters({ shellKey, view, setFilter }) {
  const { t } = useTranslation();
  const wanted = FILTERS_BY_SHELL[shellKey];
  const { data: campaigns = [] } = useAdminCampaignsQuery(undefined, { skip: !wanted.includes('year') });
  const years = Array.from(new Set(campaigns.map((c) => c.year))).sort((a, b) => b - a);
  const value = (name) => (view.filters[name] === undefined ? '' : String(view.filters[name]));
  return (
    <Stack direction="row" spacing={1.5} useFlexGap flexWrap="wrap" data-testid="queue-filters">
      {wanted.includes('year') && (
        <TextField
          select
          size="small"
          label={t('admin.filters.year')}
          value={value('year')}
          onChange={(e) => setFilter('year', e.target.value)}
          sx={{ minWidth: 140, width: FULL_ON_PHONE }}
          inputProps={{ 'data-testid': 'filter-year' }}
        >
          <MenuItem value="">{t('admin.filters.any')}</MenuItem>
          {years.map((year) => (
            <MenuItem key={year} value={String(year)}>
              {year}
            </MenuItem>
          ))}
        </TextField>
      )}
      {wanted.includes('nation') && (
        <Box sx={{ minWidth: { sm: 240 }, width: FULL_ON_PHONE }}>
          <ReferenceSelect
            model="Citizenship"
            id="filter-nation"
            label={t('admin.filters.nationality')}
            value={value('nation')}
            onChange={(v) => setFilter('nation', v)}
            emptyLabel={t('admin.filters.any')}
            testId="filter-nation"
          />
        </Box>
      )}
      {wanted.includes('program') && (
        <Box sx={{ minWidth: { sm: 260 }, width: FULL_ON_PHONE }}>
          <ReferenceSelect
            model="StudyProgram"
            id="filter-program"
            label={t('admin.filters.program')}
            value={value('program')}
            onChange={(v) => setFilter('program', v)}
            emptyLabel={t('admin.filters.any')}
            testId="filter-program"
          />
        </Box>
      )}
      {wanted.includes('untFrom') && (
        <TextField
          size="small"
          type="number"
          label={t('admin.filters.unt_from')}
          value={value('untFrom')}
          onChange={(e) => setFilter('untFrom', e.target.value)}
          sx={{ width: HALF_ON_PHONE }}
        />
      )}
      {wanted.includes('untTo') && (
        <TextField
          size="small"
          type="number"
          label={t('admin.filters.unt_to')}
          value={value('untTo')}
          onChange={(e) => setFilter('untTo', e.target.value)}
          sx={{ width: HALF_ON_PHONE }}
        />
      )}
      {wanted.includes('from') && (
        <Box sx={{ width: { xs: '100%', sm: 180 } }}>
          <DateInput
            size="small"
            id="filter-from"
            label={t('admin.filters.from')}
            value={value('from') || null}
            onChange={(iso) => setFilter('from', iso && iso !== INVALID_DATE ? iso : '')}
            testId="filter-from"
          />
        </Box>
      )}
      {wanted.includes('to') && (
        <Box sx={{ width: { xs: '100%', sm: 180 } }}>
          <DateInput
            size="small"
            id="filter-to"
            label={t('admin.filters.to')}
            value={value('to') || null}
            onChange={(iso) => setFilter('to', iso && iso !== INVALID_DATE ? iso : '')}
            testId="filter-to"
          />
        </Box>
      )}
      {wanted.includes('dorm') && (
        <TextField
          select
          size="small"
          label={t('admin.filters.dorm')}
          value={value('dorm')}
          onChange={(e) => setFilter('dorm', e.target.value)}
          sx={{ minWidth: 160, width: FULL_ON_PHONE }}
          inputProps={{ 'data-testid': 'filter-dorm' }}
        >
          <MenuItem value="">{t('admin.filters.any')}</MenuItem>
          <MenuItem value="true">{t('admin.filters.dorm_yes')}</MenuItem>
          <MenuItem value="false">{t('admin.filters.dorm_no')}</MenuItem>
        </TextField>
      )}
    </Stack>
  );
}

function BulkReport({ report, onClose, t }) {
  if (!report) return null;
  const failed = (report.results || []).filter((r) => !r.success);
  return (
    <Dialog open onClose={onClose} aria-labelledby="bulk-report-title" data-testid="bulk-report">
      <DialogTitle id="bulk-report-title">{t('admin.bulk.report_title')}</DialogTitle>
      <DialogContent>
        <Typography data-testid="bulk-summary">
          {t('admin.bulk.summary', { succeeded: report.succeeded, failed: report.failed })}
        </Typography>
        {failed.length > 0 && (
          <List dense data-testid="bulk-failures">
            {failed.map((row) => (
              <ListItem key={row.id}>
                <ListItemText primary={t('admin.bulk.row', { id: row.id })} secondary={row.message} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export default function QueuePage({ shell }) {
  const { t, i18n } = useTranslation();
  const { queue } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const { showError } = useSnackbar();
  const view = useMemo(() => viewFromSearchParams(searchParams, shell.key), [searchParams, shell.key]);
  const [searchText, setSearchText] = useState(view.search);
  const debouncedSearch = useDebouncedValue(searchText, 350);
  const [selection, setSelection] = useState({ type: 'include', ids: new Set() });
  const [report, setReport] = useState(null);
  const openId = Number(searchParams.get('application')) || null;

  const update = (changes, { keepPage = false } = {}) => {
    const next = { ...view, ...changes };
    if (!keepPage) next.page = 1;
    const params = searchParamsFromView(next);
    if (openId && !('application' in changes)) params.application = String(openId);
    if (changes.application) params.application = String(changes.application);
    setSearchParams(params);
  };

  useEffect(() => {
    if (debouncedSearch !== view.search) update({ search: debouncedSearch });
    // Only a settled search changes the URL; other changes come through update().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);

  useEffect(() => setSelection({ type: 'include', ids: new Set() }), [queue, shell.key]);

  const request = useMemo(() => queueRequest(shell.key, queue, view), [shell.key, queue, view]);
  const { data, isFetching, error } = useAdminApplicationsQuery(request);
  const [bulk, { isLoading: bulkBusy }] = useBulkTransitionMutation();

  const rows = (data && data.list) || [];
  const ids = selectedIds(selection);
  const canBulk = (BULK_QUEUES[shell.key] || []).includes(queue);
  const lng = i18n.resolvedLanguage || i18n.language;

  const setFilter = (name, value) => update({ filters: { ...view.filters, [name]: value === '' ? undefined : value } });
  const openPanel = (id) => update({ application: id }, { keepPage: true });
  const closePanel = () => {
    const params = searchParamsFromView(view);
    setSearchParams(params);
  };

  const runBulk = async () => {
    try {
      const answer = await bulk({ ids: ids.map(Number), transition: 'next' }).unwrap();
      setReport(answer);
      setSelection({ type: 'include', ids: new Set() });
    } catch (e) {
      showError(apiErrorMessage(e, t, i18n));
    }
  };

  const columns = [
    {
      field: 'student',
      headerName: t('admin.columns.student'),
      flex: 1.4,
      minWidth: 200,
      valueGetter: (_v, row) => studentName(row.user),
      renderCell: ({ row }) => (
        <Box sx={{ lineHeight: 1.3, py: 0.5 }}>
          <div>{studentName(row.user)}</div>
          <Typography variant="caption" color="text.secondary">
            {row.user && row.user.email}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'citizenship',
      headerName: t('admin.columns.citizenship'),
      flex: 1,
      minWidth: 140,
      valueGetter: (_v, row) => localizedName(row.citizenship, lng),
    },
    {
      field: 'submittedAt',
      headerName: t('admin.columns.submitted'),
      width: 120,
      valueGetter: (_v, row) => formatDate(row.submittedAt),
    },
    {
      field: 'study_program',
      headerName: t('admin.columns.program'),
      flex: 1.2,
      minWidth: 180,
      valueGetter: (_v, row) => localizedName(row.study_program, lng),
    },
    ...(shell.key === 'foreign'
      ? [
          {
            field: 'need_dorm',
            headerName: t('admin.columns.dorm'),
            width: 110,
            valueGetter: (_v, row) =>
              row.need_dorm === null || row.need_dorm === undefined ? '' : t(row.need_dorm ? 'admin.common.yes' : 'admin.common.no'),
          },
        ]
      : []),
    { field: 'documents_count', headerName: t('admin.columns.documents'), width: 110, type: 'number' },
    ...(shell.key === 'kz'
      ? [
          {
            field: 'social_category',
            headerName: t('admin.columns.social_category'),
            flex: 1,
            minWidth: 150,
            sortable: false,
            valueGetter: (_v, row) => (row.social_category || []).map((c) => localizedName(c, lng)).join(', '),
          },
          { field: 'unt_score', headerName: t('admin.columns.unt_score'), width: 110, type: 'number' },
        ]
      : []),
    {
      field: 'status',
      headerName: t('admin.columns.status'),
      width: 150,
      renderCell: ({ row }) => <Chip size="small" label={statusText(t, row, shell.key)} />,
    },
    {
      field: 'actions',
      headerName: t('admin.columns.actions'),
      width: 120,
      sortable: false,
      renderCell: ({ row }) =>
        row.id ? (
          <Button size="small" onClick={() => openPanel(row.id)} data-testid={`open-${row.id}`}>
            {t('admin.open')}
          </Button>
        ) : null,
    },
  ];

  const sortModel = view.sort ? [{ field: view.sort.field, sort: view.sort.direction }] : [];

  return (
    <Box data-testid={`queue-${queue}`}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }} sx={{ mb: 2 }}>
        <Typography component="h1" variant="h5" sx={{ flexGrow: 1 }}>
          {t(queueLabelKey(shell.key, queue))}
        </Typography>
        {canBulk && (
          <Button
            variant="contained"
            startIcon={<NextIcon aria-hidden="true" />}
            disabled={!ids.length || bulkBusy}
            onClick={runBulk}
            data-testid="bulk-next"
          >
            {t('admin.bulk.next', { count: ids.length })}
          </Button>
        )}
        <QueueExport
          shellKey={shell.key}
          segment={shell.segment}
          params={exportParams(shell.key, queue, view, lng)}
          total={data ? data.total : undefined}
          limit={data ? data.export_sync_max_rows : undefined}
        />
      </Stack>
      <Stack spacing={2} sx={{ mb: 2 }}>
        <TextField
          size="small"
          type="search"
          label={t('admin.search')}
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          inputProps={{ maxLength: 100, 'data-testid': 'queue-search' }}
        />
        <Filters shellKey={shell.key} view={view} setFilter={setFilter} />
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {apiErrorMessage(error, t, i18n)}
        </Alert>
      )}
      <Box sx={{ width: '100%' }} data-testid="queue-grid">
        <DataGrid
          aria-label={t(queueLabelKey(shell.key, queue))}
          rows={rows}
          columns={columns}
          getRowId={(row) => row.id || `user-${row.user && row.user.id}`}
          rowCount={(data && data.total) || 0}
          loading={isFetching}
          paginationMode="server"
          sortingMode="server"
          paginationModel={{ page: view.page - 1, pageSize: view.size }}
          onPaginationModelChange={(model) => update({ page: model.page + 1, size: model.pageSize }, { keepPage: true })}
          pageSizeOptions={PAGE_SIZES}
          sortModel={sortModel}
          onSortModelChange={(model) =>
            update({ sort: model.length ? { field: model[0].field, direction: model[0].sort || 'asc' } : null })
          }
          checkboxSelection={canBulk}
          isRowSelectable={({ row }) => Boolean(row.id)}
          rowSelectionModel={selection}
          onRowSelectionModelChange={setSelection}
          keepNonExistentRowsSelected
          disableColumnMenu
          disableColumnFilter
          autoHeight
          getRowHeight={() => 'auto'}
          localeText={gridLocaleText(t, lng)}
        />
      </Box>
      <BulkReport report={report} onClose={() => setReport(null)} t={t} />
      {openId && <ApplicationPanel applicationId={openId} shell={shell} onClose={closePanel} />}
    </Box>
  );
}
