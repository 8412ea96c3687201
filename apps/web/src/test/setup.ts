import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Whatever a test spies on, stubs, fakes or redefines on navigator is put back after it, so no
// later test of the file sees it. Each file has its own module graph (vitest.config.ts).
const navigatorOwnKeys = new Set(Reflect.ownKeys(navigator));

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  for (const key of Reflect.ownKeys(navigator)) if (!navigatorOwnKeys.has(key)) Reflect.deleteProperty(navigator, key);
});

// jsdom has no matchMedia; MUI's useMediaQuery and the theme mode read it. A plain function, not
// a vi.fn: a test's vi.spyOn then wraps it, and restoreAllMocks puts this one back.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  });
}
// findBy and waitFor give up after 1 s by default: on a busy 2-core CI machine a lazy chunk, a
// toast or a second request can take longer to arrive than that, and the test failed on time
// alone. 5 s still fails a missing element quickly; a passing test never waits longer than it must.
configure({ asyncUtilTimeout: 5_000 });

window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// notistack loads with a page's first toast (components/toast.ts). A browser fetches that chunk in
// milliseconds; a test file would transform it on first use, under load for longer than a
// toast assertion waits. Loaded ahead here, the toast still goes through the same lazy host.
await import('../components/notistack-host');
