import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { lockDataDir } from './db/data-dir-lock.js';
import { runMigrations } from './db/migrate.js';
import { seedDemo } from './db/seed/index.js';
import { redisRateLimitStore } from './lib/rate-limit.js';

/** In-flight requests get this long to finish after SIGTERM. */
const SHUTDOWN_GRACE_MS = 10_000;

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
    return config.DATABASE_URL ? () => undefined : lockDataDir(config.DATA_DIR);
  } catch (error) {
    return fail(error);
  }
})();
const database = await openDatabase(config);
const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;

async function closeResources(): Promise<void> {
  await redis?.quit().catch(() => undefined);
  await database.close().catch(() => undefined);
  releaseDataDir();
}

try {
  await runMigrations(database);
  const app = await buildApp({ config, database, ...(redis ? { rateLimitStore: redisRateLimitStore(redis) } : {}) });

  if (config.SEED_DEMO) {
    const result = await seedDemo(database.db);
    if (result.seeded) app.log.info({ accounts: result.accounts }, 'seeded demo data (password Demo@12345)');
  }

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

  await app.listen({ port: config.PORT, host: config.HOST });
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  app.log.info(`CareDesk is running on http://${shownHost}:${config.PORT} (database: ${database.driver})`);
} catch (error) {
  await closeResources();
  fail(error);
}
