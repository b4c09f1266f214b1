/* City or district (Kato): a tree modal whose nodes expand to their children, loaded by parent_id and ordered by
 * name (spec §2 Pickers, §7). The answer is the full name path; the node id goes to the field's id_field. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { localizedName } from '../../../i18n';
import { rowsOf } from '../../../api/listAnswer';
import { katoChildrenBody, katoChildrenEndpoint } from '../questionnaireApi';
import { testIdOf } from '../data';

const MAX_LEVEL = 4;

function orderField(lang) {
  return lang === 'en' ? 'name_en' : lang === 'kk' ? 'name_kk' : 'name_ru';
}

function KatoLevel({ parentId, ancestors, onPick, depth }) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language || 'ru').slice(0, 2);
  const { data, isFetching, isError } = katoChildrenEndpoint.useQuery(katoChildrenBody(parentId, orderField(lang)));
  const [open, setOpen] = useState({});
  if (isFetching && !data) {
    return (
      <Box sx={{ pl: depth * 3, py: 1 }} role="status">
        <CircularProgress size={20} aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (isError) return <Typography color="error" sx={{ pl: depth * 3 }}>{t('errors.generic')}</Typography>;
  const items = rowsOf(data);
  if (!items.length) {
    return <Typography variant="body2" color="text.secondary" sx={{ pl: depth * 3 + 2, py: 0.5 }}>{t('questionnaire.kato.no_children')}</Typography>;
  }
  return (
    <List dense disablePadding role={depth === 0 ? 'tree' : 'group'} aria-label={depth === 0 ? t('questionnaire.kato.title') : undefined}>
      {items.map((node) => {
        const name = localizedName(node, lang);
        const expandable = (node.level || depth + 1) < MAX_LEVEL;
        const isOpen = Boolean(open[node.id]);
        return (
          <Box component="li" key={node.id} role="treeitem" aria-expanded={expandable ? isOpen : undefined} sx={{ listStyle: 'none' }}>
            <ListItem disablePadding sx={{ pl: depth * 3 }} component="div">
              {expandable ? (
                <IconButton
                  size="small"
                  onClick={() => setOpen((o) => ({ ...o, [node.id]: !o[node.id] }))}
                  aria-label={t(isOpen ? 'questionnaire.kato.collapse' : 'questionnaire.kato.expand', { name })}
                  data-testid={`kato-expand-${node.id}`}
                >
                  {isOpen ? <ExpandMoreIcon /> : <ChevronRightIcon />}
                </IconButton>
              ) : (
                <Box sx={{ width: 34 }} />
              )}
              <ListItemButton onClick={() => onPick(node, [...ancestors, name])} data-testid={`kato-node-${node.id}`}>
                <ListItemText primary={name} />
              </ListItemButton>
            </ListItem>
            {isOpen && <KatoLevel parentId={node.id} ancestors={[...ancestors, name]} onPick={onPick} depth={depth + 1} />}
          </Box>
        );
      })}
    </List>
  );
}

export function KatoDialog({ open, onClose, onPick }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="kato-dialog-title">
      <DialogTitle id="kato-dialog-title">{t('questionnaire.kato.title')}</DialogTitle>
      <DialogContent dividers sx={{ minHeight: 300 }} data-testid="kato-dialog">
        {open && <KatoLevel parentId={null} ancestors={[]} onPick={onPick} depth={0} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export default function KatoField({ field, path, value, onChange, error, readOnly, label, required }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const idPath = field.id_field ? path.replace(/[^.]+$/, field.id_field) : null;
  const pick = (node, names) => {
    onChange(path, names.join(', '), idPath ? { [idPath]: node.id } : undefined);
    setOpen(false);
  };
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
        onClick={() => !readOnly && setOpen(true)}
      />
      {!readOnly && (
        <Button variant="outlined" onClick={() => setOpen(true)} sx={{ mt: { sm: 1 }, whiteSpace: 'nowrap' }} data-testid={`${testIdOf(path)}-open`} aria-label={t('questionnaire.kato.choose_for', { label })}>
          {t('questionnaire.kato.choose')}
        </Button>
      )}
      <KatoDialog open={open} onClose={() => setOpen(false)} onPick={pick} />
    </Stack>
  );
}
