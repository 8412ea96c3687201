import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { walletEntries, wallets } from '../../db/schema/index.js';
import type { EventBus } from '../../lib/events/bus.js';

export interface WalletPosting {
  kind: 'CREDIT' | 'DEBIT';
  amountPaise: number;
  description: string;
  /** The provider payment a credit comes from (unique: a payment credits once). */
  paymentId?: string;
  /** The message a debit pays for or a refund returns (unique per kind: once each). */
  messageId?: string;
}

/**
 * Changes the balance and writes its ledger entry in the caller's transaction (design.md §5).
 * The single UPDATE … RETURNING both takes the wallet row's lock and reads the new balance, so
 * concurrent postings queue on the row and every entry's balanceAfter follows the previous one.
 * A debit the balance does not cover changes nothing and answers undefined.
 * wallet.updated goes out when (and if) the transaction commits — unless `announce` is false: the
 * messages sender debits thousands a minute and announces them once a second itself.
 */
export async function postWalletEntry(
  tx: Tx,
  events: EventBus,
  organisationId: string,
  posting: WalletPosting,
  { announce = true }: { announce?: boolean } = {},
): Promise<{ balancePaise: number } | undefined> {
  const [wallet] =
    posting.kind === 'CREDIT'
      ? await tx
          .insert(wallets)
          .values({ organisationId, balancePaise: posting.amountPaise })
          .onConflictDoUpdate({
            target: wallets.organisationId,
            set: { balancePaise: sql`${wallets.balancePaise} + ${posting.amountPaise}`, updatedAt: sql`now()` },
          })
          .returning({ balancePaise: wallets.balancePaise })
      : await tx
          .update(wallets)
          .set({ balancePaise: sql`${wallets.balancePaise} - ${posting.amountPaise}`, updatedAt: sql`now()` })
          .where(and(eq(wallets.organisationId, organisationId), gte(wallets.balancePaise, posting.amountPaise)))
          .returning({ balancePaise: wallets.balancePaise });
  if (!wallet) return undefined;
  await tx.insert(walletEntries).values({
    organisationId,
    kind: posting.kind,
    amountPaise: posting.amountPaise,
    balanceAfterPaise: wallet.balancePaise,
    description: posting.description,
    paymentId: posting.paymentId ?? null,
    messageId: posting.messageId ?? null,
    // The time the balance changed (under the row lock), not the transaction's start.
    createdAt: sql`clock_timestamp()`,
  });
  if (announce) await events.publish(organisationId, { type: 'wallet.updated', balancePaise: wallet.balancePaise }, tx);
  return wallet;
}

export async function walletBalancePaise(tx: Tx, organisationId: string): Promise<number> {
  const [row] = await tx.select({ balancePaise: wallets.balancePaise }).from(wallets).where(eq(wallets.organisationId, organisationId));
  return row?.balancePaise ?? 0;
}
