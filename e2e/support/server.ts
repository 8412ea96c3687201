import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const serverEntry = join(repoRoot, 'apps/server/dist/main.js');
// E2E_WEB_DIST lets a developer test a console built elsewhere (parallel work on one tree).
export const webDist = process.env.E2E_WEB_DIST ?? join(repoRoot, 'apps/web/dist');
export const webIndex = join(webDist, 'index.html');
export const patientDist = process.env.E2E_PATIENT_DIST ?? join(repoRoot, 'apps/patient/dist');

export interface StartedServer {
  url: string;
  logFile: string;
  /** Stops the server and removes its data (kept with CAREDESK_E2E_KEEP_DATA). */
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  // Migrating and seeding a fresh PGlite took over 60 s on a 2-core machine shared with other
  // builds (2026-11-27, load average 15): the wait ends as soon as health answers, so a longer
  // bound costs nothing on a quiet machine and keeps a busy one from failing every browser test.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : '(no log)';
  child.kill('SIGTERM');
  throw new Error(`The CareDesk server did not become healthy at ${url}/api/health.\nLast server output:\n${log}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the built server on a free port with a fresh PGlite data dir and the demo seed, and
 * waits until it is healthy. `env` adds to (or overrides) the browser tests' settings: global
 * setup starts the shared one and the short-token one (SHORT_TOKEN_URL_ENV) side by side.
 */
export async function startServer(env: NodeJS.ProcessEnv = {}): Promise<StartedServer> {
  for (const [file, hint] of [
    [serverEntry, 'npx tsc -b packages/shared apps/server'],
    [webIndex, 'npm run build -w @caredesk/web'],
    [join(patientDist, 'index.html'), 'npm run build -w @caredesk/patient'],
  ] as const) {
    if (!existsSync(file)) throw new Error(`${file} is missing: build first (${hint}).`);
  }

  const port = await freePort();
  // A fresh data dir per run, so the demo seed runs on an empty embedded database.
  const dataDir = mkdtempSync(join(tmpdir(), 'caredesk-e2e-'));
  const logFile = join(dataDir, 'server.log');
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: join(dataDir, 'db'),
    WEB_DIST: webDist,
    PATIENT_DIST: patientDist,
    SEED_DEMO: 'true',
    // Every test signs in through the form from one IP; the default limits would trip.
    SIGN_IN_RATE_LIMIT: '1000',
    SIGN_IN_IP_RATE_LIMIT: '1000',
    SIGN_IN_ACCOUNT_RATE_LIMIT: '1000',
    // Patient-app sign-in codes go to the log, where a test reads them (SERVER_LOG_ENV).
    SMS_PROVIDER: 'log',
    ...env,
  };
  // Browser tests always run on embedded PGlite so they are deterministic.
  delete childEnv.DATABASE_URL;

  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [serverEntry], { cwd: repoRoot, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, logFile);
  return {
    url,
    logFile,
    stop: async () => {
      await stopChild(child);
      log.end();
      if (process.env.CAREDESK_E2E_KEEP_DATA) console.log(`e2e server data and log kept in ${dataDir}`);
      else rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
