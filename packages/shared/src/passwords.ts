import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;

/** A password a person chooses (first admin, new staff, change, reset): the server and the forms share it. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'Use at most 200 characters')
  .regex(/[A-Za-z]/, 'Include at least one letter')
  .regex(/\d/, 'Include at least one number');

/** newPasswordSchema's rules in one line, for the helper text under a new-password field. */
export const newPasswordHint = `At least ${PASSWORD_MIN_LENGTH} characters, with a letter and a number`;

export type PasswordStrength = 0 | 1 | 2 | 3 | 4;
export const passwordStrengthLabels = ['Too weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;

/**
 * A rough 0-4 score for the strength meter: length and variety of characters, minus obvious
 * repeats. Not a security boundary (newPasswordSchema is); it nudges people toward longer ones.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < PASSWORD_MIN_LENGTH) return 0;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(password)).length;
  let score = classes - 1 + (password.length >= 12 ? 1 : 0) + (password.length >= 16 ? 1 : 0);
  if (/(.)\1{2,}/.test(password) || /^(?:1234|abcd|pass|qwer)/i.test(password)) score -= 1;
  return Math.max(0, Math.min(4, score)) as PasswordStrength;
}
