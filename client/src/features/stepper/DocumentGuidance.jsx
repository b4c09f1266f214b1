/* Req §9 "Documents and stepper texts": the parents' income certificate covers the last 6 months; children are
 * counted under 23 (the family composition certificate). Said where the applicant gathers the documents: the
 * document submission step and the self-upload page (issue 23). */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';

export default function DocumentGuidance({ sx }) {
  const { t } = useTranslation();
  return (
    <Alert severity="info" sx={sx} data-testid="document-guidance">
      <AlertTitle component="p" sx={{ fontSize: '1rem' }}>
        {t('seams.guidance.title')}
      </AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        <li>{t('seams.guidance.income')}</li>
        <li>{t('seams.guidance.children')}</li>
      </Box>
    </Alert>
  );
}
