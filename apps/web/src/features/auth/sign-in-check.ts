import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, type SignInRequest } from '@caredesk/shared';

/**
 * signInRequestSchema's checks and messages written out by hand: the sign-in page is the first
 * page of most visits, and the schema would bring zod (25 KB gzip) into its first load.
 * sign-in-check.test.ts holds this to the schema's verdicts, messages and output.
 */

// zod's z.email() pattern.
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const PASSWORD_MAX = 200;

export type SignInField = keyof SignInRequest;
export type SignInErrors = Partial<Record<SignInField, string>>;

/** The first failing check of each field (what the form shows), and the request once none fails. */
export function checkSignIn(input: { email: string; password: string }): { errors: SignInErrors; request?: SignInRequest } {
  const errors: SignInErrors = {};
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email)) errors.email = 'Enter a valid e-mail address';
  const { password } = input;
  if (hasControlCharacters(password)) errors.password = CONTROL_CHARACTERS_MESSAGE;
  else if (password.length < 1) errors.password = 'Enter your password';
  else if (password.length > PASSWORD_MAX) errors.password = `Too big: expected string to have <=${PASSWORD_MAX} characters`;
  return errors.email || errors.password ? { errors } : { errors, request: { email, password } };
}
