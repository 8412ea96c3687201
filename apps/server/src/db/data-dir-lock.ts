import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'caredesk-server.pid';
/** A takeover older than this was left by a process that died taking over. */
const STALE_TAKEOVER_MS = 10_000;

interface Holder {
  pid: number;
  /** The process's start time (Linux /proc), so a reused pid is not mistaken for the holder. */
  started: string | undefined;
}

function startTimeOf(pid: number): string | undefined {
  try {
    // Field 22 of /proc/<pid>/stat, counted after the command name (which may contain spaces).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** "pid start-time" (a bare pid from older versions); anything else is no holder at all. */
function readHolder(lockPath: string): Holder | undefined {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const match = /^(\d+)(?: (\d+))?$/.exec(text);
  const pid = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(pid) && pid > 0 ? { pid, started: match?.[2] } : undefined;
}

function holds(holder: Holder | undefined): holder is Holder {
  if (!holder || holder.pid === process.pid || !isAlive(holder.pid)) return false;
  const started = startTimeOf(holder.pid);
  return holder.started === undefined || started === undefined || started === holder.started;
}

function inUse(dataDir: string, holder: Holder): Error {
  return new Error(`The data directory ${dataDir} is in use by server process ${holder.pid}. Run one server per DATA_DIR, or use PostgreSQL (DATABASE_URL) for several.`);
}

/**
 * The lock appears complete or not at all: written and synced under a temporary name, then linked
 * (fails if a lock exists) or renamed (a takeover) into place. A lock created empty and filled
 * afterwards could be read as empty, so stale, by a racing start.
 */
function writeLock(lockPath: string, mode: 'create' | 'replace'): void {
  const temporary = `${lockPath}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, `${process.pid} ${startTimeOf(process.pid) ?? ''}`.trim());
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    if (mode === 'create') linkSync(temporary, lockPath);
    else renameSync(temporary, lockPath);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/**
 * PGlite does not lock its data directory, and two processes on one directory silently lose
 * writes (design.md §9). A pid file refuses a second server while its holder lives; a stale one
 * (a dead pid, a pid reused by another program, an empty or garbled file left by a crash) is
 * taken over. Takeovers are serialised by a second exclusive file and the holder is read again
 * under it, so two starts racing on one stale lock never both win. Returns the release function.
 */
export interface LockOptions {
  /** Called when a stale lock was found, before taking it over (tests widen the race with it). */
  onStale?: () => void;
}

export function lockDataDir(dataDir: string, options: LockOptions = {}): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, LOCK_FILE);
  const takeoverPath = `${lockPath}.takeover`;
  const release = () => {
    if (readHolder(lockPath)?.pid === process.pid) rmSync(lockPath, { force: true });
  };
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      writeLock(lockPath, 'create');
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(lockPath);
    if (holds(holder)) throw inUse(dataDir, holder);
    options.onStale?.();
    let takeover: number;
    try {
      takeover = openSync(takeoverPath, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Another start is taking over (wait for it), or one died doing so long ago (clear it).
      try {
        if (Date.now() - statSync(takeoverPath).mtimeMs > STALE_TAKEOVER_MS) rmSync(takeoverPath, { force: true });
      } catch {
        // Gone meanwhile: try again.
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25);
      continue;
    }
    try {
      const current = readHolder(lockPath);
      if (holds(current)) throw inUse(dataDir, current);
      writeLock(lockPath, 'replace');
      return release;
    } finally {
      closeSync(takeover);
      rmSync(takeoverPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}: another start kept taking it over.`);
}
