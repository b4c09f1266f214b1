/* Step 1 → 2 (req §2 Stepper "instruction", §5: all 5 checkboxes ticked): four instruction items and the
 * acceptance of the terms; Next (read_instruction) only when all five are ticked. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';

export const INSTRUCTION_ITEMS = ['rules', 'presence', 'fee', 'tracking'];
const ALL_TICKS = [...INSTRUCTION_ITEMS, 'accept'];

export default function InstructionStep({ proceed, proceeding }) {
  const { t } = useTranslation();
  const [ticked, setTicked] = useState({});
  const ready = ALL_TICKS.every((key) => ticked[key]);
  const label = (key) => (key === 'accept' ? t('stepper_actions.instruction.accept') : t(`stepper_actions.instruction.items.${key}`));

  return (
    <Box data-testid="step-instruction">
      <Typography sx={{ mb: 1 }}>{t('stepper_actions.instruction.intro')}</Typography>
      <FormGroup>
        {ALL_TICKS.map((key) => (
          <FormControlLabel
            key={key}
            sx={{ alignItems: 'flex-start', mb: 1, ...(key === 'accept' ? { mt: 1, fontWeight: 600 } : {}) }}
            control={
              <Checkbox
                sx={{ pt: 0.25 }}
                checked={Boolean(ticked[key])}
                onChange={(event) => setTicked((prev) => ({ ...prev, [key]: event.target.checked }))}
                inputProps={{ 'data-testid': `instruction-${key}` }}
              />
            }
            label={label(key)}
          />
        ))}
      </FormGroup>
      {!ready && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('stepper_actions.instruction.hint')}
        </Typography>
      )}
      <Button variant="contained" disabled={!ready || proceeding} onClick={() => proceed()} data-testid="step-next">
        {t('stepper_actions.next')}
      </Button>
    </Box>
  );
}
