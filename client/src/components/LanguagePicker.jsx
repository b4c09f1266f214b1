/* RU / KZ / EN: three toggle buttons (aria-pressed) in a labelled group; the choice is persisted by the i18n module.
 * Drawn with Button, which every screen already loads, rather than MUI's ToggleButtonGroup (~4 KB compressed on
 * /auth, decision 0070); the look is the same: joined outlined buttons, the current language shaded. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, changeLanguage } from '../i18n';

const RADIUS = 10;

export default function LanguagePicker({ sx }) {
  const { t, i18n } = useTranslation();
  const current = (i18n.resolvedLanguage || i18n.language || 'ru').slice(0, 2);
  return (
    <Box role="group" aria-label={t('language.label')} data-testid="language-picker" sx={{ display: 'inline-flex', ...sx }}>
      {LANGUAGES.map((lang, index) => {
        const pressed = lang.code === current;
        return (
          <Button
            key={lang.code}
            size="small"
            lang={lang.code}
            title={t(`language.names.${lang.code}`)}
            aria-pressed={pressed}
            onClick={() => {
              if (!pressed) changeLanguage(lang.code);
            }}
            data-testid={`lang-${lang.code}`}
            sx={{
              minWidth: 0,
              px: 1.25,
              py: 0.25,
              fontWeight: 600,
              border: 1,
              borderColor: 'divider',
              borderRadius: 0,
              ml: index ? '-1px' : 0,
              color: pressed ? 'text.primary' : 'text.secondary',
              bgcolor: pressed ? 'action.selected' : 'transparent',
              '&:first-of-type': { borderRadius: `${RADIUS}px 0 0 ${RADIUS}px` },
              '&:last-of-type': { borderRadius: `0 ${RADIUS}px ${RADIUS}px 0` },
            }}
          >
            {lang.label}
          </Button>
        );
      })}
    </Box>
  );
}
