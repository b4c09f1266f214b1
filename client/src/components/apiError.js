/* Turns an RTK Query error into the text to show (req §8, design §5):
 * a server message_key known to the client catalogue (under `messages.`) wins, then the server's
 * already-localized `message`, then the given fallback key. */
export function apiErrorMessage(error, t, i18n, fallbackKey = 'errors.generic') {
  const data = error && error.data;
  if (data && typeof data === 'object') {
    const key = data.message_key;
    if (key && i18n.exists(`messages.${key}`)) return t(`messages.${key}`);
    if (data.message && typeof data.message === 'string') return data.message;
  }
  return t(fallbackKey);
}
