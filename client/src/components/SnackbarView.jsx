/* The toast itself (MUI Snackbar + Alert with their transition and click-away code): loaded by SnackbarProvider
 * when the user first interacts or the first message comes, not with the first screen (decision 0070). */
import Snackbar from '@mui/material/Snackbar';
import Alert from '@mui/material/Alert';
import GlobalStyles from '@mui/material/GlobalStyles';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { announce } from './focus/announce';

// Here, not in SnackbarProvider: the view is its only reader, and reading it from the provider, which loads this
// module lazily, made an import cycle.
const SNACKBAR_AUTO_HIDE_MS = 5000; // req §9

/** Errors interrupt (role="alert"); a success is a status message: read from the one polite live region, so the toast
 * itself is not a second live region (decision 0077). */
export default function SnackbarView({ state, onClose }) {
  const { t } = useTranslation();
  const success = state.severity !== 'error';
  useEffect(() => {
    if (state.open && success) announce(state.message);
  }, [state.key, state.open, state.message, success]);
  return (
    <>
      {/* While a toast is up, the page has room to scroll its last controls (the footer's links) clear of it: the
          toast covered them when tabbed to (WCAG 2.4.11, decision 0077; scroll-padding alone cannot scroll past the
          end of the page). */}
      {state.open && <GlobalStyles styles={{ body: { paddingBottom: 96 } }} />}
      <Snackbar
        key={state.key}
        open={state.open}
        autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          onClose={onClose}
          severity={state.severity}
          role={success ? null : 'alert'}
          variant="filled"
          data-testid={`snackbar-${state.severity}`}
          slotProps={{ closeButton: { 'aria-label': t('common.close'), title: t('common.close') } }}
          sx={{ width: '100%' }}
        >
          {state.message}
        </Alert>
      </Snackbar>
    </>
  );
}
