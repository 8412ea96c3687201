import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { healthSchema } from '@caredesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';
import { bothDrivers } from './test/database.js';

function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'caredesk-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Admin</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  writeFileSync(join(dir, 'favicon.ico'), 'icon');
  // What the console's build writes beside an asset; each says which file was sent.
  writeFileSync(join(dir, 'assets', 'chunk-def456.js'), 'export const sent = "plain";');
  writeFileSync(join(dir, 'assets', 'chunk-def456.js.br'), brotliCompressSync('export const sent = "br file";'));
  writeFileSync(join(dir, 'assets', 'chunk-def456.js.gz'), gzipSync('export const sent = "gz file";'));
  return dir;
}

describe.each(bothDrivers)('the platform (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { WEB_DIST: fakeWebDist() });
  });
  afterAll(() => t.close());

  it('answers GET /api/health with the database up', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(healthSchema.parse(response.json())).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('answers an unknown API route with the JSON 404 shape, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/no-such-thing?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: `No route ${method} /api/no-such-thing` });
    }
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/auth', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('sends a CSP that allows no inline script, and other security headers', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it("sends helmet's every header on routes, unknown paths and errors alike", async () => {
    const helmetHeaders = {
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    const replies = [
      await t.app.inject({ url: '/api/health' }),
      await t.app.inject({ url: '/api/no-such-route' }),
      await t.app.inject({ url: '/api/me' }),
      await t.app.inject({ method: 'POST', url: '/api/admin/auth', headers: { 'content-type': 'application/json' }, payload: '{"email":' }),
    ];
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 404, 401, 400]);
    for (const reply of replies) {
      expect(reply.headers).toMatchObject(helmetHeaders);
      expect(String(reply.headers['content-security-policy'])).toContain("default-src 'self'");
    }
  });

  it('gives every reply a request id, honouring a well-formed incoming one', async () => {
    const fresh = await t.app.inject({ url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const traced = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-trace-42' } });
    expect(traced.headers['x-request-id']).toBe('lb-trace-42');
    const hostile = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id\twith spaces' } });
    expect(hostile.headers['x-request-id']).not.toBe('bad id\twith spaces');
  });

  it('serves the OpenAPI document and the docs page', async () => {
    const spec = await t.app.inject({ url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const paths = Object.keys(spec.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/admin/auth', '/api/auth/refresh-token', '/api/notifications/all', '/api/plan/current', '/api/wallet']));
    expect((await t.app.inject({ url: '/api/docs/' })).statusCode).toBe(200);
  });

  it('serves the console for client routes (SPA fallback) with no-cache', async () => {
    for (const url of ['/', '/doctor', '/chats/123', '/404']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets for a year, compressed, and 404s a missing asset', async () => {
    const asset = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('br');
    expect((await t.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/favicon.ico' })).body).toBe('icon');
  });

  it('sends the build’s precompressed .br or .gz of an asset as it is, cached for a year', async () => {
    const br = await t.app.inject({ url: '/assets/chunk-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('export const sent = "br file";');

    const gzip = await t.app.inject({ url: '/assets/chunk-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('export const sent = "gz file";');

    const plain = await t.app.inject({ url: '/assets/chunk-def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('export const sent = "plain";');
  });
});

describe('without a built console or a database', () => {
  it('answers a page asking to build the console, and health 503 when the database is down', async () => {
    const t = await createTestApp('pglite');
    const page = await t.app.inject({ url: '/doctor' });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('npm run build');

    await t.database.close();
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'degraded', database: 'down' });
    await t.app.close();
  });
});

function fakePatientDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'caredesk-patient-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>CareDesk</title><div id="root" data-app="patient"></div>');
  writeFileSync(join(dir, 'assets', 'index-def456.js'), `console.log(${JSON.stringify('p'.repeat(4000))});`);
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'CareDesk', scope: '/p/', start_url: '/p/' }));
  return dir;
}

describe('the patient app under /p/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { WEB_DIST: fakeWebDist(), PATIENT_DIST: fakePatientDist() });
  });
  afterAll(() => t.close());

  it('serves its index.html, not the console’s, for /p/ and its deep links, with no-cache', async () => {
    for (const url of ['/p/', '/p/sign-in', '/p/visits?x=1', '/p/some-clinic', '/p/a/b']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body, url).toContain('data-app="patient"');
    }
    const bare = await t.app.inject({ url: '/p' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/p/');
    expect((await t.app.inject({ url: '/doctor' })).body).not.toContain('data-app="patient"');
  });

  it('caches hashed assets for a year, 404s a missing one, and revalidates the rest', async () => {
    const asset = await t.app.inject({ url: '/p/assets/index-def456.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ url: '/p/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404 });
    const manifest = await t.app.inject({ url: '/p/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toContain('manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker revalidated on every check, allowed to control /p/ only, under the same CSP', async () => {
    const worker = await t.app.inject({ url: '/p/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['service-worker-allowed']).toBe('/p/');
    const page = await t.app.inject({ url: '/p/' });
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(page.headers['content-security-policy'])).toContain("manifest-src 'self'");
  });

  it('lets any site frame the patient app’s pages, but never the console or the API', async () => {
    const frameAncestors = (csp: unknown) =>
      String(csp)
        .split(';')
        .map((directive) => directive.trim())
        .filter((directive) => directive.startsWith('frame-ancestors'));
    for (const url of ['/p/some-slug', '/p/some-slug?embed=1', '/p/', '/p/some-slug/book']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(frameAncestors(page.headers['content-security-policy']), url).toEqual(['frame-ancestors *']);
      expect(page.headers['x-frame-options'], url).toBeUndefined();
      // The rest of the policy is the console's: still no inline or third-party script.
      expect(String(page.headers['content-security-policy']), url).toContain("script-src 'self'");
    }
    for (const url of ['/', '/doctor', '/settings/online-booking', '/api/health', '/api/public/organisations/some-slug', '/p/assets/index-def456.js']) {
      const response = await t.app.inject({ url });
      expect(frameAncestors(response.headers['content-security-policy']), url).toEqual(["frame-ancestors 'none'"]);
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
  });
});

describe('with the console built but not the patient app', () => {
  it('asks to build the patient app under /p/ and still serves the console', async () => {
    const t = await createTestApp('pglite', { WEB_DIST: fakeWebDist(), PATIENT_DIST: '/nonexistent-caredesk-patient-dist' });
    const page = await t.app.inject({ url: '/p/visits' });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('patient app has not been built');
    expect((await t.app.inject({ url: '/doctor' })).statusCode).toBe(200);
    await t.close();
  });
});
