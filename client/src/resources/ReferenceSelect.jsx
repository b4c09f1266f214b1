import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import { useGetModelMetaQuery } from '../api/universalMetaApi';
import { endpointsFor } from '../api/generated';
import { modelLabel, normalizeResource, rowTitle } from './resource';

/**
 * A native select of the rows of a parent model (a field with `references`), fed by the parent's generated
 * `all` endpoint (or `find` when `filters` are given). With `allowCreate` and the create permission on the
 * parent, a button opens the parent's create form; the new row is selected.
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
  const allQuery = endpoints.all.useQuery(undefined, { skip: Boolean(filters) });
  const findQuery = endpoints.find.useQuery({ filters }, { skip: !filters });
  const { data, isFetching } = filters ? findQuery : allQuery;
  const [creating, setCreating] = useState(false);
  const rows = (data && data.list) || [];
  const displayField = meta ? meta.display_field : 'name';
  const canCreate = Boolean(allowCreate && CreateDialog && meta && meta.permissions && meta.permissions.create);
  const current = value === null || value === undefined ? '' : String(value);
  const known = current === '' || rows.some((row) => String(row.id) === current);

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
      <TextField
        select
        fullWidth
        size={size}
        id={id}
        name={name}
        label={label}
        value={current}
        required={required}
        error={error}
        helperText={helperText}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        inputRef={inputRef}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': testId, 'aria-busy': isFetching ? 'true' : 'false' },
        }}
      >
        <option value="">{emptyLabel || t('crud.not_set')}</option>
        {!known && <option value={current}>{`#${current}`}</option>}
        {rows.map((row) => (
          <option key={row.id} value={String(row.id)}>
            {rowTitle(row, displayField, i18n.language)}
          </option>
        ))}
      </TextField>
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
