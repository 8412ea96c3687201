import { PASSWORD_MIN_LENGTH } from '@caredesk/shared';
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
import { useT } from '../i18n';
import type { DetailsForm } from './details-form';

/** The first admin: the person signing up, who signs in with this e-mail and password. */
export function AdminFields({ form }: { form: DetailsForm }) {
  const t = useT();
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const password = useWatch({ control, name: 'admin.password' });
  const fieldErrors = errors.admin;
  const passwordType = showPassword ? 'text' : 'password';
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a form field's path, not text
  const confirmPassword = register('admin.confirmPassword');

  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        {t('onboarding.admin.title')}
      </Typography>
      <TextField label={t('onboarding.admin.name')} autoComplete="name" error={Boolean(fieldErrors?.name)} helperText={fieldErrors?.name?.message} {...register('admin.name')} />
      <TextField
        label={t('onboarding.admin.email')}
        type="email"
        autoComplete="username"
        error={Boolean(fieldErrors?.email)}
        helperText={fieldErrors?.email?.message ?? t('onboarding.admin.emailHelper')}
        {...register('admin.email')}
      />
      <Stack spacing={1}>
        <TextField
          label={t('onboarding.admin.password')}
          type={passwordType}
          autoComplete="new-password"
          error={Boolean(fieldErrors?.password)}
          helperText={fieldErrors?.password?.message ?? t('onboarding.admin.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          {...register('admin.password')}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={showPassword ? t('onboarding.admin.hidePassword') : t('onboarding.admin.showPassword')}
                    onClick={() => setShowPassword((shown) => !shown)}
                    edge="end"
                  >
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
        label={t('onboarding.admin.confirmPassword')}

        type={passwordType}
        autoComplete="new-password"
        error={Boolean(fieldErrors?.confirmPassword)}
        helperText={fieldErrors?.confirmPassword?.message}
        {...confirmPassword}
      />
    </Stack>
  );
}
