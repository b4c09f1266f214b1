import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

/** Back / Next, or Submit on the last step (not when read-only); Next and Submit wait while anything loads.
 * With `draftSave` (staff intake) the last step has Save instead of Submit: a partial save, no submission.
 * Memoized: drawn again when its own props change, not on every key press (issue 27). */
function StepActions({
  isFirst,
  isLast,
  readOnly,
  saving,
  busy,
  onBack,
  onNext,
  submitLabel,
  draftSave = false,
  draftSaveLabel,
  onDraftSave,
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={2} justifyContent="space-between" sx={{ mt: 3 }}>
      <Button variant="outlined" onClick={onBack} disabled={isFirst || saving} data-testid="questionnaire-back">
        {t('questionnaire.back')}
      </Button>
      {!isLast && (
        <Button variant="contained" onClick={() => onNext(false)} disabled={busy} data-testid="questionnaire-next">
          {t('questionnaire.next')}
        </Button>
      )}
      {isLast && !readOnly && draftSave && (
        <Button variant="contained" onClick={onDraftSave} disabled={busy} data-testid="questionnaire-save">
          {draftSaveLabel}
        </Button>
      )}
      {isLast && !readOnly && !draftSave && (
        <Button
          variant="contained"
          color="success"
          onClick={() => onNext(true)}
          disabled={busy}
          data-testid="questionnaire-submit"
        >
          {t(submitLabel || 'questionnaire.submit')}
        </Button>
      )}
    </Stack>
  );
}

export default memo(StepActions);
