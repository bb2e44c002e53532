import type { PlanList, MemberIncome, MemberCycle, SimulationResult, AdjustmentView } from '../../../contracts/compensation';
import type { ApprovalRequested } from '../../../contracts/approvals';
/**
 * The compensation engine's service (compensation.md §1-§6): plan versions, closing, calculating,
 * approving and posting cycles, adjustments, the simulator and the member's income.
 */
import { mapLazily } from '../../lib/iterables';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { realUser } from '../../core/actor';
import { branding } from '../branding/branding.service';
import { badRequest, conflict, forbidden, notFound } from '../../core/app-error';
import { jobActorOf, queueAndWait, queueJob, type JobActor } from '../../workers/job-requests';
import { audit } from '../audit/audit.service';
import { postLedgerBatch } from '../wallet/ledger.service';
import { drainJournal, CLOSE_GRACE_MS } from '../volume/applier.service';
import { ADJUSTMENT_MSG, DEFAULT_PLAN, PlanConfig, POOL_TYPES, type AdjustmentRequest, type CycleDetail, type CycleSummary, type PlanVersion, type IncomeLine, type PoolType } from '../../../contracts/compensation';
import { LEDGER_TYPES, INCOME_TYPES } from '../../../contracts/income-types';
import { RANKS } from '../../../contracts/enums';
import { fromPaise } from '../../../contracts/money';
import { csvCell } from '../../lib/csv';
import { todayIn } from '../../lib/time';
import { findUserById, findUserByUserId } from '../users/users.repo';
import * as repo from './compensation.repo';
import { applyAdjustment, checkAdjustment, needsSecondAdmin, requestAdjustmentApproval } from './adjustment-approvals.service';
import type { Answer, Transactor } from '../../core/transactor';
import { CarryColumns, LegColumns, MemberTable, paiseNumber } from './member-table';
import {
  calculateMonthly, calculatePairing, deductions, pairMember, paise, tdsRuleOn,
  type Adjustment, type CalcResult, type Line, type SnapshotMember,
} from './engine';

const label = (type: string) => LEDGER_TYPES.find((t) => t.key === type)?.label ?? type;
const INCOME_KEYS = new Set<string>(INCOME_TYPES.map((t) => t.key));
const IST = 'Asia/Kolkata';
const istDate = (d: Date) => todayIn(d, IST);
/** The financial year (April to March, IST) of an instant: 2026 for 2026-27. */
export const fyOf = (d: Date) => {
  const [y, m] = istDate(d).split('-').map(Number);
  return m >= 4 ? y : y - 1;
};
export const fyLabel = (fy: number) => `${fy}-${String((fy + 1) % 100).padStart(2, '0')}`;
const cycleEnd = (c: repo.CycleRow) => c.closedAt ?? c.endsAt;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- plans

function toPlan(p: repo.PlanRow, inForceId: string | undefined): PlanVersion {
  return {
    id: p.id, version: p.version, status: p.status as PlanVersion['status'], inForce: p.id === inForceId,
    effectiveFrom: p.effectiveFrom?.toISOString() ?? null, createdBy: p.createdBy, createdAt: p.createdAt.toISOString(),
    activatedAt: p.activatedAt?.toISOString() ?? null, basedOn: p.basedOn, config: p.config as PlanConfig,
  };
}

/** First start: version 1 with the defaults of the spec, in force since the epoch. */
export async function ensureDefaultPlan(db: DbOrTx, now: Date) {
  await repo.insertDefaultPlan(db, DEFAULT_PLAN, now);
}

/** The plan used by a cycle: the version in force at its start. */
export async function planFor(db: DbOrTx, at: Date) {
  const p = await repo.planInForceAt(db, at);
  if (!p) return { id: null as string | null, version: 1, config: DEFAULT_PLAN };
  return { id: p.id as string | null, version: p.version, config: PlanConfig.parse(p.config) };
}

export async function listPlans(ctx: AppContext): Promise<PlanList> {
  const now = ctx.clock.now();
  await repo.retireSuperseded(ctx.db, now);
  const inForce = await repo.planInForceAt(ctx.db, now);
  return { items: (await repo.listPlans(ctx.db)).map((p) => toPlan(p, inForce?.id)) };
}

export async function getPlan(ctx: AppContext, id: string) {
  const p = await repo.findPlan(ctx.db, id);
  if (!p) throw notFound('Plan version not found');
  const inForce = await repo.planInForceAt(ctx.db, ctx.clock.now());
  return toPlan(p, inForce?.id);
}

export async function createDraft(ctx: AppContext, actor: Actor, input: { config: PlanConfig; basedOn?: string }) {
  return ctx.db.transaction(async (tx) => {
    if (input.basedOn && !(await repo.findPlan(tx, input.basedOn))) throw notFound('Plan version not found');
    await repo.lockPlans(tx);
    const now = ctx.clock.now();
    const row = await repo.insertPlan(tx, { version: await repo.nextPlanVersion(tx), status: 'draft', config: input.config, basedOn: input.basedOn ?? null, createdBy: realUser(actor).id, createdAt: now, updatedAt: now });
    await audit(tx, actor, { entityType: 'comp_plan', entityId: row.id, action: 'plan.draft_created', newState: { version: row.version, basedOn: input.basedOn ?? null } });
    return toPlan(row, undefined);
  });
}

export async function updateDraft(ctx: AppContext, actor: Actor, id: string, config: PlanConfig) {
  return ctx.db.transaction(async (tx) => {
    const before = await repo.findPlan(tx, id);
    if (!before) throw notFound('Plan version not found');
    if (before.status !== 'draft') throw conflict('Only a draft can be edited; an active version never changes');
    const row = await repo.updateDraft(tx, id, config, ctx.clock.now());
    if (!row) throw conflict('Only a draft can be edited; an active version never changes');
    await audit(tx, actor, { entityType: 'comp_plan', entityId: id, action: 'plan.draft_updated', previousState: before.config, newState: config });
    return toPlan(row, undefined);
  });
}

/** Activation from the start of a future pairing cycle: the open cycle's end or a later period start. */
export async function activatePlan(ctx: AppContext, actor: Actor, id: string, effectiveFromIso: string) {
  return ctx.db.transaction(async (tx) => {
    const plan = await repo.findPlan(tx, id);
    if (!plan) throw notFound('Plan version not found');
    if (plan.status !== 'draft') throw conflict('This version is already active');
    const parsed = PlanConfig.safeParse(plan.config);
    if (!parsed.success) throw badRequest('The draft does not validate; fix it before activating');
    const at = new Date(effectiveFromIso);
    const now = ctx.clock.now();
    // It applies from the first cycle that starts at or after this moment (the open cycle keeps its version).
    if (at.getTime() < now.getTime()) {
      throw badRequest('A version takes effect from the start of a future cycle', { effectiveFrom: ['Choose a moment that has not passed yet'] });
    }
    const row = await repo.markActive(tx, id, at, realUser(actor).id, now);
    if (!row) throw conflict('This version is already active');
    await audit(tx, actor, { entityType: 'comp_plan', entityId: id, action: 'plan.activated', newState: { version: row.version, effectiveFrom: at.toISOString() } });
    return toPlan(row, undefined);
  });
}

// ---------------------------------------------------------------- cycles

function toSummary(c: repo.CycleRow, planVersion: number | null): CycleSummary {
  const s = (c.summary ?? {}) as Partial<{ totals: Record<string, string>; gross: string; adminCharge: string; tds: string; net: string; sales: string; salesBV: string; flushedBV: string; membersPaid: number; poolsLeft: Record<string, string> }>;
  const sales = s.sales ?? '0.00';
  const net = s.net ?? '0.00';
  return {
    id: c.id, kind: c.kind as CycleSummary['kind'], period: c.period, startsAt: c.startsAt.toISOString(), endsAt: c.endsAt.toISOString(),
    closedAt: c.closedAt?.toISOString() ?? null, status: c.status as CycleSummary['status'], planVersion,
    calculatedAt: c.calculatedAt?.toISOString() ?? null, calculatedBy: c.calculatedBy, approvedAt: c.approvedAt?.toISOString() ?? null,
    approvedBy: c.approvedBy, postedAt: c.postedAt?.toISOString() ?? null,
    totals: s.totals ?? {}, gross: s.gross ?? '0.00', adminCharge: s.adminCharge ?? '0.00', tds: s.tds ?? '0.00', net, sales, salesBV: s.salesBV ?? '0.00',
    payoutRatio: paise(sales) > 0n ? (Number(paise(net)) / Number(paise(sales)) * 100).toFixed(2) : null,
    flushedBV: s.flushedBV ?? '0.00', membersPaid: s.membersPaid ?? 0,
  };
}

async function versionOf(db: DbOrTx, planId: string | null) {
  if (!planId) return null;
  return (await repo.findPlan(db, planId))?.version ?? null;
}

export async function listCycles(ctx: AppContext, q: { kind?: string; status?: string; cursor?: string }) {
  const before = q.cursor ? new Date(q.cursor) : undefined;
  if (before && Number.isNaN(before.getTime())) throw badRequest('Invalid cursor');
  const rows = await repo.cyclesPage(ctx.db, { kind: q.kind, status: q.status, before }, 51);
  const page = rows.slice(0, 50);
  const plans = new Map((await repo.listPlans(ctx.db)).map((p) => [p.id, p.version]));
  return { items: page.map((c) => toSummary(c, c.planId ? plans.get(c.planId) ?? null : null)), nextCursor: rows.length > 50 ? page[page.length - 1].startsAt.toISOString() : null };
}

export async function cycleDetail(ctx: AppContext, id: string): Promise<CycleDetail> {
  const c = await repo.findCycle(ctx.db, id);
  if (!c) throw notFound('Cycle not found');
  const top = await repo.topEarners(ctx.db, id, 10);
  const s = (c.summary ?? {}) as { poolsLeft?: Record<string, string> };
  return {
    ...toSummary(c, await versionOf(ctx.db, c.planId)),
    topEarners: top.map((t) => ({ userId: t.user_id, name: [t.first_name, t.last_name].filter(Boolean).join(' ') || t.user_id, gross: t.gross, net: t.net })),
    poolsLeft: s.poolsLeft ?? {},
  };
}

/** Closes the open cycle of a kind now (compensation.md §2): the next one starts at this moment. */
export async function closeNow(ctx: AppContext, actor: Actor, kind: 'pairing' | 'monthly') {
  const now = ctx.clock.now();
  const open = await ctx.db.transaction(async (tx) => {
    const c = await repo.openCycleOf(tx, kind);
    if (!c) throw conflict('There is no open cycle of this kind yet');
    if (c.startsAt.getTime() >= now.getTime()) throw conflict('This cycle started a moment ago; there is nothing to close yet');
    const row = await repo.setCycle(tx, c.id, { endsAt: now }, ['open']);
    if (!row) throw conflict('The cycle was closed already');
    await audit(tx, actor, { entityType: 'comp_cycle', entityId: c.id, action: 'cycle.closed_now', previousState: { endsAt: c.endsAt.toISOString() }, newState: { endsAt: now.toISOString() } });
    return row;
  });
  // Purchases that completed before the new end are still being committed for up to the grace second;
  // then the applier applies them into this cycle and closes it (it opens the next one from this moment).
  const deadline = Date.now() + 30_000;
  for (;;) {
    await sleep(CLOSE_GRACE_MS + 50);
    await drainJournal(ctx, { maxMs: 5_000 });
    const c = await repo.findCycle(ctx.db, open.id);
    if (c && c.status !== 'open') return toSummary(c, await versionOf(ctx.db, c.planId));
    if (Date.now() > deadline) throw conflict('The cycle is still applying its last purchases; try again in a moment');
  }
}

interface Snapshot {
  members: MemberTable;
}

/**
 * Every member of the tree in columns (COPY on PostgreSQL, one query on the embedded database), as at the
 * cycle's close (compensation.md §1, §3.5): a status change or a purchase after it is taken back out, from
 * the volume journal, so that a calculation run later, or run again, reads the same snapshot.
 */
async function loadMembers(db: DbOrTx, at: Date): Promise<Snapshot> {
  const members = new MemberTable();
  const later = await repo.changesSince(db, at);
  const activeAt = (id: string, status: string | null) => later.active.get(id) ?? status === 'active';
  const bvAt = (id: string, totalBV: string) => paiseNumber(totalBV) - (later.bv.get(id) ?? 0);
  const copied = await repo.copySnapshot(db, (c) => members.add(c[0]!, c[1]!, c[2], c[3], c[4], c[5]!, activeAt(c[0]!, c[6]), bvAt(c[0]!, c[7]!), c[8]));
  if (!copied) {
    for (const r of await repo.snapshotMembers(db)) members.add(r.id, r.user_id, r.parent_id, r.position, r.sponsor_id, r.role, activeAt(r.id, r.status), bvAt(r.id, r.total_bv), r.current_rank);
  }
  return { members: members.freeze() };
}

/** Computes a cycle's lines with a plan, from its frozen snapshot (nothing is written). */
async function compute(db: DbOrTx, c: repo.CycleRow, plan: PlanConfig, snap: Snapshot, lap: (phase: string) => void = () => {}): Promise<CalcResult> {
  const purchases = (await repo.cyclePurchases(db, c.kind, c.id)).map((p) => ({ buyer: p.member_id, bv: paise(p.bv) }));
  lap('purchases');
  const adjustments: Adjustment[] = c.kind === 'pairing'
    ? (await repo.waitingAdjustments(db, cycleEnd(c))).map((a) => ({ id: a.id, memberId: a.memberId, type: a.type, amount: paise(a.amount), reason: a.reason }))
    : [];
  if (c.kind === 'pairing') {
    // Carry and legs straight into columns by member index (members outside the snapshot earn nothing).
    const t = snap.members;
    const prev = await repo.previousCycle(db, 'pairing', c.startsAt);
    const carry = new CarryColumns(t);
    if (prev) {
      await repo.eachCarry(db, prev.id, (m, l, r, pairedEver) => {
        const i = t.indexOf(m);
        if (i < 0) return;
        carry.l[i] = paiseNumber(l);
        carry.r[i] = paiseNumber(r);
        carry.pairedEver[i] = pairedEver ? 1 : 0;
      });
    }
    const legs = new LegColumns(t.size);
    await repo.eachCycleLeg(db, c.id, 'pairing', (m, l, r) => {
      const i = t.indexOf(m);
      if (i < 0) return;
      legs.l[i] += paiseNumber(l);
      legs.r[i] += paiseNumber(r);
    });
    lap('carryAndLegs');
    const ranksAchieved = (await repo.ranksAchievedBetween(db, c.startsAt, cycleEnd(c))).map((r) => ({ memberId: r.user_id, rank: r.rank }));
    return calculatePairing({ plan, members: snap.members, legs, carry, purchases, ranksAchieved, adjustments });
  }
  const prevMonths = await repo.previousCycles(db, 'monthly', c.startsAt, Math.max(plan.consistency.months, ...POOL_TYPES.map((p) => plan.pools[p].holdMonths)));
  const ownRows = await repo.ownBVByMonth(db, prevMonths.map((m) => m.id));
  const previousOwnBV = new Map<string, bigint[]>();
  const idx = new Map(prevMonths.map((m, i) => [m.id, i]));
  for (const r of ownRows) {
    const arr = previousOwnBV.get(r.member_id) ?? prevMonths.map(() => 0n);
    arr[idx.get(r.cycle_id)!] = paise(r.bv);
    previousOwnBV.set(r.member_id, arr);
  }
  // Rank held at every one of the pool's hold-month closes: ranks never go down, so the rank at the
  // earliest of those closes decides (the closes of the previous monthly cycles, this one included).
  const heldAt = new Map<number, Map<string, string>>();
  for (const p of POOL_TYPES) {
    const h = plan.pools[p].holdMonths;
    if (h <= 1 || heldAt.has(h)) continue;
    const earliest = prevMonths[h - 2];
    heldAt.set(h, earliest ? new Map((await repo.rankAt(db, cycleEnd(earliest))).map((r) => [r.user_id, r.rank])) : new Map());
  }
  const rankIdx = (r: string | undefined) => (r ? Math.max(0, RANKS.indexOf(r as (typeof RANKS)[number])) : -1);
  const heldRank = (pool: PoolType, m: SnapshotMember) => {
    const h = plan.pools[pool].holdMonths;
    if (h <= 1) return true;
    return rankIdx(heldAt.get(h)?.get(m.id)) >= rankIdx(plan.pools[pool].minRank);
  };
  return calculateMonthly({ plan, members: snap.members, purchases, previousOwnBV, previousMonths: prevMonths.length, heldRank, adjustments });
}

/** A member's payout of a cycle, in paise. */
interface PayoutFigures { gross: bigint; adminCharge: bigint; tds: bigint; net: bigint; rate: string; pan: boolean; fy: number }

/**
 * Per-member gross and deductions of a result, by member index of the run's table (the TDS state is the
 * financial year's posted payouts).
 */
async function payoutsOf(db: DbOrTx, c: repo.CycleRow, plan: PlanConfig, t: MemberTable, lines: Line[]) {
  const end = cycleEnd(c);
  const fy = fyOf(new Date(end.getTime() - 1));
  const rule = tdsRuleOn(plan, istDate(new Date(end.getTime() - 1)));
  const gross = new Map<number, bigint>();
  for (const l of lines) {
    // Every line's member is in the snapshot (every member who is not an admin); anything else is a bug, not a payout to drop.
    if (l.member < 0) throw new Error(`line for ${l.memberId} outside the cycle's snapshot`);
    gross.set(l.member, (gross.get(l.member) ?? 0n) + l.amount);
  }
  const ytd = new Map<number, { gross: bigint; tds: bigint }>();
  await repo.eachYtd(db, fy, (m, g, tds) => {
    const i = t.indexOf(m);
    if (i >= 0 && gross.has(i)) ytd.set(i, { gross: paise(g), tds: paise(tds) });
  });
  const pan = new Set<number>();
  for (const r of await repo.panApproved(db)) {
    const i = t.indexOf(r.id);
    if (i >= 0) pan.add(i);
  }
  const out = new Map<number, PayoutFigures>();
  for (const [i, g] of gross) {
    const y = ytd.get(i);
    const d = deductions(g, plan.deductions.adminChargePercent, rule, { ytdGross: y?.gross ?? 0n, ytdTds: y?.tds ?? 0n, panApproved: pan.has(i) });
    out.set(i, { gross: g < 0n ? 0n : g, adminCharge: d.adminCharge, tds: d.tds, net: d.net, rate: d.rate, pan: pan.has(i), fy });
  }
  return out;
}

function summarize(res: CalcResult, payouts: Awaited<ReturnType<typeof payoutsOf>>, sales: { amount: string; bv: string }) {
  const totals: Record<string, bigint> = {};
  for (const l of res.lines) totals[l.type] = (totals[l.type] ?? 0n) + l.amount;
  let gross = 0n, admin = 0n, tds = 0n, net = 0n, paid = 0;
  for (const p of payouts.values()) {
    gross += p.gross; admin += p.adminCharge; tds += p.tds; net += p.net;
    if (p.net > 0n) paid += 1;
  }
  return {
    totals: Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, fromPaise(v)])),
    gross: fromPaise(gross), adminCharge: fromPaise(admin), tds: fromPaise(tds), net: fromPaise(net),
    sales: sales.amount, salesBV: sales.bv, flushedBV: fromPaise(res.flushedBV), membersPaid: paid,
    poolsLeft: Object.fromEntries(Object.entries(res.poolsLeft).map(([k, v]) => [k, fromPaise(v)])),
  };
}

/** The cycle when it can be calculated now, otherwise the refusal (the route checks before queueing, the job again under the lock). */
async function calculableCycle(db: DbOrTx, id: string, lock: boolean) {
  const c = await repo.findCycle(db, id, lock);
  if (!c) throw notFound('Cycle not found');
  if (c.status !== 'closed' && c.status !== 'calculated') throw conflict(c.status === 'open' ? 'Close the cycle before calculating it' : `A cycle that is ${c.status} cannot be calculated again`);
  const earlier = await repo.unpostedBefore(db, c.kind, c.startsAt);
  if (earlier.length) throw conflict('Post the earlier cycle first: carry and TDS follow from it');
  // TDS reads the year's posted payouts: two kinds computed side by side would each miss the other's gross.
  const other = await repo.computedUnpostedOtherKind(db, c.kind);
  if (other) throw conflict(`Post the calculated ${other.kind} cycle first: TDS follows from it`);
  return c;
}

export const CALCULATE_JOB = 'comp.calculate';
export const POST_JOB = 'comp.post';
/** Fresh planner statistics on the result tables after a large calculation (member pages read them at once). */
export const ANALYZE_JOB = 'comp.analyze';
export const analyzeResultTables = (ctx: AppContext) => repo.analyzeResults(ctx.db);
/** How long a calculate or post request waits for its job before answering that it still runs. */
export const CYCLE_JOB_WAIT_MS = 10 * 60_000;

/** What the calculation and posting jobs carry: the cycle and the admin who asked. */
export interface CycleJobPayload extends JobActor {
  cycleId: string;
}

/**
 * POST /cycles/:id/calculate: refuses at once what cannot be calculated, then runs the calculation as a job
 * and answers when it finished (server/workers/job-requests.ts): with the app on RUN_JOBS=0 a worker holds
 * the million-member snapshot, not the app.
 */
export async function requestCalculation(ctx: AppContext, actor: Actor, id: string) {
  await calculableCycle(ctx.db, id, false);
  const requested = ctx.clock.now();
  const payload: CycleJobPayload = { cycleId: id, ...jobActorOf(actor) };
  if (!(await queueAndWait(ctx, { key: `${CALCULATE_JOB}:${id}`, name: CALCULATE_JOB, payload }, CYCLE_JOB_WAIT_MS))) {
    throw conflict('The calculation is still running; the cycle shows Calculated when it finishes');
  }
  const c = await repo.findCycle(ctx.db, id);
  if (c?.status === 'calculated' && c.calculatedAt && c.calculatedAt.getTime() >= requested.getTime() - 1) return toSummary(c, await versionOf(ctx.db, c.planId));
  // The job refused (the cycle moved on meanwhile): the same checks say why.
  await calculableCycle(ctx.db, id, false);
  throw conflict('The calculation did not finish; try again');
}

/**
 * POST /cycles/:id/post: the same for posting (postCycle in a job; a retry or a second admin joins or finishes it), by
 * an admin who neither calculated the cycle nor made an adjustment in it.
 */
export async function requestPosting(ctx: AppContext, actor: Actor, id: string) {
  const c0 = await postableCycle(ctx.db, id);
  // Refused before the job is queued (and again in the job, postCycle).
  await requireSecondAdmin(ctx.db, c0, actor, 'post');
  if (c0.status !== 'posted') {
    const payload: CycleJobPayload = { cycleId: id, ...jobActorOf(actor) };
    if (!(await queueAndWait(ctx, { key: `${POST_JOB}:${id}`, name: POST_JOB, payload }, CYCLE_JOB_WAIT_MS))) {
      throw conflict('The cycle is still being posted; it shows Posted when every member is paid');
    }
  }
  const c = await postableCycle(ctx.db, id);
  if (c.status !== 'posted') throw conflict('The posting did not finish; post again to finish the rest');
  return toSummary(c, await versionOf(ctx.db, c.planId));
}

async function jobActor(ctx: AppContext, p: JobActor): Promise<Actor | undefined> {
  const user = await findUserById(ctx.db, p.userId);
  return user ? { user, role: user.role, ip: p.ip, userAgent: p.userAgent, sessionHash: p.sessionHash } : undefined;
}

/** The jobs: an admin's calculation or posting. A refusal (AppError) is kept on the job for the waiting requests, not retried. */
export async function runCycleJob(ctx: AppContext, kind: 'calculate' | 'post', payload: CycleJobPayload) {
  const actor = await jobActor(ctx, payload);
  if (!actor) throw notFound('The admin who asked for this no longer exists');
  if (kind === 'calculate') await calculateCycle(ctx, actor, payload.cycleId);
  else await postCycle(ctx, actor, payload.cycleId);
}

/**
 * closed or calculated -> calculated: draft lines, payouts and carry, replaced on every run, in one transaction
 * (the job's work; the demo seed calls it directly).
 */
export async function calculateCycle(ctx: AppContext, actor: Actor, id: string) {
  let lineCount = 0;
  const summary = await ctx.db.transaction(async (tx) => {
    await repo.lockCalculations(tx);
    const c = await calculableCycle(tx, id, true);
    // Where a run's time goes, in the log (ADR 0010 keeps the figures of the million-member run).
    const phases: Record<string, number> = {};
    let mark = Date.now();
    const lap = (name: string) => {
      const t = Date.now();
      phases[name] = t - mark;
      mark = t;
    };
    const plan = await planFor(tx, c.startsAt);
    const snap = await loadMembers(tx, cycleEnd(c)); lap('snapshot');
    const res = await compute(tx, c, plan.config, snap, lap); lap('engine');
    const t = snap.members;
    const payouts = await payoutsOf(tx, c, plan.config, t, res.lines); lap('deductions');
    await repo.clearResults(tx, id);
    // Written in member-id order (the snapshot is read in that order, so it is the index order): every index
    // of the three tables leads with (cycle, member) or member, so the rows fill each index page by page.
    const order = t.idOrder();
    const rankOf = new Int32Array(t.size);
    for (let k = 0; k < order.length; k++) rankOf[order[k]] = k;
    const lineOrder = Array.from(res.lines.keys()).sort((a, b) => rankOf[res.lines[a].member] - rankOf[res.lines[b].member] || a - b);
    await repo.insertLines(tx, mapLazily(lineOrder, (k) => {
      const l = res.lines[k]!;
      return { cycleId: id, memberId: l.memberId, type: l.type, amount: fromPaise(l.amount), planVersion: plan.version, explanation: l.explanation, adjustmentId: l.adjustmentId ?? null };
    }));
    lap('lines');
    const paidInOrder = Array.from(order).filter((i) => payouts.has(i));
    await repo.insertPayouts(tx, mapLazily(paidInOrder, (i) => {
      const p = payouts.get(i)!;
      return { cycleId: id, memberId: t.idAt(i), gross: fromPaise(p.gross), adminCharge: fromPaise(p.adminCharge), tds: fromPaise(p.tds), net: fromPaise(p.net), fy: p.fy, tdsRate: p.rate, panApproved: p.pan };
    }));
    lap('payoutRows');
    if (c.kind === 'pairing') {
      const k = res.carry;
      await repo.insertCarry(tx, mapLazily(k.inIdOrder(), (i) => ({ cycleId: id, memberId: t.idAt(i), carryLeft: fromPaise(BigInt(k.l[i])), carryRight: fromPaise(BigInt(k.r[i])), pairedEver: k.pairedEver[i] === 1 })));
    }
    lap('carry');
    lineCount = res.lines.length;
    const sales = await repo.cycleSales(tx, c.kind, id);
    const summary = { ...summarize(res, payouts, sales), achievers: 'achievers' in res ? (res as { achievers: { memberId: string; type: string; amount: bigint; points: number }[] }).achievers.map((a) => ({ ...a, amount: fromPaise(a.amount) })) : [] };
    const row = await repo.setCycle(tx, id, { status: 'calculated', calculatedAt: ctx.clock.now(), calculatedBy: realUser(actor).id, planId: plan.id, summary, approvedAt: null, approvedBy: null }, ['closed', 'calculated']);
    await audit(tx, actor, { entityType: 'comp_cycle', entityId: id, action: 'cycle.calculated', newState: { planVersion: plan.version, lines: res.lines.length, gross: summary.gross, net: summary.net } });
    lap('summary');
    ctx.log.info({ cycle: id, kind: c.kind, members: snap.members.size, lines: res.lines.length, ms: phases }, 'cycle calculated');
    return toSummary(row, plan.version);
  });
  // Statistics after the commit, as a job of their own: the admin's answer does not wait for them.
  if (lineCount > 10_000) await queueJob(ctx, { key: ANALYZE_JOB, name: ANALYZE_JOB });
  return summary;
}

/**
 * Separation of duties on a cycle (issue 29): neither the admin who calculated it nor one who made an adjustment
 * that it pays (its lines' adjustment ids) approves or posts it (403 SECOND_ADMIN_REQUIRED).
 */
async function requireSecondAdmin(db: DbOrTx, c: repo.CycleRow, actor: Actor, step: 'approve' | 'post') {
  const me = realUser(actor).id;
  if (c.calculatedBy === me) throw forbidden(step === 'approve' ? ADJUSTMENT_MSG.approveOwnCalculation : ADJUSTMENT_MSG.postOwnCalculation, 'SECOND_ADMIN_REQUIRED');
  if ((await repo.adjustmentAuthorsOf(db, c.id)).includes(me)) {
    throw forbidden(step === 'approve' ? ADJUSTMENT_MSG.approveOwnAdjustment : ADJUSTMENT_MSG.postOwnAdjustment, 'SECOND_ADMIN_REQUIRED');
  }
}

/** calculated -> approved, by an admin who neither calculated it nor made an adjustment in it. */
export async function approveCycle(ctx: AppContext, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => {
    const c = await repo.findCycle(tx, id, true);
    if (!c) throw notFound('Cycle not found');
    if (c.status !== 'calculated') throw conflict(c.status === 'approved' || c.status === 'posted' ? `The cycle is ${c.status} already` : 'Calculate the cycle before approving it');
    await requireSecondAdmin(tx, c, actor, 'approve');
    const row = await repo.setCycle(tx, id, { status: 'approved', approvedAt: ctx.clock.now(), approvedBy: realUser(actor).id }, ['calculated']);
    await audit(tx, actor, { entityType: 'comp_cycle', entityId: id, action: 'cycle.approved', newState: { calculatedBy: c.calculatedBy } });
    return toSummary(row, await versionOf(tx, c.planId));
  });
}

const POST_BATCH = 5_000;

/** Internal options of posting (tests): the batch size and a hook inside each batch's transaction. */
export interface PostOptions {
  /** Members per transaction (default 5,000). */
  batchSize?: number;
  /** Test hook: runs inside each batch's transaction after its writes, before the commit (a throw rolls the batch back). */
  beforeCommit?: (tx: DbOrTx, batch: { number: number; memberIds: string[] }) => Promise<void>;
}

/** The cycle when it is posted or can be posted now, otherwise the refusal. */
async function postableCycle(db: DbOrTx, id: string) {
  const c = await repo.findCycle(db, id);
  if (!c) throw notFound('Cycle not found');
  if (c.status === 'posted') return c;
  if (c.status !== 'approved') throw conflict('Only an approved cycle can be posted');
  if ((await repo.unpostedBefore(db, c.kind, c.startsAt)).length) throw conflict('Only the oldest unposted cycle can be posted');
  return c;
}

/**
 * approved -> posted: members in batches, each batch one transaction (ledger credits per income type with
 * the cycle as reference, then admin_charge and tds debits, the payout marked posted); several posters
 * share the work (rows claimed with SKIP LOCKED) and a batch is all or nothing, so a retry finishes the rest.
 * Never by the admin who calculated the cycle or one who made an adjustment in it (issue 29).
 */
export async function postCycle(ctx: AppContext, actor: Actor, id: string, opts: PostOptions = {}) {
  const c0 = await postableCycle(ctx.db, id);
  await requireSecondAdmin(ctx.db, c0, actor, 'post');
  if (c0.status === 'posted') return toSummary(c0, await versionOf(ctx.db, c0.planId));
  const period = `${istDate(c0.startsAt)} to ${istDate(new Date(cycleEnd(c0).getTime() - 1))}`;
  const summary = (c0.summary ?? {}) as { achievers?: { memberId: string; type: string; amount: string; points: number }[] };
  let batchNo = 0;
  // Passes over the cycle in member order; a pass that finds nothing to claim ends it (a row that another
  // poster held and then released is picked up by the next pass).
  let after: string | null = null;
  let claimedThisPass = false;
  for (;;) {
    const done = await ctx.db.transaction(async (tx) => {
      const batch = await repo.claimUnposted(tx, id, after, opts.batchSize ?? POST_BATCH);
      if (!batch.length) return true;
      after = batch[batch.length - 1].member_id;
      claimedThisPass = true;
      const now = ctx.clock.now();
      const lines = await repo.postingLinesOf(tx, id, batch.map((b) => b.member_id));
      const byMember = new Map<string, typeof lines>();
      for (const l of lines) {
        const mine = byMember.get(l.member_id);
        if (mine) mine.push(l);
        else byMember.set(l.member_id, [l]);
      }
      const rows: Parameters<typeof postLedgerBatch>[1] = [];
      for (const p of batch) {
        const mine = byMember.get(p.member_id) ?? [];
        const perType = new Map<string, bigint>();
        for (const l of mine) perType.set(l.type, (perType.get(l.type) ?? 0n) + paise(l.amount));
        // Credits first, then any negative adjustment, then the deductions: the balance never dips.
        const ordered = [...perType].sort((a, b) => (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : a[0].localeCompare(b[0])));
        const ref = { referenceId: id, metadata: { cycleId: id } };
        for (const [type, amt] of ordered) {
          if (amt === 0n) continue;
          rows.push({ userId: p.member_id, amount: fromPaise(amt), type: INCOME_KEYS.has(type) ? type : 'admin_credit', description: `${label(type)}, ${c0.kind} cycle ${period}`, ...ref });
        }
        if (paise(p.admin_charge) > 0n) rows.push({ userId: p.member_id, amount: `-${p.admin_charge}`, type: 'admin_charge', description: `Admin charge, ${c0.kind} cycle ${period}`, ...ref });
        if (paise(p.tds) > 0n) rows.push({ userId: p.member_id, amount: `-${p.tds}`, type: 'tds', description: `TDS, ${c0.kind} cycle ${period}`, ...ref });
        for (const l of mine) if (l.type === 'rank_bonus') await repo.recordRankBonus(tx, p.member_id, String(l.rank), l.amount);
      }
      // One set-based movement for the whole batch (balances, then the rows with their running balances).
      await postLedgerBatch(tx, rows, now);
      await repo.consumeAdjustments(tx, id, lines.filter((l) => l.adjustment_id).map((l) => l.adjustment_id!));
      const mineSet = new Set(batch.map((b) => b.member_id));
      const ach = (summary.achievers ?? []).filter((a) => mineSet.has(a.memberId));
      const positions = new Map<string, number>();
      for (const t of POOL_TYPES) {
        (summary.achievers ?? []).filter((a) => a.type === t).sort((a, b) => Number(paise(b.amount) - paise(a.amount)) || a.memberId.localeCompare(b.memberId))
          .forEach((a, i) => positions.set(`${t}:${a.memberId}`, i + 1));
      }
      await repo.insertAchievers(tx, ach.map((a) => ({ userId: a.memberId, achievementType: a.type, position: positions.get(`${a.type}:${a.memberId}`) ?? null, amount: a.amount, period: 'monthly', periodDate: istDate(c0.startsAt), metadata: { cycleId: id, points: a.points } })));
      await repo.markPosted(tx, id, batch.map((b) => b.member_id), now);
      await repo.addToYtd(tx, id, batch.map((b) => b.member_id));
      await opts.beforeCommit?.(tx, { number: (batchNo += 1), memberIds: batch.map((b) => b.member_id) });
      return false;
    });
    if (!done) continue;
    if (!claimedThisPass || after === null) break;
    after = null;
    claimedThisPass = false;
  }
  return ctx.db.transaction(async (tx) => {
    const c = await repo.findCycle(tx, id, true);
    if (c!.status === 'posted') return toSummary(c!, await versionOf(tx, c!.planId));
    if (await repo.unpostedCount(tx, id)) throw conflict('Another admin is posting this cycle; it finishes in a moment');
    const row = await repo.setCycle(tx, id, { status: 'posted', postedAt: ctx.clock.now(), postedBy: realUser(actor).id }, ['approved']);
    await audit(tx, actor, { entityType: 'comp_cycle', entityId: id, action: 'cycle.posted', newState: { net: (c!.summary as { net?: string } | null)?.net ?? null } });
    return toSummary(row, await versionOf(tx, c!.planId));
  });
}

function memberLinesView(rows: repo.LineRow[]): IncomeLine[] {
  return rows.map((l) => ({ type: l.type, label: label(l.type), amount: l.amount, planVersion: l.planVersion, explanation: l.explanation as IncomeLine['explanation'] }));
}

export async function cycleLines(ctx: AppContext, id: string, q: { userId?: string; type?: string; cursor?: string }) {
  const c = await repo.findCycle(ctx.db, id);
  if (!c) throw notFound('Cycle not found');
  let memberId: string | undefined;
  if (q.userId) {
    const u = await findUserByUserId(ctx.db, q.userId);
    if (!u) return { items: [], nextCursor: null };
    memberId = u.id;
  }
  if (q.cursor && !/^[0-9a-f-]{36}$/i.test(q.cursor)) throw badRequest('Invalid cursor');
  const rows = await repo.payoutsPage(ctx.db, id, { memberId, type: q.type, after: q.cursor }, 51);
  const page = rows.slice(0, 50);
  const lines = await repo.linesOf(ctx.db, id, page.map((p) => p.memberId));
  return {
    items: page.map((p) => ({
      userId: p.user_id, name: [p.first_name, p.last_name].filter(Boolean).join(' ') || p.user_id,
      lines: memberLinesView(lines.filter((l) => l.memberId === p.memberId)), gross: p.gross, adminCharge: p.adminCharge, tds: p.tds, net: p.net,
    })),
    nextCursor: rows.length > 50 ? page[page.length - 1].memberId : null,
  };
}

const cell = (v: string | number) => csvCell(v, { signedNumbers: true });

export async function exportCycle(ctx: AppContext, id: string) {
  const c = await repo.findCycle(ctx.db, id);
  if (!c) throw notFound('Cycle not found');
  const out = [['Member ID', 'Name', 'Type', 'Amount', 'Plan version', 'Explanation'].join(',')];
  let cursor: string | undefined;
  for (;;) {
    const page = await cycleLines(ctx, id, { cursor });
    for (const m of page.items) {
      for (const l of m.lines) out.push([m.userId, m.name, l.label, l.amount, l.planVersion, l.explanation.text].map(cell).join(','));
      out.push([m.userId, m.name, 'Admin charge', `-${m.adminCharge}`, '', ''].map(cell).join(','));
      out.push([m.userId, m.name, 'TDS', `-${m.tds}`, '', ''].map(cell).join(','));
      out.push([m.userId, m.name, 'Net', m.net, '', ''].map(cell).join(','));
    }
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return { filename: `cycle-${c.kind}-${istDate(c.startsAt)}.csv`, body: out.join('\n') + '\n' };
}

/** A draft version against a closed, calculated or posted cycle's snapshot; nothing is written. */
export async function simulate(ctx: AppContext, planId: string, cycleId: string): Promise<SimulationResult> {
  const plan = await repo.findPlan(ctx.db, planId);
  if (!plan) throw notFound('Plan version not found');
  const c = await repo.findCycle(ctx.db, cycleId);
  if (!c) throw notFound('Cycle not found');
  if (c.status === 'open') throw conflict('Simulate against a closed, calculated or posted cycle');
  const draftCfg = PlanConfig.safeParse(plan.config);
  if (!draftCfg.success) throw badRequest('The version does not validate');
  const base = await planFor(ctx.db, c.startsAt);
  const snap = await loadMembers(ctx.db, cycleEnd(c));
  const run = async (cfg: PlanConfig) => {
    const res = await compute(ctx.db, c, cfg, snap);
    const payouts = await payoutsOf(ctx.db, c, cfg, snap.members, res.lines);
    const sales = await repo.cycleSales(ctx.db, c.kind, c.id);
    const s = summarize(res, payouts, sales);
    return { s, payouts, payoutRatio: paise(sales.amount) > 0n ? (Number(paise(s.net)) / Number(paise(sales.amount)) * 100).toFixed(2) : null };
  };
  const a = await run(base.config);
  const b = await run(draftCfg.data);
  const ids = new Set([...a.payouts.keys(), ...b.payouts.keys()]);
  const changes = [...ids].map((m) => {
    const x = a.payouts.get(m)?.gross ?? 0n;
    const y = b.payouts.get(m)?.gross ?? 0n;
    return { m, x, y, d: y - x };
  }).filter((r) => r.d !== 0n).sort((p, q) => {
    const ap = p.d < 0n ? -p.d : p.d;
    const aq = q.d < 0n ? -q.d : q.d;
    return aq > ap ? 1 : aq < ap ? -1 : snap.members.idAt(p.m).localeCompare(snap.members.idAt(q.m));
  }).slice(0, 20).map((r) => ({ ...r, m: snap.members.idAt(r.m) }));
  const names = new Map((await repo.namesOf(ctx.db, changes.map((r) => r.m))).map((r) => [r.id, [r.first_name, r.last_name].filter(Boolean).join(' ') || r.user_id]));
  return {
    cycleId, planVersion: plan.version, basePlanVersion: base.version,
    base: { gross: a.s.gross, net: a.s.net, payoutRatio: a.payoutRatio, totals: a.s.totals },
    draft: { gross: b.s.gross, net: b.s.net, payoutRatio: b.payoutRatio, totals: b.s.totals },
    changes: changes.map((r) => ({ userId: snap.members.get(r.m)?.userId ?? r.m, name: names.get(r.m) ?? '', base: fromPaise(r.x), draft: fromPaise(r.y), delta: fromPaise(r.d) })),
  };
}

/**
 * POST /adjustments (issue 29): a line in the member's next calculated cycle. Within the cap; up to the approval
 * amount it is made at once (201), above it (either way) it waits for a second admin (202, adjustment-approvals.service.ts).
 */
export async function addAdjustment(ctx: AppContext, actor: Actor, transact: Transactor, input: z.output<typeof AdjustmentRequest>): Promise<Answer<AdjustmentView | ApprovalRequested>> {
  return transact(async (tx): Promise<Answer<AdjustmentView | ApprovalRequested>> => {
    const member = await checkAdjustment(ctx, tx, input);
    if (needsSecondAdmin(ctx, input.amount)) return requestAdjustmentApproval(ctx, tx, actor, member, input);
    return { status: 201, body: await applyAdjustment(ctx, tx, actor, member, input) };
  });
}

// ---------------------------------------------------------------- the member

/** Versions never change once activated: their parsed config is kept by id (one entry per version ever activated). */
const parsedPlans = new Map<string, PlanConfig>();
function parsedPlan(p: { id: string; config: unknown }) {
  let cfg = parsedPlans.get(p.id);
  if (!cfg || p.config !== null) {
    cfg = PlanConfig.parse(p.config);
    parsedPlans.set(p.id, cfg);
  }
  return cfg;
}

export async function memberIncome(ctx: AppContext, memberId: string): Promise<MemberIncome> {
  const now = ctx.clock.now();
  // The versions parsed already are not sent again (a plan's config is a few kilobytes of JSON per request).
  const f = await repo.incomeFigures(ctx.db, memberId, [...parsedPlans.keys()]);
  const iso = (t: string) => new Date(t).toISOString();
  const carry = f.carry;
  let thisCycle = null;
  if (f.open) {
    const config = f.plan ? parsedPlan(f.plan) : DEFAULT_PLAN;
    const add = { l: paise(f.legs?.left_bv ?? '0'), r: paise(f.legs?.right_bv ?? '0') };
    const r = pairMember(config, { l: paise(carry?.carry_left ?? '0'), r: paise(carry?.carry_right ?? '0'), pairedEver: carry?.paired_ever ?? false }, add, true);
    thisCycle = { id: f.open.id, startsAt: iso(f.open.starts_at), endsAt: iso(f.open.ends_at), left: fromPaise(add.l), right: fromPaise(add.r), pairs: Number(r.paid), amount: fromPaise(r.amount) };
  }
  const fy = fyOf(now);
  const inFy = f.payouts.filter((p) => p.fy === fy);
  return {
    cycles: f.payouts.map((p) => ({ id: p.cycle_id, kind: p.kind, startsAt: iso(p.starts_at), endsAt: iso(p.closed_at ?? p.ends_at), gross: p.gross, adminCharge: p.admin_charge, tds: p.tds, net: p.net, postedAt: iso(p.posted_at) })),
    carry: { left: carry?.carry_left ?? '0.00', right: carry?.carry_right ?? '0.00' },
    thisCycle,
    financialYear: { label: fyLabel(fy), gross: fromPaise(inFy.reduce((s, p) => s + paise(p.gross), 0n)), tds: fromPaise(inFy.reduce((s, p) => s + paise(p.tds), 0n)) },
    poolAwards: f.pools.map((a) => ({ type: a.type, label: label(a.type), amount: a.amount ?? '0.00', periodDate: a.period_date })),
  };
}

export async function memberCycle(ctx: AppContext, memberId: string, cycleId: string): Promise<MemberCycle> {
  const payout = (await repo.memberPayouts(ctx.db, memberId)).find((p) => p.cycle_id === cycleId);
  if (!payout) throw notFound('Cycle not found');
  const lines = await repo.memberLines(ctx.db, memberId, [cycleId]);
  return {
    cycle: { id: cycleId, kind: payout.kind, startsAt: new Date(payout.starts_at).toISOString(), endsAt: new Date(payout.closed_at ?? payout.ends_at).toISOString() },
    lines: memberLinesView(lines), gross: payout.gross, adminCharge: payout.admin_charge, tds: payout.tds, net: payout.net,
  };
}

/** The financial year's statement: every posted cycle's lines, deductions and net. */
export async function memberStatement(ctx: AppContext, member: { id: string; userId: string; name: string }, fyText: string | undefined, format: 'csv' | 'pdf') {
  const fy = fyText ? Number(fyText.slice(0, 4)) : fyOf(ctx.clock.now());
  if (fyText && fyLabel(fy) !== fyText) throw badRequest('Financial year looks like 2026-27', { fy: ['Financial year looks like 2026-27'] });
  const payouts = (await repo.memberPayouts(ctx.db, member.id)).filter((p) => p.fy === fy).reverse();
  const lines = await repo.memberLines(ctx.db, member.id, payouts.map((p) => p.cycle_id));
  const rows: string[][] = [];
  for (const p of payouts) {
    const period = `${istDate(new Date(p.starts_at))} to ${istDate(new Date(new Date(p.closed_at ?? p.ends_at).getTime() - 1))}`;
    for (const l of lines.filter((x) => x.cycleId === p.cycle_id)) rows.push([period, label(l.type), l.amount, (l.explanation as { text: string }).text]);
    rows.push([period, 'Admin charge', `-${p.admin_charge}`, '']);
    rows.push([period, 'TDS', `-${p.tds}`, '']);
    rows.push([period, 'Net', p.net, '']);
  }
  const gross = fromPaise(payouts.reduce((s, p) => s + paise(p.gross), 0n));
  const tds = fromPaise(payouts.reduce((s, p) => s + paise(p.tds), 0n));
  const net = fromPaise(payouts.reduce((s, p) => s + paise(p.net), 0n));
  const name = `income-statement-${member.userId}-${fyLabel(fy)}`;
  // The issuer as the company's branding settings stand (issue 15): name, GSTIN, address and support contact.
  const b = await branding(ctx);
  const place = [b.address, b.city, b.state, b.pincode].filter(Boolean).join(', ');
  const support = [b.supportEmail, b.supportPhone].filter(Boolean).join(', ');
  const issuer: string[][] = [['Issued by', b.companyName], ...(b.gstin ? [['GSTIN', b.gstin]] : []), ...(place ? [['Address', place]] : []), ...(support ? [['Support', support]] : [])];
  if (format === 'csv') {
    // The column headings stay the first row (the file opens as a table); the issuer closes it.
    const body = [['Cycle', 'Type', 'Amount', 'Explanation'], ...rows, [], ['Financial year', fyLabel(fy)], ['Gross', gross], ['TDS', tds], ['Net', net], [], ...issuer]
      .map((r) => r.map(cell).join(',')).join('\n') + '\n';
    return { filename: `${name}.csv`, contentType: 'text/csv; charset=utf-8', body: Buffer.from(body) };
  }
  const { simplePdf } = await import('../../lib/simple-pdf');
  const text = [
    b.companyName, ...issuer.slice(1).map(([k, v]) => `${k} ${v}`), '',
    `Income statement, financial year ${fyLabel(fy)}`, `${member.name} (${member.userId})`, '',
    ...rows.map((r) => `${r[0]}  ${r[1].padEnd(20)} ${r[2].padStart(12)}`), '',
    `Gross ${gross}    TDS ${tds}    Net ${net}`,
  ];
  return { filename: `${name}.pdf`, contentType: 'application/pdf', body: simplePdf(text) };
}
