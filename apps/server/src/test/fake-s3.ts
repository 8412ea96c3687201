import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { EMPTY_PAYLOAD_HASH, signV4 } from '../lib/storage/sigv4.js';

export interface FakeS3 {
  url: string;
  /** By request path: /bucket/key. */
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  /** "METHOD /path" of every request, in order. */
  requests: string[];
  close(): Promise<void>;
}

export const fakeS3Credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'fake-secret-key', region: 'ap-south-1' };

/**
 * A stand-in for an S3-compatible service: keeps objects in memory and answers 403 unless the
 * request carries a SigV4 Authorization header that it can verify with the shared secret.
 */
export async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string | undefined }>();
  const requests: string[] = [];
  const verify = (request: IncomingMessage, body: Buffer): boolean => {
    const authorization = request.headers.authorization ?? '';
    const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=[0-9a-f]{64}$/.exec(authorization);
    if (!match || match[1] !== fakeS3Credentials.accessKeyId) return false;
    const date = String(request.headers['x-amz-date']);
    const when = new Date(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`);
    const signed = match[4]!.split(';').filter((name) => !['host', 'x-amz-date', 'x-amz-content-sha256'].includes(name));
    const headers = Object.fromEntries(signed.map((name) => [name, String(request.headers[name])]));
    const expected = signV4(
      { method: request.method!, url: new URL(request.url!, `http://${request.headers.host}`), headers, payloadHash: String(request.headers['x-amz-content-sha256']) },
      { ...fakeS3Credentials, service: 's3' },
      when,
    );
    const hash = body.length ? createHash('sha256').update(body).digest('hex') : EMPTY_PAYLOAD_HASH;
    return expected.authorization === authorization && hash === request.headers['x-amz-content-sha256'];
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push(`${request.method} ${request.url}`);
      if (!verify(request, body)) {
        response.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      const key = decodeURIComponent(request.url!);
      const object = objects.get(key);
      switch (request.method ?? '') {
        case 'PUT':
          objects.set(key, { body, contentType: request.headers['content-type'] });
          response.writeHead(200).end();
          return;
        case 'GET':
        case 'HEAD':
          if (!object) response.writeHead(404, { 'content-type': 'application/xml' }).end(request.method === 'GET' ? '<Error><Code>NoSuchKey</Code></Error>' : undefined);
          else response.writeHead(200, { 'content-length': object.body.length }).end(request.method === 'GET' ? object.body : undefined);
          return;
        case 'DELETE':
          objects.delete(key);
          response.writeHead(204).end();
          return;
        default:
          response.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { url: `http://127.0.0.1:${address.port}`, objects, requests, close: () => new Promise<void>((done) => server.close(() => done())) };
}
