import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useGetModelMetaQuery } from '../api/generated/modelMeta';
import AuditTrailButton, { auditTargetType } from '../components/audit/AuditTrailButton';
import { useSnackbar } from '../components/SnackbarProvider';
import { apiErrorMessage } from '../components/apiError';
import FieldInput, { fromFormValue, toFormValue } from './FieldInput';
import { fieldErrors, groupNameFields, modelLabel, normalizeResource } from './resource';

/** The fields a form shows: creatable (new row) or updatable (existing row), minus the fixed ones. */
export function formFields(meta, { editing, fixed = {} }) {
  return meta.fields.filter((f) => (editing ? f.updatable : f.creatable) && !(f.name in fixed));
}

export function initialValues(meta, fields, row, overrides = {}) {
  const values = {};
  fields.forEach((f) => {
    const stored = row ? row[f.name] : f.default;
    values[f.name] = toFormValue(f, stored, overrides[f.name]);
  });
  return values;
}

/** Body of create ({create}) or update ({update, filters: {id}}) from the form values. */
export function buildPayload({ meta, fields, values, row, fixed = {}, dirty = {}, overrides = {} }) {
  const out = {};
  fields.forEach((f) => {
    if (row && !dirty[f.name]) return;
    const value = fromFormValue(f, values[f.name], overrides[f.name]);
    if (value === null && !f.nullable) return; // empty optional field: the server default applies
    if (value === null && !row) return;
    out[f.name] = value;
  });
  if (!row) {
    Object.entries(fixed).forEach(([name, value]) => {
      const field = meta.fields.find((f) => f.name === name);
      if (field && field.creatable) out[name] = value;
    });
    return { create: out };
  }
  return { update: out, filters: { id: row.id } };
}

function FormBody({ resource, meta, row, fixed, onClose, onSaved }) {
  const { t, i18n } = useTranslation();
  const { showSuccess, showError } = useSnackbar();
  const editing = Boolean(row);
  const overrides = useMemo(() => resource.fields || {}, [resource.fields]);
  const fields = useMemo(() => formFields(meta, { editing, fixed }), [meta, editing, fixed]);
  const layout = useMemo(() => groupNameFields(fields), [fields]);
  const defaults = useMemo(() => initialValues(meta, fields, row, overrides), [meta, fields, row, overrides]);
  const { control, handleSubmit, setError } = useForm({ defaultValues: defaults, mode: 'onTouched' });
  const [create, createState] = resource.endpoints.create.useMutation();
  const [update, updateState] = resource.endpoints.update.useMutation();
  const saving = createState.isLoading || updateState.isLoading;
  const Extra = resource.formExtra;

  const onSubmit = async (values) => {
    // changed = differs from the initial value (an edit sends only what changed)
    const dirty = Object.fromEntries(fields.map((f) => [f.name, values[f.name] !== defaults[f.name]]));
    const body = buildPayload({ meta, fields, values, row, fixed, dirty, overrides });
    if (editing && Object.keys(body.update).length === 0) {
      onClose();
      return;
    }
    try {
      const answer = editing ? await update(body).unwrap() : await create(body).unwrap();
      showSuccess(t(editing ? 'crud.saved' : 'crud.created'));
      if (onSaved) onSaved(answer && answer.item);
      else onClose();
    } catch (error) {
      const perField = fieldErrors(error, fields.map((f) => f.name));
      const names = Object.keys(perField);
      names.forEach((name, index) => setError(name, { type: 'server', message: perField[name] }, { shouldFocus: index === 0 }));
      if (names.length === 0) showError(apiErrorMessage(error, t, i18n));
    }
  };

  const title = t(editing ? 'crud.edit_title' : 'crud.create_title', { model: modelLabel(t, resource.model, meta) });
  const titleId = `resource-form-title-${resource.model}`;
  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth={layout.some((item) => item.names) ? 'md' : 'sm'}
      aria-labelledby={titleId}
      data-testid={`resource-form-${resource.model}`}
    >
      <form
        noValidate
        aria-labelledby={titleId}
        onSubmit={(event) => {
          // React events bubble through portals: a nested form (create a parent row) must not submit this one's parent.
          event.stopPropagation();
          handleSubmit(onSubmit)(event);
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {layout.map((item) => {
              const input = (field) => (
                <FieldInput
                  key={field.name}
                  model={resource.model}
                  field={field}
                  control={control}
                  required={Boolean(field.required)}
                  disabled={saving}
                  override={overrides[field.name]}
                  createDialog={ResourceFormDialog}
                />
              );
              if (!item.names) return input(item.field);
              // Russian, Kazakh and English names side by side (one column on a phone); kk and en may stay empty.
              return (
                <Stack
                  key={item.key}
                  role="group"
                  aria-label={t('crud.names_group')}
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={2}
                  data-testid={`resource-names-${resource.model}`}
                  sx={{ '& > *': { flex: 1, minWidth: 0 } }}
                >
                  {item.names.map(input)}
                </Stack>
              );
            })}
            {Extra && <Extra row={row} meta={meta} resource={resource} />}
          </Stack>
        </DialogContent>
        <DialogActions>
          {/* The row's audit trail, for the staff-management role only (decision 0079): a room, a hall, a type. */}
          {editing && (
            <span style={{ marginRight: 'auto' }}>
              <AuditTrailButton
                targetType={auditTargetType(resource.model)}
                targetId={row.id}
                title={title}
                testId={`resource-audit-${resource.model}`}
              />
            </span>
          )}
          <Button onClick={onClose} disabled={saving} data-testid="resource-cancel">
            {t('crud.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={saving}
            startIcon={saving ? <CircularProgress size={16} aria-hidden="true" /> : null}
            data-testid="resource-save"
          >
            {t('crud.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * Create (row = null) or edit form of any model, built from its metadata. `fixed` values (e.g. the parent id
 * of the screen) are sent with a new row and not shown. Server field errors (400) appear under the fields;
 * other failures (409, 403, ...) in the snackbar.
 */
export default function ResourceFormDialog({ open = true, resource, row = null, fixed, onClose, onSaved }) {
  const { t } = useTranslation();
  const normalized = useMemo(() => normalizeResource(resource), [resource]);
  const stableFixed = useMemo(() => fixed || {}, [fixed]);
  const { data: meta, isError } = useGetModelMetaQuery(normalized.model, { skip: !open });
  if (!open) return null;
  if (isError) {
    return (
      <Dialog open onClose={onClose} aria-label={t('crud.load_error')}>
        <DialogContent>
          <Alert severity="error">{t('crud.load_error')}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
    );
  }
  if (!meta) return null;
  return (
    <FormBody
      key={row ? row.id : 'new'}
      resource={normalized}
      meta={meta}
      row={row}
      fixed={stableFixed}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
