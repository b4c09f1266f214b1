/* A queue's rows as a data grid paged and sorted on the server (the page, size and sort are the URL's view), with
 * row selection for the bulk move, each row's "Open" (the application panel) and "Next" (its next stage, asked first:
 * QueueRowNext). The columns a narrower grid cannot hold are hidden by priority (columnFit.js, issue 23). */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid } from '@mui/x-data-grid';
import { localizedName } from '../../i18n';
import { formatDate } from '../../components/dates/dates';
import { statusText, studentName } from './applicationLabels';
import { gridLocaleText } from './gridLocale';
import { PAGE_SIZES } from './queues';
import { hiddenColumns } from './columnFit';

const yesNo = (t, value) => (value === null || value === undefined ? '' : t(value ? 'admin.common.yes' : 'admin.common.no'));
const DASH = '—';

/** The columns of a shell's queues in req §2's order (issue 23): foreign — student, citizenship, submitted, program,
 * dormitory, documents, social category, status, UNT (a dash: foreigners sit no UNT), actions; citizens — student,
 * submitted, program, social category, dormitory, documents, UNT, status, actions (their citizenship is always
 * Kazakhstan). `priority` (0: always shown) and `minWidth` decide what a narrower grid hides (columnFit.js): the
 * minimum widths add up to what a 1366 px screen holds beside the menu once the least important columns go. */
export function queueColumns({ t, lng, shellKey, onOpen, onNext }) {
  const student = {
    field: 'student',
    headerName: t('admin.columns.student'),
    flex: 1.4,
    minWidth: 140,
    priority: 0,
    valueGetter: (_v, row) => studentName(row.user),
    renderCell: ({ row }) => (
      <Box sx={{ lineHeight: 1.3, py: 0.5, minWidth: 0, overflowWrap: 'anywhere' }}>
        <div>{studentName(row.user)}</div>
        <Typography variant="caption" color="text.secondary">
          {row.user && row.user.email}
        </Typography>
        {/* The applicant's replies staff have not opened (decision 0084): in the student's cell, no column of its own. */}
        {row.unread_messages > 0 && (
          <Chip
            size="small"
            color="error"
            sx={{ display: 'flex', width: 'fit-content', mt: 0.25 }}
            label={t('app_messages.staff_unread', { count: row.unread_messages })}
            data-testid={`row-unread-${row.id}`}
          />
        )}
      </Box>
    ),
  };
  const citizenship = {
    field: 'citizenship',
    headerName: t('admin.columns.citizenship'),
    flex: 1,
    minWidth: 134,
    priority: 4,
    valueGetter: (_v, row) => localizedName(row.citizenship, lng),
  };
  const submitted = {
    field: 'submittedAt',
    headerName: t('admin.columns.submitted'),
    width: 100,
    minWidth: 100,
    priority: 3,
    valueGetter: (_v, row) => formatDate(row.submittedAt),
  };
  const program = {
    field: 'study_program',
    headerName: t('admin.columns.program'),
    flex: 1.2,
    minWidth: 120,
    priority: 1,
    valueGetter: (_v, row) => localizedName(row.study_program, lng),
  };
  const dorm = {
    field: 'need_dorm',
    headerName: t('admin.columns.dorm'),
    width: 112,
    minWidth: 112,
    priority: shellKey === 'foreign' ? 2 : 5,
    valueGetter: (_v, row) => yesNo(t, row.need_dorm),
  };
  const documents = {
    field: 'documents_count',
    headerName: t('admin.columns.documents'),
    width: 112,
    minWidth: 112,
    priority: 6,
    type: 'number',
  };
  const social = {
    field: 'social_category',
    headerName: t('admin.columns.social_category'),
    flex: 1,
    minWidth: 130,
    priority: shellKey === 'foreign' ? 8 : 2,
    sortable: false,
    valueGetter: (_v, row) => (row.social_category || []).map((c) => localizedName(c, lng)).join(', '),
  };
  const unt = {
    field: 'unt_score',
    headerName: t('admin.columns.unt_score'),
    width: 84,
    minWidth: 84,
    priority: shellKey === 'foreign' ? 7 : 4,
    type: 'number',
    // foreign applicants sit no UNT: req §2 shows the column with a dash
    valueFormatter: (value) => (value === null || value === undefined ? DASH : value),
  };
  const status = {
    field: 'status',
    headerName: t('admin.columns.status'),
    width: 124,
    minWidth: 124,
    // Hidden only when nothing else is left to hide (a phone): the actions must stay reachable, and a clipped
    // "Открыть" was covered when tabbed to (WCAG 2.4.11); the panel shows the status.
    priority: 0.5,
    renderCell: ({ row }) => (
      <Chip
        size="small"
        label={statusText(t, row, shellKey)}
        sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
      />
    ),
  };
  const actions = {
    field: 'actions',
    headerName: t('admin.columns.actions'),
    width: 160,
    minWidth: 160,
    priority: 0,
    sortable: false,
    renderCell: ({ row }) =>
      row.id ? (
        <Stack direction="row" spacing={0.5} sx={{ py: 0.5 }}>
          <Button size="small" onClick={() => onOpen(row.id)} data-testid={`open-${row.id}`}>
            {t('admin.open')}
          </Button>
          {row.next_stage && onNext && (
            <Button
              size="small"
              variant="outlined"
              onClick={(event) => {
                event.stopPropagation(); // a click on the row would also select it for the bulk move
                onNext(row);
              }}
              aria-label={t('seams.row_next.aria', { id: row.id, name: studentName(row.user) })}
              data-testid={`row-next-${row.id}`}
            >
              {t('seams.row_next.label')}
            </Button>
          )}
        </Stack>
      ) : null,
  };
  return shellKey === 'foreign'
    ? [student, citizenship, submitted, program, dorm, documents, social, status, unt, actions]
    : [student, submitted, program, social, dorm, documents, unt, status, actions];
}

/** The width of the grid's box, followed as the window or the menu changes it (null until measured). */
function useWidth(ref) {
  const [width, setWidth] = useState(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

export default function QueueTable({ label, shellKey, data, loading, view, update, selectable, selection, onSelectionChange, onOpen, onNext }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage || i18n.language;
  const box = useRef(null);
  const width = useWidth(box);
  const columns = queueColumns({ t, lng, shellKey, onOpen, onNext });
  // The grid's own vertical scrollbar is not there (autoHeight): its whole width is for the columns.
  const columnVisibilityModel = hiddenColumns(columns, width, { selectable });
  const sortModel = view.sort ? [{ field: view.sort.field, sort: view.sort.direction }] : [];
  return (
    <Box sx={{ width: '100%' }} ref={box} data-testid="queue-grid">
      <DataGrid
        aria-label={label}
        rows={(data && data.list) || []}
        columns={columns}
        columnVisibilityModel={columnVisibilityModel}
        columnHeaderHeight={64}
        getRowId={(row) => row.id || `user-${row.user && row.user.id}`}
        rowCount={(data && data.total) || 0}
        loading={loading}
        paginationMode="server"
        sortingMode="server"
        paginationModel={{ page: view.page - 1, pageSize: view.size }}
        onPaginationModelChange={(model) => update({ page: model.page + 1, size: model.pageSize }, { keepPage: true })}
        pageSizeOptions={PAGE_SIZES}
        sortModel={sortModel}
        onSortModelChange={(model) =>
          update({ sort: model.length ? { field: model[0].field, direction: model[0].sort || 'asc' } : null })
        }
        checkboxSelection={selectable}
        isRowSelectable={({ row }) => Boolean(row.id)}
        rowSelectionModel={selection}
        onRowSelectionModelChange={onSelectionChange}
        keepNonExistentRowsSelected
        disableColumnMenu
        disableColumnFilter
        autoHeight
        getRowHeight={() => 'auto'}
        localeText={gridLocaleText(t, lng)}
        // Long column titles ("Социальная категория", "Әлеуметтік санат") wrap instead of being cut.
        sx={{
          '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.2 },
          // the last column's resize handle hangs past the grid's edge: it made the rows scroll sideways by 5 px
          '& .MuiDataGrid-columnHeader[data-field="actions"] .MuiDataGrid-columnSeparator': { display: 'none' },
          '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
        }}
      />
    </Box>
  );
}
