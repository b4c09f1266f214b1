/* A queue's rows as a data grid paged and sorted on the server (the page, size and sort are the URL's view), with
 * row selection for the bulk move and each row's "Open" (the application panel). */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { DataGrid } from '@mui/x-data-grid';
import { localizedName } from '../../i18n';
import { formatDate } from '../../components/dates/dates';
import { statusText, studentName } from './applicationLabels';
import { gridLocaleText } from './gridLocale';
import { PAGE_SIZES } from './queues';

/** The columns of a shell's queues: the foreign shell shows the dormitory wish, the citizens' shell the social
 * categories and the UNT score. */
function queueColumns({ t, lng, shellKey, onOpen }) {
  return [
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
    ...(shellKey === 'foreign'
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
    ...(shellKey === 'kz'
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
      renderCell: ({ row }) => <Chip size="small" label={statusText(t, row, shellKey)} />,
    },
    {
      field: 'actions',
      headerName: t('admin.columns.actions'),
      width: 120,
      sortable: false,
      renderCell: ({ row }) =>
        row.id ? (
          <Button size="small" onClick={() => onOpen(row.id)} data-testid={`open-${row.id}`}>
            {t('admin.open')}
          </Button>
        ) : null,
    },
  ];
}

export default function QueueTable({ label, shellKey, data, loading, view, update, selectable, selection, onSelectionChange, onOpen }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage || i18n.language;
  const sortModel = view.sort ? [{ field: view.sort.field, sort: view.sort.direction }] : [];
  return (
    <Box sx={{ width: '100%' }} data-testid="queue-grid">
      <DataGrid
        aria-label={label}
        rows={(data && data.list) || []}
        columns={queueColumns({ t, lng, shellKey, onOpen })}
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
      />
    </Box>
  );
}
