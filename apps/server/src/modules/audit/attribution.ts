import { verifyAccessToken } from '../../lib/tokens.js';

/**
 * The staff member and organisation of a console token we signed that has not expired, when
 * authentication still refused it: its session was signed out or revoked, or the person was
 * deactivated. Such a request is a security event of that organisation. An expired token is
 * routine (the console refreshes it) and a forged one names no one we can trust.
 */
export async function revokedCallerOf(jwtKey: Uint8Array, token: string): Promise<{ staffId: string; organisationId: string } | undefined> {
  const claims = await verifyAccessToken(jwtKey, token);
  return claims ? { staffId: claims.staffId, organisationId: claims.organisationId } : undefined;
}
