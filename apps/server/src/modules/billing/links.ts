import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { billPayments, creditNotes } from '../../db/schema/index.js';
import { getOrCreateSecret } from '../../lib/secrets.js';

/**
 * Links that open a receipt's or credit note's PDF without signing in, for the message that tells
 * the patient of the payment (as a report's link does): the HMAC over the kind, the id and the
 * expiry is the credential, so the URL carries no patient data and cannot be pointed elsewhere.
 */
export type MoneyDocumentKind = 'receipt' | 'credit-note';
export const MONEY_LINK_TTL_SECONDS = 30 * 24 * 3600;
const SECRET_NAME = 'billing_link_key';

export const moneyDocumentPath = (kind: MoneyDocumentKind, id: string): string =>
  kind === 'receipt' ? `/api/public/billing/receipts/${id}/receipt.pdf` : `/api/public/billing/credit-notes/${id}/credit-note.pdf`;

function signature(secret: string, kind: MoneyDocumentKind, id: string, expires: number): string {
  return createHmac('sha256', secret).update(`billing:${kind}:${id}:${expires}`).digest('base64url');
}

export async function moneyDocumentLink(db: Db, kind: MoneyDocumentKind, id: string, now = new Date(), ttlSeconds = MONEY_LINK_TTL_SECONDS): Promise<string> {
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const secret = await getOrCreateSecret(db, SECRET_NAME);
  const query = new URLSearchParams({ expires: String(expires), signature: signature(secret, kind, id, expires) });
  return `${moneyDocumentPath(kind, id)}?${query.toString()}`;
}

/** Signature first, in constant time; only a genuine link is told that it has expired. */
export async function checkMoneyDocumentLink(
  db: Db,
  kind: MoneyDocumentKind,
  id: string,
  expires: string | undefined,
  given: string | undefined,
  now = new Date(),
): Promise<'valid' | 'invalid' | 'expired'> {
  if (!expires || !given || !/^\d{1,12}$/.test(expires)) return 'invalid';
  const expected = Buffer.from(signature(await getOrCreateSecret(db, SECRET_NAME), kind, id, Number(expires)));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return 'invalid';
  return Number(expires) * 1000 <= now.getTime() ? 'expired' : 'valid';
}

/** What a message about money says: how much, and the document's number; undefined once it is gone. */
export async function moneyFacts(db: Db, kind: MoneyDocumentKind, id: string): Promise<{ organisationId: string; amountPaise: number; number: string } | undefined> {
  const table = kind === 'receipt' ? billPayments : creditNotes;
  const [row] = await db.select({ organisationId: table.organisationId, amountPaise: table.amountPaise, number: table.number }).from(table).where(eq(table.id, id));
  return row;
}
