import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { preparedPerDb } from '../db/prepared.js';
import { organisations } from '../db/schema/index.js';
import { NotFoundError } from './errors.js';

// Read by every dated list (patients, appointments…): prepared once (db/prepared.ts).
const timeZoneOf = preparedPerDb((db) =>
  db
    .select({ timeZone: organisations.timeZone })
    .from(organisations)
    .where(eq(organisations.id, sql.placeholder('organisationId')))
    .prepare('organisation_time_zone'),
);

/**
 * The organisation's time zone: every "today" (date filters, ages, age bands) is its today, never
 * the server's or UTC's (style.md: dates have one home per side).
 */
export async function organisationTimeZone(db: Db, organisationId: string): Promise<string> {
  const [row] = await timeZoneOf(db).execute({ organisationId });
  if (!row) throw new NotFoundError();
  return row.timeZone;
}
