import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.js';
import { paymentOrders } from './payments.js';
import { plans } from './plans.js';

/**
 * A plan is active for an organisation while now() lies within [startsAt, endsAt). Every purchase
 * is a row; a renewal starts where the organisation's last period ends (modules/plans/periods.ts).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    startsAt: timestamp('starts_at', { withTimezone: true, precision: 3 }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, precision: 3 }).notNull(),
    /** The checkout that paid for it (null when paid from the wallet): one order, one period. */
    paymentOrderId: uuid('payment_order_id').references((): AnyPgColumn => paymentOrders.id),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('subscriptions_organisation_idx').on(table.organisationId, table.endsAt),
    uniqueIndex('subscriptions_payment_order_unique').on(table.paymentOrderId),
    check('subscriptions_period_valid', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/** The WhatsApp add-on (WHATSAPP_ADDON): periods like a plan's, bought through checkout. */
export const whatsappSubscriptions = pgTable(
  'whatsapp_subscriptions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true, precision: 3 }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, precision: 3 }).notNull(),
    paymentOrderId: uuid('payment_order_id').references((): AnyPgColumn => paymentOrders.id),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('whatsapp_subscriptions_organisation_idx').on(table.organisationId, table.endsAt),
    uniqueIndex('whatsapp_subscriptions_payment_order_unique').on(table.paymentOrderId),
    check('whatsapp_subscriptions_period_valid', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);
