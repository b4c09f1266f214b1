/* The state each Settings form dialog keeps (admission terms, programme windows, home-page messages): the values,
 * the form's own problems (shown once a save was tried), the server's field errors (already in the interface
 * language) under the same field names, and the save, which says so and closes the dialog. */
import { useState } from 'react';
import { useSnackbar } from '../../components/SnackbarProvider';
import { fieldErrorsOf } from './settingsContentApi';

/**
 * initial: the first values (a function is called once). mutation: what the save's RTK mutation hook returned.
 * check(form): the form's own problems by server field name ({} when none). onClose: closes the dialog.
 * savedText: what a save says.
 * Returns {form, setForm, set, errorOf, hasFieldErrors, busy, error, close, submitWith}: set(name) is a text
 * field's onChange, errorOf(name) the field's error or ''; submitWith(request) is the form's onSubmit, saving
 * request(form) when the form has no problems. close() forgets the last answer, so a reopened dialog starts clean.
 */
export default function useFormDialog({ initial, mutation, check, onClose, savedText }) {
  const { showSuccess } = useSnackbar();
  const [form, setForm] = useState(initial);
  const [tried, setTried] = useState(false);
  const [save, { isLoading, error, reset }] = mutation;
  const set = (name) => (event) => setForm((prev) => ({ ...prev, [name]: event.target.value }));
  const problems = check(form);
  const local = tried ? problems : {};
  const server = fieldErrorsOf(error);
  const errorOf = (name) => local[name] || (server[name] && server[name][0]) || '';

  const close = () => {
    reset();
    onClose();
  };
  const submitWith = (request) => async (event) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    const result = await save(request(form));
    if (!result.error) {
      showSuccess(savedText);
      close();
    }
  };

  return { form, setForm, set, errorOf, hasFieldErrors: Object.keys(server).length > 0, busy: isLoading, error, close, submitWith };
}
