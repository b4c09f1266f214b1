/* The questionnaire's form labels (forms/labels) reach i18next in every language. */
import i18n from '../index';
import { formLabels, unflatten } from './index';

const flatKeys = (obj, prefix = '') => Object.entries(obj).flatMap(([k, v]) => (
  v && typeof v === 'object' ? flatKeys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

test('form labels have identical keys in ru, kk and en and resolve through i18n', () => {
  const ru = flatKeys(formLabels.ru).sort();
  expect(flatKeys(formLabels.kk).sort()).toEqual(ru);
  expect(flatKeys(formLabels.en).sort()).toEqual(ru);
  expect(i18n.getFixedT('ru')('form.fillStepMainInfo.last_name')).toBe('Фамилия');
  expect(i18n.getFixedT('en')('form.fillStepMainInfo.last_name')).toBe('Last name');
  expect(i18n.getFixedT('kk')('form.fillStepMainInfo.last_name')).toBe('Тегі');
  ['fill_required', 'check_dates', 'invalid_iin'].forEach((key) => {
    ['ru', 'kk', 'en'].forEach((lng) => expect(i18n.exists(`form.errors.${key}`, { lng })).toBe(true));
  });
});

test('unflatten', () => {
  expect(unflatten({ 'a.b': 1, 'a.c.d': 2, e: 3 })).toEqual({ a: { b: 1, c: { d: 2 } }, e: 3 });
});
