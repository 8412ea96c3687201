import { localDateTimeToInstant, type WaitlistStatus } from '@caredesk/shared';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/** What a waitlist-offer message may say of its entry, read when it is sent (the entry as it is then). */
export interface WaitlistOfferFacts {
  organisationId: string;
  status: WaitlistStatus;
  offeredAt: Date | null;
  expiresAt: Date | null;
  /** The held slot's start on the organisation's clock; null once the entry holds no slot. */
  slotAt: Date | null;
  /** The doctor's, scan's or test's name. */
  ownerName: string;
  facilityName: string | null;
  facilityAddress: string | null;
}

interface WaitlistOfferRow {
  organisation_id: string;
  status: WaitlistStatus;
  date: string;
  offered_start: string | null;
  offered_at: Date | string | null;
  offer_expires_at: Date | string | null;
  time_zone: string;
  owner_name: string | null;
  facility_name: string | null;
  facility_address: string | null;
}

/** The subject of the message about one offer of an entry: a later offer of the same entry is another message. */
export function waitlistOfferSubject(entryId: string, offeredAt: Date): string {
  return `waitlist:${entryId}:${offeredAt.toISOString()}`;
}

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

export async function waitlistOfferFacts(db: Db | Tx, entryId: string): Promise<WaitlistOfferFacts | undefined> {
  // The owner is a doctor (appointments) or a scan or test (bookings): two tables, as visit-facts.ts.
  const result = await db.execute(sql`
    select e.organisation_id, e.status, e.date::text as date, e.offered_start, e.offered_at, e.offer_expires_at, o.time_zone,
           coalesce(d.name, s.name) as owner_name, f.name as facility_name, f.address as facility_address
    from waitlist_entries e
    join organisations o on o.id = e.organisation_id
    left join doctors d on e.kind = 'appointment' and d.id = e.owner_id and d.organisation_id = e.organisation_id
    left join services s on e.kind = 'booking' and s.id = e.owner_id and s.organisation_id = e.organisation_id
    left join facilities f on f.id = coalesce(d.facility_id, s.facility_id)
    where e.id = ${entryId}`);
  const [row] = rowsOf<WaitlistOfferRow>(result);
  if (!row) return undefined;
  return {
    organisationId: row.organisation_id,
    status: row.status,
    offeredAt: date(row.offered_at),
    expiresAt: date(row.offer_expires_at),
    slotAt: row.offered_start ? localDateTimeToInstant(row.time_zone, row.date, row.offered_start) : null,
    ownerName: row.owner_name ?? '',
    facilityName: row.facility_name,
    facilityAddress: row.facility_address,
  };
}

/**
 * Why a waitlist-offer message is no longer owed, or undefined while its offer still stands: the
 * entry still OFFERED, by the offer the message was owed for (its subject), and the hold not run out.
 */
export function waitlistOfferGone(facts: WaitlistOfferFacts | undefined, message: { organisation_id: string; dedupe_key: string }, entryId: string, now: Date): string | undefined {
  const gone = 'The place is no longer held';
  if (!facts || facts.organisationId !== message.organisation_id) return gone;
  if (facts.status !== 'OFFERED' || !facts.offeredAt || !facts.expiresAt || !facts.slotAt) return gone;
  if (!message.dedupe_key.startsWith(`${waitlistOfferSubject(entryId, facts.offeredAt)}:`)) return gone;
  if (facts.expiresAt.getTime() <= now.getTime()) return gone;
  return undefined;
}
