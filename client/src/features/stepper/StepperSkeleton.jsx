/* What /stepper/<id> shows while the application is read: the blocks of the loaded page (the programme and financing
 * lines, the card of the current step, the list of steps) as grey bars of about their size, so the page keeps its
 * shape when they arrive instead of a spinner that the card then pushes away. It is the same for every applicant and
 * fetches nothing, so it is part of the prerendered first screen (stepper-id.<lang>.html, decision 0070): it must
 * render the same on the server (no window, no media query in render). The bars are drawn with plain boxes (no MUI
 * Skeleton, no animation): nothing more to download or to run on a phone. */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';

// A bar one text line high inside a Typography of the real text's variant, so the line keeps that variant's height.
function Bar({ width, height = '0.8em' }) {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-block', verticalAlign: 'middle', width, height, borderRadius: 1, bgcolor: 'action.hover' }}
    />
  );
}

// The current step's card: a title and the lines of the first step a citizen meets (the instruction: an intro, four
// items and the acceptance, a hint), then its button; the other steps' cards are about as tall or shorter.
const CARD_LINES = ['92%', '70%', '96%', '88%', '94%', '60%', '90%', '97%', '75%', '93%', '85%', '55%'];
// The list of steps below the card: its first rows (the rest is below the fold on a phone).
const STEP_ROWS = ['55%', '45%', '60%', '50%'];

export default function StepperSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" data-testid="stepper-skeleton">
      <Box component="span" sx={visuallyHidden}>
        {t('common.loading')}
      </Box>
      <Box aria-hidden="true">
        <Typography variant="body1" sx={{ mb: 1 }}>
          <Bar width="65%" />
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          <Bar width="45%" />
        </Typography>
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
          <Typography variant="h5" sx={{ mb: 2 }}>
            <Bar width="40%" />
          </Typography>
          {CARD_LINES.map((width, index) => (
            <Typography key={index} variant="body1">
              <Bar width={width} />
            </Typography>
          ))}
          <Box sx={{ mt: 2, width: 110, height: 36, borderRadius: 1, bgcolor: 'action.hover' }} />
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          {STEP_ROWS.map((width, index) => (
            <Box key={index} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1 }}>
              <Box sx={{ width: 24, height: 24, borderRadius: '50%', bgcolor: 'action.hover', flexShrink: 0 }} />
              <Typography variant="body2" sx={{ flexGrow: 1 }}>
                <Bar width={width} />
              </Typography>
            </Box>
          ))}
        </Paper>
      </Box>
    </Box>
  );
}
