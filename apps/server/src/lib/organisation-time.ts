import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { organisations } from '../db/schema/index.js';
import { NotFoundError } from './errors.js';

/**
 * The organisation's time zone: every "today" (date filters, ages, age bands) is its today, never
 * the server's or UTC's (style.md: dates have one home per side).
 */
export async function organisationTimeZone(db: Db, organisationId: string): Promise<string> {
  const [row] = await db.select({ timeZone: organisations.timeZone }).from(organisations).where(eq(organisations.id, organisationId));
  if (!row) throw new NotFoundError();
  return row.timeZone;
}
