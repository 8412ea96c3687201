import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// Relative, not by package name: Vite bundles a config's relative imports and loads named packages with Node, which runs no .ts.
import { compiledCatalogs } from '../../packages/catalogues/src/index.ts';
import { precacheManifest, SERVICE_WORKER_ENTRY } from './build/service-worker.ts';

const BASE = '/p/';
const source = fileURLToPath(new URL('./src', import.meta.url));
const locales = fileURLToPath(new URL('./src/i18n/locales', import.meta.url));
const sharedLocales = fileURLToPath(new URL('../../packages/shared/src/locales', import.meta.url));
// The one value the app takes from @caredesk/shared, from its source: the finder of the shared
// catalogue's English texts, a module without zod (src/i18n/shared-english.ts).
const englishTexts = fileURLToPath(new URL('../../packages/shared/src/english-texts.ts', import.meta.url));
const publicDir = fileURLToPath(new URL('./public', import.meta.url));
const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

export default defineConfig({
  base: BASE,
  plugins: [react(), compiledCatalogs(locales, { shared: sharedLocales }), precacheManifest(publicDir, BASE)],
  // Only `import type` reaches @caredesk/shared's entry from here (zod would blow the first-page
  // budget): types come from its declarations. Its zod-free english-texts module comes from source.
  resolve: { alias: { '@caredesk/shared/english-texts': englishTexts, '@': source } },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    // bench/patient-bundle.ts reads what the first page loads from it.
    manifest: true,
    rollupOptions: {
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), [SERVICE_WORKER_ENTRY]: fileURLToPath(new URL('./sw/service-worker.ts', import.meta.url)) },
      // The worker keeps a fixed name at the root of /p/, so its scope is /p/ and pages can find it.
      output: { entryFileNames: (chunk) => (chunk.name === SERVICE_WORKER_ENTRY ? 'sw.js' : 'assets/[name]-[hash].js') },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
});
