import { staffRoles } from '@caredesk/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.js';

export const staffRole = pgEnum('staff_role', staffRoles);

export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: staffRole('role').notNull(),
    avatarUrl: text('avatar_url'),
    phone: text('phone'),
    active: boolean('active').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    // E-mail is the sign-in name across all organisations; stored lower-case only.
    uniqueIndex('staff_email_unique').on(table.email),
    check('staff_email_lowercase', sql`${table.email} = lower(${table.email})`),
    index('staff_organisation_idx').on(table.organisationId),
  ],
);
