import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One Vitest run covers every unit and API suite; each package keeps its own config.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/catalogues', 'apps/server', 'apps/web', 'apps/patient', 'bench'],
    // Vitest's default is one worker fewer than the cores: a single worker on CI's 2 cores, with
    // the other core idle while API suites wait on their database. One per core keeps both busy.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
