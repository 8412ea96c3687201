import { hash, verify, type Options } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): ~13 ms here, slow enough for guessing.
// `Algorithm` is an ambient const enum, which verbatimModuleSyntax cannot import: 2 is Argon2id.
const options: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash. With no hash (unknown e-mail) it still verifies
 * against a fixed dummy hash, so the reply takes as long as for a real account.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
