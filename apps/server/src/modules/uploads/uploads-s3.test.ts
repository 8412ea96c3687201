import { UPLOAD_LIMITS } from '@caredesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { fakeS3Credentials, startFakeS3, type FakeS3 } from '../../test/fake-s3.js';
import { bearer, createOrganisation, signIn } from '../../test/fixtures.js';
import { sampleFiles, uploadForm } from '../../test/sample-files.js';

describe.each(drivers)('uploads to S3-compatible storage (%s)', (driver) => {
  let t: TestApp;
  let s3: FakeS3;
  let token: string;
  beforeAll(async () => {
    s3 = await startFakeS3();
    t = await createTestApp(driver, {
      S3_BUCKET: 'caredesk-uploads',
      S3_ENDPOINT: s3.url,
      S3_REGION: fakeS3Credentials.region,
      S3_ACCESS_KEY_ID: fakeS3Credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: fakeS3Credentials.secretAccessKey,
    });
    const org = await createOrganisation(t.database.db);
    token = (await signIn(t.app, org.admin.email)).access_token;
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });
  const upload = (form: FormData) => t.app.inject({ method: 'POST', url: '/api/admin/upload', headers: bearer(token), payload: form });

  it('puts an accepted image in the bucket and serves it back from there', async () => {
    const response = await upload(uploadForm(sampleFiles.png, 'logo.png'));
    expect(response.statusCode).toBe(201);
    const { url } = response.json<{ url: string }>();
    expect(s3.objects.size).toBe(1);
    const [key, object] = [...s3.objects.entries()][0]!;
    expect(key).toMatch(/^\/caredesk-uploads\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.png$/);
    expect(object).toMatchObject({ contentType: 'image/png' });
    expect(object.body.equals(sampleFiles.png)).toBe(true);

    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(sampleFiles.png)).toBe(true);
  });

  it('sends nothing to the bucket for a file of the wrong type or over the limit', async () => {
    const before = s3.requests.length;
    expect((await upload(uploadForm(sampleFiles.html, 'photo.jpg'))).statusCode).toBe(415);
    const big = Buffer.alloc(UPLOAD_LIMITS.image.maxBytes + 1);
    sampleFiles.jpeg.copy(big);
    expect((await upload(uploadForm(big, 'big.jpg'))).statusCode).toBe(413);
    expect(s3.requests.slice(before)).toEqual([]);
  });
});
