import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom has no matchMedia; MUI's useMediaQuery and the theme mode read it.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
}
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// notistack loads with a page's first toast (components/toast.ts). A browser fetches that chunk in
// milliseconds; a test file would transform it on first use, under load for longer than a
// toast assertion waits. Loaded ahead here, the toast still goes through the same lazy host.
await import('../components/notistack-host');
