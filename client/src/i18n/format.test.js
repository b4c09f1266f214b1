import { formatMoney, formatNumber, TENGE_SIGN } from './format';
import i18n from './index';

const NBSP = '\u00a0';

describe('formatMoney', () => {
  test.each([
    ['ru', 45000, `45${NBSP}000${NBSP}₸`],
    ['kk', 45000, `45${NBSP}000${NBSP}₸`],
    ['en', 45000, `45,000${NBSP}₸`],
    ['ru', 10000, `10${NBSP}000${NBSP}₸`],
    ['ru', 1250000, `1${NBSP}250${NBSP}000${NBSP}₸`],
    ['en', 1250000, `1,250,000${NBSP}₸`],
    ['ru', 999, `999${NBSP}₸`],
    ['kk', 0, `0${NBSP}₸`],
    ['ru', '45000', `45${NBSP}000${NBSP}₸`],
    ['ru', -5000, `−5${NBSP}000${NBSP}₸`],
  ])('%s %p → %p', (lng, amount, expected) => {
    expect(formatMoney(amount, lng)).toBe(expected);
  });

  test('reads as "45 000 ₸" in Russian and Kazakh', () => {
    expect(formatMoney(45000, 'ru').replace(/\u00a0/g, ' ')).toBe('45 000 ₸');
    expect(formatMoney(45000, 'kk').replace(/\u00a0/g, ' ')).toBe('45 000 ₸');
  });

  test('no value is an empty text, never "NaN ₸"', () => {
    [null, undefined, '', 'abc', NaN].forEach((value) => expect(formatMoney(value, 'ru')).toBe(''));
  });

  test('follows the interface language when none is given', async () => {
    await i18n.changeLanguage('en');
    expect(formatMoney(45000)).toBe(`45,000${NBSP}${TENGE_SIGN}`);
    await i18n.changeLanguage('kk');
    expect(formatMoney(45000)).toBe(`45${NBSP}000${NBSP}${TENGE_SIGN}`);
    await i18n.changeLanguage('ru');
  });
});

describe('formatNumber', () => {
  test.each([
    ['ru', 1234567, `1${NBSP}234${NBSP}567`],
    ['en', 1234567, '1,234,567'],
    ['ru', 2.5, '2,5'],
    ['en', 2.5, '2.5'],
    ['kk', 12, '12'],
    ['xx', 1000, `1${NBSP}000`],
  ])('%s %p → %p', (lng, value, expected) => {
    expect(formatNumber(value, lng)).toBe(expected);
  });
});
