/* The educational institution picker's dialog (fields/InstitutionField.jsx), a chunk of its own
 * ("institution-dialog"): fetched when the field or its button is pointed at, focused or pressed, so the
 * questionnaire's first download (the first screen of /apply/<id> and /stepper/<id>) does not carry it (issue 27,
 * decision 0070).
 *
 * Educational institution: a searchable, scrollable modal (req §2 Pickers): search debounced 1 s, columns
 * region, district/city, name, address; the next page loads when the list is scrolled within 30 % of its bottom;
 * 'my institution is not on the list' switches to free text. Answer: {type: 'list', selected: id} or
 * {type: 'other', selected: text}. The list follows the WAI-ARIA listbox pattern: one Tab stop, arrows, Enter picks;
 * each option is named by all it shows (decision 0077). */
import { Fragment, useState } from 'react';
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
import { institutionSearchBody, questionnaireApi } from '../questionnaireApi';
import { SEARCH_DEBOUNCE_MS, isNearBottom, usePagedSearch } from '../../pagedSearch';
import useListboxNavigation from '../../focus/useListboxNavigation';
import useAnnounceChange from '../../focus/useAnnounceChange';

/** Search + pages of the picker (every word against name, region, city/district, address; 1 s debounce);
 * `load` asks for the next page. */
export function useInstitutionSearch(search, { delay = SEARCH_DEBOUNCE_MS, enabled = true } = {}) {
  const endpoint = questionnaireApi.endpoints.searchInstitutions;
  return usePagedSearch({ endpoint, search, makeBody: institutionSearchBody, delay, enabled });
}

// Region, district/city, name, address: one row of the list, as columns from `md` up and stacked on a phone.
const COLUMNS = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1.6fr 1.6fr' }, columnGap: 2 };
const OPTION_SX = {
  ...COLUMNS,
  position: 'relative',
  px: 2,
  py: 1,
  borderBottom: 1,
  borderColor: 'divider',
  cursor: 'pointer',
  typography: 'body2',
  '&:hover': { bgcolor: 'action.hover' },
  '&[aria-selected="true"]': { bgcolor: 'action.selected', fontWeight: 600 },
};

// Commas for the ear only: an option's name is its text, and the columns are separate boxes.
const SEPARATOR = {
  position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap',
};

export default function InstitutionDialog({ open, onClose, onPick, initialOther = '', abroadFirst = false, selectedId = null }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [other, setOther] = useState(initialOther);
  // Foreign applicants mostly studied abroad: their path (type the school's name) comes first (issue 10).
  const [otherMode, setOtherMode] = useState(Boolean(initialOther) || abroadFirst);
  const { state, loading, failed, load } = useInstitutionSearch(search, { enabled: open });
  const items = state.items;
  const list = useListboxNavigation({
    count: items.length,
    onPick: (index) => onPick({ type: 'list', selected: items[index].id }, items[index]),
    onEnd: load,
    itemsKey: items.length ? `${items[0].id}:${items.length}` : '',
  });
  const shown = state.total !== null ? t('questionnaire.institution.shown', { shown: items.length, total: state.total }) : '';
  useAnnounceChange(!otherMode && !loading && state.total !== null ? shown : null);

  const onScroll = (event) => {
    if (isNearBottom(event.currentTarget)) load();
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="institution-dialog-title">
      <DialogTitle id="institution-dialog-title">{t('questionnaire.institution.title')}</DialogTitle>
      <DialogContent dividers data-testid="institution-dialog">
        {!otherMode && (
          <>
            <TextField
              label={t('questionnaire.institution.search')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'ArrowDown' && items.length) {
                  e.preventDefault();
                  list.focusActive();
                }
              }}
              fullWidth
              autoFocus
              helperText={t('questionnaire.institution.keys_hint')}
              sx={{ mb: 2 }}
              slotProps={{ htmlInput: { 'data-testid': 'institution-search' } }}
            />
            <Box sx={{ maxHeight: 360, overflowY: 'auto' }} onScroll={onScroll} data-testid="institution-scroll">
              {/* The column titles are for the eye; each option's name says all four (decision 0077). */}
              <Box
                aria-hidden="true"
                data-testid="institution-columns"
                sx={{
                  ...COLUMNS,
                  display: { xs: 'none', md: 'grid' },
                  position: 'sticky',
                  top: 0,
                  zIndex: 1,
                  px: 2,
                  py: 1,
                  bgcolor: 'background.paper',
                  borderBottom: 1,
                  borderColor: 'divider',
                  typography: 'subtitle2',
                }}
              >
                <span>{t('questionnaire.institution.region')}</span>
                <span>{t('questionnaire.institution.district')}</span>
                <span>{t('questionnaire.institution.name')}</span>
                <span>{t('questionnaire.institution.address')}</span>
              </Box>
              {items.length > 0 && (
                <Box {...list.listProps} aria-label={t('questionnaire.institution.results')} data-testid="institution-list">
                  {items.map((item, index) => (
                    <Box
                      key={item.id}
                      {...list.optionProps(index)}
                      aria-selected={item.id === selectedId}
                      data-testid={`institution-row-${item.id}`}
                      sx={OPTION_SX}
                    >
                      {/* Read name first (the option's name is its text: "name, region, district, address"); from
                          md up the columns are laid out as the titles above say. */}
                      <Box component="span" sx={{ order: { md: 3 }, fontWeight: { xs: 600, md: 'inherit' } }} data-testid="institution-name">
                        {item.name}
                      </Box>
                      {[item.region, item.district, item.address].map((part, column) => (
                        <Fragment key={column}>
                          {part && <Box component="span" sx={SEPARATOR}>, </Box>}
                          <Box component="span" sx={{ order: { md: [1, 2, 4][column] }, color: { xs: 'text.secondary', md: 'inherit' } }}>
                            {part}
                          </Box>
                        </Fragment>
                      ))}
                    </Box>
                  ))}
                </Box>
              )}
              {loading && (
                <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }} role="status">
                  <CircularProgress size={24} aria-label={t('common.loading')} />
                </Box>
              )}
              {!loading && state.total === 0 && (
                <Typography sx={{ p: 2 }} color="text.secondary">{t('questionnaire.institution.nothing_found')}</Typography>
              )}
              {failed && <Typography sx={{ p: 2 }} color="error">{t('errors.generic')}</Typography>}
            </Box>
            <Typography variant="caption" color="text.secondary" data-testid="institution-count">
              {shown}
            </Typography>
          </>
        )}
        {otherMode && abroadFirst && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="institution-abroad-hint">
            {t('questionnaire.institution.abroad_hint')}
          </Typography>
        )}
        {otherMode && (
          <TextField
            label={t('questionnaire.institution.other_name')}
            value={other}
            onChange={(e) => setOther(e.target.value)}
            fullWidth
            autoFocus
            multiline
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'institution-other-input' } }}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => setOtherMode((m) => !m)} data-testid="institution-not-listed">
          {otherMode ? t(abroadFirst ? 'questionnaire.institution.find_in_list' : 'questionnaire.institution.back_to_list') : t(abroadFirst ? 'questionnaire.institution.abroad' : 'questionnaire.institution.not_listed')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={onClose}>{t('common.close')}</Button>
        {otherMode && (
          <Button
            variant="contained"
            disabled={!other.trim()}
            onClick={() => onPick({ type: 'other', selected: other.trim() }, null)}
            data-testid="institution-other-save"
          >
            {t('questionnaire.institution.use_other')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

