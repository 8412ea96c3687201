import { WALLET_LOW_BALANCE_RUPEES, messageChannelLabels, messageEventLabels, type MessageChannel, type MessageEvent } from '@caredesk/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { messageSettings, messages, organisations } from '../../db/schema/index.js';
import type { EventBus } from '../../lib/events/bus.js';
import { translate } from '../../lib/i18n/index.js';
import { notifyStaffOfArea } from '../visits/index.js';
import { postWalletEntry } from '../wallet/index.js';
import type { MessageChanges } from './live.js';
import { priceOf } from './settings.js';

/** Below this the organisation's admins hear about it once (SPEC.md §9: the wallet shows red under ₹100). */
const LOW_BALANCE_PAISE = WALLET_LOW_BALANCE_RUPEES * 100;

/** What a charge needs of a claimed message. */
interface ChargedMessage {
  id: string;
  organisation_id: string;
  channel: MessageChannel;
  event: MessageEvent;
}

class WalletTooLow extends Error {}

/**
 * What a message costs the organisation's prepaid wallet: charged once before it goes out,
 * refunded once if it never does, and the admins warned when the balance runs low.
 */
export function messageCharges(deps: { db: Db; config: Config; events: EventBus; changes: MessageChanges }) {
  const { db, config, events } = deps;

  /**
   * Debits the wallet for the message, once: the message row is marked charged (only if it is not
   * yet) in the debit's own transaction, so a retry, or a second process after a lease ran out,
   * finds it paid. Answers false when the wallet cannot pay (and nothing is marked).
   */
  async function charge(message: ChargedMessage, written: Pick<typeof messages.$inferInsert, 'text' | 'language' | 'toPhone'>): Promise<boolean> {
    const price = priceOf(config, message.channel);
    try {
      const charged = await db.transaction(async (tx) => {
        const [marked] = await tx
          .update(messages)
          .set({ chargedAt: new Date(), costPaise: price, ...written })
          .where(and(eq(messages.id, message.id), isNull(messages.chargedAt)))
          .returning({ id: messages.id });
        // Charged before (a retry after a lost answer): the text is written with the outcome.
        if (!marked) {
          await tx.update(messages).set(written).where(eq(messages.id, message.id));
          return true;
        }
        if (price === 0) return true;
        const wallet = await postWalletEntry(
          tx,
          events,
          message.organisation_id,
          {
            kind: 'DEBIT',
            amountPaise: price,
            description: `${messageChannelLabels[message.channel]} message: ${messageEventLabels[message.event]}`,
            messageId: message.id,
          },
          { announce: false },
        );
        if (!wallet) throw new WalletTooLow();
        await watchLowBalance(tx, message.organisation_id, wallet.balancePaise);
        return true;
      });
      if (charged) deps.changes.changed(message.organisation_id, { wallet: true });
      return charged;
    } catch (error) {
      if (error instanceof WalletTooLow) return false;
      throw error;
    }
  }

  /** The ledger gives back what a message that never went out was charged; the charge is cleared in the same transaction, so once. */
  async function refund(message: ChargedMessage): Promise<void> {
    const refunded = await db.transaction(async (tx) => {
      const [row] = await tx.select({ chargedAt: messages.chargedAt, costPaise: messages.costPaise }).from(messages).where(eq(messages.id, message.id)).for('update');
      if (!row?.chargedAt) return false;
      await tx.update(messages).set({ chargedAt: null, costPaise: 0 }).where(eq(messages.id, message.id));
      if (row.costPaise === 0) return false;
      await postWalletEntry(
        tx,
        events,
        message.organisation_id,
        { kind: 'CREDIT', amountPaise: row.costPaise, description: `Refund: ${messageChannelLabels[message.channel]} message not sent`, messageId: message.id },
        { announce: false },
      );
      return true;
    });
    if (refunded) deps.changes.changed(message.organisation_id, { wallet: true });
  }

  /** Admins hear once when the balance falls under the line; a balance back above it re-arms the warning. */
  async function watchLowBalance(tx: Tx, organisationId: string, balancePaise: number): Promise<void> {
    if (balancePaise >= LOW_BALANCE_PAISE) {
      await tx
        .update(messageSettings)
        .set({ lowBalanceNotifiedAt: null })
        .where(and(eq(messageSettings.organisationId, organisationId), sql`${messageSettings.lowBalanceNotifiedAt} is not null`));
      return;
    }
    const [armed] = await tx
      .insert(messageSettings)
      .values({ organisationId, lowBalanceNotifiedAt: new Date() })
      .onConflictDoUpdate({ target: messageSettings.organisationId, set: { lowBalanceNotifiedAt: new Date() }, setWhere: sql`${messageSettings.lowBalanceNotifiedAt} is null` })
      .returning({ organisationId: messageSettings.organisationId });
    if (!armed) return;
    const [organisation] = await tx.select({ id: organisations.id, type: organisations.type }).from(organisations).where(eq(organisations.id, organisationId));
    await notifyStaffOfArea(
      tx,
      events,
      organisation!,
      'settings',
      {
        type: 'wallet-low',
        word: (language) => ({
          title: translate(language, 'notifications.walletLow'),
          message: translate(language, 'notifications.walletLowMessage', { balance: `₹${(balancePaise / 100).toFixed(2)}` }),
        }),
        details: {},
      },
      ['ADMIN'],
    );
  }

  return { charge, refund };
}
