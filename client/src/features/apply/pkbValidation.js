/* The credit-bureau request form's rules (req §5), mirroring server/schemas/pkb.py one-to-one; both sides run the
 * vectors of forms/pkb_request_rules.json. Each rule answers null or the reason key (pkb.reason.<reason>). */
import { iinValid } from '../../forms-engine/engine';

export const NAME_MAX_LENGTH = 100;
export const PHONE_MAX_LENGTH = 12;
const NAME_SEPARATORS = /[ '\-’]/;
const LETTERS = /^\p{L}+$/u;

export function iinProblem(value) {
  if (!value) return 'required';
  if (!/^[0-9]{12}$/.test(value)) return 'iin_format';
  return iinValid(value) ? null : 'iin_check';
}

export function phoneProblem(value) {
  if (!value) return 'required';
  if (!value.startsWith('+7')) return 'phone_prefix';
  if (value.length > PHONE_MAX_LENGTH || !/^\+7[0-9]{10}$/.test(value)) return 'phone_format';
  return null;
}

const isUpper = (ch) => ch !== ch.toLowerCase() && ch === ch.toUpperCase();

export function nameProblem(value) {
  if (value == null || !String(value).trim()) return 'required';
  if (value !== value.trim()) return 'spaces';
  // Length in code points, as Python's len().
  if ([...value].length > NAME_MAX_LENGTH) return 'too_long';
  if (!isUpper([...value][0])) return 'capital';
  return value.split(NAME_SEPARATORS).every((part) => LETTERS.test(part)) ? null : 'letters';
}

export const FIELD_RULES = { iin: iinProblem, phone: phoneProblem, last_name: nameProblem, first_name: nameProblem };
export const FIELDS = Object.keys(FIELD_RULES);

/** 'please check field' + label + reason (req §5), in the UI language. */
export function checkFieldMessage(t, field, reason) {
  return t('pkb.check_field', { label: t(`pkb.field.${field}`), reason: t(`pkb.reason.${reason}`) });
}

/** {field: message} for every field that breaks a rule. */
export function validateRequest(values, t) {
  const errors = {};
  FIELDS.forEach((field) => {
    const reason = FIELD_RULES[field](values[field]);
    if (reason) errors[field] = checkFieldMessage(t, field, reason);
  });
  return errors;
}

/** +7 701 *** ** 01 — enough for the applicant to recognise the number the code went to. */
export function maskedPhone(phone) {
  const digits = String(phone || '').replace(/\D/g, '');
  if (digits.length !== 11) return phone || '';
  return `+7 ${digits.slice(1, 4)} *** ** ${digits.slice(9)}`;
}
