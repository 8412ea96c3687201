import { todayIn } from '@caredesk/shared';
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

const MINUTE_MS = 60_000;
const todays = new Map<string, { minute: number; date: string }>();

/**
 * todayIn(timeZone) for now, worked out once a minute per zone: Intl's formatToParts was a tenth
 * of the patient list's own CPU under load (issue #18), run for every page to age its rows. Exact:
 * a zone's day begins at its midnight, which is a whole UTC minute since every zone's offset today
 * is whole minutes (+05:30, +05:45), so a date read within one UTC minute holds for all of it.
 */
export function organisationToday(timeZone: string, now: number = Date.now()): string {
  const minute = Math.floor(now / MINUTE_MS);
  const known = todays.get(timeZone);
  if (known && known.minute === minute) return known.date;
  const date = todayIn(timeZone, new Date(now));
  todays.set(timeZone, { minute, date });
  return date;
}
