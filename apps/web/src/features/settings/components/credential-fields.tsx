import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useT } from '../i18n';
import { PasswordField } from './password-field';

/** 'Temporary password' (typed here, with the strength meter) or 'Invitation link' (made by the server). */
export function CredentialFields() {
  const labelId = useId();
  const t = useT();
  const { control } = useFormContext<{ method: 'password' | 'invitation'; password: string }>();
  const method = useWatch({ control, name: 'method' });
  return (
    <>
      <Controller
        name="method"
        control={control}
        render={({ field }) => (
          <FormControl>
            <FormLabel id={labelId}>{t('settings.staff.howTheyGetIn')}</FormLabel>
            <RadioGroup aria-labelledby={labelId} row value={field.value} onChange={(event) => field.onChange(event.target.value)}>
              <FormControlLabel value="password" control={<Radio />} label={t('settings.staff.temporaryPassword')} />
              <FormControlLabel value="invitation" control={<Radio />} label={t('settings.staff.invitationLink')} />
            </RadioGroup>
          </FormControl>
        )}
      />
      {method === 'password' ? (
        <Controller
          name="password"
          control={control}
          render={({ field, fieldState }) => (
            <PasswordField
              label={t('settings.staff.password')}
              name={field.name}
              inputRef={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              autoComplete="new-password"
              required
              showStrength
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? t('settings.staff.passwordHelp')}
            />
          )}
        />
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('settings.staff.invitationHelp')}
        </Typography>
      )}
    </>
  );
}
