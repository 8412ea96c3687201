import type { Db } from '../../db/client.js';
import { getOrCreateSecret } from '../../lib/secrets.js';
import { signUploadUrl } from './signed-url.js';

/**
 * A link to one private file for someone outside the console, valid `ttlSeconds`: a patient's
 * report in the message that says it is ready. Signed like the console's short links, with the
 * same key, so the same route serves it and checks it.
 */
export async function privateFileLink(db: Db, uploadId: string, ttlSeconds: number, now = new Date()): Promise<string> {
  return signUploadUrl(await getOrCreateSecret(db, 'upload_url_key'), uploadId, now, ttlSeconds).url;
}
