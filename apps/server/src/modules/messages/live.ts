import type { AppEvent } from '@caredesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../lib/events/bus.js';

/**
 * Tells the console that an organisation's messages changed (sent, delivered, read, failed), so
 * an open log, patient tab or visit drawer refetches, and that their charges moved its wallet. A
 * morning's reminders change thousands of rows a minute: one event of each per organisation per
 * `delayMs` at most, not one per message (each is a NOTIFY and a frame to every signed-in desk of
 * the organisation).
 */
export interface MessageChanges {
  /** `wallet`: a message was charged or refunded (the ledger left the announcing to this). */
  changed(organisationId: string, what?: { wallet?: boolean }): void;
  /** Publishes what is pending now (tests, after draining the sender). */
  flush(): Promise<void>;
  /** Publishes what is pending now and stops the timer (app close, before the bus closes). */
  stop(): Promise<void>;
}

export function createMessageChanges(events: Pick<EventBus, 'publish'>, log: Pick<FastifyBaseLogger, 'warn'>, delayMs = 1000): MessageChanges {
  /** Organisation → whether its wallet moved too. */
  const pending = new Map<string, boolean>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function flush(): Promise<void> {
    timer = undefined;
    const changes = [...pending];
    pending.clear();
    const publish = (organisationId: string, event: AppEvent) =>
      // A lost refresh is not a lost message: the page shows it on the next event or visit.
      events.publish(organisationId, event).catch((error: unknown) => log.warn({ err: error, event: event.type }, 'live event not published'));
    await Promise.all(
      changes.flatMap(([organisationId, wallet]) => [
        publish(organisationId, { type: 'message.updated' }),
        ...(wallet ? [publish(organisationId, { type: 'wallet.updated' })] : []),
      ]),
    );
  }

  return {
    changed(organisationId, { wallet = false } = {}) {
      if (stopped) return;
      pending.set(organisationId, wallet || (pending.get(organisationId) ?? false));
      timer ??= setTimeout(() => void flush(), delayMs);
    },
    async flush() {
      clearTimeout(timer);
      await flush();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await flush();
    },
  };
}
