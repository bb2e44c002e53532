import pg from 'pg';
import { randomBytes } from 'node:crypto';

/**
 * With TEST_DATABASE_URL a fresh PostgreSQL database per test file (dropped at the end);
 * without it the embedded PGlite in memory.
 */
export async function createTestDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
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
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
