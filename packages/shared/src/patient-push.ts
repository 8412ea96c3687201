import { z } from 'zod';
import { messageLanguageSchema } from './messages.js';
import { pushSubscriptionRemoveSchema, pushSubscriptionSaveSchema } from './notifications.js';

/**
 * Web Push for the patient app (design.md §7, §10): 'you are next' and 'it's your turn' on the
 * visit day, opt-in per browser. The app subscribes through its own service worker (/p/sw.js,
 * scope /p/) with the same VAPID key as the console, and saves the subscription here.
 */
export const PATIENT_PUSH_ICON = '/p/icons/icon-192.png';
/** Where a tap on a patient push leads: the app's list of visits (the live queue is there). */
export const PATIENT_PUSH_URL = '/p/visits';

/** GET /api/patient/push-config: the VAPID public key, the applicationServerKey to subscribe with. */
export const patientPushConfigSchema = z.object({ publicKey: z.string() });
export type PatientPushConfig = z.infer<typeof patientPushConfigSchema>;

/**
 * POST /api/patient/push-subscriptions: the browser's subscription as PushSubscription.toJSON()
 * gives it, and the language its pushes are written in (the app's language at the time).
 */
export const patientPushSubscriptionSaveSchema = pushSubscriptionSaveSchema.extend({ language: messageLanguageSchema.optional() });
export type PatientPushSubscriptionSave = z.input<typeof patientPushSubscriptionSaveSchema>;
export const patientPushSubscriptionSavedSchema = z.object({ id: z.uuid() });
/** DELETE /api/patient/push-subscriptions (opting out on this browser). */
export const patientPushSubscriptionRemoveSchema = pushSubscriptionRemoveSchema;
export type PatientPushSubscriptionRemove = z.input<typeof patientPushSubscriptionRemoveSchema>;
/** POST /api/patient/auth/logout: the browser's push endpoint, if it has one, is forgotten with the session. */
export const patientLogoutSchema = z.object({ pushEndpoint: pushSubscriptionRemoveSchema.shape.endpoint.optional() });
export type PatientLogout = z.input<typeof patientLogoutSchema>;

export const patientPushKinds = ['next', 'called'] as const;
export const patientPushKindSchema = z.enum(patientPushKinds);
export type PatientPushKind = z.infer<typeof patientPushKindSchema>;

/**
 * What the patient app's service worker receives. No patient name: a lock screen is public, so
 * only the organisation, the token and the room. `tag` is per visit, so 'it's your turn'
 * replaces 'you are next' on the screen.
 */
export const patientPushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  icon: z.string(),
  tag: z.string(),
  url: z.string(),
  kind: patientPushKindSchema,
  visitId: z.uuid(),
});
export type PatientPushPayload = z.infer<typeof patientPushPayloadSchema>;
