/**
 * npm run bench:seed -- --members N
 * Builds the benchmark database `mlm_bench` (on BENCH_DATABASE_URL's server, default the local PostgreSQL):
 * migrations, the demo accounts, then N generated members. `npm run bench -- admin` uses it when present.
 */
import { existsSync } from 'node:fs';
import pg from 'pg';
import { loadConfig } from '../server/config';
import { createRuntime } from '../server/runtime';
import { benchSecret, seedMembers } from './seed-members';
import { hashPassword } from '../server/lib/password';
import { DEMO_ACCOUNTS } from '../server/seed/demo-data';

export const BENCH_DB = 'mlm_bench';
/**
 * The PostgreSQL server the benchmarks use: BENCH_DATABASE_URL; otherwise the local server through its Unix socket
 * when there is one (how an app on the database's own host connects: on this machine a write to a loopback TCP
 * socket costs about 170 µs, a third of a light request's CPU; docs/decisions/0009), else TEST_DATABASE_URL or
 * 127.0.0.1:5432.
 */
const LOCAL_SOCKET_DIR = '/var/run/postgresql';
export const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  (existsSync(`${LOCAL_SOCKET_DIR}/.s.PGSQL.5432`) ? `postgres://postgres@localhost/postgres?host=${LOCAL_SOCKET_DIR}` : undefined) ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
export const benchDbUrl = () => {
  const u = new URL(serverUrl);
  u.pathname = `/${BENCH_DB}`;
  return u.toString();
};

/**
 * A bench database seeded before the demo admin's password changed (issue 13 asks 12 characters of admins) still
 * holds the old one: the suites sign in with today's demo password, so it is set again before they run.
 */
export async function refreshDemoAdmin(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('update users set password = $1, first_login = false where email = $2', [await hashPassword(DEMO_ACCOUNTS.admin.password), DEMO_ACCOUNTS.admin.email]);
    // Each run enrols the staff accounts in two-factor afresh (bench/sign-in.ts keeps their secrets in memory); a
    // database seeded before migration 0026 has nothing to clear (the server's start adds the tables).
    if ((await c.query("select to_regclass('two_factor_secrets') is not null as present")).rows[0].present) {
      await c.query("delete from two_factor_secrets where user_id in (select id from users where role in ('admin', 'founder'))");
      await c.query("delete from recovery_codes where user_id in (select id from users where role in ('admin', 'founder'))");
      await c.query("update users set two_factor_enabled_at = null where role in ('admin', 'founder') and two_factor_enabled_at is not null");
    }
  } finally {
    await c.end();
  }
}

async function main() {
  const arg = process.argv.indexOf('--members');
  const members = Number(arg >= 0 ? process.argv[arg + 1] : 1_000_000);
  if (!Number.isInteger(members) || members < 1) throw new Error('--members needs a positive whole number');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
  await admin.query(`create database ${BENCH_DB}`);
  await admin.end();
  const started = Date.now();
  const config = loadConfig({ NODE_ENV: 'development', DATABASE_URL: benchDbUrl(), DEMO_SEED: '1', LOG_LEVEL: 'warn', DATA_DIR: './data/bench' });
  const runtime = await createRuntime(config, { secret: benchSecret(), logger: false, pollMail: false });
  await runtime.close();
  const seedMs = await seedMembers(benchDbUrl(), members);
  console.log(`${BENCH_DB}: demo accounts and ${members} members in ${((Date.now() - started) / 1000).toFixed(1)} s (bulk insert ${(seedMs / 1000).toFixed(1)} s)`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
