import vectors from '../../../../forms/pkb_request_rules.json';
import i18n from '../../i18n';
import { checkFieldMessage, iinProblem, maskedPhone, nameProblem, phoneProblem, validateRequest } from './pkbValidation';

const RULES = { name: nameProblem, iin: iinProblem, phone: phoneProblem };

describe('credit-bureau request rules: the vectors the server runs too (forms/pkb_request_rules.json)', () => {
  Object.entries(RULES).forEach(([rule, check]) => {
    test.each(vectors[rule])(`${rule} %p → %p`, (value, reason) => {
      expect(check(value)).toBe(reason);
    });
  });
});

describe('messages: please check field + label + reason (req §5)', () => {
  afterAll(() => i18n.changeLanguage('ru'));

  test('Russian, Kazakh and English', async () => {
    await i18n.changeLanguage('ru');
    const t = i18n.t.bind(i18n);
    expect(checkFieldMessage(t, 'last_name', 'capital'))
      .toBe('Пожалуйста, проверьте поле «Фамилия»: должно начинаться с заглавной буквы');
    await i18n.changeLanguage('kk');
    expect(checkFieldMessage(i18n.t.bind(i18n), 'iin', 'iin_check'))
      .toBe('«ЖСН» өрісін тексеріңіз: ЖСН-нің бақылау цифры қате');
    await i18n.changeLanguage('en');
    expect(checkFieldMessage(i18n.t.bind(i18n), 'phone', 'phone_prefix'))
      .toBe('Please check the field “Phone number”: the number must start with +7');
  });

  test('validateRequest reports every broken field and nothing for good data', async () => {
    await i18n.changeLanguage('ru');
    const t = i18n.t.bind(i18n);
    expect(validateRequest({ iin: '060315501232', phone: '+77011234501', last_name: 'Ахметов', first_name: 'Нурлан' }, t))
      .toEqual({});
    expect(Object.keys(validateRequest({ iin: '', phone: '+7', last_name: ' Ахметов', first_name: 'нурлан' }, t)))
      .toEqual(['iin', 'phone', 'last_name', 'first_name']);
  });
});

test('the phone in the code modal is shortened', () => {
  expect(maskedPhone('+77011234501')).toBe('+7 701 *** ** 01');
  expect(maskedPhone('+7701')).toBe('+7701');
});
