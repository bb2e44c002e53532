import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { query, uniqueEmail } from '../support/http';
import { actorFor } from '../support/actor';
import { bank, bankProfile, expectLedgerSound, verifyKyc } from '../support/money';
import { placeMember } from '../../server/modules/tree/tree.service';
import { postLedger } from '../../server/modules/wallet/ledger.service';
import { BATCH_TRIES, JOB_POSTERS, postCycle } from '../../server/modules/compensation';
import type { UserRow } from '../../server/modules/users/users.repo';
import { closePairingCycle } from '../support/compensation';
import * as cyclesRepo from '../../server/modules/compensation/cycles.repo';

/**
 * Posting a payout cycle under concurrency (docs/spec/compensation.md §5, docs/spec/decisions.md §6): members buying and
 * withdrawing while it posts, several admins posting at once, and a posting that dies half-way. Every
 * member is either fully posted (payout marked, every ledger row present) or not at all, each payout is
 * credited once, and every wallet equals its ledger with an unbroken before/after chain.
 * The backend kill needs PostgreSQL (TEST_DATABASE_URL); the rest runs on PGlite too, serialised.
 */
let t: TestApp;
let admin: string;
let admin2: string;
let adminRow: UserRow;
let admin2Row: UserRow;
/** Calculates the weeks: the admins who post them must be others (issue 29). */
let admin3: string;
let productId: string;
const BASE = '/api/admin/compensation';
const N = 30;
const members: { user: UserRow; cookie: string }[] = [];

let seed = 424242;
const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const paise = (v: string) => Math.round(Number(v) * 100);

beforeAll(async () => {
  t = await startTestApp({ autoSettle: false, config: { dbPoolSize: 12 } });
  admin = await t.login(t.demo.admin.email, t.demo.admin.password);
  adminRow = (await userByEmail(t, t.demo.admin.email))!;
  admin2Row = await t.createUser({ email: 'concurrency.admin2@example.com', password: 'Second#Admin1', role: 'admin' });
  admin2 = await t.login('concurrency.admin2@example.com', 'Second#Admin1');
  await t.createUser({ email: 'concurrency.admin3@example.com', password: 'Third#Admin1', role: 'admin' });
  admin3 = await t.login('concurrency.admin3@example.com', 'Third#Admin1');
  const p = await t.api('POST', '/api/admin/products', { cookie: admin, body: { name: 'Race Pack', price: '50.00', bv: '50.00', gst: '0', category: 'others', purchaseType: 'first_purchase' } });
  expect(p.status, JSON.stringify(p.body)).toBe(201);
  productId = p.body.id ?? p.body.product?.id;
  const founder = (await userByEmail(t, t.demo.founder.email))!;
  // A full binary tree of N members (member i under member (i-1)/2), each sponsored by their parent,
  // with a bank account verified by approved KYC (they withdraw, issue 13) and 5,000.00 in the wallet.
  for (let i = 0; i < N; i++) {
    const email = uniqueEmail('race');
    const parent = i === 0 ? null : members[Math.floor((i - 1) / 2)].user;
    const u = await t.createUser({ email, password: 'Race#12345', firstName: `Race${i}`, sponsorId: parent?.id ?? founder.id, ...bankProfile });
    await t.runtime.ctx.db.transaction((tx) => placeMember(tx, u, parent ? { startId: parent.id, side: i % 2 === 1 ? 'left' : 'right' } : { startId: founder.id, side: 'right' }, t.clock.now()));
    await t.runtime.ctx.db.transaction((tx) => postLedger(tx, u.id, '5000.00', 'admin_credit', { description: 'Opening balance', now: t.clock.now() }));
    const cookie = await t.login(email, 'Race#12345');
    await verifyKyc(t, cookie, admin);
    members.push({ user: u, cookie });
  }
  await t.settle();
}, 180_000);
afterAll(async () => t?.close());

const buy = (m: { cookie: string }, quantity: number) =>
  t.api('POST', '/api/purchases', {
    cookie: m.cookie,
    body: { productId, quantity, paymentMethod: 'wallet', deliveryAddress: 'Race Course Road 1, Pune 411001', deliveryState: 'Maharashtra', deliveryPincode: '411001' },
  });
const withdraw = (m: { cookie: string }, amount: string) => t.api('POST', '/api/withdrawals', { cookie: m.cookie, body: { withdrawalType: 'bank', amount, bankDetails: bank } });

/** A week in which the deeper half of the tree buys: closed, calculated (third admin) and approved, ready to post. */
async function approvedWeek() {
  for (const m of members.slice(N / 2 - 1)) {
    const r = await buy(m, 1 + Math.floor(rand() * 6));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
  await t.settle();
  const id = await closePairingCycle(t, admin);
  expect((await t.api('POST', `${BASE}/cycles/${id}/calculate`, { cookie: admin3 })).status).toBe(200);
  expect((await t.api('POST', `${BASE}/cycles/${id}/approve`, { cookie: admin2 })).status).toBe(200);
  const payouts = await query<{ member_id: string; gross: string; admin_charge: string; tds: string; net: string }>(
    t,
    sql`
    select member_id::text, gross::text, admin_charge::text, tds::text, net::text from comp_payouts where cycle_id = ${id}::uuid order by member_id`,
  );
  // Enough members are paid for several batches.
  expect(payouts.length).toBeGreaterThanOrEqual(10);
  return { id, payouts };
}

async function ledgerOf(cycleId: string) {
  return query<{ user_id: string; type: string; amount: string }>(t, sql`select user_id::text, type, amount::text from transactions where reference_id = ${cycleId} order by seq`);
}
async function linesOf(cycleId: string) {
  return query<{ member_id: string; type: string; amount: string }>(t, sql`select member_id::text, type, sum(amount)::text as amount from comp_lines where cycle_id = ${cycleId}::uuid group by 1, 2`);
}

/**
 * Each member of the cycle is either posted (payout marked, exactly one ledger row per income type and
 * deduction, summing to the net) or not at all (payout unmarked, no ledger row). Answers how many are posted.
 */
async function expectAllOrNothing(cycleId: string) {
  const payouts = await query<{ member_id: string; admin_charge: string; tds: string; net: string; posted: boolean }>(
    t,
    sql`
    select member_id::text, admin_charge::text, tds::text, net::text, posted_at is not null as posted from comp_payouts where cycle_id = ${cycleId}::uuid`,
  );
  const ledger = await ledgerOf(cycleId);
  const lines = await linesOf(cycleId);
  let posted = 0;
  for (const p of payouts) {
    const mine = ledger.filter((r) => r.user_id === p.member_id);
    if (!p.posted) {
      expect(mine, `member ${p.member_id} is not posted: no ledger row`).toEqual([]);
      continue;
    }
    posted += 1;
    const expected: Record<string, string> = Object.fromEntries(lines.filter((l) => l.member_id === p.member_id).map((l) => [l.type, l.amount]));
    if (paise(p.admin_charge) > 0) expected.admin_charge = `-${p.admin_charge}`;
    if (paise(p.tds) > 0) expected.tds = `-${p.tds}`;
    expect(mine.length, `member ${p.member_id}: one row per type`).toBe(Object.keys(expected).length);
    expect(Object.fromEntries(mine.map((r) => [r.type, r.amount]))).toEqual(expected);
    expect(mine.reduce((s, r) => s + paise(r.amount), 0)).toBe(paise(p.net));
  }
  // Nobody outside the cycle's payouts got a row of it.
  expect(new Set(ledger.map((r) => r.user_id)).size).toBeLessThanOrEqual(payouts.filter((p) => p.posted).length);
  // The year-to-date totals the next calculation reads (TDS) are exactly the posted payouts, batch by batch.
  const ytd = await query<{ member_id: string; fy: number; gross: string; tds: string; posted_gross: string | null; posted_tds: string | null }>(
    t,
    sql`
    select y.member_id::text, y.fy, y.gross::text, y.tds::text, s.gross::text as posted_gross, s.tds::text as posted_tds
    from comp_ytd y full join (select member_id, fy, sum(lines_total) as gross, sum(tds) as tds from comp_payouts where posted_at is not null group by 1, 2) s
      on s.member_id = y.member_id and s.fy = y.fy`,
  );
  for (const y of ytd) expect([y.gross, y.tds], `year to date of ${y.member_id}`).toEqual([y.posted_gross, y.posted_tds]);
  return { posted, total: payouts.length };
}

async function expectMoneySound() {
  for (const m of members) await expectLedgerSound(t, m.user.id);
  const [s] = await query<{ wallets: string; ledger: string; off: number }>(
    t,
    sql`select
    (select coalesce(sum(balance), 0)::text from wallet_balances) as wallets,
    (select coalesce(sum(amount), 0)::text from transactions) as ledger,
    (select count(*)::int from wallet_balances w where w.balance <> coalesce((select sum(x.amount) from transactions x where x.user_id = w.user_id), 0)) as off`,
  );
  expect(s.wallets).toBe(s.ledger);
  expect(Number(s.off)).toBe(0);
}

async function cycleStatus(id: string) {
  return (await query<{ status: string }>(t, sql`select status from comp_cycles where id = ${id}::uuid`))[0].status;
}

describe('posting a cycle under concurrency', () => {
  it('members buy and withdraw while the cycle posts in batches: nothing lost, nothing paid twice, the chain holds', async () => {
    const { id, payouts } = await approvedWeek();
    const balance = async () =>
      new Map((await query<{ user_id: string; balance: string }>(t, sql`select user_id::text, balance::text from wallet_balances`)).map((r) => [r.user_id, paise(r.balance)]));
    const before = await balance();
    const spent = new Map<string, number>();
    const purchaseIds: string[] = [];
    // Each batch keeps its wallets locked a little longer, so that member requests queue behind them. Two posters
    // side by side, as the posting job runs them (JOB_POSTERS).
    const batches: string[][] = [];
    const work: Promise<unknown>[] = [
      postCycle(t.runtime.ctx, actorFor(adminRow), id, {
        batchSize: 3,
        posters: JOB_POSTERS,
        beforeCommit: async (_tx, b) => {
          batches.push(b.memberIds);
          await new Promise((r) => setTimeout(r, 25));
        },
      }),
    ];
    for (const m of members) {
      const q = 1 + Math.floor(rand() * 3);
      const amount = `${100 + Math.floor(rand() * 400)}.${String(Math.floor(rand() * 100)).padStart(2, '0')}`;
      work.push(
        buy(m, q).then((r) => {
          expect(r.status, JSON.stringify(r.body)).toBe(201);
          purchaseIds.push(r.body.purchase.id);
          spent.set(m.user.id, (spent.get(m.user.id) ?? 0) + paise(r.body.purchase.totalAmount));
        }),
      );
      work.push(
        withdraw(m, amount).then((r) => {
          expect(r.status, JSON.stringify(r.body)).toBe(201);
          spent.set(m.user.id, (spent.get(m.user.id) ?? 0) + paise(amount));
        }),
      );
    }
    // The poster and 60 member requests interleave.
    for (let i = work.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [work[i], work[j]] = [work[j], work[i]];
    }
    await Promise.all(work);
    expect(await cycleStatus(id)).toBe('posted');

    const { posted, total } = await expectAllOrNothing(id);
    expect(posted).toBe(total);
    // Every payout in exactly one committed batch.
    expect(batches.flat().length).toBe(total);
    expect(new Set(batches.flat()).size).toBe(total);
    // Each wallet moved by exactly its net, less what it spent and withdrew.
    const after = await balance();
    const net = new Map(payouts.map((p) => [p.member_id, paise(p.net)]));
    for (const m of members) {
      expect(after.get(m.user.id), `wallet of ${m.user.firstName}`).toBe(before.get(m.user.id)! + (net.get(m.user.id) ?? 0) - (spent.get(m.user.id) ?? 0));
    }
    await expectMoneySound();
    // The purchases completed after the close belong to the next cycle.
    await t.settle();
    const [late] = await query<{ inPosted: number; elsewhere: number }>(
      t,
      sql`select
      count(*) filter (where pairing_cycle_id = ${id}::uuid)::int as "inPosted", count(*) filter (where pairing_cycle_id <> ${id}::uuid)::int as elsewhere
      from volume_events where purchase_id = any(${sql.param(purchaseIds)}::uuid[])`,
    );
    expect([Number(late.inPosted), Number(late.elsewhere)]).toEqual([0, N]);
  }, 120_000);

  it('two admins post while a third posting holds a batch: the cycle is posted once, every payout credited once', async () => {
    const { id } = await approvedWeek();
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let entered!: () => void;
    const inBatch = new Promise<void>((r) => {
      entered = r;
    });
    // The first poster claims three members and holds its transaction open.
    const first = postCycle(t.runtime.ctx, actorFor(adminRow), id, {
      batchSize: 3,
      beforeCommit: async (_tx, b) => {
        if (b.number === 1) {
          entered();
          await gate;
        }
      },
    });
    await inBatch;
    const both = Promise.all([t.api('POST', `${BASE}/cycles/${id}/post`, { cookie: admin2 }), t.api('POST', `${BASE}/cycles/${id}/post`, { cookie: admin })]);
    if (process.env.TEST_DATABASE_URL) {
      // They post every member the first poster has not claimed, then see its batch still open.
      for (const r of await both) {
        expect(r.status, JSON.stringify(r.body)).toBe(409);
        expect(r.body).toMatchObject({ code: 'CONFLICT', message: 'Another admin is posting this cycle; it finishes in a moment' });
      }
    } else {
      // PGlite runs one transaction at a time: the two wait for the first poster's batch.
      setTimeout(release, 100);
    }
    release();
    expect((await first).status).toBe('posted');
    for (const r of await both) {
      expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
      if (r.status === 200) expect(r.body.status).toBe('posted');
    }
    expect(await cycleStatus(id)).toBe('posted');
    const { posted, total } = await expectAllOrNothing(id);
    expect(posted).toBe(total);
    const [audits] = await query<{ n: number }>(t, sql`select count(*)::int as n from audit_log where entity_id = ${id} and action = 'cycle.posted'`);
    expect(Number(audits.n)).toBe(1);
    // Four more posters at once, and a later post: each answers the posted cycle and moves nothing.
    const rows = (await ledgerOf(id)).length;
    const again = await Promise.all([
      t.api('POST', `${BASE}/cycles/${id}/post`, { cookie: admin2 }),
      t.api('POST', `${BASE}/cycles/${id}/post`, { cookie: admin }),
      postCycle(t.runtime.ctx, actorFor(adminRow), id, { batchSize: 1 }),
      postCycle(t.runtime.ctx, actorFor(admin2Row), id),
    ]);
    expect(again.map((a) => ('body' in a ? [a.status, a.body.status] : [200, a.status]))).toEqual(Array.from({ length: 4 }, () => [200, 'posted']));
    expect((await ledgerOf(id)).length).toBe(rows);
    await expectMoneySound();
  }, 120_000);

  it('a batch that fails half-way leaves its members unposted and the batches before it posted; the retry finishes the rest', async () => {
    const { id } = await approvedWeek();
    const failing = postCycle(t.runtime.ctx, actorFor(adminRow), id, {
      batchSize: 4,
      beforeCommit: async (_tx, b) => {
        if (b.number === 3) throw new Error('the process dies here');
      },
    });
    await expect(failing).rejects.toThrow('the process dies here');
    expect(await cycleStatus(id)).toBe('approved');
    const half = await expectAllOrNothing(id);
    expect(half.posted).toBe(8);
    await expectMoneySound();
    const retry = await t.api('POST', `${BASE}/cycles/${id}/post`, { cookie: admin2 });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.status).toBe('posted');
    const all = await expectAllOrNothing(id);
    expect(all.posted).toBe(all.total);
    await expectMoneySound();
  }, 120_000);

  it('a batch that loses a deadlock runs again in place: the posting finishes, every payout posted once', async () => {
    const { id } = await approvedWeek();
    const seen: number[] = [];
    const summary = await postCycle(t.runtime.ctx, actorFor(adminRow), id, {
      batchSize: 4,
      beforeCommit: async (_tx, b) => {
        seen.push(b.number);
        // The second batch loses twice (what PostgreSQL answers the victim of a deadlock), then commits.
        if (b.number === 2 || b.number === 3) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      },
    });
    expect(summary.status).toBe('posted');
    expect(seen.slice(0, 4)).toEqual([1, 2, 3, 4]);
    const all = await expectAllOrNothing(id);
    expect(all.posted).toBe(all.total);
    await expectMoneySound();
  }, 120_000);

  it('a batch that keeps losing conflicts stops the posting after BATCH_TRIES tries; the retry finishes', async () => {
    const { id } = await approvedWeek();
    let tries = 0;
    const info = vi.spyOn(t.runtime.ctx.log, 'info');
    const losing = postCycle(t.runtime.ctx, actorFor(adminRow), id, {
      batchSize: 4,
      beforeCommit: async (_tx, b) => {
        if (b.number < 2) return;
        tries += 1;
        throw Object.assign(new Error('could not serialize access'), { code: '40001' });
      },
    });
    await expect(losing).rejects.toThrow('could not serialize access');
    expect(tries).toBe(BATCH_TRIES);
    // The log tells where the posting's time went: every transaction tried (the first batch and the three tries of the
    // second), and the time of each step summed over them.
    const stopped = info.mock.calls.find((c) => c[1] === 'cycle posting stopped')?.[0] as { transactions: number; ms: Record<string, number> } | undefined;
    info.mockRestore();
    expect(stopped?.transactions).toBe(1 + BATCH_TRIES);
    expect(Object.keys(stopped?.ms ?? {})).toEqual(expect.arrayContaining(['claim', 'lines', 'markPosted', 'ytd', 'ledger', 'transaction']));
    expect((await expectAllOrNothing(id)).posted).toBe(4);
    const retry = await t.api('POST', `${BASE}/cycles/${id}/post`, { cookie: admin2 });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    const all = await expectAllOrNothing(id);
    expect(all.posted).toBe(all.total);
    await expectMoneySound();
  }, 120_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a posting whose database connection is killed mid-batch: each member fully posted or not at all; the retry finishes once',
    async () => {
      const { id } = await approvedWeek();
      let killed = 0;
      const dying = postCycle(t.runtime.ctx, actorFor(adminRow), id, {
        batchSize: 3,
        beforeCommit: async (tx, b) => {
          if (b.number !== 3) return;
          const [{ pid }] = ((await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }).rows;
          // node-postgres emits the lost connection as an 'error' event of the checked-out client, which the
          // pool does not listen to while the client is checked out: listen here, as the dying process would.
          (tx as unknown as { session: { client: { on(e: 'error', f: () => void): void } } }).session.client.on('error', () => undefined);
          // Another connection ends this backend while its transaction holds the batch's writes.
          const [r] = await query<{ ok: boolean }>(t, sql`select pg_terminate_backend(${pid}::int) as ok`);
          expect(r.ok).toBe(true);
          killed = pid;
          await tx.execute(sql`select 1`);
        },
      });
      await expect(dying).rejects.toThrow();
      expect(killed).toBeGreaterThan(0);
      // The killed backend's transaction is rolled back by PostgreSQL.
      for (let i = 0; i < 50; i++) {
        const [gone] = await query<{ n: number }>(t, sql`select count(*)::int as n from pg_stat_activity where pid = ${killed}::int`);
        if (Number(gone.n) === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await cycleStatus(id)).toBe('approved');
      const half = await expectAllOrNothing(id);
      expect(half.posted).toBe(6);
      await expectMoneySound();
      // Two admins retry at once; the rest is posted exactly once.
      const [a, b] = await Promise.all([t.api('POST', `${BASE}/cycles/${id}/post`, { cookie: admin }), t.api('POST', `${BASE}/cycles/${id}/post`, { cookie: admin2 })]);
      expect([a.status, b.status]).toContain(200);
      for (const r of [a, b]) expect([200, 409]).toContain(r.status);
      expect(await cycleStatus(id)).toBe('posted');
      const all = await expectAllOrNothing(id);
      expect(all.posted).toBe(all.total);
      await expectMoneySound();
    },
    120_000,
  );
});

describe('the journal while a cycle is calculated', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "the applier hands a closed cycle's legs over while a calculation holds that cycle: volume keeps flowing",
    async () => {
      // The deeper members buy; the close leaves their ancestors' rows holding this cycle's legs.
      for (const m of members.slice(N / 2)) expect((await buy(m, 1)).status).toBe(201);
      await t.settle();
      const id = await closePairingCycle(t, admin);
      // A purchase in the new cycle: applying it hands the ancestors' legs over to leg_volumes under the closed
      // cycle (a foreign key to it), while another transaction holds the cycle as a calculation does for its whole run.
      expect((await buy(members[N - 1], 1)).status).toBe(201);
      const handedBefore = (await query<{ n: number }>(t, sql`select count(*)::int as n from leg_volumes where cycle_id = ${id}::uuid`))[0].n;
      const outcome = await t.runtime.ctx.db.transaction(async (tx) => {
        expect((await cyclesRepo.findCycle(tx, id, true))?.status).toBe('closed');
        const timer = new Promise<'stuck'>((r) => setTimeout(() => r('stuck'), 15_000));
        return Promise.race([t.settle().then(() => 'applied' as const), timer]);
      });
      expect(outcome).toBe('applied');
      await t.settle();
      const [after] = await query<{ n: number; pending: number }>(
        t,
        sql`select (select count(*)::int from leg_volumes where cycle_id = ${id}::uuid) as n, (select count(*)::int from volume_events where applied_at is null) as pending`,
      );
      expect(after.n).toBeGreaterThan(Number(handedBefore));
      expect(after.pending).toBe(0);
    },
    60_000,
  );
});
