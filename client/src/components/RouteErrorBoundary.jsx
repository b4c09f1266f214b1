/* A route whose code could not be downloaded (a dropped connection, a deploy that replaced the chunk) made React
 * unmount the whole page: a blank screen, no way on for a keyboard or a screen-reader user. This keeps the page and
 * says so, with a retry (a reload: React.lazy keeps a failed import's answer) that takes the focus (decision 0077). */
import { Component } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

function LoadFailed() {
  const { t } = useTranslation();
  return (
    <Box role="alert" sx={{ p: 4, textAlign: 'center' }} data-testid="route-load-failed">
      <p>{t('errors.page_not_loaded')}</p>
      <Button variant="contained" autoFocus onClick={() => window.location.reload()} data-testid="route-retry">
        {t('common.retry')}
      </Button>
    </Box>
  );
}

export default class RouteErrorBoundary extends Component {
  constructor(props) {
    super(props);
    this.state = { failed: false };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <LoadFailed /> : this.props.children;
  }
}
