/* The questionnaire for screens that show it inside another page (the citizens' stepper's form and programme
 * steps): its chunk — form engine, field kinds, Autocomplete, uploads: ~85 KB brotli with its shared chunks; the date
 * field's calendar and the two pickers' dialogs are chunks of their own, fetched on use — is fetched when such a step
 * is shown, not with the page (issue 27). /stepper/<id> starts the download early anyway
 * (app/routePreloads.json "later"), so it is usually there by the time the step renders. Same props as
 * Questionnaire. */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import loadQuestionnaire from './loadQuestionnaire';

const Questionnaire = lazy(loadQuestionnaire);

function QuestionnaireLoading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} role="status" data-testid="questionnaire-loading">
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}

export default function LazyQuestionnaire(props) {
  return (
    <Suspense fallback={<QuestionnaireLoading />}>
      <Questionnaire {...props} />
    </Suspense>
  );
}
