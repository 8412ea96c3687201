import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type Ref } from 'react';

export interface OutlinedFieldProps extends Pick<OutlinedInputProps, 'type' | 'autoComplete' | 'autoFocus' | 'name' | 'value' | 'onChange' | 'onBlur' | 'endAdornment'> {
  label: string;
  error?: boolean;
  helperText?: string;
  /** The input element (to focus it). */
  ref?: Ref<HTMLInputElement>;
}

/**
 * What MUI's TextField renders for an outlined text input (same elements, classes and label,
 * helper text and aria wiring) without TextField itself, which imports Select, Menu and
 * Popover for its `select` mode: the sign-in page is the first thing a phone downloads. Full
 * width, as the theme makes every TextField.
 */
export function OutlinedField({ label, error = false, helperText, ref, ...input }: OutlinedFieldProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" fullWidth error={error} className="MuiTextField-root">
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput id={id} label={label} fullWidth inputRef={ref} aria-describedby={helperId} {...input} />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
