import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { compiledCatalogs } from '../../packages/catalogues/src/index.ts';

const source = fileURLToPath(new URL('./src', import.meta.url));
const sharedSource = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));
const locales = fileURLToPath(new URL('./src/i18n/locales', import.meta.url));
const sharedLocales = fileURLToPath(new URL('../../packages/shared/src/locales', import.meta.url));

export default defineProject({
  plugins: [react(), compiledCatalogs(locales, { shared: sharedLocales })],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    globalSetup: ['./http-test-server.ts'],
    css: false,
    // Role queries over a whole MUI page are slow in jsdom, and lazy pages compile on first use: a
    // long form story (the patient form's, typing a dozen fields) takes 10–15 s on a quiet 2-core
    // machine and twice that beside the server's suites in CI. The timeout is for a test that hangs.
    testTimeout: 45_000,
    // One jsdom and one load of the packages (React, MUI, emotion) per worker, not per file: about a
    // third of the console's test CPU. The setup file gives each file a fresh copy of the app's
    // modules and a blank page (src/test/setup.ts), as the patient app's does.
    isolate: false,
    // Lingui's i18n is a module-level instance: through Vite, not Node, so that a file's fresh
    // module graph has a fresh one (no language activated by an earlier file).
    server: { deps: { inline: ['@lingui/core'] } },
  },
  resolve: {
    alias: [
      { find: /^@caredesk\/shared$/, replacement: sharedSource },
      { find: '@', replacement: source },
    ],
  },
});
