import { defineConfig } from 'vitest/config';

// One Vitest run covers every unit and API suite; each package keeps its own config.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'apps/patient', 'bench'],
  },
});
