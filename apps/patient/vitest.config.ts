import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { compiledCatalogs } from '../../packages/catalogues/src/index.ts';

const source = fileURLToPath(new URL('./src', import.meta.url));
const locales = fileURLToPath(new URL('./src/i18n/locales', import.meta.url));
const sharedLocales = fileURLToPath(new URL('../../packages/shared/src/locales', import.meta.url));
// The one value the app takes from @caredesk/shared, from its source: the finder of the shared
// catalogue's English texts, a module without zod (src/i18n/shared-english.ts).
const englishTexts = fileURLToPath(new URL('../../packages/shared/src/english-texts.ts', import.meta.url));

export default defineProject({
  plugins: [react(), compiledCatalogs(locales, { shared: sharedLocales })],
  test: {
    name: 'patient',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // The app's addresses are under its base, as built (vite.config.ts). Set for the worker, not
    // stubbed by a file: config/paths.ts reads it once, as it loads, and in a worker that runs
    // many files a stub can be undone (unstubAllEnvs) before the next file's paths.ts loads.
    env: { BASE_URL: '/p/' },
    // A booking story clicks through five steps: Vitest's default 5 s is the console's 20 s here,
    // so a busy 2-core CI machine does not fail it on time alone.
    testTimeout: 20_000,
    // One jsdom and one load of the packages per worker, not per file: the setup file gives each
    // file a fresh copy of the app's modules and a blank page (src/test/setup.ts).
    isolate: false,
    // Lingui's i18n is a module-level instance: through Vite, not Node, so that a file's fresh
    // module graph has a fresh one (no language activated by an earlier file).
    server: { deps: { inline: ['@lingui/core'] } },
  },
  resolve: { alias: { '@caredesk/shared/english-texts': englishTexts, '@': source } },
});
