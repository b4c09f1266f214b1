/* Keeps the account's stored language (the one its mail is written in, issue 26) in step with the language picker:
 * while a signed-in shell is open, a switch of the interface language is saved on the account. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetStoredLanguageMutation } from '../../api/notificationsApi';

export default function useStoredLanguage(signedIn) {
  const { i18n } = useTranslation();
  const [save] = useSetStoredLanguageMutation();
  useEffect(() => {
    if (!signedIn) return undefined;
    const onChange = (lng) => {
      const language = String(lng || '').slice(0, 2);
      if (['ru', 'kk', 'en'].includes(language)) save(language);
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [signedIn, i18n, save]);
}
