import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { localizedName } from '../i18n';
import { citizenshipMatches, sortCitizenships, useDomain } from '../domain';
import useAnnounceChange from './focus/useAnnounceChange';
// TextInput, not MUI's TextField, which brings Select, Menu, Popover and Modal along (decision 0070, issue 27).
import TextInput from './TextInput';

/**
 * The citizenship choice (req §2 radio list, issue 10): a search box that filters by any of the three names,
 * Kazakhstan and the neighbours first, the rest in the interface language's alphabet, in a scrolling box so the
 * page stays short. The chosen row stays visible above the list while a search hides it.
 */
export default function CitizenshipPicker({ items, value, onChange, question, error = '', testIdPrefix = 'citizenship' }) {
  const { t, i18n } = useTranslation();
  const domain = useDomain();
  const [query, setQuery] = useState('');
  const sorted = useMemo(() => sortCitizenships(items, domain, i18n.language), [items, domain, i18n.language]);
  const shown = useMemo(() => sorted.filter((c) => citizenshipMatches(c, query)), [sorted, query]);
  const chosen = sorted.find((c) => String(c.id) === String(value));
  const labelId = `${testIdPrefix}-label`;
  useAnnounceChange(query ? t('a11y.found', { count: shown.length }) : null);

  return (
    <FormControl component="fieldset" error={Boolean(error)} fullWidth>
      <FormLabel component="legend" id={labelId} sx={{ mb: 1 }}>{question}</FormLabel>
      <TextInput
        id={`${testIdPrefix}-search-input`}
        type="search"
        size="small"
        fullWidth
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        label={t('choose_flow.search')}
        inputProps={{ 'data-testid': `${testIdPrefix}-search`, autoComplete: 'off' }}
        InputProps={{ startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> }}
        sx={{ mb: 1 }}
      />
      {chosen && (
        <Typography variant="body2" color="text.secondary" data-testid={`${testIdPrefix}-chosen`} sx={{ mb: 1 }}>
          {t('choose_flow.chosen', { name: localizedName(chosen, i18n.language) })}
        </Typography>
      )}
      <Box
        sx={{ maxHeight: { xs: '55vh', sm: 420 }, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5 }}
        data-testid={`${testIdPrefix}-scroll`}
      >
        <RadioGroup
          aria-labelledby={labelId}
          name={testIdPrefix}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          data-testid={`${testIdPrefix}-radios`}
        >
          {shown.map((c) => (
            <FormControlLabel
              key={c.id}
              value={String(c.id)}
              control={<Radio inputProps={{ 'data-testid': `${testIdPrefix}-${c.id}` }} />}
              label={localizedName(c, i18n.language)}
            />
          ))}
        </RadioGroup>
        {!shown.length && (
          <Typography sx={{ py: 2 }} color="text.secondary" role="status" data-testid={`${testIdPrefix}-no-match`}>
            {t('choose_flow.no_match')}
          </Typography>
        )}
      </Box>
      {error && <FormHelperText data-testid={`${testIdPrefix}-error`}>{error}</FormHelperText>}
    </FormControl>
  );
}
