/* "I have saved my recovery codes" and the button that goes on, under the codes shown once (decision 0078 at
 * enrolment, decision 0091 on the account-security screen). The button stays disabled until the box is ticked, so
 * nobody leaves the only view of the codes by a stray press. The ticked state lives here: each caller draws this
 * only while a set of codes is shown, so a new set mounts it again, unticked. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';

/**
 * @param {string} label the button's text
 * @param {() => void} onContinue called when the button is pressed (only possible once the box is ticked)
 * @param {string} buttonTestId the button's data-testid (the e2e tests tell the two screens' buttons apart by it)
 * @param {'small'|'medium'|'large'} [size] the button's size
 * @param {boolean} [alignStart] the button as wide as its text at the start of a column, instead of the column's width
 */
export default function SavedCodesConfirm({ label, onContinue, buttonTestId, size = 'medium', alignStart = false }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  return (
    <>
      <FormControlLabel
        control={
          <Checkbox
            checked={saved}
            onChange={(event) => setSaved(event.target.checked)}
            slotProps={{ input: { 'data-testid': 'recovery-codes-saved' } }}
          />
        }
        label={t('second_factor.codes_saved')}
      />
      <Button
        variant="contained"
        size={size}
        disabled={!saved}
        onClick={() => onContinue()}
        sx={alignStart ? { alignSelf: 'flex-start' } : undefined}
        data-testid={buttonTestId}
      >
        {label}
      </Button>
    </>
  );
}
