import { withJobQueue } from '../workers/job-requests';
import { sql } from 'drizzle-orm';
import { rawRows } from '../db/client';
import type { AppContext } from '../context';
import type { Actor } from '../core/actor';
import { plainTransaction } from '../core/transactor';
import type { UserRow } from '../modules/users/users.repo';
import { periodBounds } from '../modules/cycles/cycle-calendar';
import { drainJournal } from '../modules/volume/applier.service';
import { purchase, updateOrder } from '../modules/commerce/commerce.service';
import { calculateCycle, approveCycle, postCycle } from '../modules/compensation';
import { DEMO_WEEKS, QUIET_WEEK, DEMO_PAST_WITHDRAWAL, type DemoBuy } from './demo-data';
import { uploadDemoKyc, approveDemoKyc, requestDemoWithdrawal, payDemoWithdrawal } from './demo-payouts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Period {
  startsAt: Date;
  endsAt: Date;
}

/**
 * When the demo's history happens, from the first start's moment `now` (cycles in Asia/Kolkata):
 * the last three weekly pairing cycles, extended back until the first of them reaches into the last
 * monthly cycle (so that cycle has purchases too). The history opens its first cycles at `opensAt` (in
 * both the first week and the last month); the demo accounts join two days before.
 */
export function demoCalendar(now: Date) {
  const thisWeek = periodBounds('weekly', now);
  const thisMonth = periodBounds('monthly', now);
  const lastMonth = periodBounds('monthly', new Date(thisMonth.startsAt.getTime() - 1));
  const first = periodBounds('weekly', new Date(Math.min(thisWeek.startsAt.getTime() - 21 * DAY, thisMonth.startsAt.getTime() - 1)));
  const weeks: Period[] = [];
  for (let s = first.startsAt.getTime(); s < thisWeek.startsAt.getTime(); s += 7 * DAY) weeks.push({ startsAt: new Date(s), endsAt: new Date(s + 7 * DAY) });
  const opensAt = new Date(Math.max(first.startsAt.getTime(), lastMonth.startsAt.getTime()));
  return { now, opensAt, since: new Date(opensAt.getTime() - 2 * DAY), weeks, lastMonth, thisWeek, thisMonth };
}
export type DemoCalendar = ReturnType<typeof demoCalendar>;

export interface DemoCast {
  admin: UserRow;
  admin2: UserRow;
  buyers: Record<DemoBuy['by'], UserRow>;
  products: Map<string, string>;
  /** Members who join during the last week (each one creates and places one member with the clock's time). */
  joins: ((ctx: AppContext) => Promise<void>)[];
}

interface Step {
  at: number;
  run: (ctx: AppContext) => Promise<void>;
}

const actorOf = (user: UserRow): Actor => ({ user, role: user.role, ip: null, userAgent: null });
const minute = (ms: number) => Math.floor(ms / 60_000) * 60_000;

/**
 * The demo's history through the real services, each run with the clock at its moment: purchases by the demo
 * members in every week (wallet payments at once; UPI and bank transfers marked paid by the admin), the volume
 * applier at every cycle's end (it applies the week's BV, promotes, closes the cycle on schedule and opens the
 * next), then each closed cycle calculated by the admin, approved by the second admin and posted to the wallets,
 * the morning after it ended. The current week and month stay open (this week empty; this month's cycle holds
 * the purchases of its past weeks). The audit rows and notifications those services write are dated at their
 * moment and marked read (they are past events).
 * Needs a database without cycles (the first start); answers the start log's lines.
 */
export async function seedDemoHistory(ctx: AppContext, cast: DemoCast, cal: DemoCalendar): Promise<string[]> {
  const [anyCycle] = await rawRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from comp_cycles`);
  if (Number(anyCycle.n) > 0) return [];
  const [{ mark }] = await rawRows<{ mark: string }>(ctx.db, sql`select now()::text as mark`);
  const realNow = cal.now.getTime();
  const steps: Step[] = [];
  const at = (ms: number, run: Step['run']) => steps.push({ at: ms, run });
  const admin = actorOf(cast.admin);
  const admin2 = actorOf(cast.admin2);
  // The volume applier (BV to the legs and ranks; closing cycles on schedule), run at the cycles' ends.
  const settle = async (c: AppContext) => {
    await drainJournal(c);
  };

  // The first cycles open (the placements of the demo accounts apply into them).
  at(cal.opensAt.getTime(), settle);

  // KYC (issue 30): the members who gave a bank account at registration upload their documents that day; the admin
  // approves them the next (after the account was given, so the cancelled cheque verifies it).
  for (const u of [cast.buyers.member, cast.buyers.franchise]) {
    at(cal.since.getTime() + 3 * HOUR, (c) => uploadDemoKyc(c, u));
    at(cal.since.getTime() + 26 * HOUR, (c) => approveDemoKyc(c, admin, u));
  }

  const planned = cal.weeks.map((_, i) => DEMO_WEEKS[i - (cal.weeks.length - DEMO_WEEKS.length)] ?? QUIET_WEEK);
  cal.weeks.forEach((week, i) => {
    const buys = planned[i];
    const lo = Math.max(week.startsAt.getTime(), cal.opensAt.getTime());
    // The first week's purchases stay inside the last month, so that the monthly cycle has sales of its own.
    const hi = i === 0 ? Math.min(week.endsAt.getTime(), cal.lastMonth.endsAt.getTime()) : week.endsAt.getTime();
    const slot = (hi - lo) / buys.length;
    buys.forEach((b, k) => {
      const t = lo + slot * (k + 0.3);
      const buyer = cast.buyers[b.by];
      const productId = cast.products.get(b.product);
      if (!productId) throw new Error(`demo history: no product ${b.product}`);
      let orderId = '';
      at(minute(t), async (c) => {
        // Every third order of a week goes to a relative in Bengaluru: an inter-state supply, invoiced with IGST.
        const away = k % 3 === 2;
        const r = await purchase(c, actorOf(buyer), plainTransaction(c), {
          productId,
          quantity: b.quantity,
          paymentMethod: b.pay,
          ...(away
            ? { deliveryAddress: '22 80 Feet Road, Koramangala 4th Block, Bengaluru', deliveryState: 'Karnataka', deliveryPincode: '560034' }
            : { deliveryAddress: `${buyer.address ?? '12 Residency Road, Camp'}, ${buyer.city ?? 'Pune'}`, deliveryState: buyer.state ?? 'Maharashtra', deliveryPincode: buyer.pincode ?? '411001' }),
        });
        orderId = (r.body as { purchase: { id: string } }).purchase.id;
      });
      // UPI and bank transfers: the admin marks the order paid (its BV counts from then) and handed over; wallet
      // orders were paid at once and are delivered a little later.
      at(minute(t + slot * (b.pay === 'wallet' ? 0.5 : 0.2)), async (c) => {
        await updateOrder(c, admin, plainTransaction(c), orderId, b.pay === 'wallet' ? { deliveryStatus: 'delivered' } : { paymentStatus: 'completed', deliveryStatus: 'delivered' });
      });
    });
  });

  // The team grows in the last week: on its Saturday, at noon and in the evening.
  const lastWeek = cal.weeks[cal.weeks.length - 1];
  cast.joins.forEach((join, k) => at(lastWeek.endsAt.getTime() - 36 * HOUR + k * 6 * HOUR, join));

  // A past withdrawal (Paid Members and the member's wallet have history): the demo member withdraws early in the last
  // week and the second admin pays it out that afternoon. The first admin never touched the member's money, so the
  // chain of custody (issue 29) lets them approve the member's next withdrawal.
  let withdrawalId = '';
  at(lastWeek.startsAt.getTime() + 30 * HOUR, async (c) => {
    withdrawalId = await requestDemoWithdrawal(c, actorOf(cast.buyers.member), DEMO_PAST_WITHDRAWAL);
  });
  at(lastWeek.startsAt.getTime() + 36 * HOUR, async (c) => {
    await payDemoWithdrawal(c, admin2, withdrawalId);
  });

  // Every cycle end: the applier closes the cycle (and opens the next); the next morning the admin calculates
  // it, the second admin approves and posts it (neither step is the calculating admin's, issue 29). The last week ends at the start of this week,
  // perhaps moments ago: its steps then squeeze in before now.
  const ends: { kind: 'pairing' | 'monthly'; endsAt: number }[] = [
    ...cal.weeks.map((w) => ({ kind: 'pairing' as const, endsAt: w.endsAt.getTime() })),
    { kind: 'monthly' as const, endsAt: cal.lastMonth.endsAt.getTime() },
  ];
  for (const e of ends) {
    const room = Math.max(0, realNow - e.endsAt - 5_000);
    const after = (hours: number) => e.endsAt + 2_000 + Math.min(hours * HOUR, (room * hours) / 16);
    at(e.endsAt + 2_000, settle);
    const base = e.kind === 'pairing' ? 10 : 13;
    let cycleId = '';
    at(after(base), async (c) => {
      const [row] = await rawRows<{ id: string }>(
        c.db,
        sql`
        select id::text from comp_cycles where kind = ${e.kind} and ends_at = ${new Date(e.endsAt).toISOString()}::timestamptz and status = 'closed'`,
      );
      if (!row) throw new Error(`demo history: the ${e.kind} cycle ending ${new Date(e.endsAt).toISOString()} did not close`);
      cycleId = row.id;
      await calculateCycle(c, admin, cycleId);
    });
    at(after(base + 1), async (c) => {
      await approveCycle(c, admin2, cycleId);
    });
    at(after(base + 2), async (c) => {
      await postCycle(c, admin2, cycleId);
    });
  }

  // In time order (a stable sort keeps each order's own steps in sequence).
  steps.sort((a, b) => a.at - b.at);
  let clockAt = 0;
  // Its own job queue: a job queued in the past runs at the history's time.
  const histCtx: AppContext = withJobQueue({ ...ctx, clock: { now: () => new Date(clockAt) } });
  for (const s of steps) {
    clockAt = s.at;
    await s.run(histCtx);
    const when = new Date(s.at).toISOString();
    await ctx.db.execute(sql`
      with a as (update audit_log set created_at = ${when}::timestamptz where created_at >= ${mark}::timestamptz)
      update notifications set created_at = ${when}::timestamptz, read = true where created_at >= ${mark}::timestamptz`);
  }

  const ist = (d: Date, o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', ...o }).format(d);
  const day = (d: Date) => ist(d, { day: 'numeric', month: 'short', year: 'numeric' });
  return [
    `Demo history: ${cal.weeks.length} weekly pairing cycles (${day(cal.weeks[0].startsAt)} to ${day(new Date(cal.thisWeek.startsAt.getTime() - 1))}) and the ${ist(cal.lastMonth.startsAt, { month: 'long', year: 'numeric' })} monthly cycle posted; this week and this month are open`,
  ];
}
