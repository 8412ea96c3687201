import { randomUUID } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Less free space than this is a full disk: PostgreSQL needs room for WAL segments and a checkpoint. */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  switch (code) {
    case 'EROFS':
      return 'is on a read-only file system';
    case 'ENOSPC':
    case 'EDQUOT':
      return 'is on a full disk';
    case 'EACCES':
    case 'EPERM':
      return 'is not writable by this user';
    case 'ENOTDIR':
    case 'EEXIST':
      return 'is not a directory';
    case 'EIO':
      return 'is on a disk that reports I/O errors';
    default:
      return `cannot be written (${code || (error as Error).message})`;
  }
}

/**
 * Proves a directory can take a write that reaches the disk (a synced probe file) and has room
 * left, with a message an operator can act on. `what` names it ("The data directory (DATA_DIR)").
 */
export function assertWritableDir(dir: string, what: string, minFreeBytes = MIN_FREE_BYTES): void {
  const probe = join(dir, `.caredesk-write-check-${randomUUID()}`);
  try {
    mkdirSync(dir, { recursive: true });
    const fd = openSync(probe, 'wx', 0o600);
    try {
      writeSync(fd, Buffer.alloc(4096));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
      rmSync(probe, { force: true });
    }
  } catch (error) {
    throw new Error(`${what} ${dir} ${reason(error)}.`, { cause: error });
  }
  const { bavail, bsize } = statfsSync(dir);
  const free = bavail * bsize;
  if (free < minFreeBytes) {
    throw new Error(`${what} ${dir} is on a full disk (${Math.floor(free / 1024 / 1024)} MB free, at least ${Math.ceil(minFreeBytes / 1024 / 1024)} MB needed).`);
  }
}

/**
 * PGlite runs PostgreSQL with fsync off, and its Node file system never syncs: a write sits in
 * the OS page cache until the kernel writes it back. This syncs every file of the data directory
 * changed since `sinceMs` (its modification time), so an acknowledged write reaches the disk
 * within one flush interval. Returns the time to pass next and how many files were synced.
 */
export async function flushDataDir(dir: string, sinceMs: number): Promise<{ nextSinceMs: number; synced: number }> {
  // Taken before the walk: a file written during it is synced again next time.
  const nextSinceMs = Date.now() - 1000;
  let synced = 0;
  // Off the event loop: one fsync of a busy WAL segment can take tens of milliseconds.
  const sync = async (path: string): Promise<void> => {
    const handle = await open(path, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  };
  // Directories every time, so new and renamed files (WAL segments) survive too.
  await sync(dir);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) {
      await sync(path);
      continue;
    }
    if (!entry.isFile()) continue;
    try {
      if ((await stat(path)).mtimeMs < sinceMs) continue;
      await sync(path);
      synced++;
    } catch (error) {
      // Removed meanwhile (a dropped table, a recycled WAL segment).
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return { nextSinceMs, synced };
}
