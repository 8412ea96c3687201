import type { PatientPushSubscriptionSave } from '@caredesk/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { patientPushSubscriptions } from '../../db/schema/index.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import type { PushEndpointPolicy } from '../../lib/push/endpoints.js';
import { checkedSubscription } from '../../lib/push/subscriptions.js';

/**
 * Saves the signed-in account's browser (POST /api/patient/push-subscriptions), checked as the
 * staff's are (lib/push/subscriptions.ts). Saving it again updates the row (new keys, another
 * language). An endpoint another account saved stays theirs: 409 naming the endpoint and nobody
 * else. Moving it would let whoever learnt the URL take that person's queue pushes; the app
 * answers a 409 by subscribing afresh, which gives the browser a new endpoint.
 */
export async function savePatientPushSubscription(
  db: Db,
  accountId: string,
  input: PatientPushSubscriptionSave,
  policy: PushEndpointPolicy,
): Promise<{ id: string; created: boolean }> {
  const keys = checkedSubscription(input, policy);
  const values = { accountId, ...keys, language: input.language ?? 'en', userAgent: input.userAgent ?? null };
  const [row] = await db
    .insert(patientPushSubscriptions)
    .values({ endpoint: input.endpoint, ...values })
    // One statement: the owner check and the update cannot be raced apart.
    .onConflictDoUpdate({ target: patientPushSubscriptions.endpoint, set: { ...values, failureCount: 0 }, setWhere: eq(patientPushSubscriptions.accountId, accountId) })
    // xmax is 0 only for a row this statement inserted (PostgreSQL's upsert idiom).
    .returning({ id: patientPushSubscriptions.id, created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new ConflictError('This push subscription is registered elsewhere. Subscribe this browser again.', [{ path: 'endpoint', message: 'Already registered' }]);
  return { id: row.id, created: row.created };
}

/**
 * Forgets the account's own browser (opting out, signing out). One nobody saved is already gone;
 * another account's is 404 and stays.
 */
export async function removePatientPushSubscription(db: Db, accountId: string, endpoint: string): Promise<void> {
  if (await forgetPatientPushSubscription(db, accountId, endpoint)) return;
  const [someoneElses] = await db.select({ id: patientPushSubscriptions.id }).from(patientPushSubscriptions).where(eq(patientPushSubscriptions.endpoint, endpoint));
  if (someoneElses) throw new NotFoundError('Push subscription not found');
}

/** Signing out: the account's own subscription of this browser goes; anything else is left as it is. Answers whether one went. */
export async function forgetPatientPushSubscription(db: Db, accountId: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(patientPushSubscriptions)
    .where(and(eq(patientPushSubscriptions.endpoint, endpoint), eq(patientPushSubscriptions.accountId, accountId)))
    .returning({ id: patientPushSubscriptions.id });
  return removed.length > 0;
}
