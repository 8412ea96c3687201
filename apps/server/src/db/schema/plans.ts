import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const plans = pgTable(
  'plans',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    pricePaise: integer('price_paise').notNull(),
    durationDays: integer('duration_days').notNull(),
    /** What the plan includes, one line each, as the /plan page lists it. */
    features: jsonb('features').$type<string[]>().notNull().default([]),
    /** Order on the /plan page; inactive plans are no longer sold but keep their subscriptions. */
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [check('plans_price_positive', sql`${table.pricePaise} > 0`), check('plans_duration_positive', sql`${table.durationDays} > 0`)],
);
