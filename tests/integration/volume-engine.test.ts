import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { startTestApp, userByEmail, volumeByEmail, type TestApp } from '../support/test-app';
import { demoCookies, query, uniqueEmail } from '../support/http';
import { expectTreeSound } from '../support/tree';
import { placeMember, repairTree, lockTree } from '../../server/modules/tree/tree.service';
import { postLedger } from '../../server/modules/wallet/ledger.service';
import { applyBatch, drainJournal } from '../../server/modules/volume/applier.service';
import { journalConsumers } from '../../server/modules/volume/journal-consumers';
import { openDatabase, rawRows, type Database } from '../../server/db/client';
import { hashPassword } from '../../server/lib/password';
import { startJobRunner } from '../../server/workers/job-runner';
import { jobDefinitions } from '../../server/workers/jobs';
import type { AppContext } from '../../server/context';
import type { UserRow } from '../../server/modules/users/users.repo';

let t: TestApp;
let c: Awaited<ReturnType<typeof demoCookies>>;
let productId: string;
const DAY = 86_400_000;

beforeAll(async () => {
  // The tests drive the journal themselves: no settle after each write.
  t = await startTestApp({ config: { dbPoolSize: 12 }, autoSettle: false });
  c = await demoCookies(t);
  const p = await t.api('POST', '/api/admin/products', {
    cookie: c.admin,
    body: { name: 'Journal Kit', price: '100', bv: '37.25', gst: '0', category: 'others', purchaseType: 'second_purchase' },
  });
  productId = p.body.product?.id ?? p.body.id;
  await t.settle();
}, 120_000);
afterAll(async () => t?.close());
const db = () => t.runtime.ctx.db;

const buy = (cookie: string, quantity = 1) =>
  t.api('POST', '/api/purchases', {
    cookie,
    body: { productId, quantity, paymentMethod: 'wallet', deliveryAddress: 'Journal Street 12, Pune 411001', deliveryState: 'Maharashtra', deliveryPincode: '411001' },
  });

async function credit(userId: string, amount: string) {
  await db().transaction((tx) => postLedger(tx, userId, amount, 'admin_credit', { description: 'test credit', now: new Date() }));
}

/** A member placed at `side` of `startId` (spillover as usual), with a wallet and a session. */
async function placedBuyer(startId: string, side: 'left' | 'right') {
  const email = uniqueEmail('vol');
  const u = await t.createUser({ email, password: 'Volume#123' });
  await db().transaction((tx) => placeMember(tx, u, { startId, side }, t.clock.now()));
  await credit(u.id, '1000000.00');
  return { user: (await userByEmail(t, email))!, cookie: await t.login(email, 'Volume#123') };
}

/** The founder and a buyer placed at `side` of the founder, the placement applied. */
async function founderWithBuyer(side: 'left' | 'right') {
  const founder = (await userByEmail(t, t.demo.founder.email))!;
  const b = await placedBuyer(founder.id, side);
  await t.settle();
  return { founder, b };
}

/** A straight chain of `n` members hanging from the left slot of `top`, written in bulk, counters recounted. */
async function chainBelow(top: UserRow, n: number) {
  const ids = Array.from({ length: n }, () => randomUUID());
  const userIds = ids.map(
    (_, i) =>
      `CH${String(1_000_000 + i)
        .slice(1)
        .padStart(7, '0')}`,
  );
  const emails = ids.map((_, i) => `chain.${i}.${Date.now().toString(36)}@example.com`);
  const parents = ids.map((_, i) => (i === 0 ? top.id : ids[i - 1]));
  const levels = ids.map((_, i) => top.level + i + 1);
  const password = await hashPassword('Chain#1234');
  await db().execute(sql`
    insert into users (id, user_id, email, password, first_name, last_name, role, status, email_verified, first_login, id_status,
                       parent_id, position, level, placed_at, registration_date, activation_date)
    select c.id, c.uid, c.email, ${password}, 'Chain', 'Member', 'user', 'active', true, false, 'Active', c.parent, 'left', c.lvl, now(), now(), now()
    from unnest(${sql.param(ids)}::uuid[], ${sql.param(userIds)}::text[], ${sql.param(emails)}::text[], ${sql.param(parents)}::uuid[], ${sql.param(levels)}::int[])
      as c(id, uid, email, parent, lvl)`);
  await db().execute(sql`
    update users t set left_child_id = c.child
    from unnest(${sql.param(parents)}::uuid[], ${sql.param(ids)}::uuid[]) as c(parent, child) where t.id = c.parent`);
  await repairTree(db(), true, t.clock.now());
  const bottom = (await query<{ id: string; user_id: string; level: number }>(t, sql`select id, user_id, level from users where id = ${ids[n - 1]}::uuid`))[0];
  await credit(bottom.id, '1000000.00');
  return { bottom, cookie: await t.login(bottom.user_id, 'Chain#1234') };
}

type Figures = Map<string, { l: bigint; r: bigint }>;
const paise = (v: string) => BigInt(Math.round(Number(v) * 100));

/**
 * The independent recount: every completed purchase walked up the parent links in memory. Lifetime legs
 * per member, and legs per cycle by the cycle each purchase's journal entry was applied to.
 */
async function recountBV() {
  const nodes = new Map(
    (await query<{ id: string; parent_id: string | null; position: string | null }>(t, sql`select id, parent_id, position from users where placed_at is not null`)).map((n) => [n.id, n]),
  );
  const buys = await query<{ user_id: string; bv: string; pc: string; mc: string }>(
    t,
    sql`
    select p.user_id, p.total_bv::text as bv, e.pairing_cycle_id::text as pc, e.monthly_cycle_id::text as mc
    from purchases p join volume_events e on e.purchase_id = p.id where p.payment_status = 'completed'`,
  );
  const life: Figures = new Map();
  const perCycle = new Map<string, Figures>();
  const add = (m: Figures, id: string, side: string | null, bv: bigint) => {
    const f = m.get(id) ?? { l: 0n, r: 0n };
    if (side === 'left') f.l += bv;
    else f.r += bv;
    m.set(id, f);
  };
  for (const b of buys) {
    let cur = nodes.get(b.user_id)!;
    while (cur.parent_id) {
      for (const m of [life, perCycle.get(b.pc) ?? perCycle.set(b.pc, new Map()).get(b.pc)!, perCycle.get(b.mc) ?? perCycle.set(b.mc, new Map()).get(b.mc)!])
        add(m, cur.parent_id, cur.position, paise(b.bv));
      cur = nodes.get(cur.parent_id)!;
    }
  }
  return { life, perCycle };
}

async function expectBVEqualsRecount() {
  const { life, perCycle } = await recountBV();
  const stored = await query<{ id: string; l: string; r: string }>(
    t,
    sql`select u.id, v.left_bv::text as l, v.right_bv::text as r from users u join member_volume v on v.member_id = u.id where u.placed_at is not null`,
  );
  let checked = 0;
  for (const s of stored) {
    const want = life.get(s.id) ?? { l: 0n, r: 0n };
    expect([paise(s.l), paise(s.r)], `lifetime legs of ${s.id}`).toEqual([want.l, want.r]);
    checked++;
  }
  // A cycle's legs: leg_volumes rows (handed over when a later cycle first moved the member) plus the
  // member_volume rows still marked with the cycle.
  const rows = await query<{ cycle_id: string; member_id: string; l: string; r: string }>(
    t,
    sql`
    select cycle_id::text, member_id::text, sum(l)::text as l, sum(r)::text as r from (
      select cycle_id, member_id, left_bv as l, right_bv as r from leg_volumes
      union all select pairing_cycle_id, member_id, pairing_left, pairing_right from member_volume where pairing_left <> 0 or pairing_right <> 0
      union all select monthly_cycle_id, member_id, monthly_left, monthly_right from member_volume where monthly_left <> 0 or monthly_right <> 0) x
    group by cycle_id, member_id`,
  );
  const seen = new Map<string, Figures>();
  for (const r of rows) (seen.get(r.cycle_id) ?? seen.set(r.cycle_id, new Map()).get(r.cycle_id)!).set(r.member_id, { l: paise(r.l), r: paise(r.r) });
  expect([...seen.keys()].sort()).toEqual([...perCycle.keys()].sort());
  for (const [cycle, want] of perCycle) {
    const got = seen.get(cycle)!;
    expect(got.size, `members with BV in cycle ${cycle}`).toBe(want.size);
    for (const [id, f] of want) expect(got.get(id), `cycle ${cycle} member ${id}`).toEqual(f);
  }
  return checked;
}

const pendingCount = async () => Number((await query<{ n: number }>(t, sql`select count(*)::int as n from volume_events where applied_at is null`))[0].n);

describe('the purchase request', () => {
  it("appends one journal entry, shows the purchase with its BV to the buyer at once and leaves every ancestor and the buyer's row alone", async () => {
    const { founder, b } = await founderWithBuyer('left');
    const before = await query<{ id: string; l: string; r: string }>(t, sql`select member_id as id, left_bv::text as l, right_bv::text as r from member_volume where member_id = ${founder.id}::uuid`);
    const r = await buy(b.cookie, 2);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const mine = await t.api('GET', '/api/purchases', { cookie: b.cookie });
    expect(JSON.stringify(mine.body)).toContain('"totalBV":"74.50"');
    expect((await volumeByEmail(t, b.user.email)).totalBV).toBe('0.00');
    expect(await query(t, sql`select member_id as id, left_bv::text as l, right_bv::text as r from member_volume where member_id = ${founder.id}::uuid`)).toEqual(before);
    const [e] = await query<{ kind: string; bv: string; applied_at: Date | null }>(t, sql`select kind, bv::text, applied_at from volume_events where purchase_id = ${r.body.purchase.id}::uuid`);
    expect(e).toMatchObject({ kind: 'purchase', bv: '74.50', applied_at: null });
    await t.settle();
    const after = await volumeByEmail(t, founder.email);
    expect(paise(after.leftBV) - paise(before[0].l)).toBe(7450n);
    expect((await volumeByEmail(t, b.user.email)).totalBV).toBe('74.50');
  });

  it("completes while another transaction holds the tree lock and the ancestors' rows (on PostgreSQL)", async () => {
    if (!t.databaseUrl) return;
    const { b } = await founderWithBuyer('right');
    // A second pool holds the tree lock and locks every ancestor row of the buyer until released.
    const other = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: 'memory://', poolSize: 2 });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holder = other.db.transaction(async (tx) => {
      await lockTree(tx);
      await tx.execute(sql`with recursive up(id) as (select parent_id from users where id = ${b.user.id}::uuid
                             union all select u.parent_id from up join users u on u.id = up.id where u.parent_id is not null)
                           select id from users where id in (select id from up) for update`);
      locked();
      await held;
    });
    await isLocked;
    // The purchase answers while the tree lock and the path's rows are still held: had it waited on them, this await
    // would never end before release() below (the test would time out).
    const r = await buy(b.cookie);
    expect(r.status).toBe(201);
    release();
    await holder;
    await other.close();
    await t.settle();
  });
});

describe('the applier', () => {
  it("never holds a row a placement writes: a placement under the batch's ancestors completes while the batch is open (on PostgreSQL)", async () => {
    if (!t.databaseUrl) return;
    const founder = (await userByEmail(t, t.demo.founder.email))!;
    const parent = await placedBuyer(founder.id, 'left');
    const child = await placedBuyer(parent.user.id, 'left');
    await t.settle();
    // A batch with a purchase and a placement below `parent`: every ancestor's figures are written, then the batch waits open.
    expect((await buy(child.cookie)).status).toBe(201);
    const joiner = await t.createUser({ email: uniqueEmail('join') });
    await db().transaction((tx) => placeMember(tx, joiner, { startId: child.user.id, side: 'right' }, t.clock.now()));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let written!: () => void;
    const isWritten = new Promise<void>((r) => (written = r));
    const batch = applyBatch(t.runtime.ctx, {
      beforeCommit: async () => {
        written();
        await held;
      },
    });
    await isWritten;
    // A new member under the same ancestors: its slot, the parent's child pointer and the open depth upwards.
    const late = await t.createUser({ email: uniqueEmail('late') });
    const placing = db().transaction((tx) => placeMember(tx, late, { startId: parent.user.id, side: 'right' }, t.clock.now()));
    const first = await Promise.race([placing.then(() => 'placed'), new Promise((r) => setTimeout(() => r('still waiting for the batch'), 5_000))]);
    if (first !== 'placed') {
      const dbg = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: 'memory://', poolSize: 1 });
      // What the placement waits for, in the failure's output.
      console.log(
        JSON.stringify(
          await rawRows(
            dbg.db,
            sql`select pid, backend_xid::text, wait_event_type, wait_event, state, left(query, 200) q, pg_blocking_pids(pid) blockers from pg_stat_activity where datname = current_database() and state <> 'idle'`,
          ),
          null,
          1,
        ),
      );
      await dbg.close();
    }
    release();
    expect(first).toBe('placed');
    expect((await placing).parentId).toBe(parent.user.id);
    expect((await batch).outcome).toBe('applied');
    await t.settle();
    await expectTreeSound(db(), t.settle);
    expect(await expectBVEqualsRecount()).toBeGreaterThan(0);
  });

  it('BV of concurrent purchases at mixed depths (one from the bottom of a 5,000-deep chain) equals a recount on every ancestor and in every cycle', async () => {
    const founder = (await userByEmail(t, t.demo.founder.email))!;
    const buyers: { cookie: string; user: UserRow }[] = [];
    for (let i = 0; i < 24; i++) buyers.push(await placedBuyer(founder.id, i % 2 ? 'left' : 'right'));
    // The chain hangs from a leaf of the right leg.
    const leaf = (
      await query<{ id: string }>(t, sql`select id from users where placed_at is not null and left_child_id is null and right_child_id is null and position = 'right' order by level desc limit 1`)
    )[0];
    const chain = await chainBelow((await query<UserRow>(t, sql`select id, level from users where id = ${leaf.id}::uuid`))[0], 5_000);
    expect(chain.bottom.level).toBeGreaterThan(5_000);
    await t.settle();

    // Week 1: every buyer buys twice and the chain's bottom three times, all at once, while two appliers race.
    const wave = async () => {
      let buying = true;
      const appliers = t.databaseUrl ? [otherApplier(), otherApplier()] : [];
      const racing = appliers.map(async (a) => {
        while (buying) {
          await drainJournal(await a, { limit: 25 });
          await new Promise((r) => setTimeout(r, 5));
        }
      });
      const answers = await Promise.all([...buyers.flatMap((b) => [buy(b.cookie), buy(b.cookie, 3)]), buy(chain.cookie), buy(chain.cookie, 2), buy(chain.cookie)]);
      buying = false;
      await Promise.all(racing);
      for (const a of appliers) await (await a).close();
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    };
    await wave();
    await t.settle();
    expect(await pendingCount()).toBe(0);
    const checked = await expectBVEqualsRecount();
    expect(checked).toBeGreaterThan(5_000);

    // Week 2: the clock moves past the week's end; the next purchases land in the next pairing cycle.
    t.clock.advance(8 * DAY);
    // Sessions end after 12 hours: sign everyone in again.
    for (const b of buyers) b.cookie = await t.login(b.user.email, 'Volume#123');
    chain.cookie = await t.login(chain.bottom.user_id, 'Chain#1234');
    c = await demoCookies(t);
    await wave();
    await t.settle();
    const cycles = await query<{ kind: string; status: string }>(t, sql`select kind, status from comp_cycles order by starts_at`);
    expect(
      cycles
        .filter((x) => x.kind === 'pairing')
        .map((x) => x.status)
        .slice(-2),
    ).toEqual(['closed', 'open']);
    await expectBVEqualsRecount();
    await expectTreeSound(db(), t.settle);
  }, 300_000);

  it('a worker killed in the middle of a batch and restarted applies each entry once (on PostgreSQL)', async () => {
    if (!t.databaseUrl) return;
    const { b } = await founderWithBuyer('left');
    for (let i = 0; i < 10; i++) expect((await buy(b.cookie)).status).toBe(201);
    expect(await pendingCount()).toBe(10);
    const offset = t.clock.now().getTime() - Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '../support/scripts/crash-mid-batch.ts'), t.databaseUrl, String(offset)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((res, rej) => {
      child.stdout!.on('data', (d: Buffer) => d.toString().includes('IN-BATCH') && res());
      child.once('exit', (code) => rej(new Error(`child exited early with ${code}`)));
    });
    // Every write of the batch is done but not committed: another applier finds the journal locked.
    expect((await applyBatch(t.runtime.ctx)).outcome).toBe('locked');
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    await new Promise((r) => setTimeout(r, 200));
    expect(await pendingCount()).toBe(10);
    const restarted = await drainJournal(t.runtime.ctx);
    expect(restarted.events).toBe(10);
    await expectBVEqualsRecount();
  }, 60_000);

  it('two job runners on one database never apply one entry twice (on PostgreSQL)', async () => {
    if (!t.databaseUrl) return;
    const { b } = await founderWithBuyer('right');
    const ctxs = [await otherApplier(), await otherApplier()];
    const runners = await Promise.all(
      ctxs.map((x, i) =>
        startJobRunner(
          x,
          jobDefinitions({ flush: async () => 0, kick: () => undefined, stop: async () => undefined }).filter((d) => d.name === 'volume.apply'),
          { poll: true, pollMs: 5, worker: `runner-${i}` },
        ),
      ),
    );
    for (let round = 0; round < 6; round++) await Promise.all(Array.from({ length: 10 }, () => buy(b.cookie)));
    for (let i = 0; i < 200 && (await pendingCount()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
    for (const r of runners) await r.stop();
    for (const x of ctxs) await x.close();
    expect(await pendingCount()).toBe(0);
    const workers = await query<{ worker: string; n: number }>(t, sql`select worker, sum(events)::int as n from volume_apply_log where worker like 'runner-%' group by worker`);
    expect(workers.reduce((s, w) => s + w.n, 0)).toBe(60);
    await expectBVEqualsRecount();
  }, 60_000);

  it('ranks are reached when the applier has applied the BV that completes them, exactly at the table, never down', async () => {
    const founder = (await userByEmail(t, t.demo.founder.email))!;
    const leader = await placedBuyer(founder.id, 'left');
    const left = await placedBuyer(leader.user.id, 'left');
    const right = await placedBuyer(leader.user.id, 'right');
    await db().execute(sql`update users set sponsor_id = ${leader.user.id}::uuid where id in (${left.user.id}::uuid, ${right.user.id}::uuid)`);
    await db().execute(sql`update member_volume set total_directs = 2, left_directs = 1, right_directs = 1 where member_id = ${leader.user.id}::uuid`);
    await t.settle();
    // Bronze Star: team 10,000, left 5,000, right 5,000, 2 directs. 37.25 BV per unit: 134 units = 4,991.50.
    for (const q of [50, 50, 34]) {
      expect((await buy(left.cookie, q)).status).toBe(201);
      expect((await buy(right.cookie, q)).status).toBe(201);
    }
    await t.settle();
    expect((await userByEmail(t, leader.user.email))!.currentRank).toBe('Executive');
    const product2 = await t.api('POST', '/api/admin/products', { cookie: c.admin, body: { name: 'Top-up', price: '10', bv: '8.50', gst: '0', category: 'others', purchaseType: 'second_purchase' } });
    const topUp = (cookie: string) =>
      t.api('POST', '/api/purchases', {
        cookie,
        body: {
          productId: product2.body.product?.id ?? product2.body.id,
          quantity: 1,
          paymentMethod: 'wallet',
          deliveryAddress: 'Journal Street 12, Pune 411001',
          deliveryState: 'Maharashtra',
          deliveryPincode: '411001',
        },
      });
    expect((await topUp(left.cookie)).status).toBe(201); // left 5,000.00
    expect((await topUp(right.cookie)).status).toBe(201); // right 5,000.00
    expect((await userByEmail(t, leader.user.email))!.currentRank).toBe('Executive'); // not applied yet
    await t.settle();
    expect((await userByEmail(t, leader.user.email))!.currentRank).toBe('Bronze Star');
    const [a] = await query<{ rank: string; left_bv: string; right_bv: string }>(t, sql`select rank, left_bv::text, right_bv::text from rank_achievements where user_id = ${leader.user.id}::uuid`);
    expect(a).toEqual({ rank: 'Bronze Star', left_bv: '5000.00', right_bv: '5000.00' });
    const n = await query(t, sql`select 1 from notifications where user_id = ${leader.user.id}::uuid and type = 'rank_achieved'`);
    expect(n).toHaveLength(1);
  });
});

describe('placements and the tree counters', () => {
  it("a placement is in the tree at once; the ancestors' member counts follow when the journal is applied", async () => {
    const founder = (await userByEmail(t, t.demo.founder.email))!;
    await t.settle();
    const before = await volumeByEmail(t, founder.email);
    const u = await t.createUser({ email: uniqueEmail('place') });
    const slot = await db().transaction((tx) => placeMember(tx, u, { startId: founder.id, side: 'left' }, t.clock.now()));
    const parent = (await query<{ left_child_id: string | null; right_child_id: string | null }>(t, sql`select left_child_id, right_child_id from users where id = ${slot.parentId}::uuid`))[0];
    expect(slot.side === 'left' ? parent.left_child_id : parent.right_child_id).toBe(u.id);
    expect((await volumeByEmail(t, founder.email)).leftCount).toBe(before.leftCount);
    await t.settle();
    const after = await volumeByEmail(t, founder.email);
    expect([after.leftCount, after.leftActive]).toEqual([before.leftCount + 1, before.leftActive + 1]);
    await expectTreeSound(db(), t.settle);
  });
});

describe('metrics and the dashboard', () => {
  it("each applied batch's log row says where its time went: claim, walk, figures, marked and each journal consumer", async () => {
    const founder = (await userByEmail(t, t.demo.founder.email))!;
    const b = await placedBuyer(founder.id, 'left');
    await t.settle();
    const before = (await query<{ id: string }>(t, sql`select coalesce(max(id), 0)::text as id from volume_apply_log`))[0].id;
    expect((await buy(b.cookie)).status).toBe(201);
    await t.settle();
    const logged = await query<{ ms: number; phases: Record<string, number> | null }>(t, sql`select ms, phases from volume_apply_log where id > ${before}::bigint order by id`);
    expect(logged.length).toBeGreaterThan(0);
    for (const row of logged) {
      // jsonb keeps its keys in its own order: compared as sets.
      const steps = Object.keys(row.phases ?? {}).sort();
      expect(steps).toEqual(['claim', 'walk', 'figures', 'marked', ...journalConsumers().map((x) => x.name)].sort());
      for (const v of Object.values(row.phases!)) expect(Number.isInteger(v) && v >= 0).toBe(true);
      // The steps are the batch's time up to its log row, in order: together never more than the batch took.
      expect(Object.values(row.phases!).reduce((a, v) => a + v, 0)).toBeLessThanOrEqual(row.ms);
    }
  });
  it('admins see the journal lag on the dashboard and at /metrics; members do not', async () => {
    const stats = await t.api('GET', '/api/admin/stats', { cookie: c.admin });
    expect(stats.status).toBe(200);
    expect(stats.body.volume).toMatchObject({ pending: expect.any(Number), oldestPendingSeconds: expect.any(Number), eventsPerSecond: expect.any(Number) });
    const m = await t.api('GET', '/metrics', { cookie: c.admin, headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(m.status).toBe(200);
    expect(String(m.body)).toContain('volume_journal_oldest_pending_seconds');
    expect(String(m.body)).toMatch(/http_requests_total\{method="GET",route="\/api\/admin\/stats",status="200"\} \d+/);
    expect(String(m.body)).toContain('jobs_due{job="volume.apply"}');
    expect((await t.api('GET', '/metrics', { cookie: c.member, headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(403);
    expect((await t.api('GET', '/metrics', { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(401);
  });
});

/** An applier context on its own pool, as another process would have. */
async function otherApplier(): Promise<AppContext & { close(): Promise<void> }> {
  const other: Database = await openDatabase({ databaseUrl: t.databaseUrl!, dataDir: 'memory://', poolSize: 3 });
  return { ...t.runtime.ctx, db: other.db, close: () => other.close() };
}

describe('the job runner inside the app (as npm start runs it)', () => {
  it("the demo member's purchase shows on the founder's team stats within 2 s, with no one settling the journal", async () => {
    const live = await startTestApp({ pollJobs: true, autoSettle: false });
    try {
      const cookies = await demoCookies(live);
      const products = await live.api('GET', '/api/products', { cookie: cookies.member });
      const fan = (products.body.products ?? products.body).find((p: { name: string }) => p.name.includes('Fan Regulator'));
      const before = (await live.api('GET', '/api/team/stats', { cookie: cookies.founder })).body;
      const r = await live.api('POST', '/api/purchases', {
        cookie: cookies.member,
        body: { productId: fan.id, quantity: 1, paymentMethod: 'wallet', deliveryAddress: 'Journal Street 12, Pune 411001', deliveryState: 'Maharashtra', deliveryPincode: '411001' },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const answered = Date.now();
      const teamBV = (s: { teamBV?: string; leftBV?: string; rightBV?: string }) => paise(s.leftBV ?? '0') + paise(s.rightBV ?? '0');
      let seen = false;
      while (Date.now() - answered < 2_000) {
        const now = (await live.api('GET', '/api/team/stats', { cookie: cookies.founder })).body;
        if (teamBV(now) - teamBV(before) === paise('250.00')) {
          seen = true;
          break;
        }
        await new Promise((res) => setTimeout(res, 50));
      }
      expect(seen, 'the BV reached the founder within 2 s').toBe(true);
    } finally {
      await live.close();
    }
  }, 60_000);
});

describe('cycle marks the applier remembers', () => {
  it('a row whose cycle mark changed behind the applier still hands its legs over: the batch is rolled back and applied again', async () => {
    const own = await startTestApp({ autoSettle: false });
    try {
      const cookies = await demoCookies(own);
      const founder = (await userByEmail(own, own.demo.founder.email))!;
      const products = await own.api('GET', '/api/products', { cookie: cookies.member });
      const fan = (products.body.products ?? products.body).find((p: { name: string }) => p.name.includes('Fan Regulator'));
      const purchase = () =>
        own.api('POST', '/api/purchases', {
          cookie: cookies.member,
          body: { productId: fan.id, quantity: 1, paymentMethod: 'wallet', deliveryAddress: 'Journal Street 12, Pune 411001', deliveryState: 'Maharashtra', deliveryPincode: '411001' },
        });
      const legs = async () =>
        (
          await query<{ pc: string; l: string; r: string }>(
            own,
            sql`
        select pairing_cycle_id::text as pc, pairing_left::text as l, pairing_right::text as r from member_volume where member_id = ${founder.id}::uuid`,
          )
        )[0];

      // The applier of this app marks the founder's row with the open cycle and remembers it.
      expect((await purchase()).status).toBe(201);
      await own.settle();
      const before = await legs();
      const legBefore = paise(before.l) + paise(before.r);
      expect(legBefore).toBeGreaterThan(0n);

      // Another applier (with another view of the open cycle) marks the row with an earlier cycle.
      const earlier = (
        await query<{ id: string }>(
          own,
          sql`
        insert into comp_cycles (kind, period, starts_at, ends_at, status) values ('pairing', 'stale', '2001-01-01', '2001-01-08', 'closed') returning id::text`,
        )
      )[0].id;
      await own.runtime.ctx.db.execute(sql`update member_volume set pairing_cycle_id = ${earlier}::uuid where member_id = ${founder.id}::uuid`);

      expect((await purchase()).status).toBe(201);
      await own.settle();
      // What the row held went to that cycle's leg_volumes, not lost; the row holds the new purchase in the open cycle.
      const handed = await query<{ l: string; r: string }>(
        own,
        sql`select left_bv::text as l, right_bv::text as r from leg_volumes where cycle_id = ${earlier}::uuid and member_id = ${founder.id}::uuid`,
      );
      expect(handed.map((h) => paise(h.l) + paise(h.r))).toEqual([legBefore]);
      const after = await legs();
      expect(after.pc).toBe(before.pc);
      expect(paise(after.l) + paise(after.r)).toBe(paise('250.00'));
    } finally {
      await own.close();
    }
  }, 60_000);
});

describe('a behind applier', () => {
  it('doubles its batch after each full one, up to its most, and starts from its base again once caught up', async () => {
    const { b } = await founderWithBuyer('right');
    await t.settle();
    const lastLogged = async () => (await query<{ id: string }>(t, sql`select coalesce(max(id), 0)::text as id from volume_apply_log`))[0].id;
    const sizes = async (after: string) => (await query<{ events: number }>(t, sql`select events from volume_apply_log where id > ${after}::bigint order by id`)).map((r) => Number(r.events));
    /** The batches a backlog of n entries is applied in: 2, 4, 8, 8, ... and what is left. */
    const expected = (n: number) => {
      const out: number[] = [];
      for (let size = 2; n > 0; size = Math.min(size * 2, 8)) {
        out.push(Math.min(size, n));
        n -= size;
      }
      return out;
    };
    const grow = { from: 2, to: 8 };

    const before = await lastLogged();
    for (let i = 0; i < 25; i++) expect((await buy(b.cookie)).status).toBe(201);
    const backlog = await pendingCount();
    expect(backlog).toBeGreaterThanOrEqual(25);
    await drainJournal(t.runtime.ctx, { grow });
    expect(await pendingCount()).toBe(0);
    const first = await sizes(before);
    expect(first).toEqual(expected(backlog));
    expect(first.slice(0, 4)).toEqual([2, 4, 8, 8]);

    // Caught up (the last batch was not full): the next backlog starts from the base again.
    const between = await lastLogged();
    for (let i = 0; i < 3; i++) expect((await buy(b.cookie)).status).toBe(201);
    const second = await pendingCount();
    await drainJournal(t.runtime.ctx, { grow });
    expect(await sizes(between)).toEqual(expected(second));
    expect((await sizes(between))[0]).toBe(2);
  }, 60_000);
});
