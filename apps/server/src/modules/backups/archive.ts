import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from '../../db/client.js';
import { migrationsFolder } from '../../db/migrate.js';
import { endOfArchive, entryHeader, padding, readTar, type TarEntry } from './tar.js';

export const MANIFEST = 'manifest.json';
export const ARCHIVE_NAME = /^caredesk-backup-(\d{8}T\d{9}Z)\.tar\.gz$/;
/** Leftovers of a backup or restore that died (temporary archives, staging copies). */
const LEFTOVER = /^\.(?:staging|verify|partial)-/;

export interface Manifest {
  format: 'caredesk-backup';
  version: 1;
  createdAt: string;
  database: { driver: 'pglite'; files: number; bytes: number; migrations: string[] };
  uploads: { included: boolean; files: number; bytes: number; note?: string };
}

export function isInside(parent: string, child: string): boolean {
  const path = relative(resolve(parent), resolve(child));
  return path === '' || (path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path));
}

export function archiveName(now: Date): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  return `caredesk-backup-${stamp}.tar.gz`;
}

/** The migrations this build knows, oldest first (drizzle stores each one's `when` as created_at). */
export function knownMigrations(): string[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return journal.entries.map((entry) => String(entry.when));
}

export async function appliedMigrations(client: PGlite): Promise<string[]> {
  const result = await client.query<{ created_at: string }>('select created_at::text as created_at from drizzle.__drizzle_migrations order by created_at');
  return result.rows.map((row) => row.created_at);
}

/** Files (and directories) under `root`, relative and '/'-separated, parents before children. */
export async function walk(root: string, skip: (path: string, name: string) => boolean = () => false): Promise<{ path: string; type: 'file' | 'directory' }[]> {
  const found: { path: string; type: 'file' | 'directory' }[] = [];
  async function visit(dir: string, prefix: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      const absolute = join(dir, entry.name);
      if (skip(absolute, entry.name)) continue;
      if (entry.isDirectory()) {
        found.push({ path, type: 'directory' });
        await visit(absolute, path);
      } else if (entry.isFile()) {
        found.push({ path, type: 'file' });
      }
    }
  }
  await visit(root, '');
  return found;
}

export async function fsyncPath(path: string, flags = 'r'): Promise<void> {
  const handle = await open(path, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Copies `source` (a quiescent directory) into `target`, skipping what `skip` names. */
export async function copyTree(source: string, target: string, skip: (path: string, name: string) => boolean): Promise<void> {
  await mkdir(target, { recursive: true, mode: 0o700 });
  for (const entry of await walk(source, skip)) {
    const to = join(target, ...entry.path.split('/'));
    if (entry.type === 'directory') await mkdir(to, { recursive: true, mode: 0o700 });
    else await copyFile(join(source, ...entry.path.split('/')), to);
  }
}

interface Source {
  /** The archive path: database/… or uploads/… */
  path: string;
  type: 'file' | 'directory';
  /** Absolute, for files. */
  from?: string;
}

async function* fileContent(path: string, size: number): AsyncGenerator<Buffer> {
  let read = 0;
  for await (const chunk of createReadStream(path, { end: Math.max(0, size - 1), highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
    if (size === 0) break;
    read += chunk.length;
    yield chunk;
  }
  // A file that shrank after its header was written would corrupt every entry after it.
  if (read !== size) throw new Error(`${path} changed while it was being backed up`);
}

/**
 * Streams the sources into a gzip'd tar at `path`, then the manifest (built by `manifest` from
 * what was written) as the last entry, and syncs the file. Returns the bytes written.
 */
export async function writeArchive(
  path: string,
  sources: Source[],
  manifest: (written: { database: { files: number; bytes: number }; uploads: { files: number; bytes: number } }) => Manifest,
  signal?: AbortSignal,
): Promise<Manifest> {
  const written = { database: { files: 0, bytes: 0 }, uploads: { files: 0, bytes: 0 } };
  let result: Manifest | undefined;
  async function* generate(): AsyncGenerator<Buffer> {
    for (const source of sources) {
      signal?.throwIfAborted();
      if (source.type === 'directory') {
        yield entryHeader({ path: source.path, type: 'directory', size: 0, mtime: new Date() });
        continue;
      }
      let info;
      try {
        info = await stat(source.from!);
      } catch (error) {
        // An upload deleted since the listing: its row is gone from the snapshot or soon will be.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      yield entryHeader({ path: source.path, type: 'file', size: info.size, mtime: info.mtime });
      yield* fileContent(source.from!, info.size);
      yield padding(info.size);
      const bucket = source.path.startsWith('uploads/') ? written.uploads : written.database;
      bucket.files++;
      bucket.bytes += info.size;
    }
    result = manifest(written);
    const body = Buffer.from(JSON.stringify(result, null, 2));
    yield entryHeader({ path: MANIFEST, type: 'file', size: body.length, mtime: new Date() });
    yield body;
    yield padding(body.length);
    yield endOfArchive();
  }
  await pipeline(Readable.from(generate()), createGzip(), createWriteStream(path, { flags: 'wx', mode: 0o600 }), { signal: signal ?? new AbortController().signal });
  await fsyncPath(path, 'r+');
  return result!;
}

export interface ExtractTargets {
  /** Where database/… goes. */
  database: string;
  /** Where uploads/… goes; undefined skips them. */
  uploads: string | undefined;
}

/**
 * Unpacks an archive (every byte is read, so a damaged gzip or tar is found) and returns its
 * manifest. Each file is synced as it is written: a restore that reports success is on disk.
 */
export async function extractArchive(archive: string, targets: ExtractTargets): Promise<Manifest> {
  let manifest: Manifest | undefined;
  await mkdir(targets.database, { recursive: true, mode: 0o700 });
  const gunzip = createReadStream(archive).pipe(createGunzip());
  await readTar(gunzip, async (entry: TarEntry, content) => {
    if (entry.path === MANIFEST) {
      const parts: Buffer[] = [];
      for await (const part of content()) parts.push(part);
      manifest = parseManifest(Buffer.concat(parts).toString('utf8'));
      return;
    }
    const [area, ...rest] = entry.path.split('/');
    const base = area === 'database' ? targets.database : area === 'uploads' ? targets.uploads : undefined;
    if (area !== 'database' && area !== 'uploads') throw new Error(`Unexpected entry in backup archive: ${entry.path}`);
    if (!base || rest.length === 0) return;
    const to = join(base, ...rest);
    if (entry.type === 'directory') {
      await mkdir(to, { recursive: true, mode: 0o700 });
      return;
    }
    await mkdir(dirname(to), { recursive: true, mode: 0o700 });
    const handle = await open(to, 'wx', 0o600);
    try {
      for await (const part of content()) await handle.write(part);
      await handle.sync();
    } finally {
      await handle.close();
    }
  });
  if (!manifest) throw new Error('The backup archive has no manifest: it is not a CareDesk backup, or it is incomplete');
  return manifest;
}

function parseManifest(text: string): Manifest {
  const value = JSON.parse(text) as Partial<Manifest>;
  if (value.format !== 'caredesk-backup' || value.version !== 1 || !Array.isArray(value.database?.migrations)) {
    throw new Error('The backup archive has a manifest this version does not understand');
  }
  return value as Manifest;
}

/**
 * Opens the database in `dir` (PostgreSQL replays its WAL as after a crash) and checks it holds
 * the migrations the manifest names, all of them known to this build. Returns them.
 */
export async function openAndCheck(dir: string, manifest: Manifest): Promise<string[]> {
  const client = await PGlite.create(pgliteOptions({ dataDir: dir }));
  try {
    const applied = await appliedMigrations(client);
    if (applied.join(',') !== manifest.database.migrations.join(',')) throw new Error('The restored database does not hold the migrations its manifest names');
    const known = knownMigrations();
    if (applied.length === 0 || applied.some((migration, index) => known[index] !== migration)) {
      throw new Error("The backup was made by a different version of CareDesk (its migrations are not a prefix of this version's): restore it with that version");
    }
    return applied;
  } finally {
    await client.close();
  }
}

/** Extracts the archive's database beside it and opens it; every byte is read on the way. */
export async function verifyArchive(archive: string): Promise<Manifest> {
  const dir = join(dirname(archive), `.verify-${randomUUID()}`);
  try {
    const manifest = await extractArchive(archive, { database: dir, uploads: undefined });
    await openAndCheck(dir, manifest);
    return manifest;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Removes what a backup that died left in the directory (older than an hour, so never a running one's). */
export async function removeLeftovers(dir: string, now = Date.now()): Promise<void> {
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!LEFTOVER.test(name)) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (info && now - info.mtimeMs > 60 * 60 * 1000) await rm(path, { recursive: true, force: true });
  }
}

export async function renameDurably(from: string, to: string): Promise<void> {
  await rename(from, to);
  await fsyncPath(dirname(to));
}
