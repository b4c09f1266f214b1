import Button from '@mui/material/Button';
import LogoutIcon from '@mui/icons-material/Logout';
import { useTranslation } from 'react-i18next';
import useLogout from './useLogout';

export default function LogoutButton({ fullWidth = false, testId = 'logout', onDone, ...props }) {
  const { t } = useTranslation();
  const [logout, busy] = useLogout();
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<LogoutIcon aria-hidden="true" />}
      onClick={async () => {
        await logout();
        if (onDone) onDone();
      }}
      disabled={busy}
      fullWidth={fullWidth}
      data-testid={testId}
      {...props}
    >
      {t('header.logout')}
    </Button>
  );
}
