import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import { endpointsFor, useGetModelMetaQuery } from '../api/generated';
import { rowsOf } from '../api/listAnswer';
import { isNearBottom, usePagedSearch } from '../components/pagedSearch';
import { modelLabel, normalizeResource, rowTitle, searchFieldOf } from './resource';

/** Rows per page of a reference select; the next page loads when the list is scrolled near its end. */
export const REFERENCE_PAGE_SIZE = 20;

const idOf = (value) => {
  const id = Number(value);
  return value === '' || value === null || value === undefined || !Number.isInteger(id) ? null : id;
};

/**
 * The row of a parent model a field references (a field with `references`): a search box over the parent's
 * generated find-paginate (an `ilike` filter on its display field, debounced, paged as the list scrolls), so a
 * model with many rows (KATO, select options, institutions, rooms, ...) is never loaded whole. The chosen row is
 * read by id. `filters` restrict the rows offered. With `allowCreate` and the create permission on the parent, a
 * button opens the parent's create form; the new row is selected. The value is the row id as a string ('' = none).
 */
export default function ReferenceSelect({
  model,
  value,
  onChange,
  label,
  id,
  name,
  required = false,
  emptyLabel,
  error = false,
  helperText,
  disabled = false,
  testId,
  filters,
  allowCreate = false,
  createDialog: CreateDialog,
  onBlur,
  inputRef,
  size,
}) {
  const { t, i18n } = useTranslation();
  const endpoints = endpointsFor(model);
  const { data: meta } = useGetModelMetaQuery(model);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [picked, setPicked] = useState(null); // the row chosen from the list, shown until it is read by id
  const displayField = meta ? meta.display_field : 'name';
  const searchField = meta ? searchFieldOf(meta, i18n.language) : null;
  const filtersKey = JSON.stringify(filters || {});

  const makeBody = useCallback(
    (query, page) => ({
      filters: { ...JSON.parse(filtersKey), ...(query && searchField ? { [searchField]: { ilike: query } } : {}) },
      paginate: { page, size: REFERENCE_PAGE_SIZE },
    }),
    [filtersKey, searchField],
  );
  const { state, loading, load } = usePagedSearch({
    endpoint: endpoints.findPaginate,
    search,
    makeBody,
    resetKey: `${filtersKey}|${searchField}`,
    enabled: open && Boolean(meta),
  });

  const selectedId = idOf(value);
  const selectedQuery = endpoints.find.useQuery({ filters: { id: selectedId } }, { skip: selectedId === null });
  const selected = useMemo(() => {
    if (selectedId === null) return null;
    const loaded = rowsOf(selectedQuery.data).find((row) => row.id === selectedId);
    return loaded || (picked && picked.id === selectedId ? picked : { id: selectedId });
  }, [selectedId, selectedQuery.data, picked]);

  // The chosen row stays among the options (Autocomplete expects its value there) but is shown only when the
  // current search found it.
  const found = useMemo(() => new Set(state.items.map((row) => row.id)), [state.items]);
  const options = selected && !found.has(selected.id) ? [...state.items, selected] : state.items;

  const canCreate = Boolean(allowCreate && CreateDialog && meta && meta.permissions && meta.permissions.create);
  const titleOf = (row) => rowTitle(row, displayField, i18n.language);

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
      <Autocomplete
        fullWidth
        size={size}
        id={id}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => {
          setOpen(false);
          setSearch('');
        }}
        options={options}
        value={selected}
        disabled={disabled}
        loading={loading || selectedQuery.isFetching}
        filterOptions={(rows) => rows.filter((row) => found.has(row.id))} // the server searched
        getOptionLabel={titleOf}
        isOptionEqualToValue={(option, current) => option.id === current.id}
        onChange={(_event, row) => {
          setPicked(row);
          onChange(row ? String(row.id) : '');
        }}
        onInputChange={(_event, text, reason) => {
          if (reason === 'input') setSearch(text);
        }}
        onBlur={onBlur}
        noOptionsText={t('common.nothing_found')}
        loadingText={t('common.loading')}
        openText={t('common.open_list')}
        closeText={t('common.close')}
        clearText={t('common.clear')}
        slotProps={{
          listbox: {
            onScroll: (event) => {
              if (isNearBottom(event.currentTarget)) load();
            },
          },
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            name={name}
            label={label}
            required={required}
            error={error}
            helperText={helperText}
            placeholder={emptyLabel || t('crud.not_set')}
            inputRef={inputRef}
            slotProps={{
              inputLabel: { ...params.InputLabelProps, shrink: true },
              htmlInput: { ...params.inputProps, 'data-testid': testId },
            }}
          />
        )}
      />
      {canCreate && (
        <Button
          variant="outlined"
          startIcon={<AddIcon aria-hidden="true" />}
          onClick={() => setCreating(true)}
          disabled={disabled}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0, mt: { sm: 1 } }}
          data-testid={testId ? `${testId}-create` : undefined}
        >
          {t('crud.create_related', { model: modelLabel(t, model, meta) })}
        </Button>
      )}
      {canCreate && creating && (
        <CreateDialog
          open
          resource={normalizeResource(model)}
          onClose={() => setCreating(false)}
          onSaved={(item) => {
            setCreating(false);
            if (item && item.id !== undefined) onChange(String(item.id));
          }}
        />
      )}
    </Stack>
  );
}
