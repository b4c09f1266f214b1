/* The city or district picker's dialog (fields/KatoField.jsx), a chunk of its own ("kato-dialog"): fetched when
 * the field or its button is pointed at, focused or pressed, so the questionnaire's first download (the first
 * screen of /apply/<id> and /stepper/<id>) does not carry it (issue 27, decision 0070).
 *
 * City or district (Kato): a tree modal whose nodes expand to their children (GET /kato/nodes: leaves have no
 * arrow, Almaty, Astana and Shymkent first, then by name in the UI language) and a search box by name at any level
 * showing each hit's path (req §2 Pickers, §7, issue 10). The answer is the full name path; the node id goes to the
 * field's id_field. The tree follows the WAI-ARIA tree pattern, the search hits the listbox pattern (decision 0077). */
import { Fragment, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { localizedName } from '../../../i18n';
import { rowsOf } from '../../../api/listAnswer';
import { questionnaireApi } from '../questionnaireApi';
import useDebouncedValue from '../../useDebouncedValue';
import useTreeNavigation from '../../focus/useTreeNavigation';
import useListboxNavigation from '../../focus/useListboxNavigation';
import useAnnounceChange from '../../focus/useAnnounceChange';

const SEARCH_DELAY_MS = 400;

/** Regions: Almaty, Astana, Shymkent first (the server's `featured` order), then the alphabet of the interface
 * language; other levels by that alphabet. */
export function sortKatoNodes(nodes, lang) {
  const collator = new Intl.Collator(lang, { sensitivity: 'base', numeric: true });
  const rank = (n) => (n.featured === null || n.featured === undefined ? 99 : n.featured);
  return [...nodes].sort((a, b) => rank(a) - rank(b) || collator.compare(localizedName(a, lang), localizedName(b, lang)));
}

// The focused row, not the whole item with its open children, shows the ring (the item is the focused element).
const ITEM_SX = {
  listStyle: 'none',
  '&:focus-visible': { outline: 'none !important' },
  '&:focus-visible > .kato-row': { outline: (theme) => `3px solid ${theme.palette.primary.main}`, outlineOffset: '-3px' },
};
const ROW_SX = { display: 'flex', alignItems: 'center', minHeight: 40, borderRadius: 1, cursor: 'pointer', '&:hover': { bgcolor: 'action.hover' } };

/** One level of the tree: the children of `parentId` (the regions at the top), loaded when their parent opens. */
function KatoLevel({ parentId, ancestors, depth, nav, open, onPick }) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language || 'ru').slice(0, 2);
  const { data, isFetching, isError } = questionnaireApi.endpoints.getKatoNodes.useQuery({ parentId });
  const items = useMemo(() => sortKatoNodes(rowsOf(data), lang), [data, lang]);
  const pad = depth * 3;
  if (isFetching && !data) {
    return (
      <Box component="li" role="none" sx={{ pl: pad, py: 1, listStyle: 'none' }}>
        <Box role="status">
          <CircularProgress size={20} aria-label={t('common.loading')} />
        </Box>
      </Box>
    );
  }
  if (isError) return <Typography component="li" role="none" color="error" sx={{ pl: pad, listStyle: 'none' }}>{t('errors.generic')}</Typography>;
  if (!items.length) {
    return (
      <Typography component="li" role="none" variant="body2" color="text.secondary" sx={{ pl: pad + 2, py: 0.5, listStyle: 'none' }}>
        {t('questionnaire.kato.no_children')}
      </Typography>
    );
  }
  return items.map((node, index) => {
    const name = localizedName(node, lang);
    const names = [...ancestors, name];
    const expandable = Boolean(node.has_children); // a leaf has no arrow (issue 10)
    const isOpen = Boolean(open[node.id]);
    const labelId = `kato-label-${node.id}`;
    const groupId = `kato-group-${node.id}`;
    // The open item's districts are drawn after it and owned by it (aria-owns), not nested in it: its visible text
    // stays its own label, the name it is given (axe's label-content-name-mismatch, decision 0077).
    return (
      <Fragment key={node.id}>
        <Box
          component="li"
          {...nav.itemProps(node.id, { isFirst: depth === 0 && index === 0 })}
          aria-expanded={expandable ? isOpen : undefined}
          aria-level={depth + 1}
          aria-setsize={items.length}
          aria-posinset={index + 1}
          aria-labelledby={labelId}
          aria-owns={isOpen ? groupId : undefined}
          data-label={name}
          sx={ITEM_SX}
        >
          <Box className="kato-row" sx={{ ...ROW_SX, pl: pad }}>
            {/* The arrow is for the mouse: the keyboard opens and closes with Right / Left (the item says aria-expanded). */}
            {expandable ? (
              <Box
                component="span"
                aria-hidden="true"
                title={t(isOpen ? 'questionnaire.kato.collapse' : 'questionnaire.kato.expand', { name })}
                onClick={() => {
                  if (isOpen) nav.close(node.id);
                  else nav.setOpen(node.id, true);
                  nav.focusItem(node.id);
                }}
                data-testid={`kato-expand-${node.id}`}
                sx={{ display: 'inline-flex', p: 0.75, color: 'action.active' }}
              >
                {isOpen ? <ExpandMoreIcon /> : <ChevronRightIcon />}
              </Box>
            ) : (
              <Box component="span" sx={{ width: 36, flexShrink: 0 }} />
            )}
            <Box
              component="span"
              id={labelId}
              data-kato-pick=""
              onClick={() => onPick(node, names)}
              data-testid={`kato-node-${node.id}`}
              sx={{ flexGrow: 1, py: 1, pr: 1, typography: 'body2' }}
            >
              {name}
            </Box>
          </Box>
        </Box>
        {isOpen && (
          <Box component="li" role="none" sx={{ listStyle: 'none' }}>
            <Box component="ul" role="group" id={groupId} sx={{ p: 0, m: 0 }} data-testid={groupId}>
              <KatoLevel parentId={node.id} ancestors={names} depth={depth + 1} nav={nav} open={open} onPick={onPick} />
            </Box>
          </Box>
        )}
      </Fragment>
    );
  });
}

/** The tree (WAI-ARIA tree pattern, decision 0077): one Tab stop, arrows, type-ahead; Enter or a click picks. */
export function KatoTree({ onPick }) {
  const { t } = useTranslation();
  const [open, setOpenMap] = useState({});
  const setOpen = (id, value) => setOpenMap((o) => ({ ...o, [id]: value }));
  const nav = useTreeNavigation({
    setOpen,
    onPick: (_id, item) => {
      const target = item.querySelector(':scope > .kato-row [data-kato-pick]');
      if (target) target.click();
    },
  });
  return (
    <Box component="ul" {...nav.treeProps} aria-label={t('questionnaire.kato.title')} sx={{ p: 0, m: 0 }} data-testid="kato-tree">
      <KatoLevel parentId={null} ancestors={[]} depth={0} nav={nav} open={open} onPick={onPick} />
    </Box>
  );
}

/** Search by name at any level: each hit shows its path (region › district › …); a listbox (decision 0077). */
function KatoSearchResults({ query, onPick }) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language || 'ru').slice(0, 2);
  const { data, isFetching, isError } = questionnaireApi.endpoints.getKatoNodes.useQuery({ q: query });
  const items = rowsOf(data);
  const settled = !isFetching && !isError && data;
  useAnnounceChange(settled ? t('a11y.found', { count: items.length }) : null);
  const pick = (index) => {
    const node = items[index];
    const path = (node.path || []).map((part) => localizedName(part, lang));
    onPick(node, [...path, localizedName(node, lang)]);
  };
  const list = useListboxNavigation({ count: items.length, onPick: pick });
  if (isFetching && !data) {
    return (
      <Box sx={{ py: 1 }} role="status">
        <CircularProgress size={20} aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (isError) return <Typography color="error">{t('errors.generic')}</Typography>;
  if (!items.length) return <Typography color="text.secondary" data-testid="kato-no-match">{t('questionnaire.kato.no_match')}</Typography>;
  return (
    <Box component="ul" {...list.listProps} aria-label={t('questionnaire.kato.results')} data-testid="kato-results" sx={{ p: 0, m: 0 }}>
      {items.map((node, index) => {
        const path = (node.path || []).map((part) => localizedName(part, lang));
        const name = localizedName(node, lang);
        return (
          <Box
            component="li"
            key={node.id}
            {...list.optionProps(index)}
            aria-selected={false}
            data-testid={`kato-hit-${node.id}`}
            sx={{ ...ROW_SX, display: 'block', listStyle: 'none', px: 2, py: 1 }}
          >
            <Typography variant="body2">{name}</Typography>
            {path.length > 0 && (
              <Typography variant="caption" color="text.secondary">
                {path.join(' › ')}
              </Typography>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

export default function KatoDialog({ open, onClose, onPick }) {
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
          autoFocus
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          label={t('questionnaire.kato.search')}
          helperText={t('questionnaire.kato.keys_hint')}
          sx={{ mb: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'kato-search', autoComplete: 'off' } }}
        />
        {open && query && search.trim() && <KatoSearchResults query={query} onPick={onPick} />}
        {open && !(query && search.trim()) && <KatoTree onPick={onPick} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

