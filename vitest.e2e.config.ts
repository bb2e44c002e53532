import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    // On a slow machine of this kind a long browser test took 48 s of its minute (CI, 2 cores): room for a slower one.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    // Every test database is dumped before it is dropped and searched for the tests' identity numbers (issue 13).
    globalSetup: ['tests/support/dumps.ts'],
  },
});
