import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { dumpPostgres } from './dumps';

/**
 * With TEST_DATABASE_URL a fresh PostgreSQL database per test file (dumped, then dropped at the end: the dump is
 * searched for the tests' identity numbers, tests/support/dumps.ts); without it the embedded PGlite in memory.
 */
export type TestEngine = 'PostgreSQL' | 'PGlite';

/** The engines a test that must hold on both runs on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export const TEST_ENGINES: TestEngine[] = process.env.TEST_DATABASE_URL ? ['PostgreSQL', 'PGlite'] : ['PGlite'];

export async function createTestDatabase(engine?: TestEngine): Promise<{ url?: string; adminUrl?: string; drop(file?: string): Promise<void> }> {
  const base = engine === 'PGlite' ? undefined : process.env.TEST_DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => undefined };
  // Through PgBouncer (npm run test:pgbouncer, ADR 0033) the app gets TEST_DATABASE_URL, the pooler's; creating,
  // dumping and dropping the database go to PostgreSQL itself, TEST_DATABASE_ADMIN_URL.
  const adminBase = process.env.TEST_DATABASE_ADMIN_URL || base;
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminBase });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const direct = new URL(adminBase);
  direct.pathname = `/${name}`;
  return {
    url: url.toString(),
    adminUrl: direct.toString(),
    async drop(file?: string) {
      try {
        await dumpPostgres(direct.toString(), name, file);
      } finally {
        const c = new pg.Client({ connectionString: adminBase });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      }
    },
  };
}
