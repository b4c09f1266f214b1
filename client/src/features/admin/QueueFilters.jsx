/* The filters a queue offers in its shell (queues.js FILTERS_BY_SHELL): campaign year (the current one marked),
 * nationality, program, UNT bounds, social category, submission dates, dormitory. Values live in the URL;
 * `setFilter(name, '')` removes one. */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ReferenceSelect from '../../resources/ReferenceSelect';
import { DateInput, INVALID_DATE } from '../../components/dates';
import { useAdminCampaignsQuery } from './adminApi';
import { FILTERS_BY_SHELL } from './queues';

// The questionnaire's social categories (SelectOption rows of this type; server/seed/data/select_options.py).
const SOCIAL_CATEGORY_FILTER = { type: 'fillStepSocialCategories_social_category' };

// On a phone each filter takes the row (the date fields' labels were cut at 180 px), the UNT bounds half each.
const FULL_ON_PHONE = { xs: '100%', sm: 'auto' };
const HALF_ON_PHONE = { xs: 'calc(50% - 6px)', sm: 130 };

export default function QueueFilters({ shellKey, view, setFilter }) {
  const { t } = useTranslation();
  const wanted = FILTERS_BY_SHELL[shellKey];
  const { data: campaigns = [] } = useAdminCampaignsQuery(undefined, { skip: !wanted.includes('year') });
  const years = Array.from(new Set(campaigns.map((c) => c.year))).sort((a, b) => b - a);
  // Req §9's year badge ('2025 (текущий)'): the campaign open now (GET /admin/campaigns is_current, decision 0066).
  const currentYear = (campaigns.find((c) => c.is_current) || {}).year;
  const yearLabel = (year) => (year === currentYear ? t('seams.filters.current', { year }) : String(year));
  const value = (name) => (view.filters[name] === undefined ? '' : String(view.filters[name]));
  return (
    <Stack direction="row" spacing={1.5} useFlexGap flexWrap="wrap" data-testid="queue-filters">
      {wanted.includes('year') && (
        <TextField
          select
          size="small"
          label={t('admin.filters.year')}
          value={value('year')}
          onChange={(e) => setFilter('year', e.target.value)}
          sx={{ minWidth: 170, width: FULL_ON_PHONE }}
          inputProps={{ 'data-testid': 'filter-year' }}
        >
          <MenuItem value="">{t('admin.filters.any')}</MenuItem>
          {years.map((year) => (
            <MenuItem key={year} value={String(year)} data-testid={`year-${year}`}>
              {yearLabel(year)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {wanted.includes('nation') && (
        <Box sx={{ minWidth: { sm: 240 }, width: FULL_ON_PHONE }}>
          <ReferenceSelect
            model="Citizenship"
            id="filter-nation"
            label={t('admin.filters.nationality')}
            value={value('nation')}
            onChange={(v) => setFilter('nation', v)}
            emptyLabel={t('admin.filters.any')}
            testId="filter-nation"
          />
        </Box>
      )}
      {wanted.includes('program') && (
        <Box sx={{ minWidth: { sm: 260 }, width: FULL_ON_PHONE }}>
          <ReferenceSelect
            model="StudyProgram"
            id="filter-program"
            label={t('admin.filters.program')}
            value={value('program')}
            onChange={(v) => setFilter('program', v)}
            emptyLabel={t('admin.filters.any')}
            testId="filter-program"
          />
        </Box>
      )}
      {wanted.includes('untFrom') && (
        <TextField
          size="small"
          type="number"
          label={t('admin.filters.unt_from')}
          value={value('untFrom')}
          onChange={(e) => setFilter('untFrom', e.target.value)}
          sx={{ width: HALF_ON_PHONE }}
        />
      )}
      {wanted.includes('untTo') && (
        <TextField
          size="small"
          type="number"
          label={t('admin.filters.unt_to')}
          value={value('untTo')}
          onChange={(e) => setFilter('untTo', e.target.value)}
          sx={{ width: HALF_ON_PHONE }}
        />
      )}
      {wanted.includes('social') && (
        // Req §2: the citizens' social category filter (the queue's socialCategory; its options are the
        // questionnaire's own categories).
        <Box sx={{ minWidth: { sm: 260 }, width: FULL_ON_PHONE }}>
          <ReferenceSelect
            model="SelectOption"
            id="filter-social"
            label={t('seams.filters.social')}
            value={value('social')}
            onChange={(v) => setFilter('social', v)}
            emptyLabel={t('admin.filters.any')}
            filters={SOCIAL_CATEGORY_FILTER}
            testId="filter-social"
          />
        </Box>
      )}
      {wanted.includes('from') && (
        <Box sx={{ width: { xs: '100%', sm: 180 } }}>
          <DateInput
            size="small"
            id="filter-from"
            label={t('admin.filters.from')}
            value={value('from') || null}
            onChange={(iso) => setFilter('from', iso && iso !== INVALID_DATE ? iso : '')}
            testId="filter-from"
          />
        </Box>
      )}
      {wanted.includes('to') && (
        <Box sx={{ width: { xs: '100%', sm: 180 } }}>
          <DateInput
            size="small"
            id="filter-to"
            label={t('admin.filters.to')}
            value={value('to') || null}
            onChange={(iso) => setFilter('to', iso && iso !== INVALID_DATE ? iso : '')}
            testId="filter-to"
          />
        </Box>
      )}
      {wanted.includes('dorm') && (
        <TextField
          select
          size="small"
          label={t('admin.filters.dorm')}
          value={value('dorm')}
          onChange={(e) => setFilter('dorm', e.target.value)}
          sx={{ minWidth: 160, width: FULL_ON_PHONE }}
          inputProps={{ 'data-testid': 'filter-dorm' }}
        >
          <MenuItem value="">{t('admin.filters.any')}</MenuItem>
          <MenuItem value="true">{t('admin.filters.dorm_yes')}</MenuItem>
          <MenuItem value="false">{t('admin.filters.dorm_no')}</MenuItem>
        </TextField>
      )}
      {wanted.includes('unread') && (
        <TextField
          select
          size="small"
          label={t('app_messages.filter_label')}
          value={value('unread') === 'true' ? 'true' : ''}
          onChange={(e) => setFilter('unread', e.target.value)}
          sx={{ minWidth: 180, width: FULL_ON_PHONE }}
          inputProps={{ 'data-testid': 'filter-unread' }}
        >
          <MenuItem value="">{t('admin.filters.any')}</MenuItem>
          <MenuItem value="true">{t('app_messages.filter_unread')}</MenuItem>
        </TextField>
      )}
    </Stack>
  );
}
