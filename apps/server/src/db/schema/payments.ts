import { paymentOrderStatuses, paymentProviders, paymentPurposes } from '@caredesk/shared';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.js';
import { plans } from './plans.js';
import { staff } from './staff.js';

export const paymentPurpose = pgEnum('payment_purpose', paymentPurposes);
export const paymentOrderStatus = pgEnum('payment_order_status', paymentOrderStatuses);
export const paymentProvider = pgEnum('payment_provider', paymentProviders);

/**
 * An order at the payment provider (design.md §5, §7). What a payment buys, and for how much,
 * is read from here when it is verified, never from the client. CREATED -> PAID happens once,
 * under this row's lock (modules/payments/settlement.ts); FAILED may still become PAID when a
 * later attempt on the same order succeeds.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    provider: paymentProvider('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    purpose: paymentPurpose('purpose').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    status: paymentOrderStatus('status').notNull().default('CREATED'),
    /** The plan a PLAN order buys. */
    planId: uuid('plan_id').references(() => plans.id),
    createdBy: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
    paidPaymentId: text('paid_payment_id'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    uniqueIndex('payment_orders_provider_order_unique').on(table.providerOrderId),
    uniqueIndex('payment_orders_paid_payment_unique').on(table.paidPaymentId),
    index('payment_orders_organisation_idx').on(table.organisationId, table.createdAt.desc()),
    check('payment_orders_amount_positive', sql`${table.amountPaise} > 0`),
    check('payment_orders_plan_purpose', sql`(${table.purpose} = 'PLAN') = (${table.planId} is not null)`),
    check('payment_orders_paid_has_payment', sql`(${table.status} = 'PAID') = (${table.paidPaymentId} is not null)`),
  ],
);

/** Provider webhook deliveries already handled: a redelivered event id is acknowledged and skipped. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  eventId: text('event_id').primaryKey(),
  provider: paymentProvider('provider').notNull(),
  eventType: text('event_type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
