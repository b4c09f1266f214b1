/* The first Tab stop of every shell (WCAG 2.4.1; decision 0077): hidden until it has the focus, then drawn at the top
 * left over the header. Activated, it moves the focus to the page's main heading (the href works without script). */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { MAIN_ID, focusElement, mainHeading } from './focusElement';

export default function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        if (focusElement(mainHeading())) event.preventDefault();
      }}
      data-testid="skip-link"
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: 'tooltip',
        px: 2,
        py: 1.5,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {t('common.skip_to_content')}
    </Box>
  );
}
