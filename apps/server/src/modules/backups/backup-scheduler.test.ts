import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { testConfig } from '../../test/config.js';
import { fakeS3Credentials as credentials, startFakeS3, type FakeS3 } from '../../test/fake-s3.js';
import { s3Offsite } from './offsite.js';
import { archiveName, type Manifest } from './archive.js';
import {
  FIRST_BACKUP_DELAY_MS,
  requestBackup,
  runBackupCommand,
  runRestoreCommand,
  startBackupScheduler,
  type BackupResult,
  type BackupScheduler,
  type BackupSettings,
} from './index.js';

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
    expect(
      readdirSync(settings.backupDir)
        .filter((name) => name.endsWith('.tar.gz'))
        .sort(),
    ).toEqual([3, 4, 5].map((d) => archiveName(new Date(Date.UTC(2026, 0, d)))));
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
    expect(readdirSync(join(settings.backupDir, '.requests'))).toEqual([`server-${process.pid}.ready`]);
  });

  it('never signals a process that does not answer requests (a server still starting would die of it)', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      const result = await requestBackup(settings, other.pid!, { pollMs: 20, timeoutMs: 200 });
      expect(result).toMatchObject({ ok: false, error: expect.stringContaining('does not take backup requests yet') });
      expect(other.exitCode).toBeNull();
      expect(other.signalCode).toBeNull();
    } finally {
      other.kill();
    }
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

describe('backups copied to the S3 bucket (BACKUP_S3)', () => {
  let s3: FakeS3;
  let root: string;
  beforeEach(async () => {
    s3 = await startFakeS3();
    root = await mkdtemp(join(tmpdir(), 'caredesk-backup-s3-'));
  });
  afterEach(async () => {
    await s3.close();
    await rm(root, { recursive: true, force: true });
  });

  it('mirrors the backup directory: each new archive is put, each pruned one deleted', async () => {
    const config = testConfig({
      BACKUP_S3: true,
      S3_BUCKET: 'clinic-files',
      S3_ENDPOINT: s3.url,
      S3_REGION: credentials.region,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    });
    const settings: BackupSettings = { dataDir: join(root, 'data'), backupDir: join(root, 'backups'), uploadDir: undefined, retention: 2 };
    let day = 1;
    const scheduler = await startBackupScheduler({
      settings,
      intervalHours: 0,
      log: silent,
      offsite: s3Offsite(config),
      backup: async () => {
        const file = archiveName(new Date(Date.UTC(2026, 0, day)));
        writeFileSync(join(settings.backupDir, file), `backup of day ${day++}`);
        return { ...fakeResult(file), path: join(settings.backupDir, file) };
      },
    });
    try {
      for (let index = 0; index < 3; index++) await scheduler.runNow();
    } finally {
      await scheduler.stop();
    }
    const kept = [2, 3].map((d) => archiveName(new Date(Date.UTC(2026, 0, d))));
    expect([...s3.objects.keys()].sort()).toEqual(kept.map((file) => `/clinic-files/backups/${file}`));
    expect(s3.objects.get(`/clinic-files/backups/${kept[1]}`)?.body.toString()).toBe('backup of day 3');
  });

  it('is refused without a bucket, as is a BACKUP_DIR inside DATA_DIR', () => {
    expect(() => loadConfig({ BACKUP_S3: 'true' })).toThrow(/BACKUP_S3: BACKUP_S3 needs the S3 bucket settings/);
    expect(() => loadConfig({ DATA_DIR: './data', BACKUP_DIR: './data/backups' })).toThrow(/BACKUP_DIR must not be inside DATA_DIR/);
    expect(loadConfig({ DATA_DIR: './data', BACKUP_DIR: './data-backups' }).BACKUP_DIR).toBe('./data-backups');
  });
});
