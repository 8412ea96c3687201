import webpush from 'web-push';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { getOrCreateSecret } from '../secrets.js';

/** What signs our pushes (RFC 8292): the browser subscribes with publicKey, push services check it. */
export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

const SECRET_NAME = 'vapid_keys';

/**
 * The configured key pair, else one generated on first start and kept in app_secrets: every
 * process sharing the database signs with the same key, and subscriptions made against it keep
 * working after restarts (a new key would orphan every browser's subscription).
 */
export async function resolveVapidDetails(db: Db, config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>): Promise<VapidDetails> {
  const subject = config.VAPID_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) return { subject, publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  const stored = await getOrCreateSecret(db, SECRET_NAME, () => JSON.stringify(webpush.generateVAPIDKeys()));
  const keys = JSON.parse(stored) as { publicKey: string; privateKey: string };
  return { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
}
