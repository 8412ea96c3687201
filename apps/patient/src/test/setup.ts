import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { forgetPublicOrganisations } from '@/lib/public-organisation';
import { installFakeSocket } from './fake-socket';

// No test reaches a real server: the patient socket is a fake each test can drive.
beforeEach(installFakeSocket);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  forgetPublicOrganisations();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// The files of a worker share its jsdom and its packages (isolate: false in vitest.config.ts), so
// React and the rest load once per worker instead of once per file. Whatever a file could leave
// behind is dropped when it ends: the app's own modules are evaluated afresh for the next file
// (their state — session cache, router listeners, live socket, push state, loaded catalogs — and
// Lingui's i18n, inlined for this, start clean), and the page is back to a blank document at /
// (a dialog left in the body, <html lang>, the title, the address).
afterAll(() => {
  cleanup();
  document.body.replaceChildren();
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  document.documentElement.removeAttribute('lang');
  document.title = '';
  window.history.replaceState(null, '', '/');
  vi.resetModules();
});

// The app's base (/p/) is set for the worker in vitest.config.ts, not stubbed here.

// findBy and waitFor give up after 1 s by default: on a busy 2-core CI machine a lazy chunk, a
// toast or a second request can take longer to arrive than that, and the test failed on time
// alone. 5 s still fails a missing element quickly; a passing test never waits longer than it must.
configure({ asyncUtilTimeout: 5_000 });

window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// jsdom has <dialog> without its modal behaviour: open and close are enough for these tests.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
}
