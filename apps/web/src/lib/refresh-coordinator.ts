/**
 * One token refresh for all tabs of this browser. The tokens live in local storage, which every
 * tab shares, but each tab renews them on its own 401: two tabs whose access token expired
 * together (the token page and the waiting-room display) sent the same refresh token a few
 * milliseconds apart, and the server took the second use for theft and ended the session of
 * both (issue #14). Now a tab refreshes only while holding a Web Lock; a tab that waited for the
 * lock first re-reads the storage, and if the refresh token it was about to use was replaced
 * meanwhile, another tab has refreshed: it takes that pair instead of refreshing again.
 *
 * Chromium hands one tab's local-storage writes to the others asynchronously, and the lock can
 * reach the waiting tab first; so a tab that had to wait, and still sees the old pair, waits a
 * moment for the other tab's write ('storage' event) before refreshing itself. Other tabs learn
 * the new pair from that same storage (a tab reads the token for every request; lib/session
 * re-renders on the 'storage' event), so nothing else is sent between tabs.
 */
export const REFRESH_LOCK_NAME = 'caredesk-token-refresh';
/** How long a tab that waited for the lock waits for the previous holder's pair to reach it. */
export const STORAGE_CATCH_UP_MS = 1000;

/** The part of navigator.locks (Web Locks API) the coordinator uses, so tests can pass a fake. */
export interface RefreshLocks {
  /** Runs `callback` holding the named lock; `waited` tells whether another tab held it first. */
  request<T>(name: string, callback: (waited: boolean) => Promise<T>): Promise<T>;
}

const HELD = Symbol('lock held by another tab');

/** navigator.locks, or null where the browser (or jsdom) has none. */
export function browserLocks(): RefreshLocks | null {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Partial<Navigator>).locks;
  if (!locks) return null;
  return {
    request: async <T>(name: string, callback: (waited: boolean) => Promise<T>): Promise<T> => {
      // Free: take it at once. Held: another tab is refreshing; queue for it.
      const immediately: T | typeof HELD = await locks.request(name, { ifAvailable: true }, async (lock) => (lock ? await callback(false) : HELD));
      if (immediately !== HELD) return immediately;
      return await locks.request(name, async () => await callback(true));
    },
  };
}

export interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

export interface RefreshCoordinatorOptions {
  /** Where the browser's tabs keep the pair (lib/session). */
  readTokens: () => StoredTokens;
  /** Calls `listener` when another tab changed the stored pair; returns the unsubscribe. */
  onTokensChanged: (listener: () => void) => () => void;
  /** Exchanges this refresh token (null: none stored) for a new pair, stores it, answers the access token. */
  refresh: (refreshToken: string | null) => Promise<string>;
  /** null: this tab alone takes turns (its concurrent 401s still share one refresh). */
  locks: RefreshLocks | null;
  catchUpMs?: number;
}

/** Returns the function a tab calls to renew its access token; concurrent calls share one run. */
export function createRefreshCoordinator({ readTokens, onTokensChanged, refresh, locks, catchUpMs = STORAGE_CATCH_UP_MS }: RefreshCoordinatorOptions): () => Promise<string> {
  let inFlight: Promise<string> | null = null;

  /** Resolves once the stored refresh token is no longer `expected`, or after catchUpMs. */
  const changedFrom = (expected: string | null): Promise<void> =>
    new Promise((resolve) => {
      if (readTokens().refreshToken !== expected) return resolve();
      const done = () => {
        clearTimeout(timer);
        unsubscribe();
        resolve();
      };
      const timer = setTimeout(done, catchUpMs);
      const unsubscribe = onTokensChanged(() => {
        if (readTokens().refreshToken !== expected) done();
      });
    });

  async function renew(): Promise<string> {
    const expected = readTokens().refreshToken;
    const underLock = async (waited: boolean): Promise<string> => {
      if (waited) await changedFrom(expected);
      const stored = readTokens();
      if (stored.accessToken && stored.refreshToken && stored.refreshToken !== expected) return stored.accessToken;
      return refresh(stored.refreshToken);
    };
    if (!locks) return underLock(false);
    let granted = false;
    try {
      return await locks.request(REFRESH_LOCK_NAME, (waited) => {
        granted = true;
        return underLock(waited);
      });
    } catch (error) {
      // The lock itself was refused (a sandboxed frame, say): refresh without it.
      if (!granted) return underLock(false);
      throw error;
    }
  }

  return () => {
    inFlight ??= renew().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}
