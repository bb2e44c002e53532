import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { demoCookies, expectError, uniqueEmail } from '../support/http';
import { recruitForm, registerRecruit } from '../support/referral';
import { pendingRecruits } from '../../server/db/schema/index';
import { parseLsn } from '../../server/db/replicas';
import { loadConfig } from '../../server/config';

/**
 * Read replicas (ADR 0031) against a real primary and hot standby started here from the machine's PostgreSQL 15
 * (initdb, pg_basebackup -R), run as the postgres user; skipped where those binaries or that user are missing.
 */
const BIN = '/usr/lib/postgresql/15/bin';
const runnable = (() => {
  if (!existsSync(`${BIN}/initdb`) || !existsSync(`${BIN}/pg_basebackup`)) return 'no PostgreSQL 15 binaries in ' + BIN;
  if (process.getuid?.() !== 0) return 'not root: cannot run the servers as the postgres user';
  try {
    execFileSync('id', ['postgres'], { stdio: 'ignore' });
  } catch {
    return 'no postgres OS user';
  }
  return null;
})();
if (runnable) console.warn(`replicas.test.ts skipped: ${runnable}`);

const asPostgres = (cmd: string, args: string[]) => execFileSync('runuser', ['-u', 'postgres', '--', `${BIN}/${cmd}`, ...args], { stdio: 'pipe', timeout: 120_000 });

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

let dir = '';
let primaryPort = 0;
let standbyPort = 0;
let t: TestApp;
let c: Awaited<ReturnType<typeof demoCookies>> & { admin2: string };

const urlOf = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;

async function sql<T = Record<string, unknown>>(port: number, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: urlOf(port) });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

const replica = () => t.runtime.ctx.replicas!.status()[0];

/** Waits until the standby has replayed everything the primary wrote so far and the app has seen it do so. */
async function caughtUp() {
  const [{ lsn }] = await sql<{ lsn: string }>(primaryPort, 'select pg_current_wal_lsn()::text as lsn');
  const target = parseLsn(lsn)!;
  for (let i = 0; i < 300; i++) {
    const [{ replay }] = await sql<{ replay: string }>(standbyPort, 'select pg_last_wal_replay_lsn()::text as replay');
    if (parseLsn(replay)! >= target) {
      await t.runtime.ctx.replicas!.check();
      if (replica().inUse) return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the standby did not catch up');
}

const metric = async (name: string) => {
  const r = await t.api('GET', '/metrics');
  const line = String(r.body)
    .split('\n')
    .find((l) => l.startsWith(`${name}{`));
  return line ? Number(line.split(' ').pop()) : undefined;
};

/** The admin's search for one user by public ID. */
const search = (userId: string, cookie: string) => t.api('GET', `/api/admin/users/search?searchType=id&query=${encodeURIComponent(userId)}`, { cookie });

beforeAll(async () => {
  if (runnable) return;
  dir = mkdtempSync(join(tmpdir(), 'replicas-'));
  execFileSync('chown', ['postgres:postgres', dir]);
  primaryPort = await freePort();
  standbyPort = await freePort();
  const primary = join(dir, 'primary');
  const standby = join(dir, 'standby');
  asPostgres('initdb', ['-D', primary, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  appendFileSync(
    join(primary, 'postgresql.conf'),
    [
      `port = ${primaryPort}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'wal_level = replica',
      'hot_standby = on',
      'max_wal_senders = 4',
      'fsync = off',
      'shared_buffers = 32MB',
      '',
    ].join('\n'),
  );
  asPostgres('pg_ctl', ['-D', primary, '-l', join(dir, 'primary.log'), '-w', 'start']);
  asPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', standby, '-R', '-X', 'stream', '--no-sync']);
  appendFileSync(join(standby, 'postgresql.conf'), `port = ${standbyPort}\nhot_standby_feedback = on\n`);
  asPostgres('pg_ctl', ['-D', standby, '-l', join(dir, 'standby.log'), '-w', 'start']);
  // A large lag limit: the standby stays in use while its replay is paused below, so what it answers is seen.
  t = await startTestApp({ databaseUrl: urlOf(primaryPort), config: { databaseReplicaUrls: [urlOf(standbyPort)], replicaMaxLagMs: 60_000 } });
  c = { ...(await demoCookies(t)), admin2: await t.login(t.demo.admin2.email, t.demo.admin2.password) };
  await caughtUp();
}, 180_000);

afterAll(async () => {
  if (runnable) return;
  await t?.close();
  for (const name of ['standby', 'primary']) {
    try {
      asPostgres('pg_ctl', ['-D', join(dir, name), '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already stopped
    }
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('replica configuration', () => {
  it('reads DATABASE_REPLICA_URLS and REPLICA_MAX_LAG_MS; none by default; never with the embedded database', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://p/db' })).toMatchObject({ databaseReplicaUrls: [], replicaMaxLagMs: 2000 });
    expect(loadConfig({ DATABASE_URL: 'postgres://p/db', DATABASE_REPLICA_URLS: ' postgres://r1/db, ,postgres://r2/db ', REPLICA_MAX_LAG_MS: '500' })).toMatchObject({
      databaseReplicaUrls: ['postgres://r1/db', 'postgres://r2/db'],
      replicaMaxLagMs: 500,
    });
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://r1/db' })).toThrow(/DATABASE_REPLICA_URLS needs DATABASE_URL/);
  });

  it('compares WAL positions as numbers', () => {
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('1/0')! > parseLsn('0/FFFFFFFF')!).toBe(true);
    expect(parseLsn('junk')).toBeNull();
    expect(parseLsn(null)).toBeNull();
  });
});

describe.skipIf(Boolean(runnable))('read replicas', () => {
  it('serves the lag-tolerant reads from the standby once it has replayed, and says so in /metrics', async () => {
    await caughtUp();
    const before = (await metric('db_replica_queries_total')) ?? 0;
    const r = await t.api('GET', '/api/team/stats', { cookie: c.member });
    expect(r.status).toBe(200);
    expect(await metric('db_replica_in_use')).toBe(1);
    expect(await metric('db_replica_queries_total')).toBeGreaterThan(before);
    expect(await metric('db_replica_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('keeps the access table with replicas on', async () => {
    await caughtUp();
    expectError(await t.api('GET', '/api/admin/users/search', { cookie: c.member }), 403);
    expectError(await t.api('GET', '/api/admin/reports/payout-summary', { cookie: c.member }), 403);
    expectError(await t.api('GET', '/api/users/paid-members', { cookie: c.member }), 403);
    expectError(await t.api('GET', '/api/team/stats'), 401);
    // Another member's subtree (the founder at the top is outside the member's downline): not found.
    const founder = (await userByEmail(t, t.demo.founder.email))!;
    expectError(await t.api('GET', `/api/binary-tree?rootId=${founder.id}`, { cookie: c.member }), 404);
    expectError(await t.api('GET', `/api/binary-tree/extreme?rootId=${founder.id}&side=left`, { cookie: c.member }), 404);
  });

  it('a writer reads its write at once from the primary while others read the paused standby', async () => {
    const target = await t.createUser({ email: uniqueEmail('replica'), status: 'active', activationDate: new Date() });
    await caughtUp();
    expect((await search(target.userId, c.admin2)).body.items[0].status).toBe('active');
    await sql(standbyPort, 'select pg_wal_replay_pause()');
    try {
      const blocked = await t.api('PATCH', `/api/admin/users/${target.id}/status`, { cookie: c.admin, body: { status: 'inactive' } });
      expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
      // The write's WAL position goes back in a cookie too, for the next request's process.
      expect(String(blocked.headers['set-cookie'])).toMatch(/replica_lsn=[0-9A-F]+\/[0-9A-F]+/);
      expect((await search(target.userId, c.admin)).body.items[0].status).toBe('inactive');
      // An admin who wrote nothing reads the standby, which has not replayed the block.
      const queries = (await metric('db_replica_queries_total'))!;
      expect((await search(target.userId, c.admin2)).body.items[0].status).toBe('active');
      expect(await metric('db_replica_queries_total')).toBeGreaterThan(queries);
    } finally {
      await sql(standbyPort, 'select pg_wal_replay_resume()');
    }
    await caughtUp();
    expect((await search(target.userId, c.admin2)).body.items[0].status).toBe('inactive');
    // Once the standby has replayed the write, the writer's reads go back to it.
    const queries = (await metric('db_replica_queries_total'))!;
    expect((await search(target.userId, c.admin)).body.items[0].status).toBe('inactive');
    expect(await metric('db_replica_queries_total')).toBeGreaterThan(queries);
  });

  it("a member's write is seen by the member's next read, with the standby paused", async () => {
    const email = uniqueEmail('recruit');
    const link = await t.api('POST', '/api/team/recruit', { cookie: c.member, body: { fullName: 'Kiran Rao', email, position: 'left' } });
    expect(link.status).toBe(201);
    const reg = await registerRecruit(t, recruitForm(new URL(link.body.referralLink).searchParams.get('ref'), email));
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const [recruit] = await t.runtime.ctx.db.select().from(pendingRecruits).where(eq(pendingRecruits.email, email));
    await caughtUp();
    await sql(standbyPort, 'select pg_wal_replay_pause()');
    try {
      const decided = await t.api('POST', `/api/upline/pending-recruits/${recruit.id}/decide`, { cookie: c.member, body: { decision: 'approved', position: 'right' } });
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
      const pipeline = await t.api('GET', '/api/team/pending-recruits', { cookie: c.member });
      expect(pipeline.body.find((x: { id: string }) => x.id === recruit.id)).toMatchObject({ status: 'awaiting_admin', position: 'right' });
      const queue = await t.api('GET', '/api/upline/pending-recruits', { cookie: c.member });
      expect(queue.body.some((x: { id: string }) => x.id === recruit.id)).toBe(false);
    } finally {
      await sql(standbyPort, 'select pg_wal_replay_resume()');
    }
  });

  it('a position from another process (the cookie) keeps that user on the primary', async () => {
    const target = await t.createUser({ email: uniqueEmail('cookie'), status: 'active', activationDate: new Date() });
    await caughtUp();
    await sql(standbyPort, 'select pg_wal_replay_pause()');
    try {
      // Written behind the app's back, as another process would: only the cookie tells this one of it.
      await sql(primaryPort, `update users set status = 'inactive' where id = '${target.id}'`);
      const [{ lsn }] = await sql<{ lsn: string }>(primaryPort, 'select pg_current_wal_lsn()::text as lsn');
      expect((await search(target.userId, c.admin2)).body.items[0].status).toBe('active');
      expect((await search(target.userId, `${c.admin2}; replica_lsn=${lsn}`)).body.items[0].status).toBe('inactive');
    } finally {
      await sql(standbyPort, 'select pg_wal_replay_resume()');
    }
  });

  it('a stopped standby sends the reads back to the primary without an error', async () => {
    await caughtUp();
    const target = await t.createUser({ email: uniqueEmail('stopped'), status: 'active', activationDate: new Date() });
    asPostgres('pg_ctl', ['-D', join(dir, 'standby'), '-m', 'fast', '-w', 'stop']);
    // Before the check notices: the query finds the standby gone and runs on the primary.
    const r = await search(target.userId, c.admin2);
    expect(r.status).toBe(200);
    expect(r.body.items[0].status).toBe('active');
    expect(await metric('db_replica_fallbacks_total')).toBeGreaterThan(0);
    expect((await t.api('GET', '/api/team/stats', { cookie: c.member })).status).toBe(200);
    await t.runtime.ctx.replicas!.check();
    expect(replica().inUse).toBe(false);
    expect(await metric('db_replica_in_use')).toBe(0);
    expect(await metric('db_replica_lag_seconds')).toBe(-1);
    expect((await t.api('GET', '/api/admin/reports/payout-summary', { cookie: c.admin2 })).status).toBe(200);
    expect((await t.api('GET', '/api/products', { cookie: c.member })).status).toBe(200);
  });
});
