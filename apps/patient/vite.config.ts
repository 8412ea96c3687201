import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compiledCatalogs } from './build/catalogs.ts';
import { precacheManifest, SERVICE_WORKER_ENTRY } from './build/service-worker.ts';

const BASE = '/p/';
const source = fileURLToPath(new URL('./src', import.meta.url));
const publicDir = fileURLToPath(new URL('./public', import.meta.url));
const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

export default defineConfig({
  base: BASE,
  plugins: [react(), compiledCatalogs(), precacheManifest(publicDir, BASE)],
  // Only `import type` reaches @caredesk/shared from here (zod would blow the first-page budget),
  // so no alias: types come from its declarations.
  resolve: { alias: { '@': source } },
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
