import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { PasswordField } from './password-field';

/** 'Temporary password' (typed here, with the strength meter) or 'Invitation link' (made by the server). */
export function CredentialFields() {
  const labelId = useId();
  const { control } = useFormContext<{ method: 'password' | 'invitation'; password: string }>();
  const method = useWatch({ control, name: 'method' });
  return (
    <>
      <Controller
        name="method"
        control={control}
        render={({ field }) => (
          <FormControl>
            <FormLabel id={labelId}>How they get in</FormLabel>
            <RadioGroup aria-labelledby={labelId} row value={field.value} onChange={(event) => field.onChange(event.target.value)}>
              <FormControlLabel value="password" control={<Radio />} label="Temporary password" />
              <FormControlLabel value="invitation" control={<Radio />} label="Invitation link" />
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
              label="Password"
              name={field.name}
              inputRef={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              autoComplete="new-password"
              required
              showStrength
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? 'They choose their own password when they first sign in.'}
            />
          )}
        />
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          You get a one-time link to send them; they choose their password there.
        </Typography>
      )}
    </>
  );
}
