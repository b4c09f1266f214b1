import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CARD_ACTION_SX, LINK_CARD_SX } from './focus/cardFocus';

/**
 * A home-page style card. Exactly one of `to` (in-app route), `href` (external, new tab) applies;
 * `disabled` renders it greyed out with aria-disabled and no action.
 */
export default function NavCard({ title, description, to, href, disabled = false, testId, headingLevel = 'h2', sx }) {
  const { t } = useTranslation();
  let actionProps;
  if (disabled) actionProps = { component: 'div', disabled: true, 'aria-disabled': 'true' };
  else if (href) actionProps = { component: 'a', href, target: '_blank', rel: 'noopener noreferrer' };
  else actionProps = { component: RouterLink, to };

  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', opacity: disabled ? 0.6 : 1, bgcolor: disabled ? 'action.hover' : 'background.paper', ...LINK_CARD_SX, ...sx }}
    >
      <CardActionArea {...actionProps} data-testid={testId} sx={{ height: '100%', alignItems: 'flex-start', ...CARD_ACTION_SX }}>
        <CardContent>
          <Typography component={headingLevel} variant="h6" gutterBottom>
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          )}
          {disabled && <Chip size="small" label={t('common.soon')} sx={{ mt: 1 }} />}
          {href && !disabled && (
            <Typography variant="caption" color="primary" sx={{ display: 'block', mt: 1 }}>
              {t('common.opens_in_new_tab')}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
