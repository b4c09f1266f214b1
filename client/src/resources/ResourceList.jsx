import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import FilterOffIcon from '@mui/icons-material/FilterAltOff';
import { useGetModelMetaQuery } from '../api/universalMetaApi';
import { endpointsFor } from '../api/generated';
import { useSnackbar } from '../components/SnackbarProvider';
import { apiErrorMessage } from '../components/apiError';
import DeleteDialog from './DeleteDialog';
import ReferenceSelect from './ReferenceSelect';
import ResourceFormDialog from './ResourceFormDialog';
import {
  buildFilters,
  buildOrder,
  choiceLabel,
  fieldLabel,
  filterControls,
  listColumns,
  modelLabel,
  modelPluralLabel,
  normalizeResource,
  pageSizeOptions,
  rowTitle,
} from './resource';

const TEXT_FILTER_DELAY_MS = 400;

function useDebounced(value, delay) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

function ReferenceCell({ model, value }) {
  const { i18n } = useTranslation();
  const { data: meta } = useGetModelMetaQuery(model);
  const { data } = endpointsFor(model).all.useQuery();
  if (value === null || value === undefined) return '—';
  const row = data && data.list ? data.list.find((r) => r.id === value) : null;
  return row ? rowTitle(row, meta ? meta.display_field : 'name', i18n.language) : `#${value}`;
}

function CellValue({ model, field, value }) {
  const { t, i18n } = useTranslation();
  if (field.references) return <ReferenceCell model={field.references} value={value} />;
  if (value === null || value === undefined || value === '') return '—';
  if (field.type === 'boolean') return value ? t('crud.yes') : t('crud.no');
  if (field.choices) return choiceLabel(t, model, field.name, value);
  if (field.type === 'json') return JSON.stringify(value);
  if (field.type === 'datetime') return new Date(value).toLocaleString(i18n.language);
  if (field.type === 'integer') return Number(value).toLocaleString(i18n.language);
  return String(value);
}

function FilterBar({ model, controls, values, onChange, onReset }) {
  const { t } = useTranslation();
  if (!controls.length) return null;
  return (
    <Box
      component="fieldset"
      sx={{ border: 0, p: 0, m: 0, mb: 2 }}
      data-testid={`resource-filters-${model}`}
    >
      <Typography component="legend" variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
        {t('crud.filters')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap flexWrap="wrap" alignItems={{ xs: 'stretch', sm: 'center' }}>
        {controls.map(({ field }) => {
          const label = fieldLabel(t, model, field);
          const id = `filter-${model}-${field.name}`;
          const testId = `filter-${field.name}`;
          const value = values[field.name] === undefined ? '' : values[field.name];
          const set = (v) => onChange({ ...values, [field.name]: v });
          const sx = { width: { xs: '100%', sm: 'auto' }, minWidth: { sm: 180 }, flex: { sm: '1 1 180px' }, maxWidth: { sm: 280 } };
          if (field.references) {
            return (
              <Box key={field.name} sx={sx}>
                <ReferenceSelect
                  id={id}
                  model={field.references}
                  label={label}
                  value={value}
                  onChange={set}
                  emptyLabel={t('crud.any')}
                  testId={testId}
                  size="small"
                />
              </Box>
            );
          }
          if (field.choices || field.type === 'boolean') {
            const options = field.choices
              ? field.choices.map((c) => ({ value: c, label: choiceLabel(t, model, field.name, c) }))
              : [
                  { value: 'true', label: t('crud.yes') },
                  { value: 'false', label: t('crud.no') },
                ];
            return (
              <TextField
                key={field.name}
                select
                id={id}
                label={label}
                value={value}
                onChange={(e) => set(e.target.value)}
                size="small"
                sx={sx}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}
              >
                <option value="">{t('crud.any')}</option>
                {options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </TextField>
            );
          }
          return (
            <TextField
              key={field.name}
              id={id}
              label={label}
              type={field.type === 'integer' ? 'number' : 'search'}
              value={value}
              onChange={(e) => set(e.target.value)}
              size="small"
              sx={sx}
              slotProps={{ htmlInput: { 'data-testid': testId } }}
            />
          );
        })}
        <Button
          size="small"
          startIcon={<FilterOffIcon aria-hidden="true" />}
          onClick={onReset}
          disabled={Object.values(values).every((v) => v === '' || v === undefined)}
          data-testid="resource-reset-filters"
        >
          {t('crud.reset_filters')}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * List screen of any model: filters, sortable columns, paging (find-paginate), create / edit dialogs and a
 * delete confirmation — all from the metadata. `fixed` filters (a parent id) restrict the rows and are sent
 * with new rows; `rowLink(row)` turns the row's name into a link (e.g. to its children).
 */
export default function ResourceList({
  resource,
  fixed,
  title,
  headingLevel = 'h1',
  rowLink,
  rowActions = [],
  toolbar = null,
}) {
  const { t, i18n } = useTranslation();
  const { showSuccess, showError } = useSnackbar();
  const res = useMemo(() => normalizeResource(resource), [resource]);
  const fixedKey = JSON.stringify(fixed || {});
  const stableFixed = useMemo(() => JSON.parse(fixedKey), [fixedKey]);
  const metaQuery = useGetModelMetaQuery(res.model);
  const meta = metaQuery.data;

  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(null);
  const [sort, setSort] = useState(null);
  const [filterValues, setFilterValues] = useState({});
  const debouncedFilters = useDebounced(filterValues, TEXT_FILTER_DELAY_MS);
  const [editing, setEditing] = useState(null); // null | 'new' | row
  const [deleting, setDeleting] = useState(null);
  const [remove, removeState] = res.endpoints.delete.useMutation();

  const controls = useMemo(() => (meta ? filterControls(meta, stableFixed) : []), [meta, stableFixed]);
  const columns = useMemo(() => (meta ? listColumns(res, meta, stableFixed) : []), [res, meta, stableFixed]);
  const size = pageSize || (meta && meta.default_page_size) || 20;
  const body = useMemo(() => {
    const order = buildOrder(sort);
    return {
      filters: buildFilters(debouncedFilters, controls, stableFixed),
      params: order ? { order } : {},
      paginate: { page: page + 1, size },
    };
  }, [debouncedFilters, controls, stableFixed, sort, page, size]);
  const listQuery = res.endpoints.findPaginate.useQuery(body, { skip: !meta || !meta.permissions.find });

  useEffect(() => setPage(0), [debouncedFilters, fixedKey]);

  const pluralLabel = modelPluralLabel(t, res.model, meta);
  const singularLabel = modelLabel(t, res.model, meta);

  if (metaQuery.isError) {
    return (
      <Alert severity="error" action={<Button onClick={metaQuery.refetch}>{t('common.retry')}</Button>}>
        {apiErrorMessage(metaQuery.error, t, i18n, 'crud.load_error')}
      </Alert>
    );
  }
  if (!meta) return <LinearProgress aria-label={t('common.loading')} />;

  const { permissions } = meta;
  const rows = (listQuery.data && listQuery.data.list) || [];
  const total = (listQuery.data && listQuery.data.total) || 0;
  const nameOf = (row) => rowTitle(row, meta.display_field, i18n.language);
  const displayColumn = columns.find((c) => c.name === meta.display_field) ? meta.display_field : columns[0] && columns[0].name;
  const hasActions = permissions.update || permissions.delete || rowActions.length > 0;

  const onSort = (field) => {
    setSort((prev) => {
      if (!prev || prev.field !== field) return { field, direction: 'asc' };
      if (prev.direction === 'asc') return { field, direction: 'desc' };
      return null; // third click: back to the model's default order
    });
  };

  const confirmDelete = async () => {
    try {
      await remove({ filters: { id: deleting.id } }).unwrap();
      showSuccess(t('crud.deleted'));
      setDeleting(null);
      if (rows.length === 1 && page > 0) setPage(page - 1);
    } catch (error) {
      showError(apiErrorMessage(error, t, i18n));
      setDeleting(null);
    }
  };

  return (
    <Box data-testid={`resource-list-${res.model}`}>
      <Stack direction="row" alignItems="center" spacing={2} sx={{ mb: 2 }} useFlexGap flexWrap="wrap">
        <Typography component={headingLevel} variant="h5" sx={{ fontWeight: 600, mr: 'auto' }}>
          {title || pluralLabel}
        </Typography>
        {toolbar}
        {permissions.create && (
          <Button
            variant="contained"
            startIcon={<AddIcon aria-hidden="true" />}
            onClick={() => setEditing('new')}
            data-testid={`resource-create-${res.model}`}
          >
            {t('crud.create_related', { model: singularLabel })}
          </Button>
        )}
      </Stack>

      <FilterBar
        model={res.model}
        controls={controls}
        values={filterValues}
        onChange={setFilterValues}
        onReset={() => setFilterValues({})}
      />

      {listQuery.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={<Button onClick={listQuery.refetch}>{t('common.retry')}</Button>}
        >
          {apiErrorMessage(listQuery.error, t, i18n, 'crud.load_error')}
        </Alert>
      )}

      <Paper variant="outlined">
        {listQuery.isFetching && <LinearProgress aria-label={t('common.loading')} />}
        <TableContainer>
          <Table size="small" aria-label={t('crud.table_label', { model: pluralLabel })}>
            <TableHead>
              <TableRow>
                {columns.map((column) => {
                  const label = fieldLabel(t, res.model, column);
                  const active = sort && sort.field === column.name;
                  return (
                    <TableCell
                      key={column.name}
                      sortDirection={active ? sort.direction : false}
                      align={column.type === 'integer' && !column.references ? 'right' : 'left'}
                    >
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
                  <TableRow key={row.id} hover data-testid={`resource-row-${res.model}-${row.id}`}>
                    {columns.map((column) => (
                      <TableCell
                        key={column.name}
                        align={column.type === 'integer' && !column.references ? 'right' : 'left'}
                      >
                        {rowLink && column.name === displayColumn ? (
                          <Link component={RouterLink} to={rowLink(row)} data-testid={`resource-open-${res.model}-${row.id}`}>
                            {name}
                          </Link>
                        ) : (
                          <CellValue model={res.model} field={column} value={row[column.name]} />
                        )}
                      </TableCell>
                    ))}
                    {hasActions && (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {rowActions.map((action) => (
                          <Tooltip key={action.key} title={t(action.labelKey, { name })}>
                            <IconButton
                              size="small"
                              aria-label={t(action.labelKey, { name })}
                              onClick={() => action.onClick(row)}
                              data-testid={`resource-${action.key}-${res.model}-${row.id}`}
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
                              onClick={() => setEditing(row)}
                              data-testid={`resource-edit-${res.model}-${row.id}`}
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
                              onClick={() => setDeleting(row)}
                              data-testid={`resource-delete-${res.model}-${row.id}`}
                            >
                              <DeleteIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        )}
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
              {!listQuery.isFetching && rows.length === 0 && !listQuery.isError && (
                <TableRow>
                  <TableCell colSpan={columns.length + (hasActions ? 1 : 0)}>
                    <Typography color="text.secondary" data-testid={`resource-empty-${res.model}`}>
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
          onPageChange={(_e, next) => setPage(next)}
          rowsPerPage={size}
          rowsPerPageOptions={pageSizeOptions(meta)}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('crud.rows_per_page')}
          labelDisplayedRows={({ from, to, count }) => t('crud.displayed_rows', { from, to, total: count })}
          data-testid={`resource-pagination-${res.model}`}
          sx={{ '& .MuiTablePagination-toolbar': { flexWrap: { xs: 'wrap', sm: 'nowrap' }, rowGap: 0.5 } }}
        />
      </Paper>

      {editing && (
        <ResourceFormDialog
          resource={res}
          row={editing === 'new' ? null : editing}
          fixed={stableFixed}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      )}
      <DeleteDialog
        open={Boolean(deleting)}
        name={deleting ? nameOf(deleting) : ''}
        modelName={singularLabel}
        busy={removeState.isLoading}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
