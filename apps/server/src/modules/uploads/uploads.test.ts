import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIGNED_URL_TTL_SECONDS, UPLOAD_LIMITS, uploadSchema } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/index.js';
import { getOrCreateSecret } from '../../lib/secrets.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { bearer, createOrganisation, signIn } from '../../test/fixtures.js';
import { filesUnder, sampleFiles, uploadForm } from '../../test/sample-files.js';
import { signUploadUrl } from './signed-url.js';

describe.each(drivers)('uploads (%s)', (driver) => {
  let t: TestApp;
  let uploadDir: string;
  beforeAll(async () => {
    uploadDir = mkdtempSync(join(tmpdir(), 'caredesk-uploads-'));
    t = await createTestApp(driver, { UPLOAD_DIR: uploadDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  async function staffToken(type: 'HOSPITAL' | 'SCAN' = 'HOSPITAL') {
    const org = await createOrganisation(t.database.db, { type });
    const { access_token } = await signIn(t.app, org.worker.email);
    return { org, token: access_token };
  }
  const upload = (token: string, form: FormData) => t.app.inject({ method: 'POST', url: '/api/admin/upload', headers: bearer(token), payload: form });
  const rowsOf = (organisationId: string) => t.database.db.select().from(uploads).where(eq(uploads.organisationId, organisationId));
  const orgFiles = (organisationId: string) => filesUnder(join(uploadDir, organisationId));

  it.each([
    ['png', 'photo.png', 'image/png', 'public'],
    ['jpeg', 'photo.jpeg', 'image/jpeg', 'public'],
    ['webp', 'photo.webp', 'image/webp', 'public'],
    ['pdf', 'report.pdf', 'application/pdf', 'private'],
  ] as const)('stores a %s that any staff member uploads', async (kind, filename, mimeType, visibility) => {
    const { org, token } = await staffToken();
    const response = await upload(token, uploadForm(sampleFiles[kind], filename));
    expect(response.statusCode, response.body).toBe(201);
    const body = uploadSchema.parse(response.json());
    expect(body).toMatchObject({ mimeType, visibility, size: sampleFiles[kind].length });
    expect(body.name).toBe(kind === 'jpeg' ? 'photo.jpg' : filename);
    const [row] = await rowsOf(org.id);
    expect(row).toMatchObject({ id: body.id, uploadedBy: expect.any(String), mimeType, visibility });
    // The storage key is the server's own, never the user's file name.
    expect(row!.storageKey).toMatch(new RegExp(`^${org.id}/[0-9a-f-]{36}\\.(png|jpg|webp|pdf)$`));
    expect(orgFiles(org.id)).toHaveLength(1);
    if (visibility === 'public') expect(body.url).toBe(`/api/uploads/public/${body.id}`);
    else expect(body.url).toMatch(new RegExp(`^/api/uploads/private/${body.id}\\?expires=\\d+&signature=`));
  });

  it('trusts the bytes, not the name: a PNG called scan.pdf is stored as image/png', async () => {
    const { token } = await staffToken();
    const response = await upload(token, uploadForm(sampleFiles.png, 'scan.pdf', { type: 'application/pdf' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ mimeType: 'image/png', name: 'scan.png', visibility: 'public' });
  });

  it.each(['exe', 'html'] as const)('refuses an %s called photo.jpg with 415 and stores nothing', async (kind) => {
    const { org, token } = await staffToken();
    const response = await upload(token, uploadForm(sampleFiles[kind], 'photo.jpg', { type: 'image/jpeg' }));
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: 'Upload a JPEG, PNG or WebP image, or a PDF',
      issues: [{ path: 'file', message: 'Upload a JPEG, PNG or WebP image, or a PDF' }],
    });
    expect(await rowsOf(org.id)).toEqual([]);
    expect(orgFiles(org.id)).toEqual([]);
  });

  it('refuses an image one byte over 5 MB with 413 and stores nothing, not even a partial file', async () => {
    const { org, token } = await staffToken();
    const big = Buffer.alloc(UPLOAD_LIMITS.image.maxBytes + 1);
    sampleFiles.png.copy(big);
    const response = await upload(token, uploadForm(big, 'huge.png'));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large', message: 'An image can be at most 5 MB' });
    expect(response.headers.connection).toBe('close');
    expect(await rowsOf(org.id)).toEqual([]);
    expect(orgFiles(org.id)).toEqual([]);
  });

  it('accepts an image of exactly 5 MB', async () => {
    const { token } = await staffToken();
    const exact = Buffer.alloc(UPLOAD_LIMITS.image.maxBytes);
    sampleFiles.jpeg.copy(exact);
    expect((await upload(token, uploadForm(exact, 'exact.jpg'))).statusCode).toBe(201);
  });

  it('sanitises names: no path, no control characters, the real extension, at most 120 characters', async () => {
    const { token } = await staffToken();
    const names: [string, string][] = [
      ['../../etc/passwd.png', 'passwd.png'],
      ['C:\\Users\\asha\\x-ray\u0000\u202e.png', 'x-ray.png'],
      ['रिपोर्ट <script>.png', 'रिपोर्ट _script.png'],
      [`${'a'.repeat(300)}.png`, `${'a'.repeat(116)}.png`],
      ['.png', 'file.png'],
    ];
    for (const [given, expected] of names) {
      const response = await upload(token, uploadForm(sampleFiles.png, given));
      expect(response.json<{ name: string }>().name, given).toBe(expected);
    }
  });

  it('keeps a PDF private and refuses to make one public', async () => {
    const { org, token } = await staffToken();
    const response = await upload(token, uploadForm(sampleFiles.pdf, 'report.pdf', { visibility: 'public' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ issues: [{ path: 'visibility', message: 'A PDF is always private' }] });
    expect(await rowsOf(org.id)).toEqual([]);
    expect(orgFiles(org.id)).toEqual([]);
  });

  it('refuses a request without a file, with two files, or that is not multipart', async () => {
    const { token } = await staffToken();
    const none = new FormData();
    none.append('visibility', 'public');
    expect((await upload(token, none)).statusCode).toBe(400);
    const two = uploadForm(sampleFiles.png, 'a.png');
    two.append('file', new Blob([sampleFiles.png]), 'b.png');
    expect((await upload(token, two)).statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: '/api/admin/upload', headers: bearer(token), payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('asks for sign-in before reading an upload', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/upload', payload: uploadForm(sampleFiles.png, 'a.png') });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('serves a public image to anyone, cached for a year, with its detected type', async () => {
    const { token } = await staffToken();
    const { url } = (await upload(token, uploadForm(sampleFiles.webp, 'logo.webp'))).json<{ url: string }>();
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(sampleFiles.webp)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': expect.stringContaining("default-src 'none'"),
    });
    // An <img> on the console (same origin) is not blocked.
    expect(response.headers['cross-origin-resource-policy']).not.toBe('cross-origin-forbidden');
  });

  it('does not serve a private file or an unknown id at the public address', async () => {
    const { token } = await staffToken();
    const { id } = (await upload(token, uploadForm(sampleFiles.pdf, 'report.pdf'))).json<{ id: string }>();
    expect((await t.app.inject({ url: `/api/uploads/public/${id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/uploads/public/6d1f0f6e-8b1e-4a55-9f5e-0c3f3f1c0a11' })).statusCode).toBe(404);
  });

  it('serves a private file through a fresh signed link, uncached, inline with its name', async () => {
    const { token } = await staffToken();
    const { id } = (await upload(token, uploadForm(sampleFiles.pdf, 'Blood report – Rahul.pdf'))).json<{ id: string }>();
    const link = await t.app.inject({ url: `/api/uploads/${id}/signed-url`, headers: bearer(token) });
    expect(link.statusCode).toBe(200);
    const { url, expiresAt } = link.json<{ url: string; expiresAt: string }>();
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(SIGNED_URL_TTL_SECONDS * 1000);
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(sampleFiles.pdf)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'cache-control': 'private, no-store',
      'content-disposition': `inline; filename="Blood report _ Rahul.pdf"; filename*=UTF-8''Blood%20report%20%E2%80%93%20Rahul.pdf`,
      'referrer-policy': 'no-referrer',
    });
  });

  it('refuses a tampered link (404) and an expired one (403 Link expired)', async () => {
    const { token } = await staffToken();
    const { id, url } = (await upload(token, uploadForm(sampleFiles.pdf, 'r.pdf'))).json<{ id: string; url: string }>();
    const tampered = url.replace(/signature=(.)/, (_, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`);
    expect((await t.app.inject({ url: tampered })).statusCode).toBe(404);
    const longer = url.replace(/expires=(\d+)/, (_, n: string) => `expires=${Number(n) + 3600}`);
    expect((await t.app.inject({ url: longer })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/uploads/private/${id}` })).statusCode).toBe(404);

    const secret = await getOrCreateSecret(t.database.db, 'upload_url_key');
    const issuedLongAgo = signUploadUrl(secret, id, new Date(Date.now() - (SIGNED_URL_TTL_SECONDS + 1) * 1000));
    const expired = await t.app.inject({ url: issuedLongAgo.url });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ statusCode: 403, message: 'Link expired' });
  });

  it('gives another organisation no signed link to a file (404)', async () => {
    const owner = await staffToken();
    const other = await staffToken('SCAN');
    const { id } = (await upload(owner.token, uploadForm(sampleFiles.pdf, 'r.pdf'))).json<{ id: string }>();
    const response = await t.app.inject({ url: `/api/uploads/${id}/signed-url`, headers: bearer(other.token) });
    expect(response.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/uploads/${id}/signed-url` })).statusCode).toBe(401);
  });
});
