// npm test: every test, browser tests included. Uses TEST_DATABASE_URL (PostgreSQL) when set, PGlite otherwise.
// TEST_THROUGH_PGBOUNCER=1 (CI sets it): the unit and integration tests reach that PostgreSQL through a private
// PgBouncer in transaction pooling (ADR 0033), so CI runs the whole integration folder once through it without a
// second run of the folder; .ci/run then runs the files that matter most for pooling once more directly.
import { join } from 'node:path';
import { buildWebIfNeeded, ensureChromium, npx, root } from './lib.mjs';
import { runWithPgbouncer } from './with-pgbouncer.mjs';

ensureChromium();
buildWebIfNeeded();
if (process.env.TEST_THROUGH_PGBOUNCER === '1') {
  const status = await runWithPgbouncer(join(root, 'node_modules', '.bin', 'vitest'), ['run']);
  if (status !== 0) process.exit(status);
} else {
  npx('vitest', ['run']);
}
npx('vitest', ['run', '-c', 'vitest.e2e.config.ts']);
