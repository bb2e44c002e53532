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

export async function createTestDatabase(engine?: TestEngine): Promise<{ url?: string; drop(file?: string): Promise<void> }> {
  const base = engine === 'PGlite' ? undefined : process.env.TEST_DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => undefined };
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop(file?: string) {
      try {
        await dumpPostgres(url.toString(), name, file);
      } finally {
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      }
    },
  };
}
