import { z } from 'zod';
import { emailSchema, staffRoleSchema } from './auth.js';
import { paginatedSchema } from './common.js';
import { phoneSchema } from './contact.js';
import { listQuerySchema, queryBooleanSchema } from './lists.js';
import { newPasswordSchema } from './passwords.js';
import { lineText } from './text.js';

/** Invitation links stay valid this long. */
export const STAFF_INVITATION_TTL_HOURS = 72;
export const LAST_ADMIN_MESSAGE = 'An organisation needs at least one active admin';
export const SELF_DEACTIVATE_MESSAGE = 'You cannot deactivate your own account';
export const SELF_RESET_MESSAGE = 'Change your own password under My account';
export const DUPLICATE_STAFF_EMAIL_MESSAGE = 'Someone already uses this e-mail address';
/** Unknown, used, replaced or expired links, or a deactivated person: one message for all. */
export const DOCTOR_ACCOUNT_DOCTOR_MESSAGE = 'Choose the doctor this account belongs to';
export const DOCTOR_ONLY_FOR_DOCTORS_MESSAGE = 'Only a doctor account is linked to a doctor';
export const DOCTOR_ALREADY_LINKED_MESSAGE = 'This doctor already has an account';
export const INVITATION_INVALID_MESSAGE = 'This invitation link is not valid any more. Ask your administrator for a new one.';

/** A staff member as the Settings > Staff list shows them (ADMIN only). */
export const staffMemberSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: staffRoleSchema,
  /** Role USER: the doctor this account is (null when the doctor was removed since). */
  doctorId: z.uuid().nullable(),
  avatarUrl: z.string().nullable(),
  active: z.boolean(),
  /** Created by invitation and not yet accepted: they cannot sign in until they set a password. */
  invitationPending: z.boolean(),
  /** Signed in with a temporary password: asked to choose their own. */
  passwordChangeRequired: z.boolean(),
  lastLoginAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListSchema = paginatedSchema(staffMemberSchema);
export type StaffList = z.infer<typeof staffListSchema>;

export const staffListQuerySchema = listQuerySchema(['name', 'email', 'createdAt', 'lastLoginAt'] as const).extend({
  role: staffRoleSchema.optional(),
  active: queryBooleanSchema.optional(),
});
export type StaffListQuery = z.infer<typeof staffListQuerySchema>;

/**
 * How a new (or reset) person gets in: a temporary password the admin hands over (they must
 * change it at first sign-in), or a one-time invitation link to choose their own.
 */
export const credentialSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('password'), password: newPasswordSchema }),
  z.object({ method: z.literal('invitation') }),
]);
export type Credential = z.infer<typeof credentialSchema>;

/** POST /api/staff. */
export const staffCreateSchema = z
  .object({
    name: lineText().trim().min(2, 'Enter the name').max(120),
    email: emailSchema,
    phone: phoneSchema.nullable().optional(),
    role: staffRoleSchema,
    /** Required for a doctor's own account (role USER), refused for the others. */
    doctorId: z.uuid().nullable().optional(),
    credential: credentialSchema,
  })
  .superRefine((input, issues) => {
    if (input.role === 'USER' && !input.doctorId) issues.addIssue({ code: 'custom', path: ['doctorId'], message: DOCTOR_ACCOUNT_DOCTOR_MESSAGE });
    if (input.role !== 'USER' && input.doctorId) issues.addIssue({ code: 'custom', path: ['doctorId'], message: DOCTOR_ONLY_FOR_DOCTORS_MESSAGE });
  });
export type StaffCreate = z.infer<typeof staffCreateSchema>;

/** PATCH /api/staff/:id. Deactivating ends every session of the person at once. */
export const staffUpdateSchema = z
  .object({
    name: lineText().trim().min(2, 'Enter the name').max(120),
    phone: phoneSchema.nullable(),
    role: staffRoleSchema,
    /** The doctor a USER account is; the server checks it against the role the change leaves. */
    doctorId: z.uuid().nullable(),
    active: z.boolean(),
  })
  .partial();
export type StaffUpdate = z.infer<typeof staffUpdateSchema>;

/** POST /api/staff and POST /api/staff/:id/reset-password answer this; the link is shown once. */
export const staffCredentialResultSchema = z.object({
  member: staffMemberSchema,
  /** Absolute console URL /invite/{token}, only for method 'invitation'. */
  invitationUrl: z.string().nullable(),
  invitationExpiresAt: z.iso.datetime().nullable(),
});
export type StaffCredentialResult = z.infer<typeof staffCredentialResultSchema>;

/** GET /api/invitations/:token (public): whom the link is for. Unknown, used or expired: 404. */
export const invitationSchema = z.object({ name: z.string(), email: z.string(), organisationName: z.string(), expiresAt: z.iso.datetime() });
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationParamsSchema = z.object({ token: lineText().max(200) });

/** POST /api/invitations/:token/accept (public) answers signInResponseSchema. */
export const invitationAcceptSchema = z.object({ password: newPasswordSchema });
