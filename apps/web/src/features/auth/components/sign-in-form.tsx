import type { SignInResponse } from '@caredesk/shared';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { startSession } from '@/lib/session';
import { checkSignIn, type SignInErrors, type SignInField } from '../sign-in-check';
import { OutlinedField } from './outlined-field';
import { useT, type MessageId } from '@/i18n/use-t';

// What only a sign-in attempt needs comes on demand (the request with the HTTP client, the
// alert of a failure), so that the page's first load is only the form: typing in a field starts
// loading them.
const loadSignIn = () => import('../api/sign-in');
const loadAlert = () => import('@mui/material/Alert');
const Alert = lazy(loadAlert);
function preloadSignIn(): void {
  void loadSignIn();
  void loadAlert();
}

/** The HTTP client's own text for a request that got no answer, as an offline sign-in shows it. */
const NETWORK_ERROR = 'Network Error';

/** The texts checkSignIn and a failed request give, by message id (sign-in-check.test.ts holds them to the schema's). */
const OWN_MESSAGES: Partial<Record<string, MessageId>> = {
  /* eslint-disable lingui/no-unlocalized-strings -- the English texts looked up, never shown */
  'Enter a valid e-mail address': 'signIn.invalidEmail',
  'Enter your password': 'signIn.enterPassword',
  /* eslint-enable lingui/no-unlocalized-strings */
  [NETWORK_ERROR]: 'signIn.networkError',
};

export interface SignInFormProps {
  onSignedIn: (response: SignInResponse) => void;
  /** Called as a checked sign-in is sent (the first-load shell starts loading the console then). */
  onSubmitting?: () => void;
}

/**
 * A small controlled form rather than react-hook-form and its zod resolver (13.5 + 25 KB gzip
 * on the first load), behaving as they did: checked on submit, then again on every change;
 * the first field in error focused; the server's field errors of a 400 shown on the fields.
 */
export function SignInForm({ onSignedIn, onSubmitting }: SignInFormProps) {
  const t = useT();
  /** The form's own messages in the active language; a message the server wrote is shown as it is. */
  const say = (message: string | undefined) => {
    const id = message === undefined ? undefined : OWN_MESSAGES[message];
    return id ? t(id) : message;
  };
  const [showPassword, setShowPassword] = useState(false);
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const change = (field: SignInField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    preloadSignIn();
    if (submitted) setErrors((current) => ({ ...current, [field]: checkSignIn(next).errors[field] }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    const checked = checkSignIn(values);
    setErrors(checked.errors);
    if (!checked.request) {
      const first = checked.errors.email ? 'email' : 'password';
      inputs[first].current?.focus();
      return;
    }
    onSubmitting?.();
    setPending(true);
    setFailure(null);
    const { request } = checked;
    const result = await loadSignIn().then(
      ({ signIn }) => signIn(request),
      () => ({ ok: false, message: NETWORK_ERROR, issues: [] }) as const,
    );
    if (!result.ok) {
      setPending(false);
      setFailure(result.message);
      const fieldErrors: SignInErrors = {};
      for (const issue of result.issues) if (issue.path === 'email' || issue.path === 'password') fieldErrors[issue.path] = issue.message;
      setErrors((current) => ({ ...current, ...fieldErrors }));
      return;
    }
    const { response } = result;
    // Still busy until the page that replaces this one is shown.
    startSession({ user: response.user, accessToken: response.access_token, refreshToken: response.refresh_token });
    onSignedIn(response);
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}>
      {failure !== null ? (
        <Suspense fallback={null}>
          <Alert severity="error" role="alert">
            {say(failure)}
          </Alert>
        </Suspense>
      ) : null}
      <OutlinedField
        label={t('signIn.email')}
        type="email"
        name="email"
        autoComplete="username"
        autoFocus
        value={values.email}
        onChange={change('email')}
        error={Boolean(errors.email)}
        helperText={say(errors.email)}
        ref={inputs.email}
      />
      <OutlinedField
        label={t('signIn.password')}
        type={showPassword ? 'text' : 'password'}
        name="password"
        autoComplete="current-password"
        value={values.password}
        onChange={change('password')}
        error={Boolean(errors.password)}
        helperText={say(errors.password)}
        ref={inputs.password}
        endAdornment={
          <InputAdornment position="end">
            <IconButton aria-label={showPassword ? t('signIn.hidePassword') : t('signIn.showPassword')} onClick={() => setShowPassword((shown) => !shown)} edge="end">
              {showPassword ? <VisibilityOff /> : <Visibility />}
            </IconButton>
          </InputAdornment>
        }
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={pending} disabled={pending} aria-busy={pending}>
        {t('signIn.submit')}
      </Button>
    </Stack>
  );
}
