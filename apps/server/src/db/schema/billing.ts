import { billItemKinds, billPaymentLinkStatuses, paymentModes } from '@caredesk/shared';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appointments } from './appointments.js';
import { bookings } from './bookings.js';
import { facilities, organisations } from './organisations.js';
import { patients } from './patients.js';
import { services } from './services.js';
import { staff } from './staff.js';
import { paymentOrders, paymentProvider } from './payments.js';

/**
 * Billing at the desk (design.md §10, modules/billing). Every amount is integer paise. Bills,
 * payments and credit notes are never deleted and, once their day is closed, never edited:
 * a correction is a new entry.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const paise = (name: string) => bigint(name, { mode: 'number' });

/** Organisation-wide fees and taxes (Settings → Billing); no row means the shared defaults. */
export const billingSettings = pgTable('billing_settings', {
  organisationId: uuid('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  registrationFeePaise: integer('registration_fee_paise').notNull().default(0),
  followUpFeePaise: integer('follow_up_fee_paise'),
  followUpDays: integer('follow_up_days').notNull().default(0),
  freeFollowUpDays: integer('free_follow_up_days').notNull().default(0),
  consultationSac: text('consultation_sac').notNull().default('999312'),
  consultationGstRateBp: integer('consultation_gst_rate_bp').notNull().default(0),
  registrationSac: text('registration_sac').notNull().default('999312'),
  registrationGstRateBp: integer('registration_gst_rate_bp').notNull().default(0),
  workerDiscountLimitPercent: integer('worker_discount_limit_percent').notNull().default(10),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** A facility's numbering and registration: prefixes, GSTIN and the fees it sets apart. */
export const facilityBilling = pgTable(
  'facility_billing',
  {
    facilityId: uuid('facility_id')
      .primaryKey()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    receiptPrefix: text('receipt_prefix').notNull(),
    invoicePrefix: text('invoice_prefix').notNull(),
    creditNotePrefix: text('credit_note_prefix').notNull(),
    gstin: text('gstin'),
    registrationFeePaise: integer('registration_fee_paise'),
    followUpFeePaise: integer('follow_up_fee_paise'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [index('facility_billing_organisation_idx').on(table.organisationId)],
);

/**
 * The last number handed out per facility, financial year and kind of document. Taken by
 * `insert … on conflict do update … returning` inside the transaction that writes the document,
 * so the row stays locked until it commits and a rollback gives the number back: no gap, no
 * duplicate. facility_key is the facility, or the nil uuid for an organisation without one.
 */
export const billingSequences = pgTable(
  'billing_sequences',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    facilityKey: uuid('facility_key').notNull(),
    financialYear: text('financial_year').notNull(),
    kind: text('kind').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (table) => [primaryKey({ columns: [table.organisationId, table.facilityKey, table.financialYear, table.kind] })],
);

export const billItemKind = pgEnum('bill_item_kind', billItemKinds);
export const billPaymentMode = pgEnum('bill_payment_mode', paymentModes);

/**
 * A bill (tax invoice): a visit's, or a walk-in purchase's. The totals are kept on the row and
 * changed only under its lock, beside the items, payments and credit notes that make them.
 */
export const bills = pgTable(
  'bills',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    facilityId: uuid('facility_id').references(() => facilities.id, { onDelete: 'set null' }),
    facilityKey: uuid('facility_key').notNull(),
    /** As printed when the bill was made: a renamed facility does not rewrite old invoices. */
    facilityName: text('facility_name'),
    gstin: text('gstin'),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'no action' }),
    /** The day it was made, in the organisation's calendar: closing that day fixes it. */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    subtotalPaise: paise('subtotal_paise').notNull().default(0),
    discountPaise: paise('discount_paise').notNull().default(0),
    discountReason: text('discount_reason'),
    discountedBy: uuid('discounted_by').references(() => staff.id, { onDelete: 'set null' }),
    taxPaise: paise('tax_paise').notNull().default(0),
    totalPaise: paise('total_paise').notNull().default(0),
    paidPaise: paise('paid_paise').notNull().default(0),
    refundedPaise: paise('refunded_paise').notNull().default(0),
    /** A worker's discount beyond their limit, waiting for an admin. */
    requestedDiscountPaise: paise('requested_discount_paise'),
    requestedDiscountReason: text('requested_discount_reason'),
    discountRequestedBy: uuid('discount_requested_by').references(() => staff.id, { onDelete: 'set null' }),
    discountRequestedAt: at('discount_requested_at'),
    createdBy: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bills_appointment_unique').on(table.appointmentId),
    uniqueIndex('bills_booking_unique').on(table.bookingId),
    uniqueIndex('bills_sequence_unique').on(table.organisationId, table.facilityKey, table.financialYear, table.sequence),
    index('bills_organisation_date_idx').on(table.organisationId, table.businessDate),
    index('bills_patient_idx').on(table.patientId),
    check('bills_one_visit', sql`${table.appointmentId} is null or ${table.bookingId} is null`),
    check('bills_discount_within_subtotal', sql`${table.discountPaise} between 0 and ${table.subtotalPaise}`),
    check('bills_refund_within_paid', sql`${table.refundedPaise} between 0 and ${table.paidPaise}`),
    check('bills_paid_within_total', sql`${table.paidPaise} <= ${table.totalPaise}`),
  ],
);

export const billItems = pgTable(
  'bill_items',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: billItemKind('kind').notNull(),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    sacCode: text('sac_code'),
    quantity: integer('quantity').notNull(),
    unitPricePaise: paise('unit_price_paise').notNull(),
    amountPaise: paise('amount_paise').notNull(),
    discountPaise: paise('discount_paise').notNull().default(0),
    gstRateBp: integer('gst_rate_bp').notNull().default(0),
    taxPaise: paise('tax_paise').notNull().default(0),
    totalPaise: paise('total_paise').notNull(),
    createdBy: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('bill_items_bill_position_unique').on(table.billId, table.position)],
);

/** Money received against a bill, with its receipt number. */
export const billPayments = pgTable(
  'bill_payments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    facilityKey: uuid('facility_key').notNull(),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    mode: billPaymentMode('mode').notNull(),
    amountPaise: paise('amount_paise').notNull(),
    reference: text('reference'),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    receivedBy: uuid('received_by').references(() => staff.id, { onDelete: 'set null' }),
    /** An online payment's order and the provider's payment id: credited once (unique). */
    orderId: uuid('order_id').references(() => paymentOrders.id),
    providerPaymentId: text('provider_payment_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bill_payments_sequence_unique').on(table.organisationId, table.facilityKey, table.financialYear, table.sequence),
    uniqueIndex('bill_payments_provider_payment_unique').on(table.providerPaymentId),
    index('bill_payments_bill_idx').on(table.billId),
    index('bill_payments_day_idx').on(table.organisationId, table.businessDate),
    check('bill_payments_amount_positive', sql`${table.amountPaise} > 0`),
  ],
);

/** A refund: a numbered credit note against a bill, with the money returned. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    facilityKey: uuid('facility_key').notNull(),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    mode: billPaymentMode('mode').notNull(),
    amountPaise: paise('amount_paise').notNull(),
    reason: text('reason').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    issuedBy: uuid('issued_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('credit_notes_sequence_unique').on(table.organisationId, table.facilityKey, table.financialYear, table.sequence),
    index('credit_notes_bill_idx').on(table.billId),
    index('credit_notes_day_idx').on(table.organisationId, table.businessDate),
    check('credit_notes_amount_positive', sql`${table.amountPaise} > 0`),
  ],
);

/** A counted and closed day of a facility's book: nothing is dated into it afterwards. */
export const dayCloses = pgTable(
  'day_closes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    facilityKey: uuid('facility_key').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    expectedCashPaise: paise('expected_cash_paise').notNull(),
    countedCashPaise: paise('counted_cash_paise').notNull(),
    note: text('note'),
    closedBy: uuid('closed_by').references(() => staff.id, { onDelete: 'set null' }),
    closedAt: at('closed_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('day_closes_day_unique').on(table.organisationId, table.facilityKey, table.businessDate)],
);

export const billPaymentLinkStatus = pgEnum('bill_payment_link_status', billPaymentLinkStatuses);

/**
 * A payment link or UPI QR for what a bill owed when it was made. The gateway's confirmation
 * settles it once: the link row is locked and its status moves off ACTIVE in the same
 * transaction as the receipt, and a provider payment id is unique here and on bill_payments.
 */
export const billPaymentLinks = pgTable(
  'bill_payment_links',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    provider: paymentProvider('provider').notNull(),
    providerLinkId: text('provider_link_id').notNull(),
    url: text('url').notNull(),
    upi: boolean('upi').notNull(),
    amountPaise: paise('amount_paise').notNull(),
    status: billPaymentLinkStatus('status').notNull().default('ACTIVE'),
    expiresAt: at('expires_at').notNull(),
    createdBy: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
    providerPaymentId: text('provider_payment_id'),
    billPaymentId: uuid('bill_payment_id').references(() => billPayments.id),
    paidAt: at('paid_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bill_payment_links_provider_link_unique').on(table.providerLinkId),
    uniqueIndex('bill_payment_links_provider_payment_unique').on(table.providerPaymentId),
    index('bill_payment_links_bill_idx').on(table.billId),
    check('bill_payment_links_amount_positive', sql`${table.amountPaise} > 0`),
  ],
);
