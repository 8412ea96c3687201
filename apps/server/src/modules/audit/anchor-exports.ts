import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { exportAnchors } from './anchors.js';
import type { AuditKeys } from './keys.js';

/**
 * Exports signed anchors of every chain head (anchors.ts) at start — which also pins where an
 * upgraded database's unkeyed entries end — every AUDIT_ANCHOR_INTERVAL_MINUTES, and at
 * shutdown once the last entries are chained. A failed export is logged and retried next time.
 */
export function startAnchorExports(app: FastifyInstance, ctx: AppContext, keys: AuditKeys, settled: (db: Db) => Promise<void>): void {
  const minutes = ctx.config.AUDIT_ANCHOR_INTERVAL_MINUTES;
  app.addHook('onReady', async () => {
    if (ctx.config.DATABASE_URL && keys.source === 'file') {
      app.log.warn(
        { auditDir: keys.dir },
        'AUDIT_HMAC_KEY is not set: the audit chain is keyed with the generated key file in AUDIT_DIR. Every server process of this database must use the same key: set AUDIT_HMAC_KEY (copy the file) when there is more than one.',
      );
    }
    if (minutes === 0) app.log.warn('AUDIT_ANCHOR_INTERVAL_MINUTES=0: no audit anchors are exported, so entries deleted from the end of the audit trail cannot be detected');
  });
  if (minutes === 0) return;

  let running: Promise<void> | undefined;
  const runExport = (): Promise<void> => {
    running ??= exportAnchors(ctx.db, keys)
      .then(({ problems }) => {
        for (const problem of problems)
          app.log.error({ organisationId: problem.organisationId, reason: problem.reason }, 'audit trail: anchor not moved, the chain does not continue it');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'audit trail: anchors not exported'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void runExport();
    timer = setInterval(() => void runExport(), minutes * 60_000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    await settled(ctx.db);
    await runExport();
  });
}
