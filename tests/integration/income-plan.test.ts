/**
 * The part of the Income page's statements that reads comp_payouts, comp_carry and leg_volumes is planned at each call
 * while they are small, not kept as a connection's prepared statement (PostgreSQL); the rest is always prepared.
 *
 * Why: a connection's generic plan outlives the table sizes it was made for. On the bench's million members, made
 * while comp_payouts held 6 rows, it scanned the whole table for each member; during the first calculation (300,000
 * payouts being written, uncommitted) each Income page then read 4,400-4,900 buffers (auto_explain), 200 pages a second
 * took most of the database's CPU, and purchases and Income pages waited seconds. Made while leg_volumes was empty, it
 * scanned leg_volumes from the cycle's close on (the applier hands the closed cycle's legs over to it): 500 buffers and
 * 4.4 ms a page within a minute of the close, half a core at 200 pages a second (chaos bench, auto_explain). Which
 * plan the server caches depends on its statistics at that moment, so the test checks the cause: after the app has
 * served the page a dozen times, no statement prepared on its connections reads comp_payouts, comp_carry or
 * leg_volumes, the tables a calculation or a close fills.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../support/test-app';
import { startSignedIn } from '../support/start';
import { rawRows } from '../../server/db/client';
import { INCOME_PREPARED_FROM_ROWS } from '../../server/modules/compensation/income.repo';

// Through PgBouncer in transaction pooling nothing is prepared by name in the first place.
const direct = !!process.env.TEST_DATABASE_URL && !process.env.TEST_THROUGH_PGBOUNCER;

describe.skipIf(!direct)('the Income page and the tables a calculation fills (PostgreSQL)', () => {
  let t: TestApp;
  let member: string;
  beforeAll(async () => ({ t, member } = await startSignedIn(['member'], { engine: 'PostgreSQL', config: { dbPoolSize: 2 } })), 120_000);
  afterAll(() => t?.close());

  it('keeps no prepared plan that reads comp_payouts, comp_carry or leg_volumes on its connections', async () => {
    for (let i = 0; i < 12; i++) expect((await t.api('GET', '/api/income', { cookie: member })).status).toBe(200);
    // Two at once: one on each of the pool's two connections.
    const seen = await Promise.all(
      [0, 1].map(() =>
        rawRows<{ name: string; backend: number }>(
          t.runtime.ctx.db,
          sql`select name, pg_backend_pid() as backend, pg_sleep(0.2) is null as waited from pg_prepared_statements
              where statement ilike '%comp_payouts%' or statement ilike '%comp_carry%' or statement ilike '%leg_volumes%'
              union all select '', pg_backend_pid(), true`,
        ),
      ),
    );
    expect(new Set(seen.flat().map((r) => r.backend)).size).toBe(2);
    expect(seen.flat().filter((r) => r.name !== '')).toEqual([]);
    // The part that reads none of them (the open cycle, its plan, the pools) is prepared: planning the page whole
    // at every call cost more than running it.
    const anyOpen = await Promise.all(
      [0, 1].map(() => rawRows<{ n: number }>(t.runtime.ctx.db, sql`select count(*)::int as n, pg_sleep(0.2) is null as waited from pg_prepared_statements where name = 'comp_income_open'`)),
    );
    expect(anyOpen.flat().reduce((a, r) => a + r.n, 0)).toBeGreaterThan(0);
  }, 60_000);

  it('prepares it once the three tables are large, when any plan reads them by member', async () => {
    // Planned at every call the page cost about 1.3 ms more (payout bench: 1,692 pages/s, p95 17.6 ms, against
    // 3,141/s, p95 11.0 ms prepared). The planner's own count decides; this test database's tables are made to look
    // as large as a posted cycle's, and a process that has not looked yet (a new app on the same database) prepares.
    const db = t.runtime.ctx.db;
    const grown = ['comp_payouts', 'comp_carry', 'leg_volumes'];
    // Two of the three large are not enough: the one still small would be read by a plan made for its size.
    await rawRows(db, sql`update pg_class set reltuples = ${INCOME_PREPARED_FROM_ROWS} where oid in ('comp_payouts'::regclass, 'comp_carry'::regclass)`);
    const { t: t1, member: m1 } = await startSignedIn(['member'], { engine: 'PostgreSQL', config: { dbPoolSize: 1 }, databaseUrl: t.databaseUrl });
    try {
      for (let i = 0; i < 3; i++) expect((await t1.api('GET', '/api/income', { cookie: m1 })).status).toBe(200);
      const prepared = await rawRows<{ name: string }>(t1.runtime.ctx.db, sql`select name from pg_prepared_statements where ${sql.raw(grown.map((g) => `statement ilike '%${g}%'`).join(' or '))}`);
      expect(prepared).toEqual([]);
    } finally {
      await t1.close();
    }
    await rawRows(db, sql`update pg_class set reltuples = ${INCOME_PREPARED_FROM_ROWS} where oid = 'leg_volumes'::regclass`);
    const { t: t2, member: m2 } = await startSignedIn(['member'], { engine: 'PostgreSQL', config: { dbPoolSize: 1 }, databaseUrl: t.databaseUrl });
    try {
      for (let i = 0; i < 3; i++) expect((await t2.api('GET', '/api/income', { cookie: m2 })).status).toBe(200);
      const prepared = await rawRows<{ name: string }>(t2.runtime.ctx.db, sql`select name from pg_prepared_statements where ${sql.raw(grown.map((g) => `statement ilike '%${g}%'`).join(' or '))}`);
      expect(prepared.map((r) => r.name)).toEqual(['comp_income_member']);
    } finally {
      await t2.close();
    }
  }, 60_000);
});
