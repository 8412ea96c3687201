import { createECDH } from 'node:crypto';
import type { PushSubscriptionSave } from '@caredesk/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pushSubscriptions } from '../../db/schema/index.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.js';
import { endpointProblem, type PushEndpointPolicy } from '../../lib/push/endpoints.js';

export interface Subscriber {
  staffId: string;
  organisationId: string;
}

/** Browsers hand keys out as base64url; accept plain base64 too and store base64url without padding. */
function keyBytes(value: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return undefined;
  return Buffer.from(value.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, ''), 'base64url');
}

function invalid(path: string, message: string): BadRequestError {
  return new BadRequestError(`${path}: ${message}`, [{ path, message }]);
}

/** Rejects what no push could ever be sent to, so the sender never carries a broken subscription. */
function checkedSubscription(input: PushSubscriptionSave, policy: PushEndpointPolicy): { p256dh: string; auth: string } {
  // Only real push services: the server POSTs to this URL on every notification, with retries.
  const problem = endpointProblem(input.endpoint, policy);
  if (problem) throw invalid('endpoint', problem);
  const p256dh = keyBytes(input.p256dh);
  try {
    // A P-256 public key in uncompressed form; computeSecret throws for a point not on the curve.
    if (p256dh?.length !== 65) throw new Error('length');
    const probe = createECDH('prime256v1');
    probe.generateKeys();
    probe.computeSecret(p256dh);
  } catch {
    throw invalid('p256dh', 'Must be the subscription’s P-256 public key');
  }
  const auth = keyBytes(input.auth);
  if (auth?.length !== 16) throw invalid('auth', 'Must be the subscription’s 16-byte auth secret');
  return { p256dh: p256dh.toString('base64url'), auth: auth.toString('base64url') };
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
