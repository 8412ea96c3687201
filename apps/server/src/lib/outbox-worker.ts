import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from './events/bus.js';

export interface OutboxWorkerOptions<Job> {
  /** In log lines: 'push', 'messages'. */
  name: string;
  /**
   * Claims up to `limit` due jobs, leasing them to this process (FOR UPDATE SKIP LOCKED and a
   * next-attempt time past the lease, in one statement): a job a process died holding is
   * claimed again once its lease ends.
   */
  claim(limit: number): Promise<Job[]>;
  /** Does one job and records its outcome. A throw leaves the job to its lease. */
  deliver(job: Job): Promise<void>;
  /** In log lines for a job whose deliver threw (no patient data). */
  describe?(job: Job): object;
  /** Jobs in flight at once, per process. */
  concurrency: number;
  /** How often due work is looked for without a wake-up: retries, scheduled jobs, dead processes' claims. */
  pollIntervalMs: number;
  /** Wakes the worker on these live events (they reach every process), and after the bus reconnects. */
  events?: Pick<EventBus, 'subscribe' | 'onReconnect'> | undefined;
  wakeOn?: (type: string) => boolean;
  log: Pick<FastifyBaseLogger, 'error'>;
}

export interface OutboxWorker {
  /** Looks for due jobs soon (a burst of wake-ups becomes one claim). */
  wake(): void;
  /** Does everything due and waits for the jobs in flight (tests). */
  drain(): Promise<void>;
  /** Claims nothing more and waits for the jobs in flight (app close). */
  stop(): Promise<void>;
}

/**
 * The per-process loop of a database outbox (design.md §7): push and messages to patients each
 * keep their jobs in a table and say how to claim and deliver one; this keeps the rest in one
 * place — wake-ups, a slow poll, a concurrency bound, draining and a clean stop. Exactly-once
 * comes from the claim (one process holds a job at a time) and the table's own unique keys.
 */
export function createOutboxWorker<Job>(options: OutboxWorkerOptions<Job>): OutboxWorker {
  const inFlight = new Set<Promise<void>>();
  let pumping: Promise<void> | undefined;
  let wokenWhilePumping = false;
  let stopped = false;
  let wakeTimer: NodeJS.Timeout | undefined;

  async function deliver(job: Job): Promise<void> {
    try {
      await options.deliver(job);
    } catch (error) {
      // The lease runs out and the job is tried again.
      options.log.error({ err: error, outbox: options.name, ...options.describe?.(job) }, 'outbox job failed; retried when its lease ends');
    }
  }

  /** Claims and starts jobs while there is room and due work. */
  async function pump(): Promise<void> {
    for (;;) {
      wokenWhilePumping = false;
      while (!stopped) {
        const room = options.concurrency - inFlight.size;
        if (room <= 0) {
          await Promise.race(inFlight);
          continue;
        }
        const claimed = await options.claim(room);
        if (claimed.length === 0) break;
        for (const job of claimed) {
          const running = deliver(job).finally(() => inFlight.delete(running));
          inFlight.add(running);
        }
      }
      if (!wokenWhilePumping || stopped) return;
    }
  }

  function run(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (pumping) {
      wokenWhilePumping = true;
      return pumping;
    }
    pumping = pump()
      .catch((error: unknown) => {
        if (!stopped) options.log.error({ err: error, outbox: options.name }, 'outbox could not claim jobs; the next wake-up or poll tries again');
      })
      .finally(() => {
        pumping = undefined;
      });
    return pumping;
  }

  const wake = (): void => {
    if (stopped || wakeTimer) return;
    wakeTimer = setTimeout(() => {
      wakeTimer = undefined;
      void run();
    }, 20);
    wakeTimer.unref();
  };

  const unsubscribe = options.events?.subscribe((_organisationId, event) => {
    if (options.wakeOn?.(event.type)) wake();
  });
  // Wake-ups raised while the LISTEN connection was down were lost.
  const unsubscribeReconnect = options.events?.onReconnect(wake);
  const poll = setInterval(wake, options.pollIntervalMs);
  poll.unref();
  wake();

  return {
    wake,
    async drain() {
      for (;;) {
        await run();
        if (inFlight.size === 0) return;
        await Promise.allSettled([...inFlight]);
      }
    },
    async stop() {
      stopped = true;
      clearInterval(poll);
      if (wakeTimer) clearTimeout(wakeTimer);
      unsubscribe?.();
      unsubscribeReconnect?.();
      await pumping;
      await Promise.allSettled([...inFlight]);
    },
  };
}
