import { z } from 'zod';
import { emailSchema } from './auth.js';
import { phoneSchema } from './contact.js';
import { organisationTypeSchema, type OrganisationType } from './organisations.js';
import { newPasswordSchema } from './passwords.js';
import { lineText, multilineText } from './text.js';

export const ONBOARDING_OTP_DIGITS = 6;
export const ONBOARDING_OTP_TTL_SECONDS = 10 * 60;
export const ONBOARDING_OTP_MAX_ATTEMPTS = 5;
/** The temporary access token may only finish onboarding, within this time. */
export const ONBOARDING_TOKEN_TTL_SECONDS = 60 * 60;

/** POST /api/sms/user: sends a 6-digit code. Answers how long it lives. */
export const onboardingSmsRequestSchema = z.object({ phone: phoneSchema });
export const onboardingSmsResponseSchema = z.object({ expiresInSeconds: z.number().int() });

/** POST /api/auth/login: a code the phone received becomes the temporary access token. */
export const onboardingLoginRequestSchema = z.object({
  phone: phoneSchema,
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});
export const onboardingLoginResponseSchema = z.object({ tempAccessToken: z.string(), expiresInSeconds: z.number().int() });

/** Plain-language descriptions of SPEC.md §3's six types, for the onboarding choice. */
export const organisationTypeDescriptions: Record<OrganisationType, { label: string; description: string }> = {
  HOSPITAL: { label: 'Hospital or clinic', description: 'Doctors see patients by appointment, with a token queue at the desk.' },
  HOSPITALANDCARE: { label: 'Hospital with home care', description: 'A hospital or clinic that also offers care services.' },
  SCAN: { label: 'Scan and test centre', description: 'Scans and lab tests booked by slot, with reports uploaded for patients.' },
  SCANANDCARE: { label: 'Scan centre with care', description: 'A scan and test centre that also offers care services.' },
  MULTIHOSPITAL: { label: 'Group of hospitals', description: 'Several hospitals or branches run together: doctors, scans and bookings.' },
  MULTIHOSPITALANDCARE: { label: 'Group of hospitals with care', description: 'Several hospitals or branches, plus care services.' },
};

/**
 * POST /api/onboarding (bearer: the temporary access token): the organisation and its first
 * admin in one transaction; answers signInResponseSchema. The logo is uploaded afterwards with
 * the new admin's token (uploads belong to an organisation).
 */
export const onboardingCompleteSchema = z.object({
  organisation: z.object({
    name: lineText().trim().min(2, 'Enter the organisation name').max(120),
    type: organisationTypeSchema,
    email: emailSchema,
    /** Defaults to the verified phone. */
    phone: phoneSchema.optional(),
    address: multilineText().trim().max(300).optional(),
    city: lineText().trim().max(80).optional(),
  }),
  admin: z.object({
    name: lineText().trim().min(2, 'Enter your name').max(120),
    email: emailSchema,
    password: newPasswordSchema,
  }),
});
export type OnboardingComplete = z.infer<typeof onboardingCompleteSchema>;
export const EMAIL_TAKEN_MESSAGE = 'This e-mail is already registered';
