/* Integer tenge as the applicant reads it: "10 000 ₸" (ru, kk), "10,000 ₸" (en). */
const LOCALES = { ru: 'ru-RU', kk: 'kk-KZ', en: 'en-US' };

export function formatTenge(amount, lng) {
  if (amount === null || amount === undefined) return '';
  const locale = LOCALES[(lng || 'ru').slice(0, 2)] || 'ru-RU';
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(amount)} ₸`;
}
