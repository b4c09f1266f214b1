import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useGetModelMetaQuery } from '../api/generated';
import { rowsOf } from '../api/listAnswer';
import { useSnackbar } from '../components/SnackbarProvider';
import { apiErrorMessage } from '../components/apiError';
import useDebouncedValue from '../components/useDebouncedValue';
import DeleteDialog from './DeleteDialog';
import ResourceFormDialog from './ResourceFormDialog';
import ResourceTable from './ResourceTable';
import ResourceToolbar from './ResourceToolbar';
import {
  buildFilters,
  buildOrder,
  filterControls,
  listColumns,
  modelLabel,
  modelPluralLabel,
  normalizeResource,
  rowTitle,
} from './resource';

const TEXT_FILTER_DELAY_MS = 400;

/** Sort cycle of a column header: ascending, descending, then the model's default order. */
export function nextSort(previous, field) {
  if (!previous || previous.field !== field) return { field, direction: 'asc' };
  if (previous.direction === 'asc') return { field, direction: 'desc' };
  return null;
}

/**
 * List screen of any model: its toolbar (heading, create, filters) and data table (sortable columns, paging via
 * find-paginate), the create / edit dialog and the delete confirmation, all from the metadata. `fixed` filters
 * (a parent id) restrict the rows and are sent with new rows; `rowLink(row)` turns the row's name into a link
 * (e.g. to its children); `toolbar` adds the screen's own controls next to the heading.
 */
export default function ResourceList({ resource, fixed, title, headingLevel = 'h1', rowLink, rowActions = [], toolbar = null }) {
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
  const debouncedFilters = useDebouncedValue(filterValues, TEXT_FILTER_DELAY_MS);
  const [editing, setEditing] = useState(null); // null | 'new' | row
  const [deleting, setDeleting] = useState(null);
  const listBox = useRef(null);
  const focusAfterDelete = useRef(null); // set after a delete, read by the closing dialog
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

  const rows = rowsOf(listQuery.data);
  const total = (listQuery.data && listQuery.data.total) || 0;

  const confirmDelete = async () => {
    try {
      await remove({ filters: { id: deleting.id } }).unwrap();
      showSuccess(t('crud.deleted'));
      // The deleted row's button opened the dialog and is gone: the list's heading takes the focus (decision 0077).
      focusAfterDelete.current = () => (listBox.current ? listBox.current.querySelector('h1, h2, h3, h4') : null);
      if (rows.length === 1 && page > 0) setPage(page - 1);
    } catch (error) {
      showError(apiErrorMessage(error, t, i18n));
    }
    setDeleting(null);
  };

  return (
    <Box data-testid={`resource-list-${res.model}`} ref={listBox}>
      <ResourceToolbar
        model={res.model}
        title={title || pluralLabel}
        headingLevel={headingLevel}
        createLabel={t('crud.create_related', { model: singularLabel })}
        onCreate={meta.permissions.create ? () => setEditing('new') : null}
        controls={controls}
        filterValues={filterValues}
        onFiltersChange={setFilterValues}
      >
        {toolbar}
      </ResourceToolbar>

      {listQuery.isError && (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={listQuery.refetch}>{t('common.retry')}</Button>}>
          {apiErrorMessage(listQuery.error, t, i18n, 'crud.load_error')}
        </Alert>
      )}

      <ResourceTable
        model={res.model}
        meta={meta}
        columns={columns}
        pluralLabel={pluralLabel}
        rows={rows}
        total={total}
        page={page}
        size={size}
        sort={sort}
        onSort={(field) => setSort((previous) => nextSort(previous, field))}
        onPageChange={setPage}
        onPageSizeChange={(next) => {
          setPageSize(next);
          setPage(0);
        }}
        fetching={listQuery.isFetching}
        failed={listQuery.isError}
        rowLink={rowLink}
        rowActions={rowActions}
        onEdit={setEditing}
        onDelete={setDeleting}
      />

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
        name={deleting ? rowTitle(deleting, meta.display_field, i18n.language) : ''}
        modelName={singularLabel}
        busy={removeState.isLoading}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        focusNext={focusAfterDelete}
      />
    </Box>
  );
}
