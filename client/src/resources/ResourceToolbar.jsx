import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import FilterOffIcon from '@mui/icons-material/FilterAltOff';
import ReferenceSelect from './ReferenceSelect';
import { choiceLabel, fieldLabel } from './resource';

const FILTER_SX = { width: { xs: '100%', sm: 'auto' }, minWidth: { sm: 180 }, flex: { sm: '1 1 180px' }, maxWidth: { sm: 280 } };

/** One filter control: a reference search, a select of choices / yes-no, or a text (ilike) / number (eq) box. */
function FilterControl({ model, field, value, onChange }) {
  const { t } = useTranslation();
  const label = fieldLabel(t, model, field);
  const id = `filter-${model}-${field.name}`;
  const testId = `filter-${field.name}`;
  if (field.references) {
    return (
      <Box sx={FILTER_SX}>
        <ReferenceSelect
          id={id}
          model={field.references}
          label={label}
          value={value}
          onChange={onChange}
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
        select
        id={id}
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        size="small"
        sx={FILTER_SX}
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
      id={id}
      label={label}
      type={field.type === 'integer' ? 'number' : 'search'}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      size="small"
      sx={FILTER_SX}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    />
  );
}

function FilterBar({ model, controls, values, onChange, onReset }) {
  const { t } = useTranslation();
  if (!controls.length) return null;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }} data-testid={`resource-filters-${model}`}>
      <Typography component="legend" variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
        {t('crud.filters')}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        useFlexGap
        flexWrap="wrap"
        alignItems={{ xs: 'stretch', sm: 'center' }}
      >
        {controls.map(({ field }) => (
          <FilterControl
            key={field.name}
            model={model}
            field={field}
            value={values[field.name] === undefined ? '' : values[field.name]}
            onChange={(v) => onChange({ ...values, [field.name]: v })}
          />
        ))}
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
 * The head of a resource list: the heading, the screen's own controls (`children`), the create button (shown
 * with the create permission) and the filter bar built from the metadata's filters.
 */
export default function ResourceToolbar({
  model,
  title,
  headingLevel = 'h1',
  createLabel,
  onCreate,
  controls,
  filterValues,
  onFiltersChange,
  children = null,
}) {
  return (
    <>
      <Stack direction="row" alignItems="center" spacing={2} sx={{ mb: 2 }} useFlexGap flexWrap="wrap">
        <Typography component={headingLevel} variant="h5" sx={{ fontWeight: 600, mr: 'auto' }}>
          {title}
        </Typography>
        {children}
        {onCreate && (
          <Button
            variant="contained"
            startIcon={<AddIcon aria-hidden="true" />}
            onClick={onCreate}
            data-testid={`resource-create-${model}`}
          >
            {createLabel}
          </Button>
        )}
      </Stack>
      <FilterBar
        model={model}
        controls={controls}
        values={filterValues}
        onChange={onFiltersChange}
        onReset={() => onFiltersChange({})}
      />
    </>
  );
}
