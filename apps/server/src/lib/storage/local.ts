import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, type ObjectStorage } from './object-storage.js';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/**
 * Files under one directory. A put writes to a temporary name beside the target and renames it
 * on success (atomic on one file system), so a failed or half-received upload never appears
 * under its key and a reader never sees a partial file.
 */
export function localStorage(root: string): ObjectStorage {
  const base = resolve(root);
  const pathOf = (key: string): string => {
    assertStorageKey(key);
    return join(base, key);
  };

  return {
    kind: 'local',
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const temporary = `${target}.part-${randomUUID()}`;
      try {
        await pipeline(body, createWriteStream(temporary, { flags: 'wx', mode: 0o640 }));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      return createReadStream(path);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}
