/* The enrolment page (req §2 Stepper "Further pages", §4): paid enrolled at 8; a scholarship holder waits at 8
 * for staff to enrol them (enrol_scholarship, 8 → 10; the stepper polls) and is enrolled at 10. */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { localizedName } from '../../../i18n';

export default function EnrolmentStep({ application }) {
  const { t, i18n } = useTranslation();
  const program = application.study_program ? localizedName(application.study_program, i18n.language) : '';
  if (application.current_step === 8 && application.financing === 'scholarship') {
    return (
      <Alert severity="info" role="status" data-testid="enrolment-waiting">
        {t('stepper_actions.enrolment.scholarship_waiting')}
      </Alert>
    );
  }
  const key = application.current_step === 10 ? 'scholarship' : 'paid';
  return (
    <Alert severity="success" data-testid={`enrolment-${key}`}>
      {t(`stepper_actions.enrolment.${key}`, { program })}
    </Alert>
  );
}
