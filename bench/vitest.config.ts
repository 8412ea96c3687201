import { defineProject } from 'vitest/config';

// The benches' pure logic (parsing, verdicts, tables); the benches themselves run with tsx.
export default defineProject({
  test: { name: 'bench', environment: 'node', include: ['*.test.ts'] },
});
