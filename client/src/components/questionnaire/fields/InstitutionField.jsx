/* Educational institution: a searchable, scrollable modal (req §2 Pickers): search debounced 1 s, columns
 * region, district/city, name, address; the next page loads when the list is scrolled within 30 % of its bottom;
 * 'my institution is not on the list' switches to free text. Answer: {type: 'list', selected: id} or
 * {type: 'other', selected: text}. The list follows the WAI-ARIA listbox pattern: one Tab stop, arrows, Enter picks;
 * each option is named by all it shows (decision 0077). */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { rowsOf } from '../../../api/listAnswer';
import { institutionEndpoint } from '../questionnaireApi';
import { testIdOf } from '../data';

// The dialog (search, paged list, MUI's Dialog) is a chunk of its own, fetched when the field is pointed at,
// focused or pressed (issue 27, decision 0070).
const loadInstitutionDialog = () => import(/* webpackChunkName: "institution-dialog" */ './InstitutionDialog');
const InstitutionDialog = lazy(loadInstitutionDialog);
const preloadInstitutionDialog = () => {
  loadInstitutionDialog().catch(() => {}); // a failed download is asked for again when the dialog renders
};

export default function InstitutionField({ path, value, onChange, error, readOnly, label, required, ctx }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState(null);
  const listId = value && value.type === 'list' && Number.isInteger(value.selected) ? value.selected : null;
  const { data: loaded } = institutionEndpoint.useQuery(
    { filters: { id: listId } },
    { skip: listId === null || (picked && picked.id === listId) },
  );
  const item = picked && picked.id === listId ? picked : rowsOf(loaded)[0] || null;
  let text = '';
  if (value && value.type === 'other') text = value.selected || '';
  else if (item) text = [item.name, item.address].filter(Boolean).join(' — ');
  else if (listId !== null) text = '…';

  const pick = (next, row) => {
    setPicked(row);
    onChange(path, next);
    setOpen(false);
  };
  const preload = readOnly ? undefined : preloadInstitutionDialog;

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
      <TextField
        label={label}
        required={required}
        value={text}
        fullWidth
        disabled={readOnly}
        error={Boolean(error)}
        helperText={error || (value && value.type === 'other' ? t('questionnaire.institution.other_hint') : ' ')}
        slotProps={{ htmlInput: { readOnly: true, 'data-testid': testIdOf(path) } }}
        onClick={() => !readOnly && setOpen(true)}
        onPointerEnter={preload}
        onFocus={preload}
      />
      {!readOnly && (
        <Button
          variant="outlined"
          onClick={() => setOpen(true)}
          onPointerEnter={preload}
          onFocus={preload}
          sx={{ mt: { sm: 1 }, whiteSpace: 'nowrap' }}
          data-testid={`${testIdOf(path)}-open`}
          aria-label={t('questionnaire.institution.choose_for', { label })}
        >
          {t('questionnaire.institution.choose')}
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <InstitutionDialog
            open={open}
            onClose={() => setOpen(false)}
            onPick={pick}
            initialOther={value && value.type === 'other' ? value.selected : ''}
            abroadFirst={Boolean(ctx) && ctx.isKazakhstanCitizen === false && !(value && value.type === 'list')}
            selectedId={listId}
          />
        </Suspense>
      )}
    </Stack>
  );
}
