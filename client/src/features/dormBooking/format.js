/* Money is integer tenge (design §6): 60000 → "60 000 ₸" (45,000 ₸ in English: i18n/format.js). */
import { formatMoney } from '../../i18n/format';

export function formatPrice(value, lng) {
  return formatMoney(Math.round(Number(value) || 0), lng);
}

/** "60 000 ₸ per month": a price with the period it pays for (the room type's price_period; decision 0088). */
export function priceWithPeriod(t, value, period, lng) {
  const price = formatPrice(value, lng);
  return period ? t(`dorm.period.${period}`, { price }) : price;
}
