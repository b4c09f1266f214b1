import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import { endpointsFor, useGetModelMetaQuery } from '../api/generated';
import { rowsOf } from '../api/listAnswer';
import { formatDate, formatDateTime } from '../components/dates/dates';
import { choiceLabel, fieldLabel, pageSizeOptions, rowTitle } from './resource';
import { formatMoney, formatNumber } from '../i18n/format';

/**
 * The title of a referenced row. Every cell of a column asks for the same rows (the ids on the page, by an `in`
 * filter on the generated find), so a page costs one request per referenced model, whatever the model's size.
 */
function ReferenceCell({ model, ids, value }) {
  const { i18n } = useTranslation();
  const { data: meta } = useGetModelMetaQuery(model);
  const { data } = endpointsFor(model).find.useQuery({ filters: { id: { in: ids } } }, { skip: ids.length === 0 });
  if (value === null || value === undefined) return '—';
  const row = rowsOf(data).find((r) => r.id === value);
  return row ? rowTitle(row, meta ? meta.display_field : 'name', i18n.language) : `#${value}`;
}

function CellValue({ model, field, value, referenceIds }) {
  const { t, i18n } = useTranslation();
  if (field.references) return <ReferenceCell model={field.references} ids={referenceIds} value={value} />;
  if (value === null || value === undefined || value === '') return '—';
  if (field.type === 'boolean') return value ? t('crud.yes') : t('crud.no');
  if (field.choices) return choiceLabel(t, model, field.name, value);
  if (field.type === 'json') return JSON.stringify(value);
  if (field.type === 'datetime') return formatDateTime(value);
  if (field.type === 'date') return formatDate(value);
  if (field.format === 'money') return formatMoney(value, i18n.language);
  if (field.type === 'integer') return formatNumber(value, i18n.language);
  return String(value);
}

const alignOf = (column) => (column.type === 'integer' && !column.references ? 'right' : 'left');

function RowActions({ model, row, name, rowActions, permissions, onEdit, onDelete }) {
  const { t } = useTranslation();
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
      {rowActions.map((action) => (
        <Tooltip key={action.key} title={t(action.labelKey, { name })}>
          <IconButton
            size="small"
            aria-label={t(action.labelKey, { name })}
            onClick={() => action.onClick(row)}
            data-testid={`resource-${action.key}-${model}-${row.id}`}
          >
            {action.icon}
          </IconButton>
        </Tooltip>
      ))}
      {permissions.update && (
        <Tooltip title={t('crud.edit_row', { name })}>
          <IconButton
            size="small"
            aria-label={t('crud.edit_row', { name })}
            onClick={() => onEdit(row)}
            data-testid={`resource-edit-${model}-${row.id}`}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {permissions.delete && (
        <Tooltip title={t('crud.delete_row', { name })}>
          <IconButton
            size="small"
            color="error"
            aria-label={t('crud.delete_row', { name })}
            onClick={() => onDelete(row)}
            data-testid={`resource-delete-${model}-${row.id}`}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </TableCell>
  );
}

/**
 * The rows of one page: sortable column headers (third click = the model's default order), cells formatted by
 * field type, the display column as a link when `rowLink` is given, row actions by permission, and the pager.
 */
export default function ResourceTable({
  model,
  meta,
  columns,
  pluralLabel,
  rows,
  total,
  page,
  size,
  sort,
  onSort,
  onPageChange,
  onPageSizeChange,
  fetching,
  failed,
  rowLink,
  rowActions = [],
  onEdit,
  onDelete,
}) {
  const { t, i18n } = useTranslation();
  const { permissions } = meta;
  const nameOf = (row) => rowTitle(row, meta.display_field, i18n.language);
  const displayColumn = columns.some((c) => c.name === meta.display_field) ? meta.display_field : columns[0] && columns[0].name;
  const hasActions = permissions.update || permissions.delete || rowActions.length > 0;
  const referenceIds = useMemo(() => {
    const out = {};
    columns
      .filter((c) => c.references)
      .forEach((c) => {
        const ids = rows.map((row) => row[c.name]).filter((id) => id !== null && id !== undefined);
        out[c.name] = [...new Set(ids)].sort((a, b) => a - b);
      });
    return out;
  }, [columns, rows]);

  return (
    <Paper variant="outlined">
      {fetching && <LinearProgress aria-label={t('common.loading')} />}
      <TableContainer>
        <Table size="small" aria-label={t('crud.table_label', { model: pluralLabel })}>
          <TableHead>
            <TableRow>
              {columns.map((column) => {
                const label = fieldLabel(t, model, column);
                const active = sort && sort.field === column.name;
                return (
                  <TableCell key={column.name} sortDirection={active ? sort.direction : false} align={alignOf(column)}>
                    {column.sortable ? (
                      <TableSortLabel
                        active={Boolean(active)}
                        direction={active ? sort.direction : 'asc'}
                        onClick={() => onSort(column.name)}
                        data-testid={`sort-${column.name}`}
                      >
                        {label}
                      </TableSortLabel>
                    ) : (
                      label
                    )}
                  </TableCell>
                );
              })}
              {hasActions && <TableCell align="right">{t('crud.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const name = nameOf(row);
              return (
                <TableRow key={row.id} hover data-testid={`resource-row-${model}-${row.id}`}>
                  {columns.map((column) => (
                    <TableCell key={column.name} align={alignOf(column)}>
                      {rowLink && column.name === displayColumn ? (
                        <Link component={RouterLink} to={rowLink(row)} data-testid={`resource-open-${model}-${row.id}`}>
                          {name}
                        </Link>
                      ) : (
                        <CellValue
                          model={model}
                          field={column}
                          value={row[column.name]}
                          referenceIds={referenceIds[column.name]}
                        />
                      )}
                    </TableCell>
                  ))}
                  {hasActions && (
                    <RowActions
                      model={model}
                      row={row}
                      name={name}
                      rowActions={rowActions}
                      permissions={permissions}
                      onEdit={onEdit}
                      onDelete={onDelete}
                    />
                  )}
                </TableRow>
              );
            })}
            {!fetching && rows.length === 0 && !failed && (
              <TableRow>
                <TableCell colSpan={columns.length + (hasActions ? 1 : 0)}>
                  <Typography color="text.secondary" data-testid={`resource-empty-${model}`}>
                    {t('crud.empty')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={total === 0 ? 0 : Math.min(page, Math.max(0, Math.ceil(total / size) - 1))}
        onPageChange={(_e, next) => onPageChange(next)}
        rowsPerPage={size}
        rowsPerPageOptions={pageSizeOptions(meta)}
        onRowsPerPageChange={(e) => onPageSizeChange(Number(e.target.value))}
        labelRowsPerPage={t('crud.rows_per_page')}
        labelDisplayedRows={({ from, to, count }) => t('crud.displayed_rows', { from, to, total: count })}
        data-testid={`resource-pagination-${model}`}
        sx={{ '& .MuiTablePagination-toolbar': { flexWrap: { xs: 'wrap', sm: 'nowrap' }, rowGap: 0.5 } }}
      />
    </Paper>
  );
}
