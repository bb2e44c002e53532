/**
 * Statements that move several wallets lock them in user order, whatever plan PostgreSQL picks (wallet.repo
 * lockedInUserOrder). A posting batch and a statement of coalesced wallet purchases that locked their common wallets
 * in different orders deadlocked once in CI (40P01 "while updating tuple ... in relation wallet_balances"): an
 * UPDATE ... FROM takes its rows in the order its join reads them, and a hash join over a sequential scan reads the
 * table's physical order. Here the plan is forced to be exactly that, with the higher user's wallet physically
 * first: the posting's statement must wait on the lower wallet without having taken the higher one. Coalesced
 * purchases no longer wait on a wallet at all: they skip one another transaction holds. PostgreSQL only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type TestApp } from '../support/test-app';
import { startWithDemoCookies, type DemoCookies } from '../support/start';
import { query } from '../support/http';
import { fundedMember, expectLedgerSound, walletPurchaseOf } from '../support/money';
import type { DbOrTx } from '../../server/db/client';
import { postLedgerBatch } from '../../server/modules/wallet';
import { insertWalletPurchases } from '../../server/modules/commerce/commerce.repo';

const onPostgres = !!process.env.TEST_DATABASE_URL;

describe.skipIf(!onPostgres)('wallets moved together are locked in user order (PostgreSQL)', () => {
  let t: TestApp;
  let c: DemoCookies;
  let product: { id: string; price: string; gst: string; bv: string };
  beforeAll(async () => {
    ({ t, c } = await startWithDemoCookies({ engine: 'PostgreSQL' }));
    const r = await t.api('POST', '/api/admin/products', {
      cookie: c.admin,
      body: { name: `Lock Order Fan ${Date.now()}`, description: 'A fan', price: '100.00', bv: '50', gst: '0', category: 'ceiling_fan', purchaseType: 'first_purchase' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    product = { id: r.body.id, price: '100.00', gst: '0.00', bv: '50.00' };
  });
  afterAll(() => t?.close());

  const client = async () => {
    const cl = new pg.Client({ connectionString: t.databaseUrl });
    await cl.connect();
    return cl;
  };

  /** Two funded members, the lower and the higher user id, the higher one's wallet row physically before the lower's. */
  async function pair() {
    const [a, b] = [await fundedMember(t, c.admin, '500'), await fundedMember(t, c.admin, '500')];
    const [lo, hi] = a.user.id < b.user.id ? [a, b] : [b, a];
    // An update writes a new row version further on: the lower wallet's row moves behind the higher one's.
    const higherFirst = async () =>
      (
        await query<{ ordered: boolean }>(
          t,
          sql`select (select ctid from wallet_balances where user_id = ${hi.user.id}::uuid) < (select ctid from wallet_balances where user_id = ${lo.user.id}::uuid) as ordered`,
        )
      )[0].ordered;
    for (let i = 0; i < 20 && !(await higherFirst()); i++) {
      await t.runtime.ctx.db.execute(sql`update wallet_balances set updated_at = updated_at where user_id = ${lo.user.id}::uuid`);
    }
    expect(await higherFirst()).toBe(true);
    return { lo, hi };
  }

  /**
   * Holds the lower wallet in another transaction, runs `move` under a plan that reads wallet_balances sequentially
   * (hash join), waits until it blocks, and answers whether the higher wallet was free meanwhile; then lets it finish.
   */
  async function higherFreeWhileBlocked(lo: string, hi: string, move: (tx: DbOrTx) => Promise<unknown>) {
    const holder = await client();
    const probe = await client();
    try {
      await holder.query('begin');
      await holder.query('select 1 from wallet_balances where user_id = $1 for no key update', [lo]);
      const moving = t.runtime.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_nestloop = off`);
        await tx.execute(sql`set local enable_mergejoin = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        return move(tx);
      });
      moving.catch(() => undefined);
      const deadline = Date.now() + 10_000;
      for (;;) {
        const { rows } = await probe.query(
          `select count(*)::int as n from pg_locks l join pg_locks h on h.transactionid = l.transactionid and h.granted
           where not l.granted and l.locktype = 'transactionid' and h.pid = $1`,
          [(await holder.query('select pg_backend_pid() as pid')).rows[0].pid],
        );
        if (rows[0].n > 0) break;
        if (Date.now() > deadline) throw new Error('the statement never waited for the held wallet');
        await new Promise((r) => setTimeout(r, 20));
      }
      await probe.query('begin');
      let free = true;
      try {
        await probe.query('select 1 from wallet_balances where user_id = $1 for no key update nowait', [hi]);
      } catch (e) {
        if ((e as { code?: string }).code !== '55P03') throw e;
        free = false;
      }
      await probe.query('rollback');
      await holder.query('rollback');
      await moving;
      return free;
    } finally {
      await holder.end().catch(() => undefined);
      await probe.end().catch(() => undefined);
    }
  }

  it("a posting batch's balance update waits on the lower wallet before it takes the higher one", async () => {
    const { lo, hi } = await pair();
    const now = t.clock.now();
    const rows = [hi, lo].map((m) => ({ userId: m.user.id, amount: '10.00', type: 'admin_credit', description: 'Lock order', referenceId: `lock-${randomUUID()}` }));
    expect(await higherFreeWhileBlocked(lo.user.id, hi.user.id, (tx) => postLedgerBatch(tx, rows, now))).toBe(true);
    for (const m of [lo, hi]) {
      expect((await query<{ b: string }>(t, sql`select balance::text as b from wallet_balances where user_id = ${m.user.id}::uuid`))[0].b).toBe('510.00');
      await expectLedgerSound(t, m.user.id);
    }
  });

  it('a posting batch makes the wallet of a member who has none, and refuses a debit it cannot cover', async () => {
    // The batch updates the wallets first and makes only those the update missed (wallet.repo applyLedgerBatch).
    const now = t.clock.now();
    const [has, none, short] = [await fundedMember(t, c.admin, '500'), await fundedMember(t, c.admin, '0'), await fundedMember(t, c.admin, '0')];
    for (const m of [none, short]) await t.runtime.ctx.db.execute(sql`delete from wallet_balances where user_id = ${m.user.id}::uuid`);
    const credit = (userId: string, amount: string) => ({ userId, amount, type: 'admin_credit', description: 'Missing wallet', referenceId: `missing-${randomUUID()}` });
    await t.runtime.ctx.db.transaction((tx) => postLedgerBatch(tx, [credit(has.user.id, '10.00'), credit(none.user.id, '25.00'), credit(none.user.id, '5.00')], now));
    const balance = async (id: string) => (await query<{ b: string }>(t, sql`select balance::text as b from wallet_balances where user_id = ${id}::uuid`))[0]?.b;
    expect([await balance(has.user.id), await balance(none.user.id)]).toEqual(['510.00', '30.00']);
    for (const m of [has, none]) await expectLedgerSound(t, m.user.id);
    await expect(t.runtime.ctx.db.transaction((tx) => postLedgerBatch(tx, [credit(has.user.id, '1.00'), { ...credit(short.user.id, '-5.00'), type: 'clawback' }], now))).rejects.toThrow(
      /cannot cover/,
    );
    expect([await balance(has.user.id), await balance(short.user.id)]).toEqual(['510.00', undefined]);
  });

  it('coalesced wallet purchases skip a wallet another transaction holds, without waiting for it', async () => {
    // They never wait on a wallet, so they cannot deadlock with a posting batch whatever order either takes.
    const { lo, hi } = await pair();
    const now = t.clock.now();
    const purchase = (userId: string) => walletPurchaseOf(userId, { id: product.id, name: 'Lock Order Fan' }, now);
    const holder = await client();
    try {
      await holder.query('begin');
      await holder.query('select 1 from wallet_balances where user_id = $1 for no key update', [lo.user.id]);
      const [ofLo, ofHi] = [purchase(lo.user.id), purchase(hi.user.id)];
      const made = await t.runtime.ctx.db.transaction(async (tx) => {
        // Waiting would fail the statement here (55P03) instead of hanging the test.
        await tx.execute(sql`set local lock_timeout = '2s'`);
        await tx.execute(sql`set local enable_nestloop = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        return insertWalletPurchases(tx, [ofHi, ofLo]);
      });
      expect([...made.skipped]).toEqual([ofLo.id]);
      expect([...made.after]).toEqual([[ofHi.id, '400.00']]);
      await holder.query('commit');
      const rows = await query<{ user_id: string; balance: string; purchases: number; journal: number }>(
        t,
        sql`select w.user_id::text, w.balance::text as balance,
                   (select count(*)::int from purchases p where p.user_id = w.user_id) as purchases,
                   (select count(*)::int from volume_events v where v.member_id = w.user_id and v.kind = 'purchase') as journal
            from wallet_balances w where w.user_id in (${lo.user.id}::uuid, ${hi.user.id}::uuid)`,
      );
      const of = (id: string) => rows.find((r) => r.user_id === id);
      expect(of(lo.user.id)).toMatchObject({ balance: '500.00', purchases: 0, journal: 0 });
      expect(of(hi.user.id)).toMatchObject({ balance: '400.00', purchases: 1, journal: 1 });
    } finally {
      await holder.end().catch(() => undefined);
    }
    for (const m of [lo, hi]) await expectLedgerSound(t, m.user.id);
  });
});
