import { z } from 'zod';

/**
 * SPEC.md §3's push registration record, kept in the browser: the token (here the subscription's
 * endpoint), when it was created, and the options it was made with. Only the creation time is
 * not on the PushSubscription itself; it decides the 7-day refresh.
 */
const recordSchema = z.object({
  token: z.string(),
  createTime: z.number(),
  subscriptionOptions: z.object({
    endpoint: z.string(),
    auth: z.string(),
    p256dh: z.string(),
    swScope: z.string(),
    vapidKey: z.string(),
  }),
});
export type PushRegistrationRecord = z.infer<typeof recordSchema>;

/** Not one of the four session keys: signing out leaves it, the logout flow clears it itself. */
export const PUSH_RECORD_KEY = 'pushRegistration';

export function readPushRecord(): PushRegistrationRecord | null {
  try {
    const raw = localStorage.getItem(PUSH_RECORD_KEY);
    const parsed = raw ? recordSchema.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writePushRecord(record: PushRegistrationRecord): void {
  localStorage.setItem(PUSH_RECORD_KEY, JSON.stringify(record));
}

export function clearPushRecord(): void {
  localStorage.removeItem(PUSH_RECORD_KEY);
}
