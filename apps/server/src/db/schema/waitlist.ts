import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { WaitlistKind, WaitlistStatus } from '@caredesk/shared';
import { organisations } from './organisations.js';
import { patients } from './patients.js';
import { staff } from './staff.js';

/**
 * A full day's waitlist (issue 21): one row per patient waiting for a day with a doctor (or a scan
 * or test), first come first offered. An OFFERED row holds its slot (offered_start on its date)
 * until offer_expires_at: the slot counts it as taken (modules/visits/owner-day.ts), so nobody
 * else books it meanwhile. The row stays when it leaves the line, with what became of it.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<WaitlistKind>().notNull(),
    // A doctor's id (appointments) or a scan's or test's (bookings): two tables, so no foreign key
    // (as visit_series). Owners are deactivated, never deleted, once they have visits.
    ownerId: uuid('owner_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'no action' }),
    status: text('status').$type<WaitlistStatus>().notNull().default('WAITING'),
    offeredStart: text('offered_start'),
    offeredAt: timestamp('offered_at', { withTimezone: true, precision: 3 }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true, precision: 3 }),
    visitId: uuid('visit_id'),
    createdBy: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    // The line of one owner's day, in order; and the holds a slot's count reads.
    index('waitlist_entries_day_idx')
      .on(table.ownerId, table.date, table.createdAt)
      .where(sql`${table.status} in ('WAITING', 'OFFERED')`),
    index('waitlist_entries_patient_idx').on(table.organisationId, table.patientId),
    // The sweep's: offers whose hold has run out.
    index('waitlist_entries_offer_expiry_idx')
      .on(table.offerExpiresAt)
      .where(sql`${table.status} = 'OFFERED'`),
    // A patient waits once for a day: a second join is refused, never a second place in line.
    uniqueIndex('waitlist_entries_one_place_idx')
      .on(table.kind, table.ownerId, table.date, table.patientId)
      .where(sql`${table.status} in ('WAITING', 'OFFERED')`),
    check('waitlist_entries_kind', sql`${table.kind} in ('appointment', 'booking')`),
    check('waitlist_entries_status', sql`${table.status} in ('WAITING', 'OFFERED', 'BOOKED', 'DECLINED', 'LAPSED', 'LEFT')`),
    // An offer says which slot is held and until when; a past one keeps them, for the record.
    check('waitlist_entries_offer', sql`${table.status} <> 'OFFERED' or (${table.offeredStart} is not null and ${table.offerExpiresAt} is not null)`),
  ],
);
