import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const source = fileURLToPath(new URL('./src', import.meta.url));
const sharedSource = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    globalSetup: ['./http-test-server.ts'],
    css: false,
    // Role queries over a whole MUI page are slow in jsdom; lazy pages compile on first use.
    testTimeout: 20_000,
  },
  resolve: { alias: { '@caredesk/shared': sharedSource, '@': source } },
});
