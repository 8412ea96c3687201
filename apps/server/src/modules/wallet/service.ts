import {
  CHECKOUT_DESCRIPTION,
  CHECKOUT_NAME,
  paiseToRupees,
  rupeesToPaise,
  type PaymentOrder,
  type PaymentVerify,
  type Wallet,
  type WalletEntry,
  type WalletRechargeResponse,
  type walletEntryListQuerySchema,
  type walletOrderRequestSchema,
} from '@caredesk/shared';
import { and, count, eq, getTableColumns, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { organisations, walletEntries, wallets } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { inBatches, rupees, type CsvColumn } from '../../lib/csv.js';
import { NotFoundError } from '../../lib/errors.js';
import { organisationTimeZone } from '../../lib/organisation-time.js';
import { escapeLike, offsetOf, orderByWithTiebreak } from '../../lib/list-query.js';
import { createPaymentOrder, verifyCheckout, type Fulfilments } from '../payments/index.js';
import { postWalletEntry, walletBalancePaise } from './ledger.js';

export type WalletEntryFilters = z.output<typeof walletEntryListQuerySchema>;

/** The balance in rupees (two decimals) from the ledger's paise; no wallet row yet means 0. */
export async function getWallet(db: Db, organisationId: string): Promise<Wallet> {
  const [row] = await db
    .select({ showWallet: organisations.showWallet, balancePaise: wallets.balancePaise })
    .from(organisations)
    .leftJoin(wallets, eq(wallets.organisationId, organisations.id))
    .where(eq(organisations.id, organisationId));
  if (!row) throw new NotFoundError();
  return { showWallet: row.showWallet, balance: paiseToRupees(row.balancePaise ?? 0) };
}

/** POST /wallet/order: an order for the rupees asked, in paise; the checkout's texts are SPEC.md §7's. */
export function createWalletOrder(ctx: Pick<AppContext, 'db' | 'payments'>, caller: StaffContext, input: z.output<typeof walletOrderRequestSchema>): Promise<PaymentOrder> {
  return createPaymentOrder(ctx, caller, {
    purpose: 'WALLET_RECHARGE',
    amountPaise: rupeesToPaise(input.amount),
    checkout: { name: CHECKOUT_NAME, description: CHECKOUT_DESCRIPTION },
  });
}

/** What a paid WALLET_RECHARGE order buys: a credit of the order's amount. */
export const walletFulfilments = {
  WALLET_RECHARGE: async (tx, events, order, paymentId) => {
    await postWalletEntry(tx, events, order.organisationId, { kind: 'CREDIT', amountPaise: order.amountPaise, description: 'Wallet recharge', paymentId });
  },
} satisfies Fulfilments;

/**
 * POST /wallet/recharge: credits the order's amount once. Every verification of the same
 * payment, concurrent or replayed, answers verified with the balance; only one says credited.
 */
export function rechargeWallet(ctx: Pick<AppContext, 'db' | 'events' | 'payments'>, caller: StaffContext, input: PaymentVerify): Promise<WalletRechargeResponse> {
  return verifyCheckout(ctx, caller, input, walletFulfilments, async (tx, order, credited) => ({
    verified: true,
    credited,
    balance: paiseToRupees(await walletBalancePaise(tx, caller.organisationId)),
    amount: paiseToRupees(order.amountPaise),
  }));
}

const { organisationId: _organisationId, entryNumber: _entryNumber, ...entryColumns } = getTableColumns(walletEntries);
type EntryRow = Omit<typeof walletEntries.$inferSelect, 'organisationId' | 'entryNumber'>;

function toEntry(row: EntryRow): WalletEntry {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

// The ledger's own order (entry number) stands for time: it is the order balances changed in.
const sortColumns = { createdAt: walletEntries.entryNumber, amount: walletEntries.amountPaise } as const;

/** Dates are days in the organisation's time zone, so "today" means the desk's today. */
function matching(caller: StaffContext, timeZone: string, filters: WalletEntryFilters): SQL {
  const conditions: (SQL | undefined)[] = [eq(walletEntries.organisationId, caller.organisationId)];
  if (filters.kind) conditions.push(eq(walletEntries.kind, filters.kind));
  if (filters.from) conditions.push(gte(walletEntries.createdAt, sql`(${filters.from}::date)::timestamp at time zone ${timeZone}`));
  if (filters.to) conditions.push(lt(walletEntries.createdAt, sql`(${filters.to}::date + 1)::timestamp at time zone ${timeZone}`));
  if (filters.search) conditions.push(ilike(walletEntries.description, `%${escapeLike(filters.search)}%`));
  return and(...conditions)!;
}

export async function listWalletEntries(db: Db, caller: StaffContext, filters: WalletEntryFilters) {
  const where = matching(caller, await organisationTimeZone(db, caller.organisationId), filters);
  const [rows, totals] = await Promise.all([
    db
      .select(entryColumns)
      .from(walletEntries)
      .where(where)
      .orderBy(...orderByWithTiebreak(sortColumns[filters.sort], filters.order, walletEntries.entryNumber))
      .limit(filters.pageSize)
      .offset(offsetOf(filters)),
    db.select({ n: count() }).from(walletEntries).where(where),
  ]);
  return { data: rows.map(toEntry), total: totals[0]?.n ?? 0, page: filters.page, pageSize: filters.pageSize };
}

/** Every entry the list's filters match, in the list's order, a batch at a time. */
export async function* exportWalletEntries(db: Db, caller: StaffContext, filters: WalletEntryFilters): AsyncGenerator<WalletEntry[]> {
  const where = matching(caller, await organisationTimeZone(db, caller.organisationId), filters);
  const order = orderByWithTiebreak(sortColumns[filters.sort], filters.order, walletEntries.entryNumber);
  yield* inBatches(async (offset, limit) =>
    (
      await db
        .select(entryColumns)
        .from(walletEntries)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)
    ).map(toEntry),
  );
}

export const walletEntryCsvColumns: CsvColumn<WalletEntry>[] = [
  { header: 'Date', value: (e) => e.createdAt },
  { header: 'Type', value: (e) => (e.kind === 'CREDIT' ? 'Credit' : 'Debit') },
  { header: 'Amount (₹)', value: (e) => rupees(e.amountPaise) },
  { header: 'Balance after (₹)', value: (e) => rupees(e.balanceAfterPaise) },
  { header: 'Description', value: (e) => e.description },
  { header: 'Payment id', value: (e) => e.paymentId },
];
