import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { s3Offsite, type Offsite } from './offsite.js';
import { backupSettings, createBackup, listBackups, pruneBackups, type BackupResult, type BackupSettings } from './backup.js';

/** `npm run backup` asks a running server for a backup with this signal and a request file. */
export const BACKUP_SIGNAL = 'SIGUSR2';
/** A first or overdue backup waits this long after start, off the start's own work (migrations, seeding). */
export const FIRST_BACKUP_DELAY_MS = 60_000;
/** setTimeout's longest delay; a longer wait is taken in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export function requestDir(settings: BackupSettings): string {
  return join(settings.backupDir, '.requests');
}

/** Present while a server answers requests: without a listener, BACKUP_SIGNAL would end the process. */
export function readyFile(settings: BackupSettings, pid: number): string {
  return join(requestDir(settings), `server-${pid}.ready`);
}

/** Once a process has answered requests, a late signal (during shutdown) is ignored, never fatal. */
let ignoring = false;

export type RequestResult = { ok: true; file: string; bytes: number } | { ok: false; error: string };

export interface BackupScheduler {
  /** A backup now; while one runs, its result (two never run at once). */
  runNow(): Promise<BackupResult>;
  /** When the next scheduled backup is due; undefined when none is scheduled. */
  nextAt(): Date | undefined;
  /** Answers the request files `npm run backup` left (what BACKUP_SIGNAL triggers). */
  answerRequests(): Promise<void>;
  /** No further backups; a running one is cancelled and its temporary files removed. */
  stop(): Promise<void>;
}

/** Copies a new backup and deletes the pruned ones offsite; what was thrown when that failed. */
export async function copyOffsite(offsite: Offsite, file: string, path: string, removed: string[]): Promise<{ error: unknown } | undefined> {
  try {
    await offsite.put(file, path);
    await offsite.remove(removed);
    return undefined;
  } catch (error) {
    return { error };
  }
}

export interface SchedulerOptions {
  settings: BackupSettings;
  /** 0: no scheduled backups (requests and runNow still work). */
  intervalHours: number;
  log: FastifyBaseLogger;
  /** Makes one backup; createBackup on the embedded database in the server. */
  backup: (signal: AbortSignal) => Promise<BackupResult>;
  /** A second copy of each backup (BACKUP_S3); a failed copy is logged, the local backup stands. */
  offsite?: Offsite | undefined;
  now?: () => number;
}

/**
 * Backups every `intervalHours`, counted from the newest backup in the directory, so a restart
 * neither skips nor repeats one: at start a backup older than the interval is made at once.
 * Logs file names and sizes, and errors through the logger's serializer (class and code, never a
 * message), like every other log line.
 */
export async function startBackupScheduler(options: SchedulerOptions): Promise<BackupScheduler> {
  const { settings, log } = options;
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalHours * 60 * 60 * 1000;
  const abort = new AbortController();
  let running: Promise<BackupResult> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let dueAt: number | undefined;
  let stopped = false;

  const runNow = (): Promise<BackupResult> => {
    if (stopped) return Promise.reject(new Error('Backups have stopped (the server is shutting down)'));
    running ??= (async () => {
      const started = Date.now();
      try {
        const result = await options.backup(abort.signal);
        const removed = await pruneBackups(settings.backupDir, settings.retention);
        log.info({ file: result.file, bytes: result.bytes, uploads: result.manifest.uploads.files, pruned: removed, ms: Date.now() - started }, 'backup written');
        if (options.offsite) {
          const failed = await copyOffsite(options.offsite, result.file, result.path, removed);
          if (failed) log.error({ file: result.file, to: options.offsite.name, err: failed.error }, 'backup copy failed; the local backup stands');
          else log.info({ file: result.file, to: options.offsite.name }, 'backup copied');
        }
        return result;
      } catch (error) {
        if (!abort.signal.aborted) log.error({ err: error }, 'backup failed');
        throw error;
      } finally {
        running = undefined;
      }
    })();
    return running;
  };

  const schedule = (at: number): void => {
    if (stopped || intervalMs === 0) return;
    dueAt = at;
    timer = setTimeout(
      () => {
        if (now() < at) return schedule(at);
        schedule(now() + intervalMs);
        // A backup still running (a slow disk, a manual one) is not doubled: this turn is skipped.
        if (running) return;
        runNow().catch(() => undefined);
      },
      Math.min(Math.max(0, at - now()), MAX_DELAY_MS),
    );
    timer.unref();
  };

  const answerRequests = async (): Promise<void> => {
    const dir = requestDir(settings);
    const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => /^[0-9a-f-]{36}\.request$/.test(name));
    if (names.length === 0) return;
    let result: RequestResult;
    try {
      // One already running began before the request: the caller asked for one from now on.
      await running?.catch(() => undefined);
      const backup = await runNow();
      result = { ok: true, file: backup.file, bytes: backup.bytes };
    } catch (error) {
      result = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    for (const name of names) {
      const id = name.slice(0, -'.request'.length);
      // Written whole under a temporary name, so the waiting command never reads half of it.
      await writeFile(join(dir, `${id}.tmp`), JSON.stringify(result));
      await rename(join(dir, `${id}.tmp`), join(dir, `${id}.result`));
      await rm(join(dir, name), { force: true });
    }
  };
  const onSignal = (): void => void answerRequests().catch((error: unknown) => log.error({ err: error }, 'backup request failed'));
  if (!ignoring) process.on(BACKUP_SIGNAL, () => undefined);
  ignoring = true;
  process.on(BACKUP_SIGNAL, onSignal);
  await mkdir(requestDir(settings), { recursive: true, mode: 0o700 });
  await writeFile(readyFile(settings, process.pid), '');
  const newest = (await listBackups(settings.backupDir))[0];
  schedule(Math.max(newest ? newest.createdAt.getTime() + intervalMs : 0, now() + FIRST_BACKUP_DELAY_MS));

  return {
    runNow,
    nextAt: () => (stopped || dueAt === undefined ? undefined : new Date(dueAt)),
    answerRequests,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      process.off(BACKUP_SIGNAL, onSignal);
      await rm(readyFile(settings, process.pid), { force: true });
      abort.abort();
      await running?.catch(() => undefined);
    },
  };
}

/**
 * The server's hook (main.ts): scheduled backups of the embedded database, and backups on request
 * from `npm run backup`, stopped with the app. With PostgreSQL nothing runs: see the README.
 */
export async function startBackups(app: FastifyInstance, config: Config, database: Database): Promise<BackupScheduler | undefined> {
  if (database.driver !== 'pglite') return undefined;
  const settings = backupSettings(config);
  const { client } = database;
  const scheduler = await startBackupScheduler({
    settings,
    intervalHours: config.BACKUP_INTERVAL_HOURS,
    log: app.log,
    backup: (signal) => createBackup(client, settings, { signal }),
    offsite: s3Offsite(config),
  });
  app.addHook('onClose', () => scheduler.stop());
  const next = scheduler.nextAt();
  app.log.info({ backupDir: settings.backupDir, next: next?.toISOString() ?? 'on request only', keep: settings.retention }, 'backups scheduled');
  return scheduler;
}
