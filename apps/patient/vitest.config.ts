import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { compiledCatalogs } from './build/catalogs.ts';

const source = fileURLToPath(new URL('./src', import.meta.url));

export default defineProject({
  plugins: [react(), compiledCatalogs()],
  test: {
    name: 'patient',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
  },
  resolve: { alias: { '@': source } },
});
