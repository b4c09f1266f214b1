/* City or district (Kato): a tree modal whose nodes expand to their children (GET /kato/nodes: leaves have no
 * arrow, Almaty, Astana and Shymkent first, then by name in the UI language) and a search box by name at any level
 * showing each hit's path (req §2 Pickers, §7, issue 10). The answer is the full name path; the node id goes to the field's id_field. */
import { useMemo, useState } from 'react';
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
import { questionnaireApi } from '../questionnaireApi';
import useDebouncedValue from '../../useDebouncedValue';
import { testIdOf } from '../data';

const SEARCH_DELAY_MS = 400;

/** Regions: Almaty, Astana, Shymkent first (the server's `featured` order), then the alphabet of the interface
 * language; other levels by that alphabet. */
export function sortKatoNodes(nodes, lang) {
  const collator = new Intl.Collator(lang, { sensitivity: 'base', numeric: true });
  const rank = (n) => (n.featured === null || n.featured === undefined ? 99 : n.featured);
  return [...nodes].sort((a, b) => rank(a) - rank(b) || collator.compare(localizedName(a, lang), localizedName(b, lang)));
}

function KatoLevel({ parentId, ancestors, onPick, depth }) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language || 'ru').slice(0, 2);
  const { data, isFetching, isError } = questionnaireApi.endpoints.getKatoNodes.useQuery({ parentId });
  const [open, setOpen] = useState({});
  const items = useMemo(() => sortKatoNodes(rowsOf(data), lang), [data, lang]);
  if (isFetching && !data) {
    return (
      <Box sx={{ pl: depth * 3, py: 1 }} role="status">
        <CircularProgress size={20} aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (isError) return <Typography color="error" sx={{ pl: depth * 3 }}>{t('errors.generic')}</Typography>;
  if (!items.length) {
    return <Typography variant="body2" color="text.secondary" sx={{ pl: depth * 3 + 2, py: 0.5 }}>{t('questionnaire.kato.no_children')}</Typography>;
  }
  return (
    <List dense disablePadding role={depth === 0 ? 'tree' : 'group'} aria-label={depth === 0 ? t('questionnaire.kato.title') : undefined}>
      {items.map((node) => {
        const name = localizedName(node, lang);
        const expandable = Boolean(node.has_children); // a leaf has no arrow (issue 10)
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

/** Search by name at any level: each hit shows its path (region › district › …). */
function KatoSearchResults({ query, onPick }) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language || 'ru').slice(0, 2);
  const { data, isFetching, isError } = questionnaireApi.endpoints.getKatoNodes.useQuery({ q: query });
  if (isFetching && !data) {
    return (
      <Box sx={{ py: 1 }} role="status">
        <CircularProgress size={20} aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (isError) return <Typography color="error">{t('errors.generic')}</Typography>;
  const items = rowsOf(data);
  if (!items.length) return <Typography color="text.secondary" role="status" data-testid="kato-no-match">{t('questionnaire.kato.no_match')}</Typography>;
  return (
    <List dense aria-label={t('questionnaire.kato.results')} data-testid="kato-results">
      {items.map((node) => {
        const path = (node.path || []).map((part) => localizedName(part, lang));
        const name = localizedName(node, lang);
        return (
          <ListItemButton key={node.id} onClick={() => onPick(node, [...path, name])} data-testid={`kato-hit-${node.id}`}>
            <ListItemText primary={name} secondary={path.length ? path.join(' › ') : null} />
          </ListItemButton>
        );
      })}
    </List>
  );
}

export function KatoDialog({ open, onClose, onPick }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="kato-dialog-title">
      <DialogTitle id="kato-dialog-title">{t('questionnaire.kato.title')}</DialogTitle>
      <DialogContent dividers sx={{ minHeight: 300 }} data-testid="kato-dialog">
        <TextField
          type="search"
          size="small"
          fullWidth
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          label={t('questionnaire.kato.search')}
          sx={{ mb: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'kato-search', autoComplete: 'off' } }}
        />
        {open && query && search.trim() && <KatoSearchResults query={query} onPick={onPick} />}
        {open && !(query && search.trim()) && <KatoLevel parentId={null} ancestors={[]} onPick={onPick} depth={0} />}
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
