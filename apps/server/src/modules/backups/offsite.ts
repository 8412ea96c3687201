import { createReadStream } from 'node:fs';
import type { Config } from '../../config.js';
import { s3Storage } from '../../lib/storage/s3.js';

/** A second copy of each backup away from the server's disk. */
export interface Offsite {
  readonly name: string;
  put(file: string, path: string): Promise<void>;
  remove(files: string[]): Promise<void>;
}

export const S3_BACKUP_PREFIX = 'backups/';

/**
 * The uploads bucket (S3_BUCKET) under `backups/`, through the same signed client as uploads.
 * It mirrors the backup directory: each new archive is copied, each pruned one deleted, so the
 * bucket never needs listing. The client sends an object in one PUT (read into memory first),
 * which S3 accepts up to 5 GB.
 */
export function s3Offsite(config: Config): Offsite | undefined {
  if (!config.BACKUP_S3 || !config.S3_BUCKET) return undefined;
  const storage = s3Storage({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
    timeoutMs: 30 * 60 * 1000,
  });
  return {
    name: `s3://${config.S3_BUCKET}/${S3_BACKUP_PREFIX}`,
    put: (file, path) => storage.put(`${S3_BACKUP_PREFIX}${file}`, createReadStream(path), { contentType: 'application/gzip' }),
    remove: async (files) => {
      for (const file of files) await storage.delete(`${S3_BACKUP_PREFIX}${file}`);
    },
  };
}
