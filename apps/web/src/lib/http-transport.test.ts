import { STORAGE_KEYS } from '@caredesk/shared';
import { beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { createHttpClient, errorIssues, errorMessage, errorStatus, HttpError, type HttpRequestConfig } from './http';
import { fetchAdapter } from './http-transport';

/** A real HTTP server (apps/web/http-test-server.ts): the transport is tested on the wire, not a stub. */
const base = inject('httpTestBase');

const send = (config: HttpRequestConfig) => fetchAdapter({ baseURL: `${base}/api`, withCredentials: true, headers: { accept: 'application/json' }, ...config });
const echoed = (data: unknown) => data as { method: string; url: string; headers: Record<string, string>; body: string };

describe('the fetch transport', () => {
  it('sends a body as JSON and reads the JSON reply', async () => {
    const response = await send({ method: 'POST', url: '/echo', data: { name: 'Ravi Kumar', age: 40 }, headers: { 'content-type': 'application/json' } });
    const echo = echoed(response.data);
    expect(response.status).toBe(200);
    expect(echo.method).toBe('POST');
    expect(echo.headers['content-type']).toBe('application/json');
    expect(JSON.parse(echo.body)).toEqual({ name: 'Ravi Kumar', age: 40 });
    expect(response.headers['content-type']).toBe('application/json');
  });

  it('serialises query params, leaving out the empty ones', async () => {
    const params = { search: 'ra vi&co', status: 'BOOKED,CHECKED_IN', page: 2, skipped: undefined, none: null, day: new Date('2030-01-02T03:04:05.000Z'), tag: ['a', 'b'] };
    const response = await send({ url: '/echo?fixed=1', params });
    const url = new URL(echoed(response.data).url, base);
    expect(url.searchParams.get('fixed')).toBe('1');
    expect(url.searchParams.get('search')).toBe('ra vi&co');
    expect(url.searchParams.get('status')).toBe('BOOKED,CHECKED_IN');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('day')).toBe('2030-01-02T03:04:05.000Z');
    expect(url.searchParams.getAll('tag')).toEqual(['a', 'b']);
    expect(url.searchParams.has('skipped')).toBe(false);
    expect(url.searchParams.has('none')).toBe(false);
  });

  it('sends no Content-Type without a body (Fastify refuses an empty JSON body)', async () => {
    const response = await send({ method: 'DELETE', url: '/echo', headers: { 'content-type': 'application/json' } });
    expect(echoed(response.data).headers['content-type']).toBeUndefined();
  });

  it('lets the browser type a FormData with its boundary', async () => {
    const form = new FormData();
    form.append('visibility', 'public');
    const response = await send({ method: 'POST', url: '/echo', data: form, headers: { 'content-type': 'multipart/form-data' } });
    const echo = echoed(response.data);
    expect(echo.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(echo.body).toContain('public');
  });

  it('answers a refusal with its status, body and headers, and a non-JSON body as text', async () => {
    const refused = await send({ url: '/refused' });
    expect(refused.status).toBe(400);
    expect(refused.headers['retry-after']).toBe('7');
    expect(refused.data).toEqual({ message: 'Phone is too short', issues: [{ path: 'phone', message: 'Too short' }] });
    const gateway = await send({ url: '/text' });
    expect(gateway.data).toBe('<html>Bad gateway</html>');
    expect((await send({ url: '/empty' })).data).toBe('');
  });

  it('downloads a blob with its Content-Disposition', async () => {
    const response = await send({ url: '/export.csv', responseType: 'blob' });
    // Node's fetch answers Node's Blob, which is not jsdom's: the test reads it as a blob does.
    const blob = response.data as Blob;
    expect(blob.type).toBe('text/csv');
    expect(await blob.text()).toBe('name\nRavi\n');
    expect(response.headers['content-disposition']).toBe('attachment; filename="patients.csv"');
  });

  it('gives up after the timeout, on an abort, and on a refused connection, each with its own error', async () => {
    await expect(send({ url: '/hang', timeout: 50 })).rejects.toMatchObject({ code: 'ECONNABORTED', message: 'timeout of 50ms exceeded' });

    const controller = new AbortController();
    const pending = send({ url: '/hang', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'ERR_CANCELED' });

    const failure = await fetchAdapter({ url: `http://127.0.0.1:${inject('closedPort')}/api/me` }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ code: 'ERR_NETWORK', message: 'Network Error' });
  });

  it('uploads a form through XMLHttpRequest, reporting progress', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x'.repeat(64 * 1024)], { type: 'image/png' }), 'scan.png');
    const progress: { loaded: number; total?: number }[] = [];
    const response = await send({ method: 'POST', url: '/echo', data: form, headers: { authorization: 'Bearer t' }, onUploadProgress: (event) => progress.push(event) });
    const echo = echoed(response.data);
    expect(response.status).toBe(200);
    expect(echo.headers.authorization).toBe('Bearer t');
    expect(echo.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(echo.body).toContain('scan.png');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)?.loaded).toBe(progress.at(-1)?.total);
  });
});

describe('the HTTP client on the real transport', () => {
  beforeEach(() => localStorage.clear());

  it("turns a refusal into an error carrying the server's message, status and field errors", async () => {
    const client = createHttpClient({ baseURL: `${base}/api`, onSessionEnd: vi.fn(), locks: null });
    const failure = await client.get('/refused').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(errorStatus(failure)).toBe(400);
    expect(errorMessage(failure)).toBe('Phone is too short');
    expect(errorIssues(failure)).toEqual([{ path: 'phone', message: 'Too short' }]);
  });

  it('renews an expired token once for concurrent requests and retries each', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'expired');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
    const onSessionEnd = vi.fn();
    const client = createHttpClient({ baseURL: `${base}/api`, onSessionEnd, locks: null });

    const replies = await Promise.all([client.get('/me'), client.get('/me'), client.get('/me')]);

    expect(replies.map((reply) => reply.data)).toEqual([{ name: 'Asha' }, { name: 'Asha' }, { name: 'Asha' }]);
    expect((await fetchAdapter({ url: `${base}/api/refreshes` })).data).toEqual(['{"refresh_token":"refresh-1"}']);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('fresh-1');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
    expect(onSessionEnd).not.toHaveBeenCalled();
  });
});
