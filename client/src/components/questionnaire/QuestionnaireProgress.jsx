import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * Where the applicant is: a progress bar on phones (< 600 px), a stepper otherwise. Earlier steps (every step
 * when read-only) can be reopened from the stepper; saved steps are marked completed.
 */
export default function QuestionnaireProgress({ steps, index, saved, readOnly, onOpen }) {
  const { t } = useTranslation();
  const isMobile = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const text = t('questionnaire.progress', { current: index + 1, total: steps.length });
  if (isMobile) {
    return (
      <Box sx={{ mb: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
          {text}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={Math.round(((index + 1) / steps.length) * 100)}
          aria-label={text}
          data-testid="questionnaire-progress"
        />
      </Box>
    );
  }
  return (
    <Stepper nonLinear activeStep={index} alternativeLabel sx={{ mb: 3 }} data-testid="questionnaire-stepper">
      {steps.map((s, i) => {
        const reachable = i < index || readOnly;
        return (
          <Step key={s.key} completed={Boolean(saved[s.key]) && i !== index}>
            <StepButton
              onClick={() => (reachable ? onOpen(s.key) : undefined)}
              disabled={!reachable}
              // MUI's step buttons overlap their neighbours (negative margins): the focused one is drawn on top, so
              // the next step's button does not cover its ring (WCAG 2.4.11, decision 0077).
              sx={{ '&.Mui-focusVisible': { zIndex: 1 } }}
              data-testid={`questionnaire-stepper-${s.key}`}
            >
              {t(s.title)}
            </StepButton>
          </Step>
        );
      })}
    </Stepper>
  );
}
