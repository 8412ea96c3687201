import { z } from 'zod';

/** Public images (logos, photos) are served by URL; private files only by short-lived signed URL. */
export const uploadVisibilitySchema = z.enum(['public', 'private']);
export type UploadVisibility = z.infer<typeof uploadVisibilitySchema>;

export const UPLOAD_LIMITS = {
  image: { types: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 5 * 1024 * 1024 },
  pdf: { types: ['application/pdf'], maxBytes: 20 * 1024 * 1024 },
} as const;
export const SIGNED_URL_TTL_SECONDS = 300;

export const uploadSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  visibility: uploadVisibilitySchema,
  /** Public: a permanent URL. Private: a signed URL valid for SIGNED_URL_TTL_SECONDS. */
  url: z.string(),
  createdAt: z.iso.datetime(),
});
export type Upload = z.infer<typeof uploadSchema>;

/** GET /api/uploads/:id/signed-url: a path on the API's origin, valid until expiresAt. */
export const signedUrlSchema = z.object({ url: z.string(), expiresAt: z.iso.datetime() });

/**
 * POST /api/patient/uploads?organisationId=: a patient app account's chat attachment (an image or
 * a PDF, the same checks and limits), always private, stored in that organisation (where the
 * account has a patient record) and attachable only by the account.
 */
export const patientUploadQuerySchema = z.object({ organisationId: z.uuid() });
