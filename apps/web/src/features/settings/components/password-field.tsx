import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { PasswordStrengthMeter } from '@/components/password-strength-meter';
import { useT } from '../i18n';

type PasswordFieldProps = Omit<TextFieldProps, 'type'> & {
  /** Shows the strength meter under the field (new passwords only). */
  showStrength?: boolean;
};

/** A password input with a show / hide toggle and, for a new password, the strength meter. */
export function PasswordField({ showStrength, label, value, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const t = useT();
  const named = String(label).toLowerCase();
  const field = (
    <TextField
      {...props}
      label={label}
      value={value}
      type={visible ? 'text' : 'password'}
      fullWidth
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? t('settings.password.hide', { label: named }) : t('settings.password.show', { label: named })}
                onClick={() => setVisible((shown) => !shown)}
                edge="end"
                size="small"
              >
                {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
  if (!showStrength) return field;
  return (
    <Stack spacing={1}>
      {field}
      <PasswordStrengthMeter password={typeof value === 'string' ? value : ''} />
    </Stack>
  );
}
