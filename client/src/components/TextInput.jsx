/* A text field for the first screens (sign-in, sign-up, codes): the same look, labels and ARIA wiring as MUI's
 * TextField, built from its parts (FormControl, InputLabel, OutlinedInput, FormHelperText). MUI's TextField also
 * imports Select, Menu, Popover and Modal for its `select` mode, which /auth never uses: this keeps them out of the
 * first download on a phone (decision 0070). Props: the TextField subset the auth screens use. */
import { forwardRef } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import FormHelperText from '@mui/material/FormHelperText';

const TextInput = forwardRef(function TextInput(
  {
    id,
    label,
    helperText,
    error = false,
    fullWidth = false,
    required = false,
    disabled = false,
    size = 'medium',
    slotProps = {},
    inputProps,
    InputProps,
    inputRef,
    className,
    sx,
    margin,
    ...inputAttributes
  },
  ref,
) {
  const helperId = helperText && id ? `${id}-helper-text` : undefined;
  const labelId = label && id ? `${id}-label` : undefined;
  const htmlInput = { ...(inputProps || {}), ...(slotProps.htmlInput || {}) };
  if (helperId) htmlInput['aria-describedby'] = [htmlInput['aria-describedby'], helperId].filter(Boolean).join(' ');
  return (
    <FormControl
      ref={ref}
      className={className}
      sx={sx}
      margin={margin}
      fullWidth={fullWidth}
      error={error}
      required={required}
      disabled={disabled}
      size={size}
      variant="outlined"
    >
      {label && (
        <InputLabel htmlFor={id} id={labelId}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        id={id}
        label={label}
        inputRef={inputRef}
        inputProps={htmlInput}
        {...(InputProps || {})}
        {...(slotProps.input || {})}
        {...inputAttributes}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
});

export default TextInput;
