import { STORAGE_KEYS } from '@caredesk/shared';
import { i18n } from '@lingui/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, errorIssues, errorMessage, errorStatus, HttpError, retryAfterSeconds, type HttpAdapter, type HttpRequestConfig, type HttpResponse } from './http';

interface Seen {
  url: string;
  authorization: string | undefined;
}

const respond = (config: HttpRequestConfig, status: number, data: unknown, headers: Record<string, string> = {}): HttpResponse => ({
  data,
  status,
  statusText: String(status),
  headers,
  config,
});

/** A fake API: /auth/refresh-token answers `refresh`; other paths answer 401 unless the bearer is fresh. */
function fakeApi(refresh: (config: HttpRequestConfig) => Promise<HttpResponse>) {
  const seen: Seen[] = [];
  const adapter: HttpAdapter = async (config) => {
    const authorization = config.headers?.authorization;
    seen.push({ url: config.url ?? '', authorization });
    if (config.url === '/auth/refresh-token') return refresh(config);
    if (authorization?.startsWith('Bearer fresh')) return respond(config, 200, { ok: true, url: config.url });
    return respond(config, 401, { statusCode: 401, error: 'Unauthorized', message: 'Session expired' });
  };
  return { adapter, seen };
}

function signedIn(accessToken = 'stale', refreshToken = 'refresh-1') {
  localStorage.setItem(STORAGE_KEYS.user, '{"name":"x"}');
  localStorage.setItem(STORAGE_KEYS.accessToken, accessToken);
  localStorage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
}

function okRefresh() {
  let minted = 0;
  return vi.fn(async (config: HttpRequestConfig) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    minted += 1;
    return respond(config, 200, { accessToken: `fresh-${minted}`, refreshToken: `refresh-${minted + 1}` });
  });
}

describe('the HTTP client', () => {
  beforeEach(() => localStorage.clear());

  it("sends JSON headers, credentials and the 80 s timeout to the adapter, with the call's own options", async () => {
    const adapter = vi.fn<HttpAdapter>(async (config) => respond(config, 200, 'ok'));
    const client = createHttpClient({ baseURL: '/api', adapter, onSessionEnd: vi.fn() });
    await client.get('/exports/patients.csv', { params: { from: '2030-01-01' }, headers: { Accept: 'text/csv' }, responseType: 'blob' });
    expect(adapter).toHaveBeenCalledWith(
      expect.objectContaining({
        baseURL: '/api',
        url: '/exports/patients.csv',
        method: 'GET',
        params: { from: '2030-01-01' },
        withCredentials: true,
        timeout: 80000,
        responseType: 'blob',
        headers: { 'content-type': 'application/json', accept: 'text/csv', 'accept-language': 'en' },
      }),
    );
  });

  it('sends the active language as Accept-Language, so the server answers in it', async () => {
    const adapter = vi.fn<HttpAdapter>(async (config) => respond(config, 200, 'ok'));
    const client = createHttpClient({ adapter, onSessionEnd: vi.fn() });
    const before = i18n.locale;
    try {
      i18n.activate('kn');
      await client.post('/admin/auth', { email: 'a@b.in', password: 'x' });
      expect(adapter).toHaveBeenLastCalledWith(expect.objectContaining({ headers: expect.objectContaining({ 'accept-language': 'kn' }) }));
      i18n.activate('hi');
      await client.get('/me');
      expect(adapter).toHaveBeenLastCalledWith(expect.objectContaining({ headers: expect.objectContaining({ 'accept-language': 'hi' }) }));
    } finally {
      i18n.activate(before);
    }
  });

  it('sends the access token as bearer, else the temporary token, else nothing', async () => {
    const api = fakeApi(() => Promise.reject(new Error('no refresh expected')));
    const client = createHttpClient({ adapter: api.adapter, onSessionEnd: vi.fn() });
    localStorage.setItem(STORAGE_KEYS.accessToken, 'fresh-a');
    localStorage.setItem(STORAGE_KEYS.tempAccessToken, 'fresh-temp');
    await client.get('/me');
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    await client.get('/me');
    localStorage.removeItem(STORAGE_KEYS.tempAccessToken);
    await client.get('/me', { skipAuthRefresh: true }).catch(() => undefined);
    expect(api.seen.map((s) => s.authorization)).toEqual(['Bearer fresh-a', 'Bearer fresh-temp', undefined]);
  });

  it('on a 401 refreshes once, stores the new tokens and retries the request', async () => {
    signedIn();
    const refresh = okRefresh();
    const api = fakeApi((config) => refresh(config));
    const client = createHttpClient({ adapter: api.adapter, onSessionEnd: vi.fn() });

    const response = await client.get('/plan/current');

    expect(response.data).toEqual({ ok: true, url: '/plan/current' });
    expect(refresh).toHaveBeenCalledOnce();
    expect(refresh.mock.calls[0]![0].data).toEqual({ refresh_token: 'refresh-1' });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('fresh-1');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
    expect(api.seen.map((s) => `${s.url} ${s.authorization ?? ''}`)).toEqual(['/plan/current Bearer stale', '/auth/refresh-token ', '/plan/current Bearer fresh-1']);
  });

  it('lets two concurrent 401s share one refresh call', async () => {
    signedIn();
    const refresh = okRefresh();
    const api = fakeApi((config) => refresh(config));
    const client = createHttpClient({ adapter: api.adapter, onSessionEnd: vi.fn() });

    const [plan, wallet, notifications] = await Promise.all([client.get('/plan/current'), client.get('/wallet'), client.get('/notifications/all')]);

    expect([plan.status, wallet.status, notifications.status]).toEqual([200, 200, 200]);
    expect(refresh).toHaveBeenCalledOnce();
    expect(api.seen.filter((s) => s.authorization === 'Bearer fresh-1')).toHaveLength(3);
  });

  it('clears the four session keys and ends the session when the refresh fails', async () => {
    signedIn();
    localStorage.setItem(STORAGE_KEYS.tempAccessToken, 'temp');
    localStorage.setItem('themeMode', 'dark');
    const api = fakeApi(async (config) => respond(config, 401, { message: 'Refresh token revoked' }));
    const onSessionEnd = vi.fn();
    const client = createHttpClient({ adapter: api.adapter, onSessionEnd });

    await expect(Promise.all([client.get('/wallet'), client.get('/plan/current')])).rejects.toThrow('Request failed with status code 401');

    for (const key of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('themeMode')).toBe('dark');
    expect(onSessionEnd).toHaveBeenCalledOnce();
    // The refresh call itself is never refreshed or retried.
    expect(api.seen.filter((s) => s.url === '/auth/refresh-token')).toHaveLength(1);
  });

  it('keeps the session when the refresh fails with a 5xx or a network error, and refreshes again later', async () => {
    signedIn();
    const failures = [
      (config: HttpRequestConfig) => respond(config, 503, { statusCode: 503, error: 'Service Unavailable', message: 'CareDesk cannot reach its database right now.' }),
      (config: HttpRequestConfig) => Promise.reject(new HttpError('Network Error', 'ERR_NETWORK', config)),
      (config: HttpRequestConfig) => Promise.reject(new HttpError('timeout of 80000ms exceeded', 'ECONNABORTED', config)),
    ];
    let minted = 0;
    const api = fakeApi(async (config) => {
      const failure = failures.shift();
      if (failure) return failure(config);
      minted += 1;
      return respond(config, 200, { accessToken: `fresh-${minted}`, refreshToken: `refresh-${minted + 1}` });
    });
    const onSessionEnd = vi.fn();
    const client = createHttpClient({ adapter: api.adapter, onSessionEnd });

    for (let attempt = 0; attempt < 3; attempt += 1) {
      await expect(client.get('/wallet')).rejects.toThrow('Request failed with status code 401');
      expect(onSessionEnd).not.toHaveBeenCalled();
      expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-1');
      expect(localStorage.getItem(STORAGE_KEYS.user)).toBe('{"name":"x"}');
    }

    // The database is back: the same stored refresh token renews the session.
    const response = await client.get('/wallet');
    expect(response.status).toBe(200);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('fresh-1');
    expect(onSessionEnd).not.toHaveBeenCalled();
    expect(api.seen.filter((s) => s.url === '/auth/refresh-token')).toHaveLength(4);
  });

  it('ends the session when the refresh is forbidden (403)', async () => {
    signedIn();
    const api = fakeApi(async (config) => respond(config, 403, { message: 'Account disabled' }));
    const onSessionEnd = vi.fn();
    const client = createHttpClient({ adapter: api.adapter, onSessionEnd });

    await expect(client.get('/wallet')).rejects.toThrow('Request failed with status code 401');
    expect(onSessionEnd).toHaveBeenCalledOnce();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('clears the session without calling the server when there is no refresh token', async () => {
    localStorage.setItem(STORAGE_KEYS.user, '{}');
    localStorage.setItem(STORAGE_KEYS.accessToken, 'stale');
    const refresh = vi.fn();
    const api = fakeApi(refresh);
    const onSessionEnd = vi.fn();
    const client = createHttpClient({ adapter: api.adapter, onSessionEnd });

    await expect(client.get('/wallet')).rejects.toThrow('Request failed with status code 401');

    expect(refresh).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(onSessionEnd).toHaveBeenCalledOnce();
  });

  it('retries a request at most once even if the retry is refused again', async () => {
    signedIn();
    const api = fakeApi((config) => Promise.resolve(respond(config, 200, { accessToken: 'still-bad', refreshToken: 'r' })));
    const onSessionEnd = vi.fn();
    const client = createHttpClient({ adapter: api.adapter, onSessionEnd });

    await expect(client.get('/wallet')).rejects.toThrow('Request failed with status code 401');
    expect(api.seen.map((s) => s.url)).toEqual(['/wallet', '/auth/refresh-token', '/wallet']);
  });

  it('leaves a 401 of a call that opts out (sign-in) to the caller', async () => {
    signedIn();
    const refresh = vi.fn();
    const api = fakeApi(refresh);
    const onSessionEnd = vi.fn();
    const client = createHttpClient({ adapter: api.adapter, onSessionEnd });

    const failure: unknown = await client.post('/admin/auth', {}, { skipAuthRefresh: true }).catch((e: unknown) => e);
    expect(errorMessage(failure)).toBe('Session expired');
    expect(refresh).not.toHaveBeenCalled();
    expect(onSessionEnd).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('stale');
  });
});

describe('error helpers', () => {
  const failed = (status: number, data: unknown, headers: Record<string, string> = {}) =>
    new HttpError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', {}, respond({}, status, data, headers));

  it("keeps the client's own texts when the server sent no message", () => {
    expect(errorMessage(new HttpError('Network Error', 'ERR_NETWORK'))).toBe('Network Error');
    expect(errorMessage(new HttpError('timeout of 80000ms exceeded', 'ECONNABORTED'))).toBe('timeout of 80000ms exceeded');
    expect(errorMessage(failed(502, '<html>Bad gateway</html>'))).toBe('Request failed with status code 502');
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage('??')).toBe('Something went wrong');
  });

  it("says the client's own texts in the console's language", async () => {
    const { activateLanguage } = await import('../i18n/i18n');
    try {
      await activateLanguage('hi');
      expect(errorMessage(new HttpError('Network Error', 'ERR_NETWORK'))).toBe('नेटवर्क त्रुटि');
      expect(errorMessage(new HttpError('timeout of 80000ms exceeded', 'ECONNABORTED', { timeout: 80000 }))).toBe('80000ms की समय-सीमा पार हो गई');
      expect(errorMessage(failed(502, '<html>Bad gateway</html>'))).toBe('अनुरोध विफल रहा, स्टेटस कोड 502');
      expect(errorMessage('??')).toBe('कुछ गलत हो गया');
      // The server's own message is in the language already (the request's Accept-Language).
      expect(errorMessage(failed(409, { message: 'यह समय अब उपलब्ध नहीं है' }))).toBe('यह समय अब उपलब्ध नहीं है');
    } finally {
      await activateLanguage('en');
    }
  });

  it("reads the server's message, status and field errors", () => {
    const error = failed(400, { message: 'Check the form', issues: [{ path: 'phone', message: 'Too short' }, 'junk'] });
    expect(errorMessage(error)).toBe('Check the form');
    expect(errorStatus(error)).toBe(400);
    expect(errorIssues(error)).toEqual([{ path: 'phone', message: 'Too short' }]);
    expect(errorStatus(new HttpError('Network Error', 'ERR_NETWORK'))).toBeUndefined();
    expect(errorIssues(new Error('boom'))).toEqual([]);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterSeconds(failed(429, {}, { 'retry-after': '42' }))).toBe(42);
    vi.useFakeTimers({ now: Date.parse('2030-01-01T00:00:00Z') });
    try {
      expect(retryAfterSeconds(failed(429, {}, { 'retry-after': 'Tue, 01 Jan 2030 00:01:30 GMT' }))).toBe(90);
    } finally {
      vi.useRealTimers();
    }
    expect(retryAfterSeconds(failed(429, {}))).toBeUndefined();
  });
});
