import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../../config.js';
import { pgliteOptions } from '../../db/client.js';
import { LOCK_FILE, lockDataDir } from '../../db/data-dir-lock.js';
import { backupSettings, createBackup, pruneBackups, type BackupSettings } from './backup.js';
import { describeRestore, restoreBackup } from './restore.js';
import { s3Offsite } from './offsite.js';
import { BACKUP_SIGNAL, copyOffsite, readyFile, requestDir, type RequestResult } from './scheduler.js';

export const POSTGRES_ADVICE =
  'DATABASE_URL is set: CareDesk runs on PostgreSQL, whose backups are the operator\'s (pg_dump, or WAL archiving for point-in-time recovery). README.md, "Backups", has the commands.';

function size(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function lockHolderPid(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim().split(' ')[0]);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Asks the server holding the data directory for a backup: a request file, then BACKUP_SIGNAL;
 * the server writes the result beside the request. A server without backups (an older version)
 * never answers, so the wait is bounded.
 */
export async function requestBackup(settings: BackupSettings, pid: number, options: { timeoutMs?: number; pollMs?: number } = {}): Promise<RequestResult> {
  // A server still starting (or one without backups) has no listener yet, and the signal would end it.
  if (!existsSync(readyFile(settings, pid)))
    return { ok: false, error: `The server (process ${pid}) does not take backup requests yet: it may still be starting; try again in a minute.` };
  const dir = requestDir(settings);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const id = randomUUID();
  const request = join(dir, `${id}.request`);
  const result = join(dir, `${id}.result`);
  await writeFile(request, String(process.pid));
  try {
    process.kill(pid, BACKUP_SIGNAL);
    const deadline = Date.now() + (options.timeoutMs ?? 30 * 60 * 1000);
    while (Date.now() < deadline) {
      if (existsSync(result)) return JSON.parse(await readFile(result, 'utf8')) as RequestResult;
      await sleep(options.pollMs ?? 250);
    }
    return { ok: false, error: `The server (process ${pid}) did not answer the backup request in time.` };
  } finally {
    await rm(request, { force: true });
    await rm(result, { force: true });
  }
}

/** `npm run backup`: through the running server when one holds DATA_DIR, else directly. Returns the exit code. */
export async function runBackupCommand(config: Config, write: (line: string) => void): Promise<number> {
  if (config.DATABASE_URL) {
    write(POSTGRES_ADVICE);
    return 2;
  }
  const settings = backupSettings(config);
  if (!existsSync(join(settings.dataDir, 'PG_VERSION'))) {
    write(`No embedded database in ${settings.dataDir} (set DATA_DIR).`);
    return 2;
  }
  let release: () => void;
  try {
    release = lockDataDir(settings.dataDir);
  } catch (error) {
    const pid = lockHolderPid(settings.dataDir);
    if (!pid) throw error;
    write(`A server (process ${pid}) holds ${settings.dataDir}: asking it for the backup…`);
    const result = await requestBackup(settings, pid);
    if (!result.ok) {
      write(`Backup failed: ${result.error}`);
      return 1;
    }
    write(`Backup written: ${join(settings.backupDir, result.file)} (${size(result.bytes)})`);
    return 0;
  }
  try {
    const client = await PGlite.create(pgliteOptions({ dataDir: settings.dataDir }));
    try {
      const result = await createBackup(client, settings);
      const pruned = await pruneBackups(settings.backupDir, settings.retention);
      write(
        `Backup written: ${result.path} (${size(result.bytes)}, ${result.manifest.uploads.included ? `${result.manifest.uploads.files} upload files` : 'uploads are in the S3 bucket, not in the backup'})`,
      );
      if (pruned.length > 0) write(`Removed ${pruned.length} older backup${pruned.length === 1 ? '' : 's'} (BACKUP_RETENTION=${settings.retention}).`);
      const offsite = s3Offsite(config);
      if (!offsite) return 0;
      const failed = await copyOffsite(offsite, result.file, result.path, pruned);
      write(
        failed
          ? `Copy to ${offsite.name} failed: ${failed.error instanceof Error ? failed.error.message : String(failed.error)} (the local backup stands).`
          : `Copied to ${offsite.name}.`,
      );
      return failed ? 1 : 0;
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/** `npm run restore -- <file>`: refused while a server holds DATA_DIR. Returns the exit code. */
export async function runRestoreCommand(config: Config, archive: string | undefined, write: (line: string) => void): Promise<number> {
  if (config.DATABASE_URL) {
    write(POSTGRES_ADVICE);
    return 2;
  }
  if (!archive) {
    write('Usage: npm run restore -- <backup file>');
    return 2;
  }
  const settings = backupSettings(config);
  try {
    const result = await restoreBackup(archive, settings);
    for (const line of describeRestore(result, archive)) write(line);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    write(`Restore failed, nothing was changed: ${message}${/in use by server/.test(message) ? ' Stop the server first.' : ''}`);
    return 1;
  }
}
