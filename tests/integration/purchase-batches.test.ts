/**
 * Coalesced wallet purchases (ADR 0035): on a PostgreSQL pool, purchases sent at once without an Idempotency-Key go
 * to the database together, one statement for many buyers, and each is exactly what it would have been alone: its
 * debit under the balance's predicate, its ledger row, its purchase, its journal entry and its audit row. PostgreSQL
 * only (PGlite has one session: every purchase goes alone).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type TestApp } from '../support/test-app';
import { startWithDemoCookies, type DemoCookies } from '../support/start';
import { query } from '../support/http';
import { fundedMember, expectLedgerSound, walletPurchaseOf } from '../support/money';
import { PurchaseBatches, purchaseBatchesOf } from '../../server/modules/commerce/purchase-batches';

const onPostgres = !!process.env.TEST_DATABASE_URL;

describe.skipIf(!onPostgres)('coalesced wallet purchases (PostgreSQL)', () => {
  let t: TestApp;
  let c: DemoCookies;
  let productId: string;
  beforeAll(async () => {
    ({ t, c } = await startWithDemoCookies({ engine: 'PostgreSQL' }));
    const r = await t.api('POST', '/api/admin/products', {
      cookie: c.admin,
      body: { name: `Batch Fan ${Date.now()}`, description: 'A fan', price: '100.00', bv: '50', gst: '0', category: 'ceiling_fan', purchaseType: 'first_purchase' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    productId = r.body.id;
  });
  afterAll(() => t?.close());

  const buy = (cookie: string, address = '12 Residency Road, Camp, Pune', key?: string) =>
    t.api('POST', '/api/purchases', {
      cookie,
      headers: key ? { 'idempotency-key': key } : {},
      body: { productId, quantity: 1, paymentMethod: 'wallet', deliveryAddress: address, deliveryState: 'Maharashtra', deliveryPincode: '411001' },
    });
  const members = async (n: number, balance: string) => {
    const out = [];
    for (let i = 0; i < n; i++) out.push(await fundedMember(t, c.admin, balance));
    return out;
  };

  it('12 buyers with 4 purchases each at once, funds for 3: exactly 3 each, in batches, every row as alone', async () => {
    const buyers = await members(12, '300');
    const before = { ...purchaseBatchesOf(t.runtime.ctx.db)?.sent };
    const answers = await Promise.all(buyers.flatMap((b) => Array.from({ length: 4 }, () => buy(b.cookie))));
    const sent = purchaseBatchesOf(t.runtime.ctx.db)!.sent;
    // Some purchases shared a statement, and the database took every one.
    expect(sent.batches - (before.batches ?? 0)).toBeGreaterThan(0);
    expect(sent.largest).toBeGreaterThan(1);
    expect(sent.refused).toBe(before.refused ?? 0);
    for (const [i, b] of buyers.entries()) {
      const mine = answers.slice(i * 4, i * 4 + 4);
      expect(mine.filter((a) => a.status === 201)).toHaveLength(3);
      expect(mine.filter((a) => a.status === 400 && a.body.code === 'INSUFFICIENT_FUNDS')).toHaveLength(1);
      await expectLedgerSound(t, b.user.id);
      const rows = await query<{ balance: string; purchases: number; journal: number; ledger: number; audits: number; last_after: string }>(
        t,
        sql`select (select balance::text from wallet_balances where user_id = ${b.user.id}::uuid) as balance,
                   (select count(*)::int from purchases where user_id = ${b.user.id}::uuid and payment_status = 'completed') as purchases,
                   (select count(*)::int from volume_events v join purchases p on p.id = v.purchase_id where p.user_id = ${b.user.id}::uuid and v.kind = 'purchase') as journal,
                   (select count(*)::int from transactions where user_id = ${b.user.id}::uuid and type = 'purchase') as ledger,
                   (select count(*)::int from audit_log a join purchases p on a.entity_id = p.id::text where p.user_id = ${b.user.id}::uuid and a.action = 'purchase.wallet') as audits,
                   (select balance_after::text from transactions where user_id = ${b.user.id}::uuid order by seq desc limit 1) as last_after`,
      );
      expect(rows[0]).toEqual({ balance: '0.00', purchases: 3, journal: 3, ledger: 3, audits: 3, last_after: '0.00' });
    }
    // Each audit row carries the balance its own debit left, and each ledger row points at its purchase.
    const mismatched = await query<{ n: number }>(
      t,
      sql`select count(*)::int as n from transactions x join purchases p on p.id::text = x.reference_id
          join audit_log a on a.entity_id = p.id::text and a.action = 'purchase.wallet'
          where p.user_id = any(${`{${buyers.map((b) => b.user.id).join(',')}}`}::uuid[]) and (a.new_state->>'balanceAfter' <> x.balance_after::text or x.user_id <> p.user_id)`,
    );
    expect(mismatched[0].n).toBe(0);
  });

  it('a purchase whose wallet another transaction holds goes on its own: the rest of its batch does not wait', async () => {
    // A payout posting's batch holds thousands of wallets until it commits; a statement that waited for one of them
    // held up every purchase in it.
    const buyers = await members(6, '300');
    const held = buyers[2].user.id;
    const purchase = (userId: string) => walletPurchaseOf(userId, { id: productId, name: 'Batch Fan' }, t.clock.now());
    const other = new pg.Client({ connectionString: t.directDatabaseUrl });
    await other.connect();
    // The first two purchases go out at once, alone; the four after them wait and go together, the held wallet's among them.
    const batches = new PurchaseBatches(t.runtime.ctx.db);
    const stillWaiting = (p: Promise<unknown>) => Promise.race([p.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), 300))]);
    try {
      await other.query('begin');
      await other.query('select 1 from wallet_balances where user_id = $1 for no key update', [held]);
      const outcomes = buyers.map((b) => batches.submit(purchase(b.user.id)));
      const rest = await Promise.all(outcomes.filter((_, i) => i !== 2));
      expect(rest).toEqual(Array.from({ length: 5 }, () => ({ funded: true, balanceAfter: '200.00' })));
      expect(batches.sent).toMatchObject({ batches: 1, purchases: 4, skipped: 1, refused: 0 });
      // The held buyer's purchase waits for the wallet alone, and the buyer's next purchase waits behind it.
      const next = batches.submit(purchase(held));
      expect(await stillWaiting(outcomes[2])).toBe(true);
      expect(await stillWaiting(next)).toBe(true);
      await other.query('commit');
      expect(await outcomes[2]).toEqual({ funded: true, balanceAfter: '200.00' });
      expect(await next).toEqual({ funded: true, balanceAfter: '100.00' });
    } finally {
      await other.end();
    }
    for (const b of buyers) await expectLedgerSound(t, b.user.id);
  });

  it('a batch the database refuses is sent again one purchase at a time: only the bad one fails', async () => {
    const buyers = await members(8, '100');
    // One purchase's row is refused by the database (what an unforeseen constraint would do): the statement carrying
    // it rolls back entirely, and each purchase of that batch is answered on its own.
    await t.runtime.ctx.db.execute(
      sql.raw(`create or replace function test_refuse_poison() returns trigger language plpgsql as $$
               begin if new.delivery_address like 'Poison%' then raise exception 'poisoned row' using errcode = '23514'; end if; return new; end $$;
               create trigger test_refuse_poison before insert on purchases for each row execute function test_refuse_poison();`),
    );
    try {
      const before = { ...purchaseBatchesOf(t.runtime.ctx.db)!.sent };
      const answers = await Promise.all(buyers.map((b, i) => buy(b.cookie, i === 3 ? 'Poison Lane 4, Camp, Pune' : '12 Residency Road, Camp, Pune')));
      expect(purchaseBatchesOf(t.runtime.ctx.db)!.sent.batches).toBeGreaterThan(before.batches);
      // Refused once when it shared a statement (it may have gone alone, first in).
      expect(purchaseBatchesOf(t.runtime.ctx.db)!.sent.refused).toBeLessThanOrEqual(before.refused + 1);
      expect(answers.map((a) => a.status)).toEqual(buyers.map((_, i) => (i === 3 ? 500 : 201)));
      for (const [i, b] of buyers.entries()) {
        const [w] = await query<{ balance: string; n: number }>(
          t,
          sql`select (select balance::text from wallet_balances where user_id = ${b.user.id}::uuid) as balance,
                     (select count(*)::int from purchases where user_id = ${b.user.id}::uuid) as n`,
        );
        expect(w).toEqual(i === 3 ? { balance: '100.00', n: 0 } : { balance: '0.00', n: 1 });
        await expectLedgerSound(t, b.user.id);
      }
    } finally {
      await t.runtime.ctx.db.execute(sql.raw('drop trigger test_refuse_poison on purchases; drop function test_refuse_poison();'));
    }
  });

  const walletOf = async (userId: string) =>
    (
      await query<{ balance: string; purchases: number; keys: number }>(
        t,
        sql`select (select balance::text from wallet_balances where user_id = ${userId}::uuid) as balance,
                   (select count(*)::int from purchases where user_id = ${userId}::uuid) as purchases,
                   (select count(*)::int from idempotency_keys where user_id = ${userId}::uuid) as keys`,
      )
    )[0];

  it('keyed purchases of many buyers share statements; each key answers its first answer again and moves nothing', async () => {
    const buyers = await members(10, '250');
    const before = { ...purchaseBatchesOf(t.runtime.ctx.db)!.sent };
    const first = await Promise.all(buyers.map((b, i) => buy(b.cookie, undefined, `batch-key-${i}-${b.user.id}`)));
    expect(first.map((a) => a.status)).toEqual(buyers.map(() => 201));
    expect(purchaseBatchesOf(t.runtime.ctx.db)!.sent.batches).toBeGreaterThan(before.batches);
    // Every first purchase was made by its coalesced statement (no refusal sent one to its own transaction).
    expect(purchaseBatchesOf(t.runtime.ctx.db)!.sent.refused).toBe(before.refused);
    // Repeats, all at once: the stored answers, byte for byte; nothing more is bought.
    const again = await Promise.all(buyers.map((b, i) => buy(b.cookie, undefined, `batch-key-${i}-${b.user.id}`)));
    expect(again.map((a) => a.body)).toEqual(first.map((a) => a.body));
    for (const b of buyers) {
      expect(await walletOf(b.user.id)).toEqual({ balance: '150.00', purchases: 1, keys: 1 });
      await expectLedgerSound(t, b.user.id);
    }
    // The same key with another body is refused.
    const other = await buy(buyers[0].cookie, '99 Another Road, Camp, Pune', `batch-key-0-${buyers[0].user.id}`);
    expect(other.status).toBe(409);
    expect(await walletOf(buyers[0].user.id)).toEqual({ balance: '150.00', purchases: 1, keys: 1 });
  });

  it('20 parallel requests with one key: one purchase and 20 identical answers', async () => {
    const [b] = await members(1, '1000');
    const answers = await Promise.all(Array.from({ length: 20 }, () => buy(b.cookie, undefined, `one-key-${b.user.id}`)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await walletOf(b.user.id)).toEqual({ balance: '900.00', purchases: 1, keys: 1 });
    await expectLedgerSound(t, b.user.id);
  });

  it('a keyed purchase refused for funds leaves no key: its retry after a top-up buys once', async () => {
    const buyers = await members(4, '50');
    const refused = await Promise.all(buyers.map((b) => buy(b.cookie, undefined, `poor-${b.user.id}`)));
    expect(refused.map((a) => a.body.code)).toEqual(buyers.map(() => 'INSUFFICIENT_FUNDS'));
    for (const b of buyers) expect(await walletOf(b.user.id)).toEqual({ balance: '50.00', purchases: 0, keys: 0 });
    const r = await t.api('POST', '/api/admin/send-fund', { cookie: c.admin, body: { userId: buyers[0].user.userId, option: 'Credit', amount: '50', remarks: 'Top-up' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await buy(buyers[0].cookie, undefined, `poor-${buyers[0].user.id}`)).status).toBe(201);
    expect(await walletOf(buyers[0].user.id)).toEqual({ balance: '0.00', purchases: 1, keys: 1 });
  });

  it('a key stored meanwhile by another process: the statement is refused, and the request answers that answer', async () => {
    const buyers = await members(3, '100');
    const key = `raced-${buyers[1].user.id}`;
    // Another app process claims the key and has not committed yet.
    const other = new pg.Client({ connectionString: t.directDatabaseUrl });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`insert into idempotency_keys (user_id, key, route, request_hash, status_code, response) values ($1, $2, 'POST /api/purchases', 'elsewhere', null, null)`, [
        buyers[1].user.id,
        key,
      ]);
      const answers = Promise.all(buyers.map((b, i) => buy(b.cookie, undefined, i === 1 ? key : `raced-${b.user.id}`)));
      // The batch wrote its rows and waits on that key; then the other process commits its answer.
      for (let waited = 0; ; waited += 20) {
        // Inside a transaction the activity view is read once: clear that copy before each look.
        await other.query('select pg_stat_clear_snapshot()');
        const w = await other.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
        if (w.rows[0].n > 0) break;
        if (waited > 10_000) throw new Error('the batch never waited on the key');
        await new Promise((r) => setTimeout(r, 20));
      }
      await other.query(`update idempotency_keys set status_code = 201, request_hash = $3, response = null where user_id = $1 and key = $2`, [buyers[1].user.id, key, 'elsewhere']);
      await other.query('commit');
      const got = await answers;
      // Another body's hash is stored under the key: refused as a reuse, and nothing bought for it.
      expect(got.map((a) => a.status)).toEqual([201, 409, 201]);
      expect(await walletOf(buyers[1].user.id)).toEqual({ balance: '100.00', purchases: 0, keys: 1 });
      for (const i of [0, 2]) expect(await walletOf(buyers[i].user.id)).toEqual({ balance: '0.00', purchases: 1, keys: 1 });
      for (const b of buyers) await expectLedgerSound(t, b.user.id);
    } finally {
      await other.end();
    }
  });
});
