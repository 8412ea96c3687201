import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { assertStorageKey, type ObjectStorage } from './object-storage.js';

export interface S3Options {
  bucket: string;
  /** e.g. https://s3.ap-south-1.amazonaws.com or http://127.0.0.1:9000 (MinIO). */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  timeoutMs?: number;
}

async function collect(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * An S3-compatible bucket over fetch, each request signed (AWS Signature V4) by aws4fetch, with
 * path-style URLs (endpoint/bucket/key), which every S3 clone accepts. A put reads the whole
 * body first (uploads are at most 20 MB and already size-checked while streaming) and sends one
 * signed PUT: S3 writes an object atomically, so a body that fails half-way never reaches the
 * bucket.
 */
export function s3Storage(options: S3Options): ObjectStorage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
    // aws4fetch retries a 5xx ten times by default; a failed call fails at once instead and its
    // caller decides (an upload answers with an error, a failed backup copy is logged and the
    // local backup stands), rather than one request holding a 20 MB body for minutes.
    retries: 0,
  });
  const endpoint = new URL(options.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 60_000;

  const urlOf = (key: string): URL => {
    assertStorageKey(key);
    const url = new URL(endpoint.origin);
    // Keys are checked to be plain segments, so encoding each segment once is all S3 needs.
    url.pathname = `${basePath}/${encodeURIComponent(options.bucket)}/${key.split('/').map(encodeURIComponent).join('/')}`;
    return url;
  };

  async function send(method: string, key: string, body?: Buffer, headers: Record<string, string> = {}): Promise<Response> {
    return client.fetch(urlOf(key), {
      method,
      // aws4fetch would send 'UNSIGNED-PAYLOAD' for S3; the body's own hash lets the service
      // refuse bytes altered on the way. allHeaders puts content-type under the signature too.
      headers: {
        ...headers,
        'x-amz-content-sha256': createHash('sha256')
          .update(body ?? '')
          .digest('hex'),
      },
      ...(body ? { body } : {}),
      signal: AbortSignal.timeout(timeoutMs),
      aws: { allHeaders: true },
    });
  }

  async function failure(method: string, response: Response): Promise<Error> {
    // The error document names the S3 error code; never the credentials (they are not in it).
    const detail = (await response.text().catch(() => '')).slice(0, 300);
    return new Error(`S3 ${method} answered ${response.status}${detail ? `: ${detail}` : ''}`);
  }

  return {
    kind: 's3',
    async put(key, body, { contentType }) {
      const bytes = await collect(body);
      const response = await send('PUT', key, bytes, { 'content-type': contentType });
      if (!response.ok) throw await failure('PUT', response);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.body?.cancel();
        return undefined;
      }
      if (!response.ok || !response.body) throw await failure('GET', response);
      return Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
    },
    async delete(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) throw await failure('DELETE', response);
      await response.body?.cancel();
    },
    async exists(key) {
      const response = await send('HEAD', key);
      await response.body?.cancel();
      if (response.status === 404) return false;
      if (!response.ok) throw new Error(`S3 HEAD answered ${response.status}`);
      return true;
    },
  };
}
