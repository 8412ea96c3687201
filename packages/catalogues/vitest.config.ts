import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'catalogues', environment: 'node', include: ['src/**/*.test.ts'] },
});
