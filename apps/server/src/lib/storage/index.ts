import { join } from 'node:path';
import type { Config } from '../../config.js';
import { localStorage } from './local.js';
import type { ObjectStorage } from './object-storage.js';
import { s3Storage } from './s3.js';

export type { ObjectStorage } from './object-storage.js';

/** The directory local storage writes to, or undefined when uploads go to S3. */
export function localUploadDir(config: Config): string | undefined {
  return config.S3_BUCKET ? undefined : (config.UPLOAD_DIR ?? join(config.DATA_DIR, 'uploads'));
}

/** S3-compatible storage when S3_BUCKET is set, otherwise the local directory. */
export function createStorage(config: Config): ObjectStorage {
  if (config.S3_BUCKET) {
    return s3Storage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
    });
  }
  return localStorage(localUploadDir(config)!);
}
