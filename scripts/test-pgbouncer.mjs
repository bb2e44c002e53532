// npm run test:pgbouncer [files...]: the integration tests (or the files named) once through PgBouncer in
// transaction pooling (ADR 0033), in front of TEST_DATABASE_URL's PostgreSQL.
import { join } from 'node:path';
import { root } from './lib.mjs';
import { runWithPgbouncer } from './with-pgbouncer.mjs';

const files = process.argv.slice(2);
process.exit(await runWithPgbouncer(join(root, 'node_modules', '.bin', 'vitest'), ['run', ...(files.length ? files : ['tests/integration'])]));
