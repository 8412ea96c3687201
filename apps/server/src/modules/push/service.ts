import type { PushSubscriptionSave } from '@caredesk/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pushSubscriptions } from '../../db/schema/index.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import type { PushEndpointPolicy } from '../../lib/push/endpoints.js';
import { checkedSubscription } from '../../lib/push/subscriptions.js';

export interface Subscriber {
  staffId: string;
  organisationId: string;
}

/**
 * Saves the caller's browser. The endpoint identifies the browser, so saving it again updates the
 * row (new keys, or another staff member of the organisation now signed in on that device) rather
 * than adding one. An endpoint another organisation's staff saved stays theirs: 409, naming nobody.
 * Moving it would hand that organisation's pushes to whoever learnt the URL; the console answers
 * a 409 by subscribing the browser afresh, which gives it a new endpoint and ends the old one.
 */
export async function savePushSubscription(db: Db, subscriber: Subscriber, input: PushSubscriptionSave, policy: PushEndpointPolicy): Promise<{ id: string; created: boolean }> {
  const keys = checkedSubscription(input, policy);
  const values = { organisationId: subscriber.organisationId, staffId: subscriber.staffId, ...keys, userAgent: input.userAgent ?? null };
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ endpoint: input.endpoint, ...values })
    // One statement: the organisation check and the update cannot be raced apart.
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, failureCount: 0 }, setWhere: eq(pushSubscriptions.organisationId, subscriber.organisationId) })
    // xmax is 0 only for a row this statement inserted (PostgreSQL's upsert idiom).
    .returning({ id: pushSubscriptions.id, created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new ConflictError('This push subscription is registered elsewhere. Subscribe this browser again.', [{ path: 'endpoint', message: 'Already registered' }]);
  return { id: row.id, created: row.created };
}

/**
 * Forgets the caller's own browser (logout). An endpoint nobody saved is already gone; another
 * staff member's is 404 and stays.
 */
export async function removePushSubscription(db: Db, subscriber: Subscriber, endpoint: string): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.staffId, subscriber.staffId), eq(pushSubscriptions.organisationId, subscriber.organisationId)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length > 0) return;
  const [someoneElses] = await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  if (someoneElses) throw new NotFoundError('Push subscription not found');
}
