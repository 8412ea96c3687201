import { STORAGE_KEYS } from '@caredesk/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, type HttpAdapter, type HttpRequestConfig, type HttpResponse } from './http';
import { createRefreshCoordinator, REFRESH_LOCK_NAME, type RefreshLocks, type StoredTokens } from './refresh-coordinator';

/** navigator.locks as the browser grants it: one holder per name, the others wait in order. */
function fakeLocks(): RefreshLocks & { names: string[] } {
  const tails = new Map<string, Promise<unknown>>();
  const queued = new Map<string, number>();
  const names: string[] = [];
  return {
    names,
    request<T>(name: string, callback: (waited: boolean) => Promise<T>): Promise<T> {
      names.push(name);
      const waited = (queued.get(name) ?? 0) > 0;
      queued.set(name, (queued.get(name) ?? 0) + 1);
      const granted = (tails.get(name) ?? Promise.resolve()).then(() => callback(waited)).finally(() => queued.set(name, queued.get(name)! - 1));
      tails.set(
        name,
        granted.catch(() => undefined),
      );
      return granted;
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** The server's rotation with reuse detection: a refresh token works once; a second use ends the session. */
function rotatingServer() {
  const used = new Set<string>();
  let minted = 0;
  let revoked = false;
  return {
    calls: [] as string[],
    get revoked() {
      return revoked;
    },
    async rotate(refreshToken: string): Promise<{ accessToken: string; refreshToken: string }> {
      this.calls.push(refreshToken);
      await tick();
      if (revoked || used.has(refreshToken)) {
        revoked = true;
        throw new Error('reuse: session revoked');
      }
      used.add(refreshToken);
      minted += 1;
      return { accessToken: `access-${minted}`, refreshToken: `refresh-${minted}` };
    },
  };
}

/**
 * Two tabs of one browser: one lock manager (or none) and one local storage, of which each tab
 * sees a copy that another tab's writes reach `lagMs` later (Chromium delivers them
 * asynchronously), with a 'storage' event.
 */
function twoTabs(locks: RefreshLocks | null, { lagMs = 0, catchUpMs = 1000 } = {}) {
  const server = rotatingServer();
  const views: { tokens: StoredTokens; listeners: Set<() => void> }[] = [];
  const tab = () => {
    const view = { tokens: { accessToken: 'access-0', refreshToken: 'refresh-0' } as StoredTokens, listeners: new Set<() => void>() };
    views.push(view);
    return createRefreshCoordinator({
      readTokens: () => ({ ...view.tokens }),
      onTokensChanged: (listener) => {
        view.listeners.add(listener);
        return () => view.listeners.delete(listener);
      },
      refresh: async (refreshToken) => {
        if (!refreshToken) throw new Error('signed out');
        const pair = await server.rotate(refreshToken);
        view.tokens = { ...pair };
        for (const other of views.filter((item) => item !== view)) {
          setTimeout(() => {
            other.tokens = { ...pair };
            for (const listener of other.listeners) listener();
          }, lagMs);
        }
        return pair.accessToken;
      },
      locks,
      catchUpMs,
    });
  };
  const first = tab();
  const second = tab();
  return { server, first, second, storageOf: (index: number) => views[index]!.tokens };
}

describe('the refresh coordinator', () => {
  it('lets two tabs whose token expired together refresh once: the second takes the pair the first stored', async () => {
    const locks = fakeLocks();
    const { server, first, second, storageOf } = twoTabs(locks);

    const [a, b] = await Promise.all([first(), second()]);

    expect(server.calls).toEqual(['refresh-0']);
    expect(server.revoked).toBe(false);
    expect(a).toBe('access-1');
    expect(b).toBe('access-1');
    expect(storageOf(1)).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(locks.names).toEqual([REFRESH_LOCK_NAME, REFRESH_LOCK_NAME]);
  });

  it("waits for the other tab's pair when the lock reaches it before the other tab's storage write does", async () => {
    const { server, first, second } = twoTabs(fakeLocks(), { lagMs: 30 });

    const [a, b] = await Promise.all([first(), second()]);

    expect(server.calls).toEqual(['refresh-0']);
    expect([a, b]).toEqual(['access-1', 'access-1']);
  });

  it('refreshes itself when the pair of the tab it waited for does not come within the catch-up time', async () => {
    const { server, first, second } = twoTabs(fakeLocks(), { lagMs: 200, catchUpMs: 20 });

    await Promise.allSettled([first(), second()]);

    // Without the server's grace for such a repeat, this is the reuse that ended sessions.
    expect(server.calls).toEqual(['refresh-0', 'refresh-0']);
  });

  it('keeps the tabs taking turns expiry after expiry', async () => {
    const { server, first, second } = twoTabs(fakeLocks());
    for (let round = 1; round <= 3; round += 1) {
      await Promise.all([second(), first()]);
    }
    expect(server.calls).toEqual(['refresh-0', 'refresh-1', 'refresh-2']);
    expect(server.revoked).toBe(false);
  });

  it('shares one refresh among the concurrent calls of one tab, also without Web Locks', async () => {
    const { server, first } = twoTabs(null);
    const results = await Promise.all([first(), first(), first()]);
    expect(results).toEqual(['access-1', 'access-1', 'access-1']);
    expect(server.calls).toEqual(['refresh-0']);
  });

  it('without Web Locks (jsdom, older browsers) still refreshes, each tab on its own', async () => {
    const { server, first, second } = twoTabs(null);
    await first();
    await tick();
    await second();
    expect(server.calls).toEqual(['refresh-0', 'refresh-1']);
  });

  it('refreshes itself when the tab it waited for failed to refresh (the stored pair did not change)', async () => {
    const locks = fakeLocks();
    const storage: StoredTokens = { accessToken: 'access-0', refreshToken: 'refresh-0' };
    const noChanges = () => () => undefined;
    const failing = createRefreshCoordinator({
      readTokens: () => ({ ...storage }),
      onTokensChanged: noChanges,
      refresh: () => tick().then(() => Promise.reject(new Error('offline'))),
      locks,
      catchUpMs: 20,
    });
    const working = createRefreshCoordinator({
      readTokens: () => ({ ...storage }),
      onTokensChanged: noChanges,
      catchUpMs: 20,
      refresh: vi.fn(async (refreshToken: string | null) => {
        expect(refreshToken).toBe('refresh-0');
        Object.assign(storage, { accessToken: 'access-1', refreshToken: 'refresh-1' });
        return 'access-1';
      }),
      locks,
    });

    const [failed, renewed] = await Promise.allSettled([failing(), working()]);
    expect(failed.status).toBe('rejected');
    expect(renewed).toEqual({ status: 'fulfilled', value: 'access-1' });
  });

  it('refreshes without the lock when the browser refuses it', async () => {
    const refused: RefreshLocks = { request: () => Promise.reject(new DOMException('no locks here', 'SecurityError')) };
    const { server, first } = twoTabs(refused);
    await expect(first()).resolves.toBe('access-1');
    expect(server.calls).toEqual(['refresh-0']);
  });

  it('passes a failed refresh on to the caller once, without retrying it', async () => {
    const refresh = vi.fn(() => Promise.reject(new Error('401')));
    const coordinated = createRefreshCoordinator({
      readTokens: () => ({ accessToken: 'a', refreshToken: 'r' }),
      onTokensChanged: () => () => undefined,
      refresh,
      locks: fakeLocks(),
    });
    await expect(coordinated()).rejects.toThrow('401');
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});

describe('two tabs of the HTTP client', () => {
  beforeEach(() => localStorage.clear());

  /** The API: one refresh token works once (a second use ends the session, as the server's reuse detection did). */
  function api() {
    const used = new Set<string>();
    const refreshes: string[] = [];
    let minted = 0;
    const respond = (config: HttpRequestConfig, status: number, data: unknown): HttpResponse => ({ data, status, statusText: String(status), headers: {}, config });
    const refused = (config: HttpRequestConfig) => respond(config, 401, { statusCode: 401, error: 'Unauthorized', message: 'Session ended' });
    const adapter: HttpAdapter = async (config) => {
      await tick();
      if (config.url === '/auth/refresh-token') {
        const { refresh_token: token } = config.data as { refresh_token: string };
        refreshes.push(token);
        if (used.has(token)) return refused(config);
        used.add(token);
        minted += 1;
        return respond(config, 200, { accessToken: `fresh-${minted}`, refreshToken: `refresh-${minted + 1}` });
      }
      if (config.headers?.authorization === `Bearer fresh-${minted}` && minted > 0) return respond(config, 200, { ok: true });
      return refused(config);
    };
    return { adapter, refreshes };
  }

  it('renews once for both tabs when both get a 401 at the same moment, and neither is signed out', async () => {
    localStorage.setItem(STORAGE_KEYS.user, '{"name":"x"}');
    localStorage.setItem(STORAGE_KEYS.accessToken, 'expired');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
    const server = api();
    const locks = fakeLocks();
    const tokenPageEnd = vi.fn();
    const displayEnd = vi.fn();
    const tokenPage = createHttpClient({ adapter: server.adapter, onSessionEnd: tokenPageEnd, locks });
    const display = createHttpClient({ adapter: server.adapter, onSessionEnd: displayEnd, locks });

    const [queues, screen] = await Promise.all([tokenPage.get('/tokens/doctors'), display.get('/tokens/doctors')]);

    expect(queues.status).toBe(200);
    expect(screen.status).toBe(200);
    expect(server.refreshes).toEqual(['refresh-1']);
    expect(tokenPageEnd).not.toHaveBeenCalled();
    expect(displayEnd).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('fresh-1');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
  });

  it("without Web Locks the tabs cannot take turns: the second reuses the token and, but for the server's grace, is signed out", async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'expired');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
    const server = api();
    const displayEnd = vi.fn();
    const tokenPage = createHttpClient({ adapter: server.adapter, onSessionEnd: vi.fn(), locks: null });
    const display = createHttpClient({ adapter: server.adapter, onSessionEnd: displayEnd, locks: null });

    await Promise.allSettled([tokenPage.get('/tokens/doctors'), display.get('/tokens/doctors')]);

    expect(server.refreshes).toEqual(['refresh-1', 'refresh-1']);
    expect(displayEnd).toHaveBeenCalledTimes(1);
  });
});
