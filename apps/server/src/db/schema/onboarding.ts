import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Codes sent by POST /api/sms/user to someone creating an organisation (kept apart from the
 * patient app's codes, so signing in there never kills an onboarding code). Only an HMAC of the
 * code is kept. The temporary access token names its row (jti), and finishing onboarding stamps
 * organisationId, so one verified phone creates one organisation per code.
 */
export const onboardingOtps = pgTable(
  'onboarding_otps',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, precision: 3 }),
    organisationId: uuid('organisation_id'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('onboarding_otps_phone_idx').on(table.phone, table.createdAt)],
);
