import { z } from 'zod';
import { roleSchema } from './auth.js';
import { phoneSchema } from './contact.js';
import { newPasswordSchema } from './passwords.js';
import { lineText } from './text.js';
import { languageSchema } from './languages.js';

/** GET /api/account: the signed-in person's own details (every role). */
export const accountSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  role: roleSchema,
  organisationName: z.string(),
  /** Set after a temporary password: the console asks for a new one before anything else. */
  passwordChangeRequired: z.boolean(),
  /** The organisation's idle sign-out (settings), so every role's console can apply it. */
  inactivityMinutes: z.number().int(),
  /** The console's language, chosen in the avatar menu. */
  language: languageSchema,
});
export type Account = z.infer<typeof accountSchema>;

/** PATCH /api/account. */
export const accountUpdateSchema = z
  .object({
    name: lineText().trim().min(2, 'Enter your name').max(120),
    phone: phoneSchema.nullable(),
    /** A public image URL from POST /api/admin/upload; null removes it. */
    avatarUrl: lineText().max(500).nullable(),
    language: languageSchema,
  })
  .partial();
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;

/** POST /api/account/password: a wrong current password is 400 naming currentPassword. */
export const passwordChangeSchema = z.object({
  currentPassword: lineText().min(1, 'Enter your current password').max(200),
  newPassword: newPasswordSchema,
  /** End every other session of this account (this one stays signed in). */
  signOutOtherSessions: z.boolean().default(false),
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is not correct';

/** GET /api/account/sessions: one entry per signed-in browser (a refresh-token family). */
export const accountSessionSchema = z.object({
  id: z.uuid(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  signedInAt: z.iso.datetime(),
  lastActiveAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** The session making this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsSchema = z.object({ data: z.array(accountSessionSchema) });
