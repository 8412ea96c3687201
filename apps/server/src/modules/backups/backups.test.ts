import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../test/config.js';
import { fromPglite, pgliteOptions, type Database } from '../../db/client.js';
import { LOCK_FILE } from '../../db/data-dir-lock.js';
import { runMigrations } from '../../db/migrate.js';
import { addPatient, createOrganisation, staffClients, type ApiClient } from '../../test/fixtures.js';
import { captureLog, type CapturedLog } from '../../test/log-capture.js';
import { archiveName } from './archive.js';
import {
  backupSettings,
  createBackup,
  listBackups,
  pruneBackups,
  requestBackup,
  restoreBackup,
  runBackupCommand,
  runRestoreCommand,
  startBackupScheduler,
  type BackupSettings,
} from './index.js';

const PATIENT_COLUMNS = 'id, name, phone, notes, date_of_birth::text as date_of_birth, blood_group';

async function patientRows(client: PGlite, organisationId: string): Promise<Record<string, unknown>[]> {
  return (await client.query<Record<string, unknown>>(`select ${PATIENT_COLUMNS} from patients where organisation_id = $1 order by id`, [organisationId])).rows;
}

describe('backups of the embedded database', () => {
  let root: string;
  let settings: BackupSettings;
  let database: Database & { driver: 'pglite' };
  let app: FastifyInstance;
  let admin: ApiClient;
  let organisationId: string;
  let log: CapturedLog;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'caredesk-backups-'));
    const config = testConfig({ DATA_DIR: join(root, 'data'), WEB_DIST: '/nonexistent-caredesk-web-dist', LOG_LEVEL: 'info' });
    settings = backupSettings(config, root);
    database = fromPglite(await PGlite.create(pgliteOptions({ dataDir: settings.dataDir }))) as Database & { driver: 'pglite' };
    await runMigrations(database);
    const captured = captureLog();
    log = captured;
    app = await buildApp({ config, database, logStream: captured.stream });
    await app.ready();
    const org = await createOrganisation(database.db);
    organisationId = org.id;
    ({ admin } = await staffClients(app, org));
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('backs up a live database with patients and local uploads, and a restore into a fresh directory holds the same data', async () => {
    for (const notes of ['HIV+, on ART', 'Allergic to penicillin', 'Diabetic, insulin twice a day']) await addPatient(admin, { notes });
    mkdirSync(join(settings.uploadDir!, organisationId), { recursive: true });
    writeFileSync(join(settings.uploadDir!, organisationId, 'report.pdf'), '%PDF-1.4 scan report');
    // An upload still arriving is nobody's yet and stays out.
    writeFileSync(join(settings.uploadDir!, organisationId, 'x.pdf.part-123'), 'half');
    const before = await patientRows(database.client, organisationId);

    // Writes keep arriving while the backup runs: it must neither block them nor tear.
    const [backup, ...during] = await Promise.all([createBackup(database.client, settings), addPatient(admin, { notes: 'during' }), addPatient(admin, { notes: 'during' })]);
    expect(during).toHaveLength(2);
    expect(backup.file).toMatch(/^caredesk-backup-\d{8}T\d{9}Z\.tar\.gz$/);
    expect((await stat(backup.path)).size).toBe(backup.bytes);
    expect(backup.manifest.uploads).toMatchObject({ included: true, files: 1 });
    expect(readdirSync(settings.backupDir)).toEqual([backup.file]);

    const target = join(root, 'restored');
    const restoredSettings = { ...settings, dataDir: target, uploadDir: join(target, 'uploads') };
    const result = await restoreBackup(backup.path, restoredSettings);
    expect(result.previousDataDir).toBeUndefined();
    expect(existsSync(join(target, LOCK_FILE))).toBe(false);
    expect(readFileSync(join(target, 'uploads', organisationId, 'report.pdf'), 'utf8')).toBe('%PDF-1.4 scan report');
    expect(existsSync(join(target, 'uploads', organisationId, 'x.pdf.part-123'))).toBe(false);

    const restored = await PGlite.create(pgliteOptions({ dataDir: target }));
    try {
      const rows = await patientRows(restored, organisationId);
      // Everything written before the backup started, exactly; a write during it is all there or absent.
      expect(rows.filter((row) => before.some((old) => old.id === row.id))).toEqual(before);
      expect(rows.length).toBeGreaterThanOrEqual(before.length);
      expect(rows.every((row) => before.some((old) => old.id === row.id) || row.notes === 'during')).toBe(true);
      // The restored database is a working one: it takes writes.
      await restored.query(`update patients set notes = 'checked' where id = $1`, [before[0]!.id]);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('keeps the data directory it replaces, and refuses a damaged archive without touching anything', async () => {
    const backups = await listBackups(settings.backupDir);
    const target = join(root, 'replace');
    mkdirSync(target, { recursive: true });
    writeFileSync(join(target, 'PG_VERSION'), 'old');
    const now = new Date('2026-03-01T10:00:00Z');
    const result = await restoreBackup(backups[0]!.path, { ...settings, dataDir: target, uploadDir: join(target, 'uploads') }, { now });
    expect(result.previousDataDir).toBe(`${target}.before-restore-20260301T100000000Z`);
    expect(readFileSync(join(result.previousDataDir!, 'PG_VERSION'), 'utf8')).toBe('old');
    expect(readFileSync(join(target, 'PG_VERSION'), 'utf8')).not.toBe('old');

    const damaged = join(root, 'damaged.tar.gz');
    writeFileSync(damaged, readFileSync(backups[0]!.path));
    truncateSync(damaged, Math.floor(backups[0]!.bytes / 2));
    const untouched = join(root, 'untouched');
    mkdirSync(untouched);
    writeFileSync(join(untouched, 'PG_VERSION'), 'keep me');
    await expect(restoreBackup(damaged, { ...settings, dataDir: untouched, uploadDir: join(untouched, 'uploads') })).rejects.toThrow();
    expect(readdirSync(untouched)).toEqual(['PG_VERSION']);
    expect(readdirSync(root).filter((name) => name.startsWith('untouched'))).toEqual(['untouched']);
  }, 120_000);

  it('refuses to restore while a server process holds the data directory', async () => {
    const target = join(root, 'held');
    mkdirSync(target);
    let holder: ChildProcess | undefined;
    try {
      holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
      writeFileSync(join(target, LOCK_FILE), String(holder.pid));
      const backups = await listBackups(settings.backupDir);
      await expect(restoreBackup(backups[0]!.path, { ...settings, dataDir: target, uploadDir: join(target, 'uploads') })).rejects.toThrow(/in use by server process/);
      expect(readdirSync(target)).toEqual([LOCK_FILE]);
    } finally {
      holder?.kill();
    }
  });

  it('`npm run backup` reaches the running server, which logs the file and its size and no patient data', async () => {
    const scheduler = await startBackupScheduler({ settings, intervalHours: 24, log: app.log, backup: (signal) => createBackup(database.client, settings, { signal }) });
    try {
      const result = await requestBackup(settings, process.pid, { pollMs: 50 });
      expect(result).toMatchObject({ ok: true });
      const file = result.ok ? result.file : '';
      expect((await listBackups(settings.backupDir)).map((backup) => backup.file)).toContain(file);
      const written = log.entries().find((entry) => entry.msg === 'backup written');
      expect(written).toMatchObject({ file, bytes: (await stat(join(settings.backupDir, file))).size });
      expect(log.text()).not.toContain('HIV+');
      expect(log.text()).not.toContain('penicillin');
    } finally {
      await scheduler.stop();
    }
  }, 120_000);

  it('`npm run backup` with no server running backs up directly; `npm run restore` refuses while one runs', async () => {
    // The database restored by the first test, closed: nobody holds it.
    const dataDir = join(root, 'restored');
    const config = testConfig({ DATA_DIR: dataDir, BACKUP_DIR: join(root, 'restored-backups') });
    const lines: string[] = [];
    expect(await runBackupCommand(config, (line) => lines.push(line))).toBe(0);
    const [backup] = await listBackups(join(root, 'restored-backups'));
    expect(lines[0]).toBe(`Backup written: ${backup!.path} (${(backup!.bytes / 1024 / 1024).toFixed(1)} MB, 1 upload files)`);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);

    let holder: ChildProcess | undefined;
    try {
      holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
      writeFileSync(join(dataDir, LOCK_FILE), String(holder.pid));
      expect(await runRestoreCommand(config, backup!.path, (line) => lines.push(line))).toBe(1);
      expect(lines.at(-1)).toMatch(/^Restore failed, nothing was changed: .*in use by server process \d+.* Stop the server first\.$/);
    } finally {
      holder?.kill();
    }
  }, 120_000);

  it('keeps the newest backups up to the retention count and leaves other files alone', async () => {
    const dir = join(root, 'prune');
    mkdirSync(dir);
    const names = [0, 1, 2, 3, 4].map((day) => archiveName(new Date(Date.UTC(2026, 0, 10 + day, 2, 0, 0))));
    for (const name of names) writeFileSync(join(dir, name), 'x');
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    expect(await pruneBackups(dir, 3)).toEqual([names[1], names[0]]);
    expect(readdirSync(dir).sort()).toEqual([...names.slice(2), 'notes.txt'].sort());
  });
});
