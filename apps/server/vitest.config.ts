import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    // Tests run against the shared package's source, not its last build. Its entry only: its
    // catalogues (@caredesk/shared/locales/*.json) resolve through its package exports.
    alias: [{ find: /^@caredesk\/shared$/, replacement: fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url)) }],
  },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    // Files of one worker share its module graph: each file builds its own app on its own
    // database and no suite mocks modules, so a fresh graph per file only re-imported the whole
    // server 120 times (a third of the run's CPU).
    isolate: false,
    setupFiles: ['./src/test/setup.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
