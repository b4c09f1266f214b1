import { useEffect, useRef, useState } from 'react';
import TextField from './TextInput';

export const CODE_LENGTH = 6;

/**
 * 6-digit code field (sign-up, reset, credit bureau): keeps digits only and calls onComplete once
 * when the sixth digit is entered (req §5: codes auto-submit at 6 characters).
 */
export default function CodeInput({ label, onComplete, disabled = false, testId = 'code-input', autoFocus = true, id }) {
  const [value, setValue] = useState('');
  const submitted = useRef('');

  useEffect(() => {
    if (value.length === CODE_LENGTH && submitted.current !== value) {
      submitted.current = value;
      onComplete(value, () => {
        submitted.current = '';
        setValue('');
      });
    }
    if (value.length < CODE_LENGTH) submitted.current = '';
  }, [value, onComplete]);

  return (
    <TextField
      id={id}
      label={label}
      value={value}
      onChange={(e) => setValue(e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
      disabled={disabled}
      autoFocus={autoFocus}
      fullWidth
      autoComplete="one-time-code"
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          pattern: '[0-9]*',
          maxLength: CODE_LENGTH,
          'data-testid': testId,
          style: { letterSpacing: '0.4em', fontSize: '1.25rem' },
        },
      }}
    />
  );
}
