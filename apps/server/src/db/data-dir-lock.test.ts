import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCK_FILE, lockDataDir } from './data-dir-lock.js';

const lockDir = (content?: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'caredesk-lock-'));
  if (content !== undefined) writeFileSync(join(dir, LOCK_FILE), content);
  return dir;
};

describe('the PGlite data directory lock', () => {
  it('refuses a second server on the same directory while the first is alive', () => {
    expect(() => lockDataDir(lockDir(String(process.ppid)))).toThrow(/in use by server process/);
    const dir = lockDir();
    const release = lockDataDir(dir);
    // Our own lock, as another process sees it: "<pid> <start time>".
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toMatch(new RegExp(`^${process.pid}( \\d+)?$`));
    release();
  });

  it.each([
    ['a dead pid', '999999999'],
    ['an empty file (a crash while writing it)', ''],
    ['garbage', 'not a pid\n'],
    ['a live pid that started at another time (reused by another program)', `${process.ppid} 1`],
  ])('takes over a stale lock: %s, and removes it on release', (_, content) => {
    const dir = lockDir(content);
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toMatch(new RegExp(`^${process.pid}`));
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('lets exactly one of several starts racing on a stale lock win', { timeout: 30_000 }, async () => {
    const dir = lockDir('999999999');
    const module = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
    const startAt = Date.now() + 4000;
    // Each child waits for the same moment, then locks, pausing between finding the lock stale and
    // taking it over so that all of them find it stale; a winner holds the lock until all have tried.
    const child = `
      import { lockDataDir } from ${JSON.stringify(module)};
      while (Date.now() < ${startAt}) {}
      const onStale = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
      try { lockDataDir(${JSON.stringify(dir)}, { onStale }); console.log('won'); setTimeout(() => {}, 3000); }
      catch (error) { console.log(/in use/.test(error.message) ? 'refused' : error.message); }
    `;
    const outcomes = await Promise.all(
      Array.from(
        { length: 5 },
        () =>
          new Promise<string>((resolve, reject) =>
            execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', child], (error, stdout) => (error ? reject(error) : resolve(stdout.trim()))),
          ),
      ),
    );
    expect(outcomes.sort()).toEqual(['refused', 'refused', 'refused', 'refused', 'won']);
  });
});
