/* Step 4 → 5 (req §2 Stepper "document_submission", §5 upload code): hand the papers to staff under the 7-digit
 * upload code (recommended; choose_handover) or upload them at /documents-upload/{id} (upload_documents there). */
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid2';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DocumentGuidance from '../DocumentGuidance';

export default function DocumentSubmissionStep({ application, proceed, proceeding }) {
  const { t } = useTranslation();
  return (
    <div data-testid="step-document-submission">
      <Typography sx={{ mb: 2 }}>{t('stepper_actions.documents.intro')}</Typography>
      <DocumentGuidance sx={{ mb: 2 }} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card variant="outlined" sx={{ height: '100%', borderColor: 'primary.main' }} data-testid="handover-option">
            <CardContent>
              <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1, flexWrap: 'wrap' }}>
                <Typography component="h3" variant="h6">{t('stepper_actions.documents.handover_title')}</Typography>
                <Chip size="small" color="primary" label={t('stepper_actions.documents.recommended')} />
              </Stack>
              <Typography variant="body2" sx={{ mb: 2 }}>{t('stepper_actions.documents.handover_text')}</Typography>
              <Typography variant="body2" color="text.secondary">{t('stepper_actions.documents.code_label')}</Typography>
              <Typography
                variant="h4"
                component="p"
                sx={{ fontFamily: 'monospace', letterSpacing: '0.15em' }}
                data-testid="upload-code"
              >
                {application.upload_code}
              </Typography>
            </CardContent>
            <CardActions>
              <Button variant="contained" disabled={proceeding} onClick={() => proceed('handover')} data-testid="choose-handover">
                {t('stepper_actions.documents.handover_button')}
              </Button>
            </CardActions>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card variant="outlined" sx={{ height: '100%' }} data-testid="self-upload-option">
            <CardContent>
              <Typography component="h3" variant="h6" sx={{ mb: 1 }}>{t('stepper_actions.documents.self_title')}</Typography>
              <Typography variant="body2">{t('stepper_actions.documents.self_text')}</Typography>
            </CardContent>
            <CardActions>
              <Button variant="outlined" component={RouterLink} to={`/documents-upload/${application.id}`} data-testid="go-self-upload">
                {t('stepper_actions.documents.self_button')}
              </Button>
            </CardActions>
          </Card>
        </Grid>
      </Grid>
    </div>
  );
}
