import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { messageLanguage } from './patients.js';

/**
 * A person signed in to the patient app, known by phone alone. Each organisation keeps its own
 * patient records; the account sees the ones carrying its phone (a family sharing a phone sees
 * its members' visits, as at the front desk).
 */
export const patientAccounts = pgTable(
  'patient_accounts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** E.164, e.g. +919876543210. */
    phone: text('phone').notNull(),
    /** The language the person chose in the app; null until they choose (the app then follows the phone). */
    language: messageLanguage('language'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [uniqueIndex('patient_accounts_phone_unique').on(table.phone)],
);

/** One-time sign-in codes: only a hash is kept; a code dies when used, expired or guessed at too often. */
export const patientOtps = pgTable(
  'patient_otps',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('patient_otps_phone_idx').on(table.phone, table.createdAt)],
);

/** A patient app sign-in: tokens carry its id, so signing out ends it at once. */
export const patientSessions = pgTable(
  'patient_sessions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    accountId: uuid('account_id')
      .notNull()
      .references(() => patientAccounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('patient_sessions_account_idx').on(table.accountId)],
);
