import { sql } from 'drizzle-orm';
import { bigint, check, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.js';

/**
 * The current balance per organisation; every change also writes a ledger entry in the same
 * transaction (modules/wallet/ledger.ts). The check is the last line against an overdraft.
 */
export const wallets = pgTable(
  'wallets',
  {
    organisationId: uuid('organisation_id')
      .primaryKey()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    balancePaise: bigint('balance_paise', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [check('wallets_balance_not_negative', sql`${table.balancePaise} >= 0`)],
);

export const walletEntryKind = pgEnum('wallet_entry_kind', ['CREDIT', 'DEBIT']);

export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /**
     * The ledger's order: entries are written while the wallet row is locked, so this number
     * follows the order in which balances changed even when timestamps tie.
     */
    entryNumber: bigint('entry_number', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: walletEntryKind('kind').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    balanceAfterPaise: bigint('balance_after_paise', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    /** A provider payment id credits the wallet at most once (design.md §7). */
    paymentId: text('payment_id'),
    /** The message a debit pays for, or a refund returns (modules/messages; its chargedAt makes each once). */
    messageId: uuid('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('wallet_entries_organisation_idx').on(table.organisationId, table.createdAt.desc()),
    index('wallet_entries_organisation_number_idx').on(table.organisationId, table.entryNumber),
    uniqueIndex('wallet_entries_payment_unique').on(table.paymentId),
    index('wallet_entries_message_idx').on(table.messageId),
    check('wallet_entries_amount_positive', sql`${table.amountPaise} > 0`),
  ],
);
