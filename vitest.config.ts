import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The web's own alias, so that unit tests of web modules resolve the shared contract.
  resolve: { alias: { '@contracts': fileURLToPath(new URL('./contracts', import.meta.url)) } },
  test: {
    include: ['server/**/*.test.ts', 'tests/architecture/**/*.test.ts', 'contracts/**/*.test.ts', 'tests/integration/**/*.test.ts', 'web/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // Every test database is dumped before it is dropped and searched for the tests' identity numbers (issue 13).
    globalSetup: ['tests/support/dumps.ts'],
  },
});
