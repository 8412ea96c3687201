import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { lockDataDir } from './db/data-dir-lock.js';
import { assertWritableDir, flushDataDir } from './db/disk.js';
import { runMigrations } from './db/migrate.js';
import { seedDemo } from './db/seed/index.js';
import { redisRateLimitStore } from './lib/rate-limit.js';
import { startBackups } from './modules/backups/index.js';
import { localUploadDir } from './lib/storage/index.js';

/** In-flight requests get this long to finish after SIGTERM. */
const SHUTDOWN_GRACE_MS = 10_000;
/** Embedded mode: how often changed data files are synced to disk (the loss window of an OS crash). */
const PGLITE_FLUSH_MS = 1000;
/** Embedded mode: how often the data disk is proved writable with room left. */
const DISK_CHECK_MS = 10_000;
const DATA_DIR_NAME = 'The data directory (DATA_DIR)';
const UPLOAD_DIR_NAME = 'The upload directory (UPLOAD_DIR)';

function fail(error: unknown): never {
  console.error('CareDesk failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
}

const config = (() => {
  try {
    return loadConfig(process.env);
  } catch (error) {
    return fail(error);
  }
})();
const releaseDataDir = (() => {
  try {
    // A read-only, full or foreign-owned disk is named here, not found later by a stuck database.
    if (!config.DATABASE_URL) assertWritableDir(config.DATA_DIR, DATA_DIR_NAME);
    const uploadDir = localUploadDir(config);
    if (uploadDir) assertWritableDir(uploadDir, UPLOAD_DIR_NAME);
    return config.DATABASE_URL ? () => undefined : lockDataDir(config.DATA_DIR);
  } catch (error) {
    return fail(error);
  }
})();
const database = await openDatabase(config).catch((error: unknown) => {
  releaseDataDir();
  // PGlite throws bare errno objects from inside its file system: say what and where.
  const detail = error instanceof Error ? error.message : JSON.stringify(error);
  return fail(new Error(`The database in ${config.DATABASE_URL ? 'DATABASE_URL' : config.DATA_DIR} could not be opened: ${detail}`));
});
const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;

async function closeResources(): Promise<void> {
  await redis?.quit().catch(() => undefined);
  await database.close().catch(() => undefined);
  // Everything PGlite wrote, on disk before the lock says the directory is free.
  if (database.driver === 'pglite') await flushDataDir(config.DATA_DIR, 0).catch(() => undefined);
  releaseDataDir();
}

try {
  await runMigrations(database);
  const app = await buildApp({ config, database, ...(redis ? { rateLimitStore: redisRateLimitStore(redis) } : {}) });

  if (config.SEED_DEMO) {
    const result = await seedDemo(database.db);
    if (result.seeded) app.log.info({ accounts: result.accounts }, 'seeded demo data (password Demo@12345)');
  }
  // Embedded mode: scheduled backups and `npm run backup` requests; stopped by app.close().
  await startBackups(app, config, database);

  let shuttingDown = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    // app.close() stops listening, drops idle keep-alive connections, closes sockets 1001 and
    // waits for in-flight requests (lib/shutdown.ts). A request stuck past the grace is cut, so an
    // orchestrator's stop never waits on one client.
    const force = setTimeout(() => {
      app.log.warn({ graceMs: SHUTDOWN_GRACE_MS }, 'requests still running after the shutdown grace; closing their connections');
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    await app.close();
    clearTimeout(force);
    await closeResources();
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => void shutdown(signal));
  }

  if (database.driver === 'pglite') {
    // A disk that turned read-only or full under a running PGlite left every request hanging at
    // 100 % CPU: stop with the reason instead, so the operator (or the orchestrator) sees it.
    const stopOnDiskFailure = (error: unknown): void => {
      app.log.fatal({ err: error }, `CareDesk stopped: ${error instanceof Error ? error.message : String(error)}`);
      try {
        releaseDataDir();
      } catch {
        // The lock is stale now and the next start takes it over.
      }
      process.exit(1);
    };
    let flushedSince = Date.now();
    let flushing = false;
    const flush = setInterval(() => {
      if (flushing) return;
      flushing = true;
      flushDataDir(config.DATA_DIR, flushedSince).then(
        (result) => {
          flushedSince = result.nextSinceMs;
          flushing = false;
        },
        (error: unknown) => stopOnDiskFailure(new Error(`${DATA_DIR_NAME} ${config.DATA_DIR} could not be synced to disk.`, { cause: error })),
      );
    }, PGLITE_FLUSH_MS);
    const diskCheck = setInterval(() => {
      try {
        assertWritableDir(config.DATA_DIR, DATA_DIR_NAME);
      } catch (error) {
        stopOnDiskFailure(error);
      }
    }, DISK_CHECK_MS);
    flush.unref();
    diskCheck.unref();
    app.addHook('onClose', async () => {
      clearInterval(flush);
      clearInterval(diskCheck);
    });
  }

  await app.listen({ port: config.PORT, host: config.HOST });
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  app.log.info(`CareDesk is running on http://${shownHost}:${config.PORT} (database: ${database.driver})`);
} catch (error) {
  await closeResources();
  fail(error);
}
