import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.js';

describe('the PGlite data directory lock', () => {
  it('refuses a second server on the same directory while the first is alive', () => {
    const dir = mkdtempSync(join(tmpdir(), 'caredesk-lock-'));
    writeFileSync(join(dir, 'caredesk-server.pid'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(/in use by server process/);
  });

  it('takes over a stale lock and removes it on release', () => {
    const dir = mkdtempSync(join(tmpdir(), 'caredesk-lock-'));
    writeFileSync(join(dir, 'caredesk-server.pid'), '999999999');
    const release = lockDataDir(dir);
    expect(existsSync(join(dir, 'caredesk-server.pid'))).toBe(true);
    release();
    expect(existsSync(join(dir, 'caredesk-server.pid'))).toBe(false);
  });
});
