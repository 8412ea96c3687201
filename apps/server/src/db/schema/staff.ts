import { staffRoles } from '@caredesk/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { doctors } from './doctors.js';
import { organisations } from './organisations.js';
import { messageLanguage } from './patients.js';

export const staffRole = pgEnum('staff_role', staffRoles);

export const staff = pgTable(
  'staff',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: staffRole('role').notNull(),
    avatarUrl: text('avatar_url'),
    phone: text('phone'),
    /** The console's language; a new member gets the organisation's default (message settings). */
    language: messageLanguage('language').notNull().default('en'),
    active: boolean('active').notNull().default(true),
    /** Given a temporary password by an admin: must choose their own before working. */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    /** Created by invitation and not yet accepted: no password of their own exists yet. */
    invitationPending: boolean('invitation_pending').notNull().default(false),
    /**
     * A doctor's own account (role USER) is this doctor, in this organisation; removing the doctor
     * unlinks it, and an account without a doctor sees nothing.
     */
    doctorId: uuid('doctor_id').references(() => doctors.id, { onDelete: 'set null' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    // E-mail is the sign-in name across all organisations; stored lower-case only.
    uniqueIndex('staff_email_unique').on(table.email),
    check('staff_email_lowercase', sql`${table.email} = lower(${table.email})`),
    index('staff_organisation_idx').on(table.organisationId),
    // One account per doctor. The role is compared as text: a migration that adds an enum value
    // cannot use it as that type in the same transaction.
    uniqueIndex('staff_doctor_unique').on(table.doctorId),
    check('staff_doctor_only_for_user', sql`${table.doctorId} is null or ${table.role}::text = 'USER'`),
  ],
);

/** One-time invitation links (only the token's SHA-256 is kept); a new link replaces older ones. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, precision: 3 }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('staff_invitations_token_hash_unique').on(table.tokenHash), index('staff_invitations_staff_idx').on(table.staffId)],
);
