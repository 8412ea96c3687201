import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { archiveName, type Manifest } from './archive.js';
import { FIRST_BACKUP_DELAY_MS, requestBackup, runBackupCommand, runRestoreCommand, startBackupScheduler, type BackupResult, type BackupScheduler, type BackupSettings } from './index.js';

const HOUR = 60 * 60 * 1000;
const silent = { info: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

function fakeResult(file: string): BackupResult {
  return { file, path: `/nowhere/${file}`, bytes: 42, manifest: { uploads: { included: true, files: 0, bytes: 0 } } as unknown as Manifest };
}

describe('the backup scheduler', () => {
  let root: string;
  let settings: BackupSettings;
  let scheduler: BackupScheduler | undefined;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'caredesk-backup-scheduler-'));
    settings = { dataDir: join(root, 'data'), backupDir: join(root, 'backups'), uploadDir: undefined, retention: 3 };
  });
  afterEach(async () => {
    await scheduler?.stop();
    scheduler = undefined;
    await rm(root, { recursive: true, force: true });
  });

  it('never runs two backups at once: a second call while one runs gets the running one', async () => {
    let calls = 0;
    let finish: (result: BackupResult) => void = () => undefined;
    scheduler = await startBackupScheduler({
      settings,
      intervalHours: 24,
      log: silent,
      backup: () => {
        calls++;
        return new Promise<BackupResult>((resolve) => (finish = resolve));
      },
    });
    const first = scheduler.runNow();
    const second = scheduler.runNow();
    expect(calls).toBe(1);
    finish(fakeResult(archiveName(new Date())));
    expect(await second).toBe(await first);
    // Once it has finished, the next call makes a new one.
    const third = scheduler.runNow();
    expect(calls).toBe(2);
    finish(fakeResult(archiveName(new Date())));
    await third;
  });

  it('counts the interval from the newest backup, and waits a minute after start when one is due', async () => {
    const now = Date.UTC(2026, 4, 4, 12, 0, 0);
    mkdirSync(settings.backupDir);
    const backup = async () => fakeResult('x');
    scheduler = await startBackupScheduler({ settings, intervalHours: 24, log: silent, backup, now: () => now });
    expect(scheduler.nextAt()?.getTime()).toBe(now + FIRST_BACKUP_DELAY_MS);
    await scheduler.stop();

    writeFileSync(join(settings.backupDir, archiveName(new Date(now - 3 * HOUR))), 'x');
    scheduler = await startBackupScheduler({ settings, intervalHours: 24, log: silent, backup, now: () => now });
    expect(scheduler.nextAt()?.getTime()).toBe(now - 3 * HOUR + 24 * HOUR);
    await scheduler.stop();

    scheduler = await startBackupScheduler({ settings, intervalHours: 0, log: silent, backup, now: () => now });
    expect(scheduler.nextAt()).toBeUndefined();
  });

  it('prunes to the retention count after each backup', async () => {
    mkdirSync(settings.backupDir);
    let day = 1;
    scheduler = await startBackupScheduler({
      settings,
      intervalHours: 0,
      log: silent,
      backup: async () => {
        const file = archiveName(new Date(Date.UTC(2026, 0, day++)));
        writeFileSync(join(settings.backupDir, file), 'x');
        return fakeResult(file);
      },
    });
    for (let index = 0; index < 5; index++) await scheduler.runNow();
    expect(readdirSync(settings.backupDir).filter((name) => name.endsWith('.tar.gz')).sort()).toEqual([3, 4, 5].map((d) => archiveName(new Date(Date.UTC(2026, 0, d)))));
  });

  it('answers `npm run backup` sent to the running server by signal, and reports a failure as one', async () => {
    let fail = false;
    scheduler = await startBackupScheduler({
      settings,
      intervalHours: 0,
      log: silent,
      backup: async () => {
        if (fail) throw new Error('disk full');
        return fakeResult(archiveName(new Date()));
      },
    });
    expect(await requestBackup(settings, process.pid, { pollMs: 20 })).toMatchObject({ ok: true, bytes: 42 });
    fail = true;
    expect(await requestBackup(settings, process.pid, { pollMs: 20 })).toEqual({ ok: false, error: 'disk full' });
    expect(readdirSync(join(settings.backupDir, '.requests'))).toEqual([]);
  });

  it('with PostgreSQL, the commands point to pg_dump instead of touching anything', async () => {
    const lines: string[] = [];
    const config = testConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', DATA_DIR: settings.dataDir });
    expect(await runBackupCommand(config, (line) => lines.push(line))).toBe(2);
    expect(await runRestoreCommand(config, join(root, 'x.tar.gz'), (line) => lines.push(line))).toBe(2);
    expect(lines.every((line) => line.includes('pg_dump'))).toBe(true);
    expect(readdirSync(root)).toEqual([]);
  });
});
