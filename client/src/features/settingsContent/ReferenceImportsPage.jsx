/* Settings → reference imports (issue 23, decision 0087): the KATO classifier or a register of educational
 * institutions from an xlsx/csv file. Preview first (what applying would add, update or leave, or the file's row
 * errors with their row numbers), then apply the same file — all or nothing, one audit row. */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { apiErrorMessage } from '../../components/apiError';
import useDocumentTitle from '../../components/focus/useDocumentTitle';
import { formatNumber } from '../../i18n/format';
import { useReferenceImportMutation } from './settingsContentApi';

const KINDS = ['kato', 'institutions'];
const COUNTS = ['rows', 'created', 'updated', 'unchanged'];

function Counts({ counts, kind, testId }) {
  const { t, i18n } = useTranslation();
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }} data-testid={testId}>
      {COUNTS.concat(kind === 'kato' && counts.absent ? ['absent'] : []).map((name) => (
        <Box key={name} sx={{ display: 'contents' }}>
          <Typography component="dt">{t(`settings_content.imports.counts.${name}`)}</Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
            {formatNumber(counts[name], i18n.language)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export default function ReferenceImportsPage() {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const fileInput = useRef(null);
  const [kind, setKind] = useState('kato');
  const [file, setFile] = useState(null);
  const [preview, setPreview] = useState(null);
  const [applied, setApplied] = useState(null);
  const [run, { isLoading, error, reset }] = useReferenceImportMutation();
  useDocumentTitle(t('settings_content.imports.title'), t('admin_shell.title'));

  const start = (next) => {
    setPreview(null);
    setApplied(null);
    reset();
    return next;
  };
  const check = async () => {
    start();
    const result = await run({ kind, step: 'preview', file });
    if (!result.error) setPreview(result.data);
  };
  const apply = async () => {
    const result = await run({ kind, step: 'apply', file });
    if (!result.error) {
      setApplied(result.data);
      setPreview(null);
    }
  };

  return (
    <Box data-testid="settings-imports">
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('settings_content.imports.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('settings_content.imports.intro')}</Typography>
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <FormControl>
          <FormLabel id={`${inputId}-kind`}>{t('settings_content.imports.kind')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={`${inputId}-kind`}
            value={kind}
            onChange={(event) => setKind(start(event.target.value))}
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
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
          {/* A real button opens the hidden file input (a <label role="button"> is not an allowed ARIA role). */}
          <Button variant="outlined" onClick={() => fileInput.current && fileInput.current.click()} aria-describedby={`${inputId}-name`}>
            {t('settings_content.imports.choose')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            hidden
            accept=".xlsx,.csv"
            onChange={(event) => setFile(start(event.target.files && event.target.files[0]) || null)}
            data-testid="imports-file"
          />
          <Typography id={`${inputId}-name`} data-testid="imports-file-name">{file ? file.name : t('settings_content.imports.no_file')}</Typography>
        </Stack>
        <Stack direction="row" spacing={2}>
          <Button variant="contained" disabled={!file || isLoading} onClick={check} data-testid="imports-preview">
            {t('settings_content.imports.preview')}
          </Button>
          <Button
            variant="contained"
            color="success"
            disabled={!file || isLoading || !(preview && preview.valid)}
            onClick={apply}
            data-testid="imports-apply"
          >
            {t('settings_content.imports.apply')}
          </Button>
        </Stack>
        {error && <Alert severity="error">{apiErrorMessage(error, t, i18n)}</Alert>}
        <Box aria-live="polite">
          {preview && preview.valid && (
            <Alert severity="info" data-testid="imports-preview-ok">
              <Typography sx={{ mb: 1 }}>{t('settings_content.imports.preview_ok')}</Typography>
              <Counts counts={preview.counts} kind={kind} testId="imports-preview-counts" />
            </Alert>
          )}
          {preview && !preview.valid && (
            <Alert severity="error" data-testid="imports-preview-errors">
              <Typography sx={{ mb: 1 }}>{preview.message}</Typography>
              {preview.errors.length > 0 && (
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {preview.errors.map((item, index) => (
                    <li key={`${item.row}-${index}`}>{item.message}</li>
                  ))}
                </Box>
              )}
              {preview.error_count > preview.errors.length && (
                <Typography sx={{ mt: 1 }}>
                  {t('settings_content.imports.more_errors', { count: preview.error_count - preview.errors.length })}
                </Typography>
              )}
            </Alert>
          )}
          {applied && (
            <Alert severity="success" data-testid="imports-applied">
              <Typography sx={{ mb: 1 }}>{t('settings_content.imports.applied')}</Typography>
              <Counts counts={applied.counts} kind={applied.kind} testId="imports-applied-counts" />
            </Alert>
          )}
        </Box>
      </Stack>
    </Box>
  );
}
