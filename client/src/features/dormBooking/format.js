/* Money is integer tenge (design §6): 60000 → "60 000 ₸". */
export function formatPrice(value) {
  const number = Number(value) || 0;
  return `${String(Math.round(number)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} ₸`;
}
