/* Every page says what it is in the browser's title, in the interface language (WCAG 2.4.2; decision 0077):
 * "<page> — <area> — Qabyldau". Parts that are empty are left out. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export default function useDocumentTitle(...parts) {
  const { t } = useTranslation();
  const title = [...parts, t('app.name')].filter(Boolean).join(' — ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
