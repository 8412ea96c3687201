import { newPasswordHint } from '@caredesk/shared';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { PasswordStrengthMeter } from '@/components/password-strength-meter';
import type { DetailsForm } from './details-form';

/** The first admin: the person signing up, who signs in with this e-mail and password. */
export function AdminFields({ form }: { form: DetailsForm }) {
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const password = useWatch({ control, name: 'admin.password' });
  const fieldErrors = errors.admin;
  const passwordType = showPassword ? 'text' : 'password';
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        First admin
      </Typography>
      <TextField label="Your name" autoComplete="name" error={Boolean(fieldErrors?.name)} helperText={fieldErrors?.name?.message} {...register('admin.name')} />
      <TextField
        label="Your e-mail"
        type="email"
        autoComplete="username"
        error={Boolean(fieldErrors?.email)}
        helperText={fieldErrors?.email?.message ?? 'You sign in with it.'}
        {...register('admin.email')}
      />
      <Stack spacing={1}>
        <TextField
          label="Password"
          type={passwordType}
          autoComplete="new-password"
          error={Boolean(fieldErrors?.password)}
          helperText={fieldErrors?.password?.message ?? newPasswordHint}
          {...register('admin.password')}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton aria-label={showPassword ? 'Hide password' : 'Show password'} onClick={() => setShowPassword((shown) => !shown)} edge="end">
                    {showPassword ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <PasswordStrengthMeter password={password} />
      </Stack>
      <TextField
        label="Confirm password"
        type={passwordType}
        autoComplete="new-password"
        error={Boolean(fieldErrors?.confirmPassword)}
        helperText={fieldErrors?.confirmPassword?.message}
        {...register('admin.confirmPassword')}
      />
    </Stack>
  );
}
