import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';

const SnackbarContext = createContext(null);

// The toast's code (Snackbar, Alert, transitions: ~6 KB compressed) is not part of the first screen's download
// (decision 0070): it is fetched at the user's first interaction (a toast answers an action, so it is there by
// then) or at the first message, whichever comes first, and kept for the page's life.
let viewModule = null;
let viewLoading = null;
function loadView() {
  if (!viewLoading) {
    viewLoading = import(/* webpackChunkName: "snackbar" */ './SnackbarView')
      .then((module) => {
        viewModule = module.default;
        return viewModule;
      })
      .catch((error) => {
        viewLoading = null; // a failed download is tried again by the next message
        throw error;
      });
  }
  return viewLoading;
}

const FIRST_INTERACTION = ['pointerdown', 'keydown', 'touchstart', 'focusin'];

/** One snackbar for the whole app (success / error), auto-hidden after 5 s (req §8, §9). */
export function SnackbarProvider({ children }) {
  const [state, setState] = useState({ open: false, message: '', severity: 'success', key: 0 });
  const [View, setView] = useState(() => viewModule);

  const ensureView = useCallback(() => {
    if (viewModule) return;
    loadView()
      .then((module) => setView(() => module))
      .catch(() => {});
  }, []);

  useEffect(() => {
    if (View) return undefined;
    const onFirst = () => ensureView();
    FIRST_INTERACTION.forEach((type) => document.addEventListener(type, onFirst, { capture: true, once: true }));
    return () => FIRST_INTERACTION.forEach((type) => document.removeEventListener(type, onFirst, { capture: true }));
  }, [View, ensureView]);

  const show = useCallback(
    (message, severity = 'success') => {
      ensureView();
      setState((prev) => ({ open: true, message, severity, key: prev.key + 1 }));
    },
    [ensureView],
  );

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

  const handleClose = useCallback((_event, reason) => {
    if (reason === 'clickaway') return;
    setState((prev) => ({ ...prev, open: false }));
  }, []);

  return (
    <SnackbarContext.Provider value={value}>
      {children}
      {View && <View state={state} onClose={handleClose} />}
    </SnackbarContext.Provider>
  );
}

export function useSnackbar() {
  const ctx = useContext(SnackbarContext);
  if (!ctx) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return ctx;
}
