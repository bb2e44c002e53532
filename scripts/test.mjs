// npm test: every test, browser tests included. Uses TEST_DATABASE_URL (PostgreSQL) when set, PGlite otherwise.
import { buildWebIfNeeded, ensureChromium, npx } from './lib.mjs';

ensureChromium();
buildWebIfNeeded();
npx('vitest', ['run']);
npx('vitest', ['run', '-c', 'vitest.e2e.config.ts']);
