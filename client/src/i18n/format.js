/* Numbers and money in the interface language (issue 10, "Content in three languages").
 *
 * Money is integer tenge (design §6). Russian and Kazakh group thousands with a no-break space and put the sign
 * after the amount (45 000 ₸); English groups with a comma and puts it after too (45,000 ₸), so an amount never
 * breaks across lines and reads the same in a table column. The grouping is done here rather than by
 * Intl.NumberFormat: browsers ship different Kazakh locale data, and the portal must show one form everywhere.
 */
import i18n from 'i18next';

export const TENGE_SIGN = '₸';
const NBSP = '\u00a0';
const GROUP_SEPARATOR = { ru: NBSP, kk: NBSP, en: ',' };
const DECIMAL_SEPARATOR = { ru: ',', kk: ',', en: '.' };

function languageOf(lng) {
  const code = String(lng || i18n.language || 'ru').slice(0, 2);
  return code in GROUP_SEPARATOR ? code : 'ru';
}

function toNumber(value) {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(String(value).replace(/\s/g, ''));
  return Number.isFinite(number) ? number : null;
}

/** 45000 → "45 000" (ru, kk) / "45,000" (en); 2.5 → "2,5" / "2.5"; '' for no value. */
export function formatNumber(value, lng, { maximumFractionDigits = 2 } = {}) {
  const number = toNumber(value);
  if (number === null) return '';
  const lang = languageOf(lng);
  const fixed = Math.abs(number).toFixed(maximumFractionDigits);
  const [whole, rawFraction = ''] = fixed.split('.');
  const fraction = rawFraction.replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR[lang]);
  const sign = number < 0 && Number(fixed) !== 0 ? '−' : '';
  return `${sign}${grouped}${fraction ? DECIMAL_SEPARATOR[lang] + fraction : ''}`;
}

/** Integer tenge: 45000 → "45 000 ₸" (ru, kk) / "45,000 ₸" (en); '' for no value. */
export function formatMoney(amount, lng) {
  const text = formatNumber(amount, lng, { maximumFractionDigits: 0 });
  return text ? `${text}${NBSP}${TENGE_SIGN}` : '';
}
