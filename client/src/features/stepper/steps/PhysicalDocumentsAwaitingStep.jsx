/* Step 5 (req §4: documents uploaded, awaiting confirmation of the physical documents — the orange banner).
 * Staff confirm receipt (confirm_documents, 5 → 6); the stepper polls the application, so the page moves on
 * by itself. */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

export default function PhysicalDocumentsAwaitingStep({ application }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      sx={{ border: 2, borderColor: 'warning.main' }}
      data-testid="awaiting-documents-banner"
      role="status"
    >
      <AlertTitle>{t('stepper_actions.awaiting_documents.banner')}</AlertTitle>
      {t('stepper_actions.awaiting_documents.text', { code: application.upload_code || '' })}
    </Alert>
  );
}
