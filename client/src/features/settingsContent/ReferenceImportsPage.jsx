/* Settings → reference imports (issue 23, decision 0087): the KATO classifier or a register of educational
 * institutions from an xlsx/csv file. Preview first (what applying would add, update or leave, or the file's row
 * errors with their row numbers), then apply the same file — all or nothing, one audit row. */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import useDocumentTitle from '../../components/focus/useDocumentTitle';
import CheckLoadImport from './CheckLoadImport';
import { useReferenceImportMutation } from './settingsContentApi';

const KINDS = ['kato', 'institutions'];
const COUNTS = ['rows', 'created', 'updated', 'unchanged'];
const STEPS = { check: 'preview', load: 'apply', done: 'applied' };

// Only a KATO answer shows the codes the file lacks (they are kept), and only when there are some.
function countNames(answer) {
  return answer.kind === 'kato' && answer.counts.absent ? COUNTS.concat(['absent']) : COUNTS;
}

export default function ReferenceImportsPage() {
  const { t } = useTranslation();
  const inputId = useId();
  const [kind, setKind] = useState('kato');
  const mutation = useReferenceImportMutation();
  useDocumentTitle(t('settings_content.imports.title'), t('admin_shell.title'));

  return (
    <Box data-testid="settings-imports">
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('settings_content.imports.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('settings_content.imports.intro')}</Typography>
      <CheckLoadImport
        mutation={mutation}
        params={{ kind }}
        steps={STEPS}
        testIdPrefix="imports"
        countNames={countNames}
        countLabels="settings_content.imports.counts"
        doneText={t('settings_content.imports.applied')}
      >
        {(restart) => (
          <>
            <FormControl>
              <FormLabel id={`${inputId}-kind`}>{t('settings_content.imports.kind')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${inputId}-kind`}
                value={kind}
                onChange={(event) => {
                  restart();
                  setKind(event.target.value);
                }}
              >
                {KINDS.map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={<Radio inputProps={{ 'data-testid': `imports-kind-${value}` }} />}
                    label={t(`settings_content.imports.kinds.${value}`)}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            <Typography variant="body2" color="text.secondary">
              {t(`settings_content.imports.columns.${kind}`)}
            </Typography>
          </>
        )}
      </CheckLoadImport>
    </Box>
  );
}
