import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = join(repoRoot, 'apps/server/dist/main.js');

/** Whether apps/server/dist is there; says how to build it when not. */
export function serverBuilt(): boolean {
  if (existsSync(serverEntry)) return true;
  console.error(`${serverEntry} is missing. Build first: npx tsc -b packages/shared apps/server`);
  process.exitCode = 1;
  return false;
}

export interface RunningServer {
  url: string;
  /** The server's process id (its CPU time in /proc, bench/cpu-per-request.ts); absent for baselines. */
  pid?: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : reject(new Error('no free port'))));
    });
  });
}

/**
 * Starts the built server as a child process on 127.0.0.1 with a fresh PGlite data dir (or
 * `options.dataDir`), or on `databaseUrl` when given (an empty database gets the demo seed);
 * `options.nodeArgs` go to node before the entry (--cpu-prof).
 */
export async function startServer(databaseUrl?: string, options: { dataDir?: string; nodeArgs?: string[] } = {}): Promise<RunningServer> {
  const port = await freePort();
  const workDir = mkdtempSync(join(tmpdir(), 'caredesk-bench-'));
  const logFile = join(workDir, 'server.log');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    // Production refuses the test-mode payment gateway unless told; benches never pay.
    ALLOW_SIMULATED_PAYMENTS: 'true',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    // A caller's data dir outlives the server (the search bench fills it between runs).
    DATA_DIR: options.dataDir ?? join(workDir, 'db'),
    SEED_DEMO: 'true',
    // The sign-in scenario signs in thousands of times from one address.
    SIGN_IN_RATE_LIMIT: '1000000',
    SIGN_IN_IP_RATE_LIMIT: '1000000',
    SIGN_IN_ACCOUNT_RATE_LIMIT: '1000000',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;

  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), serverEntry], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;

  const stop = async (): Promise<void> => {
    await terminate(child);
    log.end();
    rmSync(workDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) return { url, pid: child.pid, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-3000) : '';
  await stop();
  throw new Error(`server did not become healthy at ${url}/api/health\n${tail}`);
}

export function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts a baseline of bench/baseline-server.ts as its own process (`hello`, or `replay` of the
 * statements in `replayFile` on `databaseUrl`) and waits until it answers.
 */
export async function startBaseline(mode: 'hello' | 'replay', options: { databaseUrl?: string; replayFile?: string } = {}): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PORT: String(port) };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const args = ['--import', 'tsx', join(repoRoot, 'bench/baseline-server.ts'), mode, ...(options.replayFile ? [options.replayFile] : [])];
  const child = spawn(process.execPath, args, { cwd: join(repoRoot, 'bench'), env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-3000)));
  const url = `http://127.0.0.1:${port}`;
  const stop = () => terminate(child);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/health`)).status === 200) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`baseline ${mode} did not start at ${url}\n${stderr}`);
}
