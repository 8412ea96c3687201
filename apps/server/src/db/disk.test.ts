import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertWritableDir, flushDataDir } from './disk.js';

describe('data directory checks', () => {
  it('accepts a writable directory, creating it', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'caredesk-disk-')), 'data');
    expect(() => assertWritableDir(dir, 'The data directory (DATA_DIR)')).not.toThrow();
  });

  it('names the directory and the reason when it cannot be written', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'caredesk-disk-')), 'a-file');
    writeFileSync(file, '');
    expect(() => assertWritableDir(join(file, 'data'), 'The data directory (DATA_DIR)')).toThrow(`The data directory (DATA_DIR) ${join(file, 'data')} is not a directory.`);
  });

  it('calls a disk without room left full', () => {
    const dir = mkdtempSync(join(tmpdir(), 'caredesk-disk-'));
    expect(() => assertWritableDir(dir, 'The upload directory (UPLOAD_DIR)', Number.MAX_SAFE_INTEGER)).toThrow(
      /^The upload directory \(UPLOAD_DIR\) .* is on a full disk \(\d+ MB free, at least \d+ MB needed\)\.$/,
    );
  });

  it('syncs the files changed since the last flush', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'caredesk-disk-'));
    writeFileSync(join(dir, 'old'), 'x');
    const first = await flushDataDir(dir, 0);
    expect(first.synced).toBe(1);
    expect((await flushDataDir(dir, Date.now() + 60_000)).synced).toBe(0);
    writeFileSync(join(dir, 'new'), 'y');
    expect((await flushDataDir(dir, first.nextSinceMs)).synced).toBeGreaterThanOrEqual(1);
  });
});
