import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { STAFF_ROLE_KEYS } from './roles';

/** The staff roles as a group of checkboxes (a fieldset with its legend); `value`: the checked role keys. */
export default function RoleCheckboxes({ value, onChange, idPrefix, error = false }) {
  const { t } = useTranslation();
  const toggle = (key) => onChange(value.includes(key) ? value.filter((k) => k !== key) : [...value, key]);
  return (
    <FormControl component="fieldset" error={error} sx={{ mt: 2 }}>
      <FormLabel component="legend">{t('staff_admin.fields.roles')}</FormLabel>
      <FormGroup>
        {STAFF_ROLE_KEYS.map((key) => (
          <FormControlLabel
            key={key}
            control={
              <Checkbox
                checked={value.includes(key)}
                onChange={() => toggle(key)}
                inputProps={{ 'data-testid': `${idPrefix}-role-${key}` }}
              />
            }
            label={t(`staff_admin.roles.${key}`)}
          />
        ))}
      </FormGroup>
      {error && <FormHelperText>{t('staff_admin.roles_required')}</FormHelperText>}
    </FormControl>
  );
}
