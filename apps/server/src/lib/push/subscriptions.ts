import { createECDH } from 'node:crypto';
import type { PushSubscriptionSave } from '@caredesk/shared';
import { BadRequestError } from '../errors.js';
import { endpointProblem, type PushEndpointPolicy } from './endpoints.js';

/** Browsers hand keys out as base64url; accept plain base64 too and store base64url without padding. */
function keyBytes(value: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return undefined;
  return Buffer.from(value.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, ''), 'base64url');
}

function invalid(path: string, message: string): BadRequestError {
  return new BadRequestError(`${path}: ${message}`, [{ path, message }]);
}

/**
 * Rejects what no push could ever be sent to, so a sender never carries a broken subscription:
 * staff browsers (modules/push) and patient app browsers (modules/patient-push) alike. A 400
 * names the field. Answers the keys as stored (base64url).
 */
export function checkedSubscription(input: Pick<PushSubscriptionSave, 'endpoint' | 'p256dh' | 'auth'>, policy: PushEndpointPolicy): { p256dh: string; auth: string } {
  // Only real push services: the server POSTs to this URL on every push, with retries.
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
