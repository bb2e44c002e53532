/** Calculating a cycle (docs/spec/compensation.md §3-§5): the members' snapshot, the engine's lines, payouts and carry. */
import { mapLazily } from '../../lib/iterables';
import type { AppContext } from '../../context';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { realUser } from '../../core/actor';
import { conflict, notFound } from '../../core/app-error';
import { audit } from '../audit';
import { PlanConfig, POOL_TYPES, type PoolType } from '../../../contracts/compensation';
import { fromPaise } from '../../../contracts/money';
import type { StoredCycleSummary } from '../../../contracts/cycle-summary';
import * as cyclesRepo from './cycles.repo';
import * as adjustmentsRepo from './adjustments.repo';
import * as inputsRepo from './inputs.repo';
import * as resultsRepo from './results.repo';
import * as clawbacksRepo from './clawbacks.repo';
import { PurchaseColumns } from './purchase-columns';
import { CarryColumns, LegColumns, MemberTable, int64, paiseBigint, paiseNumber, rankIndexOf } from './member-table';
import { PayoutColumns } from './payout-columns';
import {
  calculateMonthly,
  calculatePairing,
  clawbackCandidates,
  deductions,
  paise,
  tdsRuleOn,
  type Adjustment,
  type CalcResult,
  type Line,
  type PaidCycle,
  type Reversal,
  type SnapshotMember,
} from './engine';
import { istDate, fyOf, cycleEnd, cycleDays, ANALYZE_JOB } from './common';
import { planFor } from './plans.service';
import { toSummary, Snapshot } from './cycles.service';

/**
 * Every member of the tree in columns (COPY on PostgreSQL, one query on the embedded database), as at the
 * cycle's close (docs/spec/compensation.md §1, §2): a status change or a purchase after it is taken back out, from
 * the volume journal, so that a calculation run later, or run again, reads the same snapshot.
 */
export async function loadMembers(pool: Db, tx: DbOrTx, at: Date): Promise<Snapshot> {
  const members = new MemberTable();
  // The corrections and the COPY in one snapshot (inOneSnapshot): what the journal takes back is exactly what the COPY holds.
  const later = await inputsRepo.inOneSnapshot(pool, tx, async (db) => {
    const changes = await inputsRepo.changesSince(db, at);
    const copied = await inputsRepo.copySnapshot(db, (row) => members.addRow(row));
    if (!copied) {
      for (const r of await inputsRepo.snapshotMembers(db))
        members.add(r.id, r.user_id, r.parent_id, r.position, r.sponsor_id, r.role, r.status === 'active', paiseNumber(r.total_bv, 'personal BV'), r.current_rank);
    }
    return changes;
  });
  members.correct(later.active, later.bv);
  return { members: members.freeze() };
}

/** Computes a cycle's lines with a plan, from its frozen snapshot (nothing is written). */
export async function compute(db: DbOrTx, c: cyclesRepo.CycleRow, plan: PlanConfig, snap: Snapshot, lap: (phase: string) => void = () => {}): Promise<CalcResult> {
  // Straight into columns by member index, like the legs and the carry below.
  const purchases = new PurchaseColumns(snap.members);
  await inputsRepo.eachCyclePurchase(db, c.kind, c.id, (m, bv) => purchases.add(m, paiseBigint(bv, 'BV')));
  lap('purchases');
  const adjustments: Adjustment[] =
    c.kind === 'pairing'
      ? (await adjustmentsRepo.waitingAdjustments(db, cycleEnd(c))).map((a) => ({ id: a.id, memberId: a.memberId, type: a.type, amount: paise(a.amount, 'adjustment'), reason: a.reason }))
      : [];
  if (c.kind === 'pairing') {
    // Carry and legs straight into columns by member index (members outside the snapshot earn nothing).
    const t = snap.members;
    const prev = await cyclesRepo.previousCycle(db, 'pairing', c.startsAt);
    const carry = new CarryColumns(t);
    if (prev) {
      await inputsRepo.eachCarry(db, prev.id, (m, l, r, pairedEver) => {
        const i = t.indexOf(m);
        if (i < 0) return;
        carry.set(i, { l: paiseBigint(l, 'carry'), r: paiseBigint(r, 'carry'), pairedEver });
      });
    }
    const legs = new LegColumns(t.size);
    await inputsRepo.eachCycleLeg(db, c.id, 'pairing', (m, l, r) => {
      const i = t.indexOf(m);
      if (i < 0) return;
      legs.add(i, paiseBigint(l, 'leg BV'), paiseBigint(r, 'leg BV'));
    });
    lap('carryAndLegs');
    const ranksAchieved = (await inputsRepo.ranksAchievedBetween(db, c.startsAt, cycleEnd(c))).map((r) => ({ memberId: r.user_id, rank: r.rank }));
    const reversals = await reversalsToClaw(db, c, t);
    lap('reversals');
    return calculatePairing({ plan, members: snap.members, legs, carry, purchases, ranksAchieved, adjustments, reversals });
  }
  const prevMonths = await cyclesRepo.previousCycles(db, 'monthly', c.startsAt, Math.max(plan.consistency.months, ...POOL_TYPES.map((p) => plan.pools[p].holdMonths)));
  const ownRows = await inputsRepo.ownBVByMonth(
    db,
    prevMonths.map((m) => m.id),
  );
  const previousOwnBV = new Map<string, bigint[]>();
  const idx = new Map(prevMonths.map((m, i) => [m.id, i]));
  for (const r of ownRows) {
    const arr = previousOwnBV.get(r.member_id) ?? prevMonths.map(() => 0n);
    arr[idx.get(r.cycle_id)!] = paise(r.bv, 'BV');
    previousOwnBV.set(r.member_id, arr);
  }
  // Rank held at every one of the pool's hold-month closes: ranks never go down, so the rank at the
  // earliest of those closes decides (the closes of the previous monthly cycles, this one included).
  const heldAt = new Map<number, Map<string, string>>();
  for (const p of POOL_TYPES) {
    const h = plan.pools[p].holdMonths;
    if (h <= 1 || heldAt.has(h)) continue;
    const earliest = prevMonths[h - 2];
    heldAt.set(h, earliest ? new Map((await inputsRepo.rankAt(db, cycleEnd(earliest))).map((r) => [r.user_id, r.rank])) : new Map());
  }
  // No achievement by then ranks below every rank; a rank name outside the table throws (rankIndexOf).
  const rankIdx = (r: string | undefined) => (r ? rankIndexOf(r) : -1);
  const heldRank = (pool: PoolType, m: SnapshotMember) => {
    const h = plan.pools[pool].holdMonths;
    if (h <= 1) return true;
    return rankIdx(heldAt.get(h)?.get(m.id)) >= rankIdx(plan.pools[pool].minRank);
  };
  return calculateMonthly({ plan, members: snap.members, purchases, previousOwnBV, previousMonths: prevMonths.length, heldRank, adjustments });
}

/**
 * The reversals a pairing cycle claws back (docs/spec/returns.md §4), each with the posted cycle that paid its purchase:
 * that cycle's plan version (in force at its start) and which of the possible earners it paid, from its lines.
 */
export async function reversalsToClaw(db: DbOrTx, c: cyclesRepo.CycleRow, t: MemberTable): Promise<Reversal[]> {
  const pending = await clawbacksRepo.pendingReversals(db, c);
  if (!pending.length) return [];
  const cycles = new Map<string, PaidCycle>();
  const candidates = new Set<string>();
  for (const r of pending) {
    let pc = cycles.get(r.paid_cycle_id);
    if (!pc) {
      const startsAt = new Date(r.paid_starts_at);
      const plan = await planFor(db, startsAt);
      pc = { id: r.paid_cycle_id, label: cycleDays(startsAt, new Date(r.paid_ends_at)), plan: plan.config, planVersion: plan.version, paid: new Map() };
      cycles.set(pc.id, pc);
    }
    for (const id of clawbackCandidates(
      t,
      r.member_id,
      pc.plan.sponsorIncome.levels.map((l) => l.level),
    ))
      candidates.add(id);
  }
  for (const l of await clawbacksRepo.paidLines(db, [...cycles.keys()], [...candidates])) {
    const pc = cycles.get(l.cycle_id)!;
    let p = pc.paid.get(l.member_id);
    if (!p) pc.paid.set(l.member_id, (p = { sponsorLevels: new Set(), franchiseRole: null }));
    const x = (typeof l.explanation === 'string' ? JSON.parse(l.explanation) : l.explanation) as { levels?: { level: number }[]; role?: string };
    if (l.type === 'sponsor_income') for (const lv of x.levels ?? []) p.sponsorLevels.add(Number(lv.level));
    else if (x.role === 'mini_franchise' || x.role === 'basic_franchise') p.franchiseRole = x.role;
  }
  return pending.map((r) => ({ eventId: r.event_id, returnNumber: r.reference ?? 'without a number', buyer: r.member_id, bv: paise(r.bv, 'returned BV'), paidIn: cycles.get(r.paid_cycle_id)! }));
}

/**
 * Per-member gross and deductions of a result, in columns by slot (PayoutColumns, member-id order); the TDS state is
 * the financial year's posted payouts.
 */
export async function payoutsOf(db: DbOrTx, c: cyclesRepo.CycleRow, plan: PlanConfig, t: MemberTable, lines: Line[]) {
  const end = cycleEnd(c);
  const fy = fyOf(new Date(end.getTime() - 1));
  const rule = tdsRuleOn(plan, istDate(new Date(end.getTime() - 1)));
  const has = new Uint8Array(t.size);
  const sums = new BigInt64Array(t.size);
  for (const l of lines) {
    // Every line's member is in the snapshot (every member who is not an admin); anything else is a bug, not a payout to drop.
    if (l.member < 0) throw new Error(`line for ${l.memberId} outside the cycle's snapshot`);
    has[l.member] = 1;
    sums[l.member] = int64(sums[l.member] + l.amount, `Lines of ${l.memberId}`);
  }
  const out = new PayoutColumns(t, has, sums, fy);
  const ytdGross = new BigInt64Array(out.size);
  const ytdTds = new BigInt64Array(out.size);
  await inputsRepo.eachYtd(db, fy, (m, g, tds) => {
    const k = out.slotOf(t.indexOf(m));
    if (k < 0) return;
    ytdGross[k] = int64(paise(g, 'gross'), 'Year-to-date gross');
    ytdTds[k] = int64(paise(tds, 'TDS'), 'Year-to-date TDS');
  });
  // Only the members paid this cycle: a set of every member with a PAN would hold most of the table.
  await inputsRepo.eachPanApproved(db, (m) => {
    const k = out.slotOf(t.indexOf(m));
    if (k >= 0) out.pan[k] = 1;
  });
  // What earlier cycles left outstanding (returns.md §5): a recovery to take back, TDS still to deduct (a few rows).
  const owed = new Map<number, { recovery: bigint; tdsCarried: bigint }>();
  for (const b of await inputsRepo.balances(db)) {
    const k = out.slotOf(t.indexOf(b.memberId));
    if (k >= 0) owed.set(k, { recovery: paise(b.recovery, 'recovery'), tdsCarried: paise(b.tdsCarried, 'carried TDS') });
  }
  const adminPercent = plan.deductions.adminChargePercent;
  for (let k = 0; k < out.size; k++) {
    const o = owed.get(k);
    out.set(k, deductions(out.linesTotal[k], adminPercent, rule, { ytdGross: ytdGross[k], ytdTds: ytdTds[k], panApproved: out.pan[k] === 1, recovery: o?.recovery, tdsCarried: o?.tdsCarried }));
  }
  return out;
}

export function summarize(res: CalcResult, payouts: PayoutColumns, sales: { amount: string; bv: string }) {
  const totals: Record<string, bigint> = {};
  for (const l of res.lines) totals[l.type] = (totals[l.type] ?? 0n) + l.amount;
  let gross = 0n,
    admin = 0n,
    tds = 0n,
    net = 0n,
    paid = 0;
  for (let k = 0; k < payouts.size; k++) {
    gross += payouts.gross[k];
    admin += payouts.adminCharge[k];
    tds += payouts.tds[k];
    net += payouts.net[k];
    if (payouts.net[k] > 0n) paid += 1;
  }
  return {
    totals: Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, fromPaise(v)])),
    gross: fromPaise(gross),
    adminCharge: fromPaise(admin),
    tds: fromPaise(tds),
    net: fromPaise(net),
    sales: sales.amount,
    salesBV: sales.bv,
    flushedBV: fromPaise(res.flushedBV),
    membersPaid: paid,
    poolsLeft: Object.fromEntries(Object.entries(res.poolsLeft).map(([k, v]) => [k, fromPaise(v)])),
  };
}

/** The cycle when it can be calculated now, otherwise the refusal (the route checks before queueing, the job again under the lock). */
export async function calculableCycle(db: DbOrTx, id: string, lock: boolean) {
  const c = await cyclesRepo.findCycle(db, id, lock);
  if (!c) throw notFound('Cycle not found');
  if (c.status !== 'closed' && c.status !== 'calculated') throw conflict(c.status === 'open' ? 'Close the cycle before calculating it' : `A cycle that is ${c.status} cannot be calculated again`);
  const earlier = await cyclesRepo.unpostedBefore(db, c.kind, c.startsAt);
  if (earlier.length) throw conflict('Post the earlier cycle first: carry and TDS follow from it');
  // TDS reads the year's posted payouts: two kinds computed side by side would each miss the other's gross.
  const other = await cyclesRepo.computedUnpostedOtherKind(db, c.kind);
  if (other) throw conflict(`Post the calculated ${other.kind} cycle first: TDS follows from it`);
  return c;
}

/**
 * closed or calculated -> calculated: draft lines, payouts and carry, replaced on every run, in one transaction
 * (the job's work; the demo seed calls it directly).
 */
export async function calculateCycle(ctx: AppContext, actor: Actor, id: string) {
  let lineCount = 0;
  const summary = await ctx.db.transaction(async (tx) => {
    await cyclesRepo.lockCalculations(tx);
    const c = await calculableCycle(tx, id, true);
    // Where a run's time goes, in the log (ADR 0010 keeps the figures of the million-member run).
    const phases: Record<string, number> = {};
    // The process's resident memory after each phase (MB): what a million-member run costs the worker.
    const rssMb: Record<string, number> = { start: Math.round(process.memoryUsage.rss() / 2 ** 20) };
    let mark = Date.now();
    const lap = (name: string) => {
      const t = Date.now();
      phases[name] = t - mark;
      rssMb[name] = Math.round(process.memoryUsage.rss() / 2 ** 20);
      mark = t;
    };
    const plan = await planFor(tx, c.startsAt);
    const snap = await loadMembers(ctx.db, tx, cycleEnd(c));
    lap('snapshot');
    const res = await compute(tx, c, plan.config, snap, lap);
    lap('engine');
    const t = snap.members;
    const payouts = await payoutsOf(tx, c, plan.config, t, res.lines);
    lap('deductions');
    await resultsRepo.clearResults(tx, id);
    // Written in member-id order (the snapshot is read in that order, so it is the index order): every index
    // of the three tables leads with (cycle, member) or member, so the rows fill each index page by page.
    const order = t.idOrder();
    const rankOf = new Int32Array(t.size);
    for (let k = 0; k < order.length; k++) rankOf[order[k]] = k;
    const lineOrder = Array.from(res.lines.keys()).sort((a, b) => rankOf[res.lines[a].member] - rankOf[res.lines[b].member] || a - b);
    await resultsRepo.insertLines(
      tx,
      mapLazily(lineOrder, (k) => {
        const l = res.lines[k]!;
        return { cycleId: id, memberId: l.memberId, type: l.type, amount: fromPaise(l.amount), planVersion: plan.version, explanation: l.explanation, adjustmentId: l.adjustmentId ?? null };
      }),
    );
    lap('lines');
    // Slots are in member-id order already (PayoutColumns).
    await resultsRepo.insertPayouts(
      tx,
      mapLazily(payouts.member.keys(), (k) => {
        const gross = fromPaise(payouts.gross[k]);
        const linesTotal = payouts.linesTotal[k];
        return {
          cycleId: id,
          memberId: t.idAt(payouts.member[k]),
          gross,
          adminCharge: fromPaise(payouts.adminCharge[k]),
          tds: fromPaise(payouts.tds[k]),
          net: fromPaise(payouts.net[k]),
          fy: payouts.fy,
          tdsRate: payouts.rate[k],
          panApproved: payouts.pan[k] === 1,
          // Nearly every payout owes and is owed nothing: its lines are its gross, and the rest are zeros.
          linesTotal: linesTotal === payouts.gross[k] ? gross : fromPaise(linesTotal),
          recovered: payouts.recovered[k] === 0n ? '0' : fromPaise(payouts.recovered[k]),
          recovery: payouts.recovery[k] === 0n ? '0' : fromPaise(payouts.recovery[k]),
          tdsCarried: payouts.tdsCarried[k] === 0n ? '0' : fromPaise(payouts.tdsCarried[k]),
        };
      }),
    );
    lap('payoutRows');
    if (res.clawedBack?.length) await clawbacksRepo.insertClawbacks(tx, id, res.clawedBack);
    if (c.kind === 'pairing') {
      const k = res.carry;
      await resultsRepo.insertCarry(
        tx,
        mapLazily(k.inIdOrder(), (i) => ({ cycleId: id, memberId: t.idAt(i), carryLeft: fromPaise(k.l[i]), carryRight: fromPaise(k.r[i]), pairedEver: k.pairedEver[i] === 1 })),
      );
    }
    lap('carry');
    lineCount = res.lines.length;
    const sales = await inputsRepo.cycleSales(tx, c.kind, id);
    // The shape every reader parses it with (contracts/cycle-summary.ts), checked here by the compiler.
    const summary: StoredCycleSummary = {
      ...summarize(res, payouts, sales),
      achievers: 'achievers' in res ? (res as { achievers: { memberId: string; type: PoolType; amount: bigint; points: number }[] }).achievers.map((a) => ({ ...a, amount: fromPaise(a.amount) })) : [],
    };
    const row = await cyclesRepo.setCycle(
      tx,
      id,
      { status: 'calculated', calculatedAt: ctx.clock.now(), calculatedBy: realUser(actor).id, planId: plan.id, summary, approvedAt: null, approvedBy: null },
      ['closed', 'calculated'],
    );
    await audit(tx, actor, {
      entityType: 'comp_cycle',
      entityId: id,
      action: 'cycle.calculated',
      newState: { planVersion: plan.version, lines: res.lines.length, gross: summary.gross, net: summary.net },
    });
    lap('summary');
    ctx.log.info({ cycle: id, kind: c.kind, members: snap.members.size, lines: res.lines.length, ms: phases, rssMb }, 'cycle calculated');
    return toSummary(row, plan.version);
  });
  // Statistics after the commit, as a job of their own: the admin's answer does not wait for them.
  if (lineCount > 10_000) await ctx.jobs.queue({ key: ANALYZE_JOB, name: ANALYZE_JOB });
  return summary;
}
