import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appSecrets } from '../db/schema/index.js';

/**
 * Reads a named secret, generating it on first use (random bytes, or `generate` for a value with
 * structure, like a key pair). Insert-if-absent then read, so processes starting together on one
 * database all end up with the same value.
 */
export async function getOrCreateSecret(db: Db, name: string, generate: number | (() => string) = 48): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: typeof generate === 'number' ? randomBytes(generate).toString('base64url') : generate() })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`Secret ${name} could not be stored`);
  return row.value;
}

export async function jwtSigningKey(db: Db, configured: string | undefined): Promise<Uint8Array> {
  const secret = configured ?? (await getOrCreateSecret(db, 'jwt_signing_key'));
  return new TextEncoder().encode(secret);
}
