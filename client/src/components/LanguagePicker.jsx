import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../i18n';

/** RU / KZ / EN switch; the choice is persisted by the i18n module. */
export default function LanguagePicker({ size = 'small', color = 'standard', sx }) {
  const { t, i18n } = useTranslation();
  const current = (i18n.resolvedLanguage || i18n.language || 'ru').slice(0, 2);
  return (
    <ToggleButtonGroup
      value={current}
      exclusive
      size={size}
      color={color}
      aria-label={t('language.label')}
      onChange={(_e, value) => {
        if (value) i18n.changeLanguage(value);
      }}
      sx={sx}
      data-testid="language-picker"
    >
      {LANGUAGES.map((lang) => (
        <ToggleButton
          key={lang.code}
          value={lang.code}
          lang={lang.code}
          title={t(`language.names.${lang.code}`)}
          data-testid={`lang-${lang.code}`}
          sx={{ px: 1.25, py: 0.25, fontWeight: 600 }}
        >
          {lang.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
