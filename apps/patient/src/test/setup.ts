import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
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

// The app's addresses are under its base, as built (vite.config.ts); Vitest itself runs at /.
vi.stubEnv('BASE_URL', '/p/');

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
