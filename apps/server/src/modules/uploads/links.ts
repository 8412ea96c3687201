import type { Db } from '../../db/client.js';
import { getOrCreateSecret } from '../../lib/secrets.js';
import { SIGNED_URL_TTL_SECONDS } from '@caredesk/shared';
import { signUploadUrl, type SignedUrl } from './signed-url.js';

/**
 * A link to one private file for someone outside the console, valid `ttlSeconds`, and when it
 * expires: a patient's report in the message that says it is ready, or opened in the patient app.
 * Signed like the console's short links, with the same key, so the same route serves it and
 * checks it.
 */
export async function privateFileLink(db: Db, uploadId: string, ttlSeconds: number, now = new Date()): Promise<SignedUrl> {
  return signUploadUrl(await getOrCreateSecret(db, 'upload_url_key'), uploadId, now, ttlSeconds);
}

/**
 * Signs links to many private files with one read of the key: the patient app's thread, whose
 * attachments each carry a link valid SIGNED_URL_TTL_SECONDS (the app cannot ask for one later,
 * as the console does with GET /api/uploads/{id}/signed-url).
 */
export async function privateFileLinker(db: Db, now = new Date()): Promise<(uploadId: string) => string> {
  const secret = await getOrCreateSecret(db, 'upload_url_key');
  return (uploadId) => signUploadUrl(secret, uploadId, now, SIGNED_URL_TTL_SECONDS).url;
}
