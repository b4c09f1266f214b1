import { useTranslation } from 'react-i18next';
import Grid from '@mui/material/Grid2';
import Typography from '@mui/material/Typography';
import NavCard from '../../components/NavCard';
import useDocumentTitle from '../../components/focus/useDocumentTitle';

/**
 * /local-select-path (req §2): home of citizens of Kazakhstan. Apply starts the application flow;
 * scholarship / paid lead to the stepper with the financing type (the physical-presence modal, then /apply); the
 * listener card opens its own page: an auditing student makes no application (decision 0068).
 */
export default function LocalSelectPathPage() {
  const { t } = useTranslation();

  useDocumentTitle(t('local_select_path.title'));

  return (
    <>
      <Typography component="h1" variant="h1" gutterBottom>
        {t('local_select_path.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('local_select_path.subtitle')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <NavCard
            title={t('local_select_path.cards.apply.title')}
            description={t('local_select_path.cards.apply.description')}
            to="/apply"
            testId="card-local-apply"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <NavCard
            title={t('local_select_path.cards.scholarship.title')}
            description={t('local_select_path.cards.scholarship.description')}
            to="/stepper?type=scholarship"
            testId="card-local-scholarship"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <NavCard
            title={t('local_select_path.cards.paid.title')}
            description={t('local_select_path.cards.paid.description')}
            to="/stepper?type=paid"
            testId="card-local-paid"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <NavCard
            title={t('local_select_path.cards.listen.title')}
            description={t('local_select_path.cards.listen.description')}
            to="/local-select-path/listen"
            testId="card-local-listen"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <NavCard
            title={t('local_select_path.cards.partners.title')}
            description={t('local_select_path.cards.partners.description')}
            disabled
            testId="card-local-partners"
          />
        </Grid>
      </Grid>
    </>
  );
}
