import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '../support/test-app';
import { startWithDemoCookies, type DemoCookies } from '../support/start';
import { expectError, expectInvalid, query, uniqueEmail } from '../support/http';
import { fundedMember } from '../support/money';
import { placeInTree } from '../support/tree';
import { CHART_MSG } from '../../contracts/charts';
import { compCycles, compPayouts, legVolumes, products, users, withdrawalRequests } from '../../server/db/schema/index';

let t: TestApp;
let c: DemoCookies;
beforeAll(async () => ({ t, c } = await startWithDemoCookies()));
afterAll(() => t?.close());
const db = () => t.runtime.ctx.db;
const DAY = 86_400_000;

async function member(tag: string) {
  const email = uniqueEmail(tag);
  const user = await t.createUser({ email, password: 'Charts#1234' });
  return { user, cookie: await t.login(email, 'Charts#1234') };
}

/** A posted pairing cycle far back in time (its own start), with a payout to `memberId` and BV in their legs. */
async function postedCycle(memberId: string, weeksAgo: number, left: string, right: string, net: string) {
  const now = t.clock.now().getTime();
  const startsAt = new Date(now - weeksAgo * 7 * DAY - 1000 * weeksAgo);
  const [cycle] = await db()
    .insert(compCycles)
    .values({
      kind: 'pairing',
      period: 'weekly',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 7 * DAY),
      closedAt: new Date(startsAt.getTime() + 7 * DAY),
      status: 'posted',
      postedAt: new Date(startsAt.getTime() + 8 * DAY),
      summary: { gross: '1000.00', net: '900.00' },
    })
    .returning();
  await db().insert(legVolumes).values({ cycleId: cycle.id, memberId, leftBV: left, rightBV: right });
  await db()
    .insert(compPayouts)
    .values({
      cycleId: cycle.id,
      memberId,
      gross: net,
      adminCharge: '0',
      tds: '0',
      net,
      fy: 2026,
      tdsRate: '0.02',
      panApproved: true,
      postedAt: new Date(startsAt.getTime() + 8 * DAY),
    });
  return cycle;
}

describe('GET /api/admin/charts', () => {
  it('counts joinings, sales and BV per day, income per posted cycle and withdrawals per week in the time zone', async () => {
    const before = await t.api('GET', '/api/admin/charts?timezone=Asia/Kolkata&days=7', { cookie: c.admin });
    expect(before.status).toBe(200);
    expect(before.body.joinings).toHaveLength(7);
    expect(before.body.sales).toHaveLength(7);
    expect(before.body.withdrawalsPerWeek).toHaveLength(12);
    const today = before.body.joinings[6].day;

    const m = await member('chart-admin');
    const now = t.clock.now();
    await db().update(users).set({ registrationDate: now }).where(eq(users.id, m.user.id));
    // A completed purchase (wallet) and an order still waiting for its payment (UPI): only the first is a sale.
    const buyer = await fundedMember(t, c.admin, '20000.00');
    const [product] = await db().select().from(products).where(eq(products.isActive, true)).limit(1);
    const bought = await t.api('POST', '/api/purchases', {
      cookie: buyer.cookie,
      body: { productId: product.id, quantity: 1, paymentMethod: 'wallet', deliveryAddress: '1 Main Road, Pune 411001', deliveryState: 'Maharashtra', deliveryPincode: '411001' },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const ordered = await t.api('POST', '/api/purchases', {
      cookie: buyer.cookie,
      body: { productId: product.id, quantity: 1, paymentMethod: 'upi', deliveryAddress: '1 Main Road, Pune 411001', deliveryState: 'Maharashtra', deliveryPincode: '411001' },
    });
    expect(ordered.status).toBe(201);
    await db().insert(withdrawalRequests).values({ userId: m.user.id, amount: '700.00', status: 'approved', createdAt: now });
    await db().insert(withdrawalRequests).values({ userId: m.user.id, amount: '300.00', status: 'pending', createdAt: now });
    const cycle = await postedCycle(m.user.id, 3, '10.00', '20.00', '450.00');

    const after = await t.api('GET', '/api/admin/charts?timezone=Asia/Kolkata&days=7', { cookie: c.admin });
    const day = (r: { body: { joinings: { day: string; count: number }[] } }) => r.body.joinings.find((j) => j.day === today)!.count;
    expect(day(after) - day(before)).toBe(2); // m and the buyer
    const sale = (r: { body: { sales: { day: string; orders: number; amount: string; bv: string }[] } }) => r.body.sales.find((s) => s.day === today)!;
    expect(sale(after).orders - sale(before).orders).toBe(1);
    expect(Number(sale(after).amount) - Number(sale(before).amount)).toBeCloseTo(Number(bought.body.purchase.totalAmount));
    expect(Number(sale(after).bv) - Number(sale(before).bv)).toBeCloseTo(Number(bought.body.purchase.totalBV));
    const week = (r: { body: { withdrawalsPerWeek: { requests: number; requested: string; approved: string }[] } }) => r.body.withdrawalsPerWeek[11];
    expect(week(after).requests - week(before).requests).toBe(2);
    expect(Number(week(after).requested) - Number(week(before).requested)).toBeCloseTo(1000);
    expect(Number(week(after).approved) - Number(week(before).approved)).toBeCloseTo(700);
    expect(after.body.incomePerCycle.find((x: { cycleId: string }) => x.cycleId === cycle.id)).toMatchObject({ kind: 'pairing', gross: '1000.00', net: '900.00' });
  });

  it('sales per day and the dashboard totals count every completed purchase once, its journal entry pending or applied', async () => {
    const recount = async () => {
      const [r] = await query<{ orders: number; amount: string; bv: string }>(
        t,
        sql`
        select count(*)::int as orders, coalesce(sum(total_amount), 0)::numeric(16,2)::text as amount, coalesce(sum(total_bv), 0)::numeric(16,2)::text as bv
        from purchases where payment_status = 'completed'`,
      );
      return r;
    };
    const charted = async () => {
      const r = await t.api('GET', '/api/admin/charts?timezone=Asia/Kolkata&days=90', { cookie: c.admin });
      expect(r.status).toBe(200);
      const sales = r.body.sales as { orders: number; amount: string; bv: string }[];
      const sum = (f: (x: { orders: number; amount: string; bv: string }) => number) => sales.reduce((a, x) => a + f(x), 0);
      return { orders: sum((x) => x.orders), amount: (Math.round(sum((x) => Number(x.amount)) * 100) / 100).toFixed(2), bv: (Math.round(sum((x) => Number(x.bv)) * 100) / 100).toFixed(2) };
    };
    const stats = async () => (await t.api('GET', '/api/admin/stats', { cookie: c.admin })).body as { totalBV: string };
    const buyer = await fundedMember(t, c.admin, '100000.00');
    const [product] = await db().select().from(products).where(eq(products.isActive, true)).limit(1);
    const order = (paymentMethod: string) =>
      t.api('POST', '/api/purchases', {
        cookie: buyer.cookie,
        body: { productId: product.id, quantity: 1, paymentMethod, deliveryAddress: '1 Main Road, Pune 411001', deliveryState: 'Maharashtra', deliveryPincode: '411001' },
        settle: false,
      });
    // Two completed purchases whose journal entries are not applied yet, and a UPI order marked paid by the admin.
    for (let i = 0; i < 2; i++) {
      const r = await order('wallet');
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const upi = await order('upi');
    const [{ n: pending }] = await query<{ n: number }>(t, sql`select count(*)::int as n from volume_events where applied_at is null`);
    expect(pending).toBeGreaterThanOrEqual(2);
    expect(await charted()).toEqual(await recount());
    expect(Number((await stats()).totalBV)).toBeCloseTo(Number((await recount()).bv));
    const paid = await t.api('PATCH', `/api/admin/purchases/${upi.body.purchase.id}`, {
      cookie: c.admin,
      body: { paymentStatus: 'completed' },
      headers: { 'Idempotency-Key': `pay-${upi.body.purchase.id}` },
      settle: false,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await charted()).toEqual(await recount());
    // Applied: the same figures, now from the quarter-hour sums, which hold every completed purchase exactly once.
    await t.runtime.settle();
    const [{ n: left }] = await query<{ n: number }>(t, sql`select count(*)::int as n from volume_events where applied_at is null`);
    expect(left).toBe(0);
    expect(await charted()).toEqual(await recount());
    const [slots] = await query<{ orders: number; amount: string; bv: string }>(
      t,
      sql`
      select coalesce(sum(orders), 0)::int as orders, coalesce(sum(amount), 0)::numeric(16,2)::text as amount, coalesce(sum(bv), 0)::numeric(16,2)::text as bv from sales_slots`,
    );
    expect(slots).toEqual(await recount());
    expect(Number((await stats()).totalBV)).toBeCloseTo(Number((await recount()).bv));
  });

  it('refuses bad input with the message, a member and the signed-out', async () => {
    expectInvalid(await t.api('GET', '/api/admin/charts?days=3', { cookie: c.admin }), CHART_MSG.daysRange, 'days');
    expectInvalid(await t.api('GET', '/api/admin/charts?days=abc', { cookie: c.admin }), CHART_MSG.daysRange, 'days');
    expectInvalid(await t.api('GET', '/api/admin/charts?cycles=100', { cookie: c.admin }), CHART_MSG.cyclesRange, 'cycles');
    expectInvalid(await t.api('GET', '/api/admin/charts?timezone=Mars/Olympus', { cookie: c.admin }), CHART_MSG.unknownZone, 'timezone');
    expectError(await t.api('GET', '/api/admin/charts', { cookie: c.member }), 403);
    expectError(await t.api('GET', '/api/admin/charts'), 401);
  });
});

describe('GET /api/dashboard/charts', () => {
  it("shows the member's own legs per cycle, payouts and direct recruits, never another member's", async () => {
    const a = await member('chart-a');
    const b = await member('chart-b');
    const cycle = await postedCycle(a.user.id, 5, '250.00', '100.00', '180.00');
    const recruit = await t.createUser({ email: uniqueEmail('chart-recruit'), password: 'Charts#1234' });
    await db().update(users).set({ sponsorId: a.user.id, registrationDate: t.clock.now() }).where(eq(users.id, recruit.id));
    // A direct recruit is a placed one (issue 30), as in Team › Direct Recruits; one still waiting is not counted.
    await placeInTree(db(), { id: recruit.id, sponsorId: a.user.id, status: 'active' });
    const waiting = await t.createUser({ email: uniqueEmail('chart-waiting'), password: 'Charts#1234', status: 'pending' });
    await db().update(users).set({ sponsorId: a.user.id, registrationDate: t.clock.now() }).where(eq(users.id, waiting.id));

    const mine = await t.api('GET', '/api/dashboard/charts?cycles=26', { cookie: a.cookie });
    expect(mine.status).toBe(200);
    expect(mine.body.legs.find((l: { cycleId: string }) => l.cycleId === cycle.id)).toMatchObject({ left: '250.00', right: '100.00', open: false });
    expect(mine.body.income.find((x: { cycleId: string }) => x.cycleId === cycle.id)).toMatchObject({ net: '180.00' });
    expect(mine.body.teamGrowth).toHaveLength(12);
    expect(mine.body.teamGrowth.at(-1).directs).toBe(1);

    const theirs = await t.api('GET', '/api/dashboard/charts?cycles=26', { cookie: b.cookie });
    expect(theirs.body.legs.find((l: { cycleId: string }) => l.cycleId === cycle.id)).toMatchObject({ left: '0.00', right: '0.00' });
    expect(theirs.body.income).toEqual([]);
    expect(theirs.body.teamGrowth.every((m: { directs: number }) => m.directs === 0)).toBe(true);
  });

  it('refuses bad input, an admin and the signed-out', async () => {
    expectInvalid(await t.api('GET', '/api/dashboard/charts?cycles=1', { cookie: c.member }), CHART_MSG.cyclesRange, 'cycles');
    expectInvalid(await t.api('GET', '/api/dashboard/charts?timezone=Nowhere', { cookie: c.member }), CHART_MSG.unknownZone, 'timezone');
    expectError(await t.api('GET', '/api/dashboard/charts', { cookie: c.admin }), 403);
    expectError(await t.api('GET', '/api/dashboard/charts'), 401);
  });
});
