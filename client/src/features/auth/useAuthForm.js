/* The form state of the /auth screens: the part of react-hook-form's API they use (register, handleSubmit,
 * getValues, formState.errors), with the same behaviour — uncontrolled inputs, every field checked on submit, the
 * first wrong one focused, and after a submit each field re-checked as it changes. react-hook-form itself
 * (~12 KB compressed) stays with the questionnaire: /auth is the first screen on a phone (decision 0070).
 * Rules are react-hook-form's `{ validate(value, values) }`: true when fine, else the message. */
import { useRef, useState } from 'react';
import { hydratedForm } from '../../prerender/earlySubmit';

export default function useAuthForm({ defaultValues = {} } = {}) {
  // name → { element, rules }, in the order the fields were first registered (the focus order of errors).
  const fields = useRef(new Map());
  const values = useRef({ ...defaultValues });
  const submitted = useRef(false);
  const [errors, setErrors] = useState({});
  // The <form>'s props for a prerendered form (/auth). method="dialog": pressing Enter before the app has hydrated it
  // must not send the credentials as a GET query (the default method); a dialog-method form outside a <dialog> does
  // nothing. data-resubmit and the ref: such a press is sent again once the form is hydrated
  // (prerender/earlySubmit.js).
  const formProps = { ref: hydratedForm, method: 'dialog', noValidate: true, 'data-resubmit': '' };

  const valueOf = (name) => {
    const entry = fields.current.get(name);
    if (entry && entry.element) return entry.element.value;
    return values.current[name] === undefined ? '' : values.current[name];
  };

  const getValues = (name) => {
    if (name !== undefined) return valueOf(name);
    const all = { ...values.current };
    fields.current.forEach((_entry, key) => {
      all[key] = valueOf(key);
    });
    return all;
  };

  const errorOf = (name) => {
    const { rules } = fields.current.get(name);
    if (!rules || !rules.validate) return null;
    const result = rules.validate(valueOf(name), getValues());
    if (result === true || result === undefined) return null;
    return { type: 'validate', message: typeof result === 'string' ? result : '' };
  };

  const register = (name, rules = {}) => {
    let entry = fields.current.get(name);
    if (!entry) {
      entry = { element: null, rules };
      fields.current.set(name, entry);
    }
    entry.rules = rules; // the latest messages (t of the current language)
    return {
      name,
      onChange: (event) => {
        values.current[name] = event.target.value;
        if (!submitted.current) return;
        const error = errorOf(name);
        setErrors((previous) => {
          if (!error && !previous[name]) return previous;
          const next = { ...previous };
          if (error) next[name] = error;
          else delete next[name];
          return next;
        });
      },
      onBlur: () => {},
      ref: (element) => {
        if (element && element !== entry.element) {
          const value = values.current[name];
          if (entry.element === null && element.value !== '' && values.current[name] === defaultValues[name]) {
            // A prerendered field typed into before the app hydrated it: what the person typed stays.
            values.current[name] = element.value;
          } else {
            element.value = value === undefined ? '' : value;
          }
        }
        if (element) entry.element = element;
      },
    };
  };

  const handleSubmit = (onValid) => async (event) => {
    if (event && event.preventDefault) event.preventDefault();
    submitted.current = true;
    const next = {};
    let firstWrong = null;
    fields.current.forEach((entry, name) => {
      const error = errorOf(name);
      if (!error) return;
      next[name] = error;
      if (!firstWrong) firstWrong = entry.element;
    });
    setErrors(next);
    if (firstWrong) {
      if (typeof firstWrong.focus === 'function') firstWrong.focus();
      return;
    }
    await onValid(getValues(), event);
  };

  return { register, handleSubmit, getValues, formState: { errors }, formProps };
}
