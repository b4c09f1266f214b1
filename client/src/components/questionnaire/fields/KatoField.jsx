/* City or district (Kato): a tree modal whose nodes expand to their children (GET /kato/nodes: leaves have no
 * arrow, Almaty, Astana and Shymkent first, then by name in the UI language) and a search box by name at any level
 * showing each hit's path (req §2 Pickers, §7, issue 10). The answer is the full name path; the node id goes to the
 * field's id_field. The tree follows the WAI-ARIA tree pattern, the search hits the listbox pattern (decision 0077). */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { testIdOf } from '../data';

// The dialog (tree, search, MUI's Dialog) is a chunk of its own, fetched when the field is pointed at, focused or
// pressed (issue 27, decision 0070).
const loadKatoDialog = () => import(/* webpackChunkName: "kato-dialog" */ './KatoDialog');
const KatoDialog = lazy(loadKatoDialog);
const preloadKatoDialog = () => {
  loadKatoDialog().catch(() => {}); // a failed download is asked for again when the dialog renders
};

export default function KatoField({ field, path, value, onChange, error, readOnly, label, required }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false); // mounted from its first opening on, so the dialog animates its closing
  const idPath = field.id_field ? path.replace(/[^.]+$/, field.id_field) : null;
  const pick = (node, names) => {
    onChange(path, names.join(', '), idPath ? { [idPath]: node.id } : undefined);
    setOpen(false);
  };
  const openDialog = () => {
    setUsed(true);
    setOpen(true);
  };
  const preload = readOnly ? undefined : preloadKatoDialog;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
      <TextField
        label={label}
        required={required}
        value={value || ''}
        fullWidth
        disabled={readOnly}
        error={Boolean(error)}
        helperText={error || ' '}
        slotProps={{ htmlInput: { readOnly: true, 'data-testid': testIdOf(path) } }}
        onClick={() => !readOnly && openDialog()}
        onPointerEnter={preload}
        onFocus={preload}
      />
      {!readOnly && (
        <Button variant="outlined" onClick={openDialog} onPointerEnter={preload} onFocus={preload} sx={{ mt: { sm: 1 }, whiteSpace: 'nowrap' }} data-testid={`${testIdOf(path)}-open`} aria-label={t('questionnaire.kato.choose_for', { label })}>
          {t('questionnaire.kato.choose')}
        </Button>
      )}
      {used && (
        <Suspense fallback={null}>
          <KatoDialog open={open} onClose={() => setOpen(false)} onPick={pick} />
        </Suspense>
      )}
    </Stack>
  );
}
