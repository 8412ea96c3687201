import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from './local.js';
import type { ObjectStorage } from './object-storage.js';
import { s3Storage } from './s3.js';
import { EMPTY_PAYLOAD_HASH, signV4 } from './sigv4.js';
import { fakeS3Credentials as credentials, startFakeS3, type FakeS3 } from '../../test/fake-s3.js';

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
    await localStorage(root).put('org-2/x.png', failingBody(), { contentType: 'image/png' }).catch(() => undefined);
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

  it('fails loudly when the service rejects the signature', async () => {
    await expect(s3({ secretAccessKey: 'wrong' }).put('org-3/x.png', Readable.from([Buffer.from('x')]), { contentType: 'image/png' })).rejects.toThrow(
      /S3 PUT answered 403.*SignatureDoesNotMatch/,
    );
    await expect(s3({ secretAccessKey: 'wrong' }).exists('org-3/photo.webp')).rejects.toThrow('S3 HEAD answered 403');
  });
});

describe('AWS Signature Version 4', () => {
  it('matches the published S3 GET Object example', () => {
    // docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html, "GET Object".
    const headers = signV4(
      { method: 'GET', url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'), headers: { Range: 'bytes=0-9' }, payloadHash: EMPTY_PAYLOAD_HASH },
      { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1', service: 's3' },
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

