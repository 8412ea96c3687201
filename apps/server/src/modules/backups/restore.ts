import { existsSync, readFileSync, rmSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { LOCK_FILE, lockDataDir } from '../../db/data-dir-lock.js';
import { extractArchive, isInside, openAndCheck, renameDurably, type Manifest } from './archive.js';
import type { BackupSettings } from './backup.js';

export interface RestoreResult {
  dataDir: string;
  /** Where the data directory that was replaced now is; undefined when there was none. */
  previousDataDir: string | undefined;
  /** Where the replaced upload directory (outside DATA_DIR) now is, when one was replaced. */
  previousUploadDir: string | undefined;
  manifest: Manifest;
  migrations: number;
}

function stampOf(now: Date): string {
  return now.toISOString().replace(/[-:.]/g, '');
}

/** Removes a lock file this process wrote (the lock moved with its directory). */
function dropOwnLock(dir: string): void {
  const path = join(dir, LOCK_FILE);
  try {
    if (readFileSync(path, 'utf8').trim().split(' ')[0] === String(process.pid)) rmSync(path, { force: true });
  } catch {
    // No lock there.
  }
}

/** A directory holding nothing but our lock (lockDataDir creates DATA_DIR when it is missing). */
async function isEmptyButLock(dir: string): Promise<boolean> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.every((name) => name === LOCK_FILE);
}

/**
 * Replaces the embedded database (and local uploads, when the archive has them) with a backup.
 * Takes the data directory's lock first, so it refuses while a server runs on it and no server
 * starts during it. The archive is unpacked beside the data directory and opened (its
 * migrations checked) before anything is moved; the current data directory is then kept as
 * `<DATA_DIR>.before-restore-<time>`, never deleted, and the restored one renamed into place.
 */
export async function restoreBackup(archive: string, settings: BackupSettings, options: { now?: Date } = {}): Promise<RestoreResult> {
  const { dataDir, uploadDir } = settings;
  if (!(await stat(archive).catch(() => undefined))?.isFile()) throw new Error(`No backup file at ${archive}`);
  const stamp = stampOf(options.now ?? new Date());
  const release = lockDataDir(dataDir);
  const restoring = `${dataDir}.restoring-${stamp}`;
  const uploadsInData = uploadDir !== undefined && isInside(dataDir, uploadDir);
  const uploadsRestoring = uploadDir && !uploadsInData ? `${uploadDir}.restoring-${stamp}` : undefined;
  let releaseRestored: (() => void) | undefined;
  try {
    const uploadsTarget = uploadDir === undefined ? undefined : uploadsInData ? join(restoring, relative(dataDir, uploadDir)) : uploadsRestoring;
    const manifest = await extractArchive(archive, { database: restoring, uploads: uploadsTarget });
    const migrations = await openAndCheck(restoring, manifest);
    // The restored directory carries a lock of its own, so DATA_DIR is never unlocked during the swap.
    releaseRestored = lockDataDir(restoring);

    let previousDataDir: string | undefined = `${dataDir}.before-restore-${stamp}`;
    if (await isEmptyButLock(dataDir)) {
      await rm(dataDir, { recursive: true, force: true });
      previousDataDir = undefined;
    } else {
      await renameDurably(dataDir, previousDataDir);
    }
    try {
      await renameDurably(restoring, dataDir);
    } catch (error) {
      // Put the old directory back rather than leave no database at DATA_DIR.
      if (previousDataDir) await renameDurably(previousDataDir, dataDir).catch(() => undefined);
      throw error;
    }
    let previousUploadDir: string | undefined;
    if (uploadsRestoring && uploadDir && manifest.uploads.included) {
      if (existsSync(uploadDir)) {
        previousUploadDir = `${uploadDir}.before-restore-${stamp}`;
        await renameDurably(uploadDir, previousUploadDir);
      }
      await renameDurably(uploadsRestoring, uploadDir);
    }
    if (previousDataDir) dropOwnLock(previousDataDir);
    dropOwnLock(dataDir);
    return { dataDir, previousDataDir, previousUploadDir, manifest, migrations: migrations.length };
  } catch (error) {
    releaseRestored?.();
    await rm(restoring, { recursive: true, force: true });
    if (uploadsRestoring) await rm(uploadsRestoring, { recursive: true, force: true });
    throw error;
  } finally {
    release();
  }
}

export function describeRestore(result: RestoreResult, archive: string): string[] {
  const lines = [
    `Restored ${basename(archive)} (made ${result.manifest.createdAt}) into ${result.dataDir}: ${result.migrations} migrations, ${result.manifest.uploads.included ? `${result.manifest.uploads.files} upload files` : 'no upload files (they are in the S3 bucket)'}.`,
  ];
  if (result.previousDataDir) lines.push(`The data directory it replaced is kept at ${result.previousDataDir}; delete it once the restored data is checked.`);
  if (result.previousUploadDir) lines.push(`The upload directory it replaced is kept at ${result.previousUploadDir}.`);
  return lines;
}
