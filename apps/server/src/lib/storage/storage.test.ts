import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from './local.js';
import type { ObjectStorage } from './object-storage.js';
import { s3Storage } from './s3.js';
import { checkSignature, fakeS3Credentials as credentials, startFakeS3, type FakeS3 } from '../../test/fake-s3.js';

function failingBody(): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.from('first half of the file');
      throw new Error('client went away');
    })(),
  );
}

/** What every storage must do, whichever it is. */
function behavesAsObjectStorage(storage: () => ObjectStorage) {
  it('stores, reads, checks and deletes an object', async () => {
    const s = storage();
    await s.put('org-1/a.png', Readable.from([Buffer.from('hello '), Buffer.from('world')]), { contentType: 'image/png' });
    expect(await s.exists('org-1/a.png')).toBe(true);
    expect(await text((await s.get('org-1/a.png'))!)).toBe('hello world');
    await s.delete('org-1/a.png');
    expect(await s.exists('org-1/a.png')).toBe(false);
    expect(await s.get('org-1/a.png')).toBeUndefined();
    await s.delete('org-1/a.png');
  });

  it('leaves nothing behind when the body fails half-way', async () => {
    const s = storage();
    await expect(s.put('org-1/broken.pdf', failingBody(), { contentType: 'application/pdf' })).rejects.toThrow('client went away');
    expect(await s.exists('org-1/broken.pdf')).toBe(false);
  });

  it('refuses keys that could escape its root', async () => {
    const s = storage();
    for (const key of ['../secret', '/etc/passwd', 'a/../../b', '', 'a//b', 'a\\b']) {
      await expect(s.put(key, Readable.from([Buffer.from('x')]), { contentType: 'text/plain' }), key).rejects.toThrow('Invalid storage key');
    }
  });
}

describe('local storage', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'caredesk-storage-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  behavesAsObjectStorage(() => localStorage(root));

  it('keeps no temporary file after a failed put', async () => {
    await localStorage(root)
      .put('org-2/x.png', failingBody(), { contentType: 'image/png' })
      .catch(() => undefined);
    expect(readdirSync(join(root, 'org-2'))).toEqual([]);
  });
});

describe('S3-compatible storage', () => {
  let fake: FakeS3;
  beforeAll(async () => {
    fake = await startFakeS3();
  });
  afterAll(() => fake.close());
  const s3 = (overrides: Partial<typeof credentials> = {}) => s3Storage({ bucket: 'caredesk-test', endpoint: fake.url, ...credentials, ...overrides });

  behavesAsObjectStorage(() => s3());

  it('uses path-style URLs and sends the detected content type', async () => {
    await s3().put('org-3/photo.webp', Readable.from([Buffer.from('RIFF....WEBP')]), { contentType: 'image/webp' });
    expect(fake.requests).toContain('PUT /caredesk-test/org-3/photo.webp');
    expect(fake.objects.get('/caredesk-test/org-3/photo.webp')).toMatchObject({ contentType: 'image/webp' });
  });

  it('keeps a path on the endpoint in front of the bucket', async () => {
    const storage = s3Storage({ bucket: 'caredesk-test', endpoint: `${fake.url}/s3-gateway/`, ...credentials });
    await storage.put('org-3/behind-gateway.png', Readable.from([Buffer.from('png')]), { contentType: 'image/png' });
    expect(fake.requests).toContain('PUT /s3-gateway/caredesk-test/org-3/behind-gateway.png');
    expect(await storage.exists('org-3/behind-gateway.png')).toBe(true);
  });

  it('gives up on a service that does not answer within timeoutMs', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    try {
      const { port } = silent.address() as AddressInfo;
      const storage = s3Storage({ bucket: 'caredesk-test', endpoint: `http://127.0.0.1:${port}`, ...credentials, timeoutMs: 200 });
      await expect(storage.exists('org-3/photo.webp')).rejects.toThrow(/aborted|timeout/i);
    } finally {
      silent.closeAllConnections();
      await new Promise((done) => silent.close(done));
    }
  });

  it('signs the hash of the body and the content type, not just the path', async () => {
    const body = Buffer.from('%PDF-1.7 report');
    await s3().put('org-3/report.pdf', Readable.from([body]), { contentType: 'application/pdf' });
    const sent = fake.headers[fake.requests.lastIndexOf('PUT /caredesk-test/org-3/report.pdf')]!;
    expect(sent['x-amz-content-sha256']).toBe(createHash('sha256').update(body).digest('hex'));
    expect(sent.authorization).toMatch(/SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date,/);
  });

  it('fails loudly when the service rejects the signature', async () => {
    await expect(s3({ secretAccessKey: 'wrong' }).put('org-3/x.png', Readable.from([Buffer.from('x')]), { contentType: 'image/png' })).rejects.toThrow(
      /S3 PUT answered 403.*SignatureDoesNotMatch/,
    );
    expect(fake.objects.has('/caredesk-test/org-3/x.png')).toBe(false);
    await expect(s3({ secretAccessKey: 'wrong' }).get('org-3/photo.webp')).rejects.toThrow(/S3 GET answered 403.*SignatureDoesNotMatch/);
    await expect(s3({ secretAccessKey: 'wrong' }).exists('org-3/photo.webp')).rejects.toThrow('S3 HEAD answered 403');
    await expect(s3({ secretAccessKey: 'wrong' }).delete('org-3/photo.webp')).rejects.toThrow(/S3 DELETE answered 403.*SignatureDoesNotMatch/);
    expect(fake.objects.has('/caredesk-test/org-3/photo.webp')).toBe(true);
  });

  it('fails loudly on an unknown access key or the wrong region', async () => {
    await expect(s3({ accessKeyId: 'AKIDUNKNOWN' }).get('org-3/photo.webp')).rejects.toThrow(/S3 GET answered 403.*InvalidAccessKeyId/);
    await expect(s3({ region: 'eu-west-1' }).get('org-3/photo.webp')).rejects.toThrow(/S3 GET answered 400.*AuthorizationHeaderMalformed/);
  });
});

/**
 * The fake's own check, against the worked examples AWS publishes for S3
 * (docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html): if it accepts these
 * and nothing else, a client it accepts signs the way S3 expects.
 */
describe("the fake S3's signature check", () => {
  const aws = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' };
  const at = new Date('2013-05-24T00:00:00Z');
  const emptyHash = createHash('sha256').update('').digest('hex');
  const signed = (signedHeaders: string, signature: string, headers: Record<string, string> = {}) => ({
    host: 'examplebucket.s3.amazonaws.com',
    'x-amz-date': '20130524T000000Z',
    'x-amz-content-sha256': emptyHash,
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=${signedHeaders},Signature=${signature}`,
  });
  const getObject = {
    method: 'GET',
    url: '/test.txt',
    headers: signed('host;range;x-amz-content-sha256;x-amz-date', 'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41', { range: 'bytes=0-9' }),
  };
  const putBody = Buffer.from('Welcome to Amazon S3.');
  const putObject = {
    method: 'PUT',
    url: '/test$file.text',
    headers: signed('date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class', '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd', {
      date: 'Fri, 24 May 2013 00:00:00 GMT',
      'x-amz-storage-class': 'REDUCED_REDUNDANCY',
      'x-amz-content-sha256': createHash('sha256').update(putBody).digest('hex'),
    }),
  };

  it("accepts AWS's GET Object, PUT Object, GET lifecycle and list examples", () => {
    expect(checkSignature(getObject, Buffer.alloc(0), aws, at)).toBeUndefined();
    expect(checkSignature(putObject, putBody, aws, at)).toBeUndefined();
    const lifecycle = {
      method: 'GET',
      url: '/?lifecycle',
      headers: signed('host;x-amz-content-sha256;x-amz-date', 'fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543'),
    };
    expect(checkSignature(lifecycle, Buffer.alloc(0), aws, at)).toBeUndefined();
    const list = {
      method: 'GET',
      url: '/?prefix=J&max-keys=2',
      headers: signed('host;x-amz-content-sha256;x-amz-date', '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7'),
    };
    expect(checkSignature(list, Buffer.alloc(0), aws, at)).toBeUndefined();
  });

  it('refuses a wrong secret, a changed request or body, another key, and an old signature', () => {
    expect(checkSignature(getObject, Buffer.alloc(0), { ...aws, secretAccessKey: 'wrong' }, at)).toBe('SignatureDoesNotMatch');
    expect(checkSignature({ ...getObject, headers: { ...getObject.headers, range: 'bytes=0-99' } }, Buffer.alloc(0), aws, at)).toBe('SignatureDoesNotMatch');
    expect(checkSignature({ ...getObject, url: '/other.txt' }, Buffer.alloc(0), aws, at)).toBe('SignatureDoesNotMatch');
    expect(checkSignature({ ...getObject, method: 'DELETE' }, Buffer.alloc(0), aws, at)).toBe('SignatureDoesNotMatch');
    expect(checkSignature(putObject, Buffer.from('Welcome to Amazon S4.'), aws, at)).toBe('XAmzContentSHA256Mismatch');
    expect(checkSignature(getObject, Buffer.alloc(0), { ...aws, accessKeyId: 'AKIDOTHER' }, at)).toBe('InvalidAccessKeyId');
    expect(checkSignature(getObject, Buffer.alloc(0), aws, new Date('2013-05-24T00:16:00Z'))).toBe('RequestTimeTooSkewed');
    expect(checkSignature({ ...getObject, headers: { ...getObject.headers, authorization: '' } }, Buffer.alloc(0), aws, at)).toBe('AccessDenied');
  });
});
