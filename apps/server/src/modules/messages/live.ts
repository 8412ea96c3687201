import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../lib/events/bus.js';

/**
 * Tells the console that an organisation's messages changed (sent, delivered, read, failed), so
 * an open log, patient tab or visit drawer refetches. A morning's reminders change thousands of
 * rows a minute: one event per organisation per `delayMs` at most, not one per message (each is
 * a NOTIFY and a frame to every signed-in desk of the organisation).
 */
export interface MessageChanges {
  changed(organisationId: string): void;
  /** Publishes what is pending now and stops the timer (app close, before the bus closes). */
  stop(): Promise<void>;
}

export function createMessageChanges(events: Pick<EventBus, 'publish'>, log: Pick<FastifyBaseLogger, 'warn'>, delayMs = 1000): MessageChanges {
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function flush(): Promise<void> {
    timer = undefined;
    const organisationIds = [...pending];
    pending.clear();
    await Promise.all(
      organisationIds.map((organisationId) =>
        // A lost refresh is not a lost message: the page shows it on the next event or visit.
        events.publish(organisationId, { type: 'message.updated' }).catch((error: unknown) => log.warn({ err: error }, 'message.updated not published')),
      ),
    );
  }

  return {
    changed(organisationId) {
      if (stopped) return;
      pending.add(organisationId);
      timer ??= setTimeout(() => void flush(), delayMs);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await flush();
    },
  };
}
