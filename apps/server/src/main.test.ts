import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { fromPglite, pgliteOptions } from './db/client.js';
import { LOCK_FILE } from './db/data-dir-lock.js';
import { runMigrations } from './db/migrate.js';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));

/** Runs the server's entry point as `npm start` would (through tsx here), with only these variables. */
function start(env: Record<string, string>, untilOutput?: RegExp) {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', SEED_DEMO: 'false', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const seen = new Promise<void>((resolve) => {
    const read = (chunk: Buffer) => {
      output += String(chunk);
      if (untilOutput?.test(output)) resolve();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, seen, exited, output: () => output };
}

/**
 * The three processes run side by side: each waits on its own child (the third for the server's
 * 10 s disk check) while the others start theirs. The two that run start on a copy of one data
 * directory migrated here, so a fresh PGlite is made and migrated once, not in each child (its
 * start on a fresh directory is main.ts's ordinary path, walked by every browser test run).
 */
describe.concurrent('the server process', () => {
  let migrated: Promise<string> | undefined;
  async function migrate(): Promise<string> {
    const dir = mkdtempSync(join(tmpdir(), 'caredesk-main-migrated-'));
    const database = fromPglite(await PGlite.create(pgliteOptions({ dataDir: dir })));
    await runMigrations(database);
    await database.close();
    return dir;
  }
  /** A data directory of its own, already migrated (the first call migrates, while the first test runs). */
  async function migratedDataDir(): Promise<string> {
    migrated ??= migrate();
    const dataDir = mkdtempSync(join(tmpdir(), 'caredesk-main-'));
    cpSync(await migrated, dataDir, { recursive: true });
    return dataDir;
  }
  afterAll(async () => {
    if (migrated) rmSync(await migrated, { recursive: true, force: true });
  });

  it('names an unusable data or upload directory in one "failed to start" line', { timeout: 60_000 }, async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'caredesk-main-')), 'a-file');
    writeFileSync(file, '');
    const data = start({ DATA_DIR: join(file, 'data') });
    expect(await data.exited).toBe(1);
    expect(data.output().trim()).toBe(`CareDesk failed to start: The data directory (DATA_DIR) ${join(file, 'data')} is not a directory.`);
    const uploads = start({ DATA_DIR: mkdtempSync(join(tmpdir(), 'caredesk-main-')), UPLOAD_DIR: join(file, 'uploads') });
    expect(await uploads.exited).toBe(1);
    expect(uploads.output().trim()).toBe(`CareDesk failed to start: The upload directory (UPLOAD_DIR) ${join(file, 'uploads')} is not a directory.`);
  });

  it('stops on SIGTERM, releasing the data directory for the next start', { timeout: 60_000 }, async () => {
    const dataDir = await migratedDataDir();
    const first = start({ DATA_DIR: dataDir }, /CareDesk is running/);
    await first.seen;
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    // The next start finds no lock in its way.
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('stops with the reason when its data directory stops taking writes while it runs', { timeout: 60_000 }, async () => {
    const dataDir = await migratedDataDir();
    const server = start({ DATA_DIR: dataDir }, /CareDesk is running/);
    await server.seen;
    // The immutable flag refuses new files even to root, as a disk remounted read-only would.
    execFileSync('chattr', ['+i', dataDir]);
    try {
      expect(await server.exited).toBe(1);
    } finally {
      execFileSync('chattr', ['-i', dataDir]);
    }
    expect(server.output()).toContain(`CareDesk stopped: The data directory (DATA_DIR) ${dataDir} is not writable by this user.`);
  });
});
