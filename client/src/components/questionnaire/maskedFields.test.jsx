/* Masked fields store what was typed (issue 23, decision 0083): the phone typed key by key, pasted as +7…, pasted
 * with the trunk 8 and filled in by the browser's autofill all keep +77011234501; the IIN and the UNT certificate
 * number follow the same one rule; each shows an example in ru/kk/en and the certificate's error names its format. */
import { useState } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { renderWithProviders } from '../../testUtils';
import FieldControl from './fields/FieldControl';
import { fieldErrorText } from './validation';
import { validateStep } from '../../forms-engine/engine';

const STEP = { key: 'fillStepMainInfoLocal', fields: [] };
const PHONE = { key: 'phone_number', type: 'phone', mask: 'phone_kz', label: 'form.fillStepMainInfoLocal.phone_number' };
const IIN = { key: 'iin', type: 'iin', mask: 'iin', label: 'form.fillStepMainInfoLocal.iin' };
const UNT = { key: 'document_number', type: 'text', mask: 'test_doc_number', label: 'form.fillStepTestScoreUnt.document_number' };

function Field({ field, seen }) {
  const [value, setValue] = useState('');
  return (
    <FieldControl
      step={STEP}
      field={field}
      path={field.key}
      value={value}
      data={{}}
      ctx={{}}
      onChange={(path, next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

function renderField(field) {
  const seen = [];
  renderWithProviders(<Field field={field} seen={seen} />);
  return { input: screen.getByTestId(`field-${field.key}`), seen };
}

beforeEach(async () => {
  await act(() => i18n.changeLanguage('ru'));
});

test('typing +77011234501 key by key keeps +77011234501 (it stored +77701123450 before)', async () => {
  const { input } = renderField(PHONE);
  const user = userEvent.setup({ delay: null });
  await user.click(input);
  expect(input).toHaveValue('+7'); // the country code shown; the applicant's own +7 typed over it is not doubled
  await user.type(input, '+77011234501');
  expect(input).toHaveValue('+77011234501');
});

test.each([
  ['typed with the trunk 8', 'type', '87011234501'],
  ['typed as a national number after the shown +7', 'type', '7011234501'],
  ['typed as 7 and ten digits into an emptied field', 'clear-type', '77011234501'],
  ['pasted as +7…', 'paste', '+77011234501'],
  ['pasted with the trunk 8 and spaces', 'paste', '8 701 123 45 01'],
  ['pasted as +7 (701) 123-45-01', 'paste', '+7 (701) 123-45-01'],
])('the phone %s is +77011234501', async (_, how, text) => {
  const { input } = renderField(PHONE);
  const user = userEvent.setup({ delay: null });
  await user.click(input);
  if (how === 'clear-type') {
    await user.clear(input);
    await user.type(input, text);
  } else if (how === 'type') await user.type(input, text);
  else await user.paste(text);
  expect(input).toHaveValue('+77011234501');
});

test('autofill sets the whole value at once (insertReplacementText): +77011234501', () => {
  const { input, seen } = renderField(PHONE);
  expect(input).toHaveAttribute('autocomplete', 'tel');
  fireEvent.input(input, { target: { value: '8 (701) 123 45 01' }, inputType: 'insertReplacementText' });
  expect(input).toHaveValue('+77011234501');
  expect(seen).toEqual(['+77011234501']);
});

test('the IIN and the UNT certificate number follow the same rule on paste', async () => {
  const user = userEvent.setup({ delay: null });
  const iin = renderField(IIN).input;
  await user.click(iin);
  await user.paste('9001 0130 0017');
  expect(iin).toHaveValue('900101300017');
  const unt = renderField(UNT).input;
  await user.click(unt);
  await user.paste('1 2345 678901234 56 7');
  expect(unt).toHaveValue('1-2345-678901234-56-7');
});

test.each([
  ['ru', 'Например: +7 701 123 45 67', '12 цифр, например: 900101300017.', '1-2345-678901234-56-7 (дефисы ставятся сами)'],
  ['kk', 'Мысалы: +7 701 123 45 67', '12 цифр, мысалы: 900101300017.', 'сызықшалар өздігінен қойылады'],
  ['en', 'For example: +7 701 123 45 67', '12 digits, for example: 900101300017.', 'the dashes are added for you'],
])('each masked field shows its example in %s', async (lang, phone, iin, unt) => {
  await act(() => i18n.changeLanguage(lang));
  renderField(PHONE);
  renderField(IIN);
  renderField(UNT);
  expect(screen.getByText(phone, { exact: false })).toBeInTheDocument();
  expect(screen.getByText(iin)).toBeInTheDocument();
  expect(screen.getByText(unt, { exact: false })).toBeInTheDocument();
  // the hint describes the input (MUI links the helper text to it)
  const described = screen.getByTestId('field-document_number').getAttribute('aria-describedby');
  expect(document.getElementById(described)).toHaveTextContent(unt);
});

test('the UNT certificate error says which format is expected, in every language', async () => {
  const errors = validateStep({ key: 'fillStepTestScoreUnt', fields: [UNT] }, { document_number: '1-2345' }, {}, 'save');
  expect(errors).toHaveLength(1);
  const error = { key: errors[0].key, mask: errors[0].params.mask };
  const t = i18n.t.bind(i18n);
  expect(fieldErrorText(error, t)).toBe('Неверный формат: номер сертификата ЕНТ — 17 цифр в виде 1-2345-678901234-56-7');
  await act(() => i18n.changeLanguage('kk'));
  expect(fieldErrorText(error, t)).toContain('1-2345-678901234-56-7');
  await act(() => i18n.changeLanguage('en'));
  expect(fieldErrorText(error, t)).toBe('Wrong format: the UNT certificate number is 17 digits as 1-2345-678901234-56-7');
});
