/* Step 3 → 4 (req §2 Questionnaire, §4): the home-country questionnaire through the shared engine; its Submit
 * sends is_submit, which the server turns into the same `submit_form` transition application-proceed would
 * take, with the missing fields shown on their steps. At steps 4 and 5 the form step stays open (§4): the
 * submitted questionnaire can be opened read-only. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Questionnaire from '../../../components/questionnaire/LazyQuestionnaire';
import loadQuestionnaire from '../../../components/questionnaire/loadQuestionnaire';

// A failed early fetch is left to React.lazy, which asks again when the form renders.
const warmQuestionnaire = () => {
  loadQuestionnaire().catch(() => {});
};

export default function FormStep({ application }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="step-form">
      <Typography sx={{ mb: 2 }}>{t('stepper_actions.form.intro')}</Typography>
      <Questionnaire applicationId={application.id} type="fill" />
    </Box>
  );
}

/** The submitted questionnaire, read-only, behind a toggle (steps 4 and 5). Its chunk is not loaded with the page
 * (issue 27): it is fetched when the toggle is pointed at or focused, so it is usually there when pressed. */
export function SubmittedForm({ application }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Box data-testid="submitted-form">
      <Typography variant="body2" sx={{ mb: 1 }}>{t('stepper_actions.form.submitted')}</Typography>
      <Button
        variant="outlined"
        size="small"
        onClick={() => setOpen((v) => !v)}
        onPointerEnter={warmQuestionnaire}
        onFocus={warmQuestionnaire}
        aria-expanded={open}
        data-testid="toggle-form"
      >
        {open ? t('stepper_actions.form.hide') : t('stepper_actions.form.show')}
      </Button>
      {open && (
        <Box sx={{ mt: 2 }}>
          <Questionnaire applicationId={application.id} type="fill" readOnly />
        </Box>
      )}
    </Box>
  );
}
