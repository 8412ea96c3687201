import { zodResolver } from '@hookform/resolvers/zod';
import { signInRequestSchema, signInWaitMessage, type SignInRequest, type SignInResponse } from '@caredesk/shared';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorIssues, errorMessage, errorStatus, retryAfterSeconds } from '@/lib/http';
import { useSignIn } from '../api/sign-in';
import { OutlinedField } from './outlined-field';

type SignInFormInput = z.input<typeof signInRequestSchema>;

/** A 429 says how long to wait (from Retry-After, in the server's words), so a slowed sign-in does not look like a lock. */
function failureText(error: unknown): string {
  if (errorStatus(error) === 429) {
    const seconds = retryAfterSeconds(error);
    return seconds ? signInWaitMessage(seconds) : 'Too many attempts. Try again later.';
  }
  return errorMessage(error);
}

export function SignInForm({ onSignedIn }: { onSignedIn: (response: SignInResponse) => void }) {
  const [showPassword, setShowPassword] = useState(false);
  const signIn = useSignIn({ onSuccess: onSignedIn });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignInFormInput, unknown, SignInRequest>({
    resolver: zodResolver(signInRequestSchema),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit((values) => {
    signIn.mutate(values, {
      onError: (error) => {
        for (const issue of errorIssues(error)) {
          if (issue.path === 'email' || issue.path === 'password') setError(issue.path, { message: issue.message });
        }
      },
    });
  });

  const pending = signIn.isPending;
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event)}>
      {signIn.isError ? (
        <Alert severity="error" role="alert">
          {failureText(signIn.error)}
        </Alert>
      ) : null}
      <OutlinedField label="Email address" type="email" autoComplete="username" autoFocus error={Boolean(errors.email)} helperText={errors.email?.message} {...register('email')} />
      <OutlinedField
        label="Password"
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
        {...register('password')}
        endAdornment={
          <InputAdornment position="end">
            <IconButton aria-label={showPassword ? 'Hide password' : 'Show password'} onClick={() => setShowPassword((shown) => !shown)} edge="end">
              {showPassword ? <VisibilityOff /> : <Visibility />}
            </IconButton>
          </InputAdornment>
        }
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={pending} disabled={pending} aria-busy={pending}>
        Sign in
      </Button>
    </Stack>
  );
}
