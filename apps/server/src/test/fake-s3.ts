import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface FakeS3 {
  url: string;
  /** By request path: /bucket/key. */
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  /** "METHOD /path" of every request, in order. */
  requests: string[];
  /** Every request's headers, in the same order as `requests`. */
  headers: IncomingHttpHeaders[];
  close(): Promise<void>;
}

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export const fakeS3Credentials: S3Credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'fake-secret-key', region: 'ap-south-1' };

/** The status S3 answers each refusal with. */
const REFUSALS = {
  AccessDenied: 403,
  InvalidAccessKeyId: 403,
  SignatureDoesNotMatch: 403,
  RequestTimeTooSkewed: 403,
  AuthorizationHeaderMalformed: 400,
  XAmzContentSHA256Mismatch: 400,
} as const;
export type S3Refusal = keyof typeof REFUSALS;

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : (value ?? ''));
const rfc3986 = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
/** S3 decodes what it received and encodes it once more, so a client may send a path either way. */
const reencode = (value: string) => {
  try {
    return rfc3986(decodeURIComponent(value));
  } catch {
    return value; // a malformed escape: the signature will not match
  }
};

/**
 * Checks a request's AWS Signature V4 the way S3 does, from the raw request line and headers.
 * Deliberately its own implementation (not the client the server uses), so a client that signs
 * wrongly fails the tests instead of agreeing with itself. Undefined when the request is good.
 */
export function checkSignature(
  request: { method: string; url: string; headers: IncomingHttpHeaders },
  body: Buffer,
  credentials: S3Credentials,
  now = new Date(),
): S3Refusal | undefined {
  const auth = /^AWS4-HMAC-SHA256 Credential=([^/,]+)\/(\d{8})\/([^/,]+)\/([^/,]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
    one(request.headers.authorization),
  );
  if (!auth) return 'AccessDenied';
  const [, accessKeyId, day = '', region = '', service, signedHeaders = '', signature] = auth;
  if (accessKeyId !== credentials.accessKeyId) return 'InvalidAccessKeyId';
  if (region !== credentials.region || service !== 's3') return 'AuthorizationHeaderMalformed';

  const amzDate = one(request.headers['x-amz-date']);
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== day) return 'AuthorizationHeaderMalformed';
  const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (!(Math.abs(now.getTime() - signedAt) <= 15 * 60 * 1000)) return 'RequestTimeTooSkewed';

  const names = signedHeaders.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date') || !names.includes('x-amz-content-sha256')) return 'AccessDenied';
  if (names.join(';') !== [...names].sort().join(';')) return 'SignatureDoesNotMatch';
  // The payload hash is part of the signature; S3 also accepts a signed 'UNSIGNED-PAYLOAD'.
  const payloadHash = one(request.headers['x-amz-content-sha256']);
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body)) return 'XAmzContentSHA256Mismatch';

  const queryAt = request.url.indexOf('?');
  const path = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
  const query = queryAt < 0 ? '' : request.url.slice(queryAt + 1);
  const canonicalQuery = query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals < 0 ? [reencode(pair), ''] : [reencode(pair.slice(0, equals)), reencode(pair.slice(equals + 1))];
    })
    // By name, then value; sorting the joined "name=value" strings would misplace "a-b" and "a".
    .sort(([a = '', av = ''], [b = '', bv = '']) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [
    request.method,
    path.split('/').map(reencode).join('/'),
    canonicalQuery,
    names.map((name) => `${name}:${one(request.headers[name]).trim().replace(/\s+/g, ' ')}\n`).join(''),
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), region), 's3'), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex') === signature ? undefined : 'SignatureDoesNotMatch';
}

/**
 * A stand-in for an S3-compatible service: keeps objects in memory and refuses, with S3's own
 * status and error code, any request whose SigV4 signature `checkSignature` does not accept.
 */
export async function startFakeS3(credentials: S3Credentials = fakeS3Credentials): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string | undefined }>();
  const requests: string[] = [];
  const headers: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push(`${request.method} ${request.url}`);
      headers.push(request.headers);
      const refusal = checkSignature({ method: request.method!, url: request.url!, headers: request.headers }, body, credentials);
      if (refusal) {
        response.writeHead(REFUSALS[refusal], { 'content-type': 'application/xml' }).end(request.method === 'HEAD' ? undefined : `<Error><Code>${refusal}</Code></Error>`);
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
  return { url: `http://127.0.0.1:${address.port}`, objects, requests, headers, close: () => new Promise<void>((done) => server.close(() => done())) };
}
