import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from './constants.js';
import { organisationTypeSchema } from './organisations.js';
import { roles, staffRoles } from './roles.js';
import { languageSchema } from './languages.js';
import { lineText } from './text.js';

export * from './roles.js';

export const roleSchema = z.enum(roles);
export const staffRoleSchema = z.enum(staffRoles);

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid e-mail address' }));

export const signInRequestSchema = z.object({
  email: emailSchema,
  password: lineText().min(1, 'Enter your password').max(200),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** The organisation as the console sees it: SPEC.md's "admin" object. */
export const adminSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  type: organisationTypeSchema,
  logoUrl: z.string().nullable(),
  /**
   * The organisation's time zone: the console's "today" is the organisation's, not the browser's
   * (a front-desk PC left on UTC would otherwise start the day five and a half hours late). A user
   * stored before this field existed reads as the default zone.
   */
  timeZone: z.string().default(DEFAULT_TIME_ZONE),
});
export type Admin = z.infer<typeof adminSchema>;

/** SPEC.md §3 "User", stored in local storage under 'user'. */
export const sessionUserSchema = z.object({
  id: z.uuid(),
  adminId: z.uuid(),
  name: z.string(),
  email: z.string(),
  logoUrl: z.string().nullable(),
  role: roleSchema,
  admin: adminSchema,
  /** The console's language (the account's, so it follows the person to another browser). */
  language: languageSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const signInResponseSchema = z.object({
  user: sessionUserSchema,
  access_token: z.string(),
  refresh_token: z.string(),
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const refreshRequestSchema = z.object({ refresh_token: lineText().min(1).max(500) });
export const refreshResponseSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const logoutRequestSchema = z.object({ refresh_token: lineText().max(500).optional() });

/** The generic message for any failed sign-in: never reveals whether the e-mail exists. */
export const SIGN_IN_FAILED_MESSAGE = 'Incorrect e-mail or password';

/**
 * Sign-ins refused for a while (429, with Retry-After): the wait in words, so the person knows
 * they are slowed, not locked out. The server answers it and the console shows it.
 */
export function signInWaitMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  if (seconds < 60) return `Too many attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
