/**
 * Identities kept per process (ADR 0034): a signed-in request does not read its session again while nothing changed
 * it, and every change is heard: at once when this process made it, within milliseconds when another connection
 * did. Runs on PGlite and, under TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_ENGINES } from '../support/database';
import { cookieAttributes, expectError, uniqueEmail } from '../support/http';
import { sha256 } from '../../server/lib/crypto';
import { sessions, users } from '../../server/db/schema/index';
import { identityCacheOf } from '../../server/modules/auth/identity-cache';

const PASSWORD = 'Kept#12345';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Through PgBouncer in transaction pooling (ADR 0033) a LISTEN does not stay on one server connection: nothing is kept. */
const pooled = (engine: string) => engine === 'PostgreSQL' && process.env.TEST_THROUGH_PGBOUNCER === '1';

describe.each(TEST_ENGINES.filter(pooled))('no kept identities through a transaction pooler (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ engine });
  });
  afterAll(async () => t?.close());

  it('reads the session at every request', async () => {
    expect(t.runtime.database.notifications).toBeUndefined();
    expect(identityCacheOf(t.runtime.ctx.db)).toBeUndefined();
    const email = uniqueEmail('pooled');
    await t.createUser({ email, password: PASSWORD });
    const cookie = await t.login(email, PASSWORD);
    expect((await t.api('GET', '/api/kyc', { cookie })).status).toBe(200);
  });
});

describe.each(TEST_ENGINES.filter((e) => !pooled(e)))('kept identities on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ engine });
  });
  afterAll(async () => t?.close());

  const cache = () => identityCacheOf(t.runtime.ctx.db)!;
  const kept = (cookie: string) => cache().get(sha256(cookieAttributes(cookie).value), t.runtime.ctx.clock.now());
  const signedIn = async (prefix: string) => {
    const email = uniqueEmail(prefix);
    const user = await t.createUser({ email, password: PASSWORD });
    const cookie = await t.login(email, PASSWORD);
    expect((await t.api('GET', '/api/kyc', { cookie })).status).toBe(200);
    return { user, cookie };
  };
  /** Asks until the request is refused; answers how long that took. */
  const refusedWithin = async (cookie: string, ms: number) => {
    const started = performance.now();
    while (performance.now() - started < ms) {
      const r = await t.api('GET', '/api/kyc', { cookie });
      if (r.status === 401) return performance.now() - started;
      await sleep(5);
    }
    throw new Error(`still signed in after ${ms} ms`);
  };

  it('keeps the identity of a session it served, and serves the next request with it', async () => {
    const { user, cookie } = await signedIn('kept');
    expect(kept(cookie)?.user.id).toBe(user.id);
    expect(Object.isFrozen(kept(cookie))).toBe(true);
    expect((await t.api('GET', '/api/kyc', { cookie })).status).toBe(200);
  });

  it('a suspension this process commits refuses the very next request', async () => {
    const { user, cookie } = await signedIn('suspended');
    await t.runtime.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    expect(kept(cookie)).toBeUndefined();
    expectError(await t.api('GET', '/api/kyc', { cookie }), 401, { code: 'UNAUTHENTICATED' });
  });

  it('a change to the principal (here the name) is heard: the next request acts with the new one', async () => {
    const { user, cookie } = await signedIn('renamed');
    await t.runtime.ctx.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, user.id));
    expect(kept(cookie)).toBeUndefined();
    // The same message also reaches the other connections that listen; a read that overlaps one is not kept.
    for (let i = 0; i < 20 && !kept(cookie); i++) {
      expect((await t.api('GET', '/api/kyc', { cookie })).status).toBe(200);
      if (!kept(cookie)) await sleep(20);
    }
    expect(kept(cookie)?.user.firstName).toBe('Renamed');
  });

  it('a change outside the principal (the rank) keeps what was kept', async () => {
    const { user, cookie } = await signedIn('ranked');
    await t.runtime.ctx.db.update(users).set({ currentRank: 'Gold' }).where(eq(users.id, user.id));
    expect(kept(cookie)?.user.id).toBe(user.id);
  });

  it('signing out refuses the old cookie at once, and other sessions of the user stay kept', async () => {
    const { user, cookie } = await signedIn('logout');
    const other = await t.login((await t.runtime.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, user.id)))[0].email, PASSWORD);
    expect((await t.api('GET', '/api/kyc', { cookie: other })).status).toBe(200);
    expect((await t.api('POST', '/api/logout', { cookie })).status).toBe(200);
    expectError(await t.api('GET', '/api/kyc', { cookie }), 401, { code: 'UNAUTHENTICATED' });
    expect((await t.api('GET', '/api/kyc', { cookie: other })).status).toBe(200);
  });

  it('an expired session is not served from what was kept', async () => {
    const { user, cookie } = await signedIn('expired');
    const [row] = await t.runtime.ctx.db.select({ expire: sessions.expire }).from(sessions).where(eq(sessions.userId, user.id));
    expect(kept(cookie)).toBeDefined();
    const ahead = row.expire.getTime() - t.clock.now().getTime() + 1_000;
    t.clock.advance(ahead);
    try {
      expectError(await t.api('GET', '/api/kyc', { cookie }), 401, { code: 'UNAUTHENTICATED' });
    } finally {
      t.clock.advance(-ahead);
    }
  });

  // Another process: a connection of its own, as a second app process, a worker or psql would be.
  const changedElsewhere = async (prefix: string, statement: string) => {
    const { user, cookie } = await signedIn(prefix);
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await other.query(statement, [user.id]);
      expect(await refusedWithin(cookie, 1_000)).toBeLessThan(1_000);
    } finally {
      await other.end();
    }
  };

  it.runIf(engine === 'PostgreSQL')('a session ended by another connection is refused within milliseconds', () => changedElsewhere('elsewhere', 'delete from sessions where user_id = $1'));

  it.runIf(engine === 'PostgreSQL')('a user suspended by another connection is refused within milliseconds', () =>
    changedElsewhere('elsewhere-suspended', "update users set status = 'suspended' where id = $1"),
  );

  it.runIf(engine === 'PostgreSQL')('keeps nothing while its listening connection is down, and keeps again once it is back', async () => {
    const { cookie } = await signedIn('listener');
    expect(kept(cookie)).toBeDefined();
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    try {
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'listener' and datname = current_database()");
      const notifications = t.runtime.database.notifications!;
      for (let i = 0; i < 200 && notifications.live(); i++) await sleep(10);
      expect(notifications.live()).toBe(false);
      // Whatever was kept went when the connection dropped; nothing is kept until it listens again.
      expect(cache().size).toBe(0);
      expect((await t.api('GET', '/api/kyc', { cookie })).status).toBe(200);
      expect(kept(cookie)).toBeUndefined();
      for (let i = 0; i < 500 && !notifications.live(); i++) await sleep(10);
      expect(notifications.live()).toBe(true);
      expect((await t.api('GET', '/api/kyc', { cookie })).status).toBe(200);
      expect(kept(cookie)).toBeDefined();
    } finally {
      await admin.end();
    }
  });
});
