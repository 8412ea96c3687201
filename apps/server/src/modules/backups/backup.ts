import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Config } from '../../config.js';
import { LOCK_FILE } from '../../db/data-dir-lock.js';
import { appliedMigrations, ARCHIVE_NAME, archiveName, copyTree, isInside, removeLeftovers, renameDurably, verifyArchive, walk, writeArchive, type Manifest } from './archive.js';

export interface BackupSettings {
  /** Absolute. */
  dataDir: string;
  /** Absolute; never inside dataDir. */
  backupDir: string;
  /** The local upload directory (absolute), or undefined when uploads live in S3. */
  uploadDir: string | undefined;
  retention: number;
}

/** Relative paths mean what they mean to the server, which runs from the repository root. */
export function backupSettings(config: Config, base = process.cwd()): BackupSettings {
  const dataDir = resolve(base, config.DATA_DIR);
  return {
    dataDir,
    backupDir: resolve(base, config.BACKUP_DIR ?? `${config.DATA_DIR}-backups`),
    uploadDir: config.S3_BUCKET ? undefined : resolve(base, config.UPLOAD_DIR ?? join(config.DATA_DIR, 'uploads')),
    retention: config.BACKUP_RETENTION,
  };
}

export interface BackupResult {
  file: string;
  path: string;
  bytes: number;
  manifest: Manifest;
}

/** The lock, its takeover and temporary files, PostgreSQL's pid file and write probes: never restored. */
function isProcessFile(name: string): boolean {
  return name.startsWith(LOCK_FILE) || name === 'postmaster.pid' || name.startsWith('.caredesk-');
}

/**
 * Writes `caredesk-backup-<UTC time>.tar.gz` into the backup directory: the embedded database as
 * of one instant, then the local upload files, then a manifest. The database files are copied
 * while PGlite runs no query (its query lock held), so the copy is what a crash at that instant
 * would leave, which PostgreSQL recovers from by design; the copy is then compressed with queries
 * running again. Uploads are copied after that instant, so every file a row names is there
 * (a file is stored before its row). The archive is written under a temporary name, synced,
 * opened as a database to prove it restores, and only then renamed into place.
 */
export async function createBackup(client: PGlite, settings: BackupSettings, options: { now?: Date; signal?: AbortSignal } = {}): Promise<BackupResult> {
  const { dataDir, backupDir, uploadDir } = settings;
  if (isInside(dataDir, backupDir)) throw new Error('BACKUP_DIR must not be inside DATA_DIR: a backup on the same directory is lost with it');
  await mkdir(backupDir, { recursive: true, mode: 0o700 });
  await removeLeftovers(backupDir);
  const now = options.now ?? new Date();
  const file = archiveName(now);
  const id = `${now.getTime()}-${process.pid}`;
  const staging = join(backupDir, `.staging-${id}`);
  const partial = join(backupDir, `.partial-${id}-${file}`);
  const uploadsInData = uploadDir !== undefined && isInside(dataDir, uploadDir);
  try {
    // A checkpoint first, so the copy carries little WAL to replay when it is opened.
    await client.exec('CHECKPOINT');
    const migrations = await appliedMigrations(client);
    options.signal?.throwIfAborted();
    const skip = (path: string, name: string): boolean =>
      (uploadsInData && isInside(uploadDir, path)) || isInside(backupDir, path) || (resolve(path, '..') === dataDir && isProcessFile(name));
    await client._runExclusiveQuery(() => copyTree(dataDir, join(staging, 'database'), skip));

    const sources = (await walk(join(staging, 'database'))).map((entry) => ({
      path: `database/${entry.path}`,
      type: entry.type,
      from: join(staging, 'database', ...entry.path.split('/')),
    }));
    if (uploadDir) {
      // A `.part-` file is an upload still arriving (lib/storage/local.ts): not yet anyone's.
      const uploads = await walk(uploadDir, (_path, name) => name.includes('.part-'));
      sources.push(...uploads.map((entry) => ({ path: `uploads/${entry.path}`, type: entry.type, from: join(uploadDir, ...entry.path.split('/')) })));
    }
    const manifest = await writeArchive(
      partial,
      sources,
      (written) => ({
        format: 'caredesk-backup',
        version: 1,
        createdAt: now.toISOString(),
        database: { driver: 'pglite', ...written.database, migrations },
        uploads: uploadDir
          ? { included: true, ...written.uploads }
          : { included: false, files: 0, bytes: 0, note: "uploads are in the S3 bucket (S3_BUCKET); keep them with the bucket's own versioning or replication" },
      }),
      options.signal,
    );
    await rm(staging, { recursive: true, force: true });
    options.signal?.throwIfAborted();
    await verifyArchive(partial);
    const path = join(backupDir, file);
    await renameDurably(partial, path);
    const { size } = await stat(path);
    return { file, path, bytes: size, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

export interface BackupFile {
  file: string;
  path: string;
  bytes: number;
  createdAt: Date;
}

/** Backups in the directory, newest first. */
export async function listBackups(backupDir: string): Promise<BackupFile[]> {
  const names = await readdir(backupDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const found: BackupFile[] = [];
  for (const file of names) {
    const match = ARCHIVE_NAME.exec(file);
    if (!match) continue;
    const stamp = match[1]!;
    const createdAt = new Date(
      `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}.${stamp.slice(15, 18)}Z`,
    );
    const info = await stat(join(backupDir, file)).catch(() => undefined);
    if (info) found.push({ file, path: join(backupDir, file), bytes: info.size, createdAt });
  }
  return found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** Keeps the newest `retention` backups; returns the names removed. Only archives this module names are touched. */
export async function pruneBackups(backupDir: string, retention: number): Promise<string[]> {
  const removed: string[] = [];
  for (const backup of (await listBackups(backupDir)).slice(Math.max(1, retention))) {
    await rm(backup.path, { force: true });
    removed.push(backup.file);
  }
  return removed;
}
