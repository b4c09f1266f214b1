import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import Snackbar from '@mui/material/Snackbar';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

export const SNACKBAR_AUTO_HIDE_MS = 5000;

const SnackbarContext = createContext(null);

/** One snackbar for the whole app (success / error), auto-hidden after 5 s (spec §8, §9). */
export function SnackbarProvider({ children }) {
  const { t } = useTranslation();
  const [state, setState] = useState({ open: false, message: '', severity: 'success', key: 0 });

  const show = useCallback((message, severity = 'success') => {
    setState((prev) => ({ open: true, message, severity, key: prev.key + 1 }));
  }, []);

  const value = useMemo(
    () => ({
      show,
      showSuccess: (message) => show(message, 'success'),
      showError: (message) => show(message, 'error'),
      // Closes the toast if it is an error (issue 10: a fixed problem's toast must not linger or follow along).
      hideError: () => setState((prev) => (prev.severity === 'error' && prev.open ? { ...prev, open: false } : prev)),
    }),
    [show],
  );

  const handleClose = (_event, reason) => {
    if (reason === 'clickaway') return;
    setState((prev) => ({ ...prev, open: false }));
  };

  return (
    <SnackbarContext.Provider value={value}>
      {children}
      <Snackbar
        key={state.key}
        open={state.open}
        autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
        onClose={handleClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          onClose={handleClose}
          severity={state.severity}
          variant="filled"
          data-testid={`snackbar-${state.severity}`}
          slotProps={{ closeButton: { 'aria-label': t('common.close'), title: t('common.close') } }}
          sx={{ width: '100%' }}
        >
          {state.message}
        </Alert>
      </Snackbar>
    </SnackbarContext.Provider>
  );
}

export function useSnackbar() {
  const ctx = useContext(SnackbarContext);
  if (!ctx) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return ctx;
}
