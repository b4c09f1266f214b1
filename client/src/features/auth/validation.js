/* Client-side rules of req §5 in react-hook-form's form, used by the auth screens' useAuthForm (messages are i18n
 * keys resolved with t). */
export const MIN_PASSWORD_LENGTH = 6;

export const isEmailLike = (value) => typeof value === 'string' && value.trim().includes('@');
export const isLongEnough = (value) => typeof value === 'string' && value.length >= MIN_PASSWORD_LENGTH;

export const emailRules = (t) => ({
  validate: (value) => isEmailLike(value) || t('validation.email'),
});

export const passwordRules = (t) => ({
  validate: (value) => isLongEnough(value) || t('validation.password_min'),
});

export const requiredRules = (t) => ({
  validate: (value) => (typeof value === 'string' && value.length > 0) || t('validation.required'),
});

export const repeatPasswordRules = (t, getPassword, messageKey = 'validation.passwords_mismatch') => ({
  validate: (value) => value === getPassword() || t(messageKey),
});

/** Spreads register()'s result (useAuthForm, same shape as react-hook-form's) onto a TextInput. */
export function muiField(register, errors, name, rules) {
  const { ref, ...rest } = register(name, rules);
  const error = errors[name];
  return { ...rest, inputRef: ref, error: Boolean(error), helperText: error ? error.message : undefined };
}
