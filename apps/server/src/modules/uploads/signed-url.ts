import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNED_URL_TTL_SECONDS } from '@caredesk/shared';

export interface SignedUrl {
  url: string;
  expiresAt: string;
}

export type SignatureCheck = 'valid' | 'invalid' | 'expired';

export const publicUploadPath = (id: string): string => `/api/uploads/public/${id}`;

function signature(secret: string, id: string, expires: number): string {
  return createHmac('sha256', secret).update(`upload:${id}:${expires}`).digest('base64url');
}

/**
 * A link to one private file that works without a bearer token (so <a href> and <img src> can
 * use it) for SIGNED_URL_TTL_SECONDS. The HMAC covers the id and the expiry, so neither can be
 * changed without invalidating the link.
 */
export function signUploadUrl(secret: string, id: string, now: Date, ttlSeconds = SIGNED_URL_TTL_SECONDS): SignedUrl {
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const query = new URLSearchParams({ expires: String(expires), signature: signature(secret, id, expires) });
  return { url: `/api/uploads/private/${id}?${query.toString()}`, expiresAt: new Date(expires * 1000).toISOString() };
}

/** Signature first, in constant time; only a genuine link is told that it has expired. */
export function checkUploadSignature(secret: string, id: string, expires: string | undefined, given: string | undefined, now: Date): SignatureCheck {
  if (!expires || !given || !/^\d{1,12}$/.test(expires)) return 'invalid';
  const expected = Buffer.from(signature(secret, id, Number(expires)));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return 'invalid';
  return Number(expires) * 1000 <= now.getTime() ? 'expired' : 'valid';
}
