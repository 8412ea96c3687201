import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { forgetStyles } from './emotion-styles';

// Whatever a test spies on, stubs, fakes or redefines on navigator is put back after it, so no
// later test sees it.
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

// The files of a worker share its jsdom and its packages (isolate: false in vitest.config.ts).
// Whatever a file could leave behind is dropped when it ends: the app's own modules are evaluated
// afresh for the next file (their state — the stored session, the query cache, the router's
// history, the loaded autocomplete and catalogues — and Lingui's i18n, inlined for this, start
// clean), and the page is back to a blank document at / (a dialog or a toast left in the body,
// <html lang>, the title, the address).
afterAll(() => {
  cleanup();
  forgetStyles();
  document.body.replaceChildren();
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  document.head.querySelectorAll('link, meta[name="theme-color"]').forEach((element) => element.remove());
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
  document.title = '';
  window.history.replaceState(null, '', '/');
  vi.resetModules();
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
// Fields with suggestions start as the autocomplete (see preloadFormAutocomplete).
await (await import('../components/records/form-autocomplete')).preloadFormAutocomplete();
