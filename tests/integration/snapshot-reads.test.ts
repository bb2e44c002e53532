import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../support/test-app';
import { openDatabase, rawRows } from '../../server/db/client';
import { copyOut } from '../../server/db/copy';
import { inOneSnapshot } from '../../server/modules/compensation/inputs.repo';

/**
 * The payout run reads the journal's corrections and then COPYs the members (compensation/calculation.service
 * loadMembers): both statements must see one snapshot, or a purchase the applier commits between them is in a
 * member's BV and not taken back. On the embedded database there is one session and nothing can come between.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.runtime.ctx.db.execute(sql`create table snapshot_probe (n int not null)`);
  await t.runtime.ctx.db.execute(sql`insert into snapshot_probe values (1), (2)`);
});
afterAll(async () => {
  await t?.runtime.ctx.db.execute(sql`drop table if exists snapshot_probe`);
  await t?.close();
});

describe('inOneSnapshot', () => {
  it.runIf(!!process.env.TEST_DATABASE_URL)('a row committed between two reads is in neither, the COPY included', async () => {
    const db = t.runtime.ctx.db;
    const seen = await inOneSnapshot(db, db, async (snap) => {
      const [first] = await rawRows<{ n: number }>(snap, sql`select count(*)::int as n from snapshot_probe`);
      // Another connection commits meanwhile (as the applier does).
      await db.execute(sql`insert into snapshot_probe values (3)`);
      const [second] = await rawRows<{ n: number }>(snap, sql`select count(*)::int as n from snapshot_probe`);
      const copied: (string | null)[][] = [];
      await copyOut(snap, 'select n from snapshot_probe', (c) => copied.push(c));
      return { first: first.n, second: second.n, copied: copied.length };
    });
    expect(seen).toEqual({ first: 2, second: 2, copied: 2 });
    const [after] = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from snapshot_probe`);
    expect(after.n).toBe(3);
  });
  it('refuses to write: the snapshot is read only', async () => {
    if (!process.env.TEST_DATABASE_URL) return;
    const db = t.runtime.ctx.db;
    await expect(inOneSnapshot(db, db, (snap) => snap.execute(sql`insert into snapshot_probe values (4)`))).rejects.toMatchObject({ cause: { code: '25006' } }); // read_only_sql_transaction
  });
});

describe('inOneSnapshot with a pool of one connection', () => {
  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'reads in the caller’s transaction instead of waiting for a second connection',
    async () => {
      const one = await openDatabase({ databaseUrl: t.databaseUrl!, dataDir: 'memory://', poolSize: 1 });
      try {
        // The calculation's transaction holds the pool's only connection while it reads the snapshot.
        const n = await one.db.transaction((tx) => inOneSnapshot(one.db, tx, async (snap) => (await rawRows<{ n: number }>(snap, sql`select count(*)::int as n from snapshot_probe`))[0].n));
        expect(n).toBeGreaterThanOrEqual(2);
      } finally {
        await one.close();
      }
    },
    20_000,
  );
});
