/** The cycle lifecycle (docs/spec/compensation.md §2): listing, details, closing now, approval by a second admin, adjustments. */
import type { AdjustmentView } from '../../../contracts/compensation';
import type { ApprovalRequested } from '../../../contracts/approvals';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { realUser } from '../../core/actor';
import { badRequest, conflict, forbidden, notFound } from '../../core/app-error';
import { audit } from '../audit';
import { drainJournal, CLOSE_GRACE_MS } from '../volume';
import { ADJUSTMENT_MSG, type AdjustmentRequest, type CycleDetail, type CycleSummary } from '../../../contracts/compensation';
import { StoredCycleSummary } from '../../../contracts/cycle-summary';
import * as plansRepo from './plans.repo';
import * as cyclesRepo from './cycles.repo';
import * as adjustmentsRepo from './adjustments.repo';
import * as resultsRepo from './results.repo';
import { applyAdjustment, checkAdjustment, needsSecondAdmin, requestAdjustmentApproval } from './adjustment-approvals.service';
import type { Answer, Transactor } from '../../core/transactor';
import { MemberTable } from './member-table';
import { payoutRatio } from './engine';
import { sleep } from './common';

/**
 * The summary a calculation stored on the cycle, parsed (contracts/cycle-summary.ts). A cycle that was never
 * calculated has none; any other state without one, or one of another shape, is an error here rather than a
 * cycle that answers zeros or posts without its pool achievers.
 */
export function storedSummary(c: cyclesRepo.CycleRow): StoredCycleSummary | null {
  if (c.summary === null && (c.status === 'open' || c.status === 'closed')) return null;
  const parsed = StoredCycleSummary.safeParse(c.summary);
  if (!parsed.success) throw new Error(`The summary stored on cycle ${c.id} (${c.status}) is malformed: ${parsed.error.message}`);
  return parsed.data;
}

export function toSummary(c: cyclesRepo.CycleRow, planVersion: number | null): CycleSummary {
  const s = storedSummary(c);
  const sales = s?.sales ?? '0.00';
  const net = s?.net ?? '0.00';
  return {
    id: c.id,
    kind: c.kind as CycleSummary['kind'],
    period: c.period,
    startsAt: c.startsAt.toISOString(),
    endsAt: c.endsAt.toISOString(),
    closedAt: c.closedAt?.toISOString() ?? null,
    status: c.status as CycleSummary['status'],
    planVersion,
    calculatedAt: c.calculatedAt?.toISOString() ?? null,
    calculatedBy: c.calculatedBy,
    approvedAt: c.approvedAt?.toISOString() ?? null,
    approvedBy: c.approvedBy,
    postedAt: c.postedAt?.toISOString() ?? null,
    totals: s?.totals ?? {},
    gross: s?.gross ?? '0.00',
    adminCharge: s?.adminCharge ?? '0.00',
    tds: s?.tds ?? '0.00',
    net,
    sales,
    salesBV: s?.salesBV ?? '0.00',
    payoutRatio: payoutRatio(net, sales),
    flushedBV: s?.flushedBV ?? '0.00',
    membersPaid: s?.membersPaid ?? 0,
  };
}

export async function versionOf(db: DbOrTx, planId: string | null) {
  if (!planId) return null;
  return (await plansRepo.findPlan(db, planId))?.version ?? null;
}

export async function listCycles(ctx: AppContext, q: { kind?: string; status?: string; cursor?: string }) {
  const before = q.cursor ? new Date(q.cursor) : undefined;
  if (before && Number.isNaN(before.getTime())) throw badRequest('Invalid cursor');
  const rows = await cyclesRepo.cyclesPage(ctx.db, { kind: q.kind, status: q.status, before }, 51);
  const page = rows.slice(0, 50);
  const plans = new Map((await plansRepo.listPlans(ctx.db)).map((p) => [p.id, p.version]));
  return { items: page.map((c) => toSummary(c, c.planId ? (plans.get(c.planId) ?? null) : null)), nextCursor: rows.length > 50 ? page[page.length - 1].startsAt.toISOString() : null };
}

export async function cycleDetail(ctx: AppContext, id: string): Promise<CycleDetail> {
  const c = await cyclesRepo.findCycle(ctx.db, id);
  if (!c) throw notFound('Cycle not found');
  const top = await resultsRepo.topEarners(ctx.db, id, 10);
  return {
    ...toSummary(c, await versionOf(ctx.db, c.planId)),
    topEarners: top.map((t) => ({ userId: t.user_id, name: [t.first_name, t.last_name].filter(Boolean).join(' ') || t.user_id, gross: t.gross, net: t.net })),
    poolsLeft: storedSummary(c)?.poolsLeft ?? {},
  };
}

/**
 * Closes the open cycle of a kind now (docs/spec/compensation.md §2): the next one starts at this moment. A cycle
 * whose end has passed and which the applier has not closed yet (it is still applying purchases made before the end)
 * keeps that end: asking again waits for it, never moves it, so that an applier running behind cannot keep an admin's
 * close from ever landing. `waitMs` is how long the request waits for the applier before answering 409.
 */
export async function closeNow(ctx: AppContext, actor: Actor, kind: 'pairing' | 'monthly', opts: { waitMs?: number } = {}) {
  const now = ctx.clock.now();
  const open = await ctx.db.transaction(async (tx) => {
    const c = await cyclesRepo.openCycleOf(tx, kind);
    if (!c) throw conflict('There is no open cycle of this kind yet');
    if (c.endsAt.getTime() <= now.getTime()) return c;
    if (c.startsAt.getTime() >= now.getTime()) throw conflict('This cycle started a moment ago; there is nothing to close yet');
    const row = await cyclesRepo.setCycle(tx, c.id, { endsAt: now }, ['open']);
    if (!row) throw conflict('The cycle was closed already');
    await audit(tx, actor, { entityType: 'comp_cycle', entityId: c.id, action: 'cycle.closed_now', previousState: { endsAt: c.endsAt.toISOString() }, newState: { endsAt: now.toISOString() } });
    return row;
  });
  // Purchases that completed before the new end are still being committed for up to the grace second;
  // then the applier applies them into this cycle and closes it (it opens the next one from this moment).
  // Only a process that runs jobs applies here: an app process that does not (RUN_JOBS=0 beside workers, or the
  // default start's supervised worker) waits for the workers' applier, which looks every 200 ms. Applying here read
  // the whole tree's parent links into the app (a million: about 400 MB, and seconds in which the app answered
  // nobody; the chaos bench's payday: purchases p95 1,561 ms during the close).
  const applyHere = ctx.config.runJobs;
  const deadline = Date.now() + (opts.waitMs ?? 30_000);
  for (;;) {
    await sleep(applyHere ? CLOSE_GRACE_MS + 50 : 250);
    if (applyHere) await drainJournal(ctx, { maxMs: 5_000 });
    const c = await cyclesRepo.findCycle(ctx.db, open.id);
    if (c && c.status !== 'open') return toSummary(c, await versionOf(ctx.db, c.planId));
    if (Date.now() > deadline) throw conflict('The cycle is still applying its last purchases; try again in a moment');
  }
}

export interface Snapshot {
  members: MemberTable;
}

/**
 * Separation of duties on a cycle (issue 29): neither the admin who calculated it nor one who made an adjustment
 * that it pays (its lines' adjustment ids) approves or posts it (403 SECOND_ADMIN_REQUIRED).
 */
export async function requireSecondAdmin(db: DbOrTx, c: cyclesRepo.CycleRow, actor: Actor, step: 'approve' | 'post') {
  const me = realUser(actor).id;
  if (c.calculatedBy === me) throw forbidden(step === 'approve' ? ADJUSTMENT_MSG.approveOwnCalculation : ADJUSTMENT_MSG.postOwnCalculation, 'SECOND_ADMIN_REQUIRED');
  if ((await adjustmentsRepo.adjustmentAuthorsOf(db, c.id)).includes(me)) {
    throw forbidden(step === 'approve' ? ADJUSTMENT_MSG.approveOwnAdjustment : ADJUSTMENT_MSG.postOwnAdjustment, 'SECOND_ADMIN_REQUIRED');
  }
}

/** calculated -> approved, by an admin who neither calculated it nor made an adjustment in it. */
export async function approveCycle(ctx: AppContext, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => {
    const c = await cyclesRepo.findCycle(tx, id, true);
    if (!c) throw notFound('Cycle not found');
    if (c.status !== 'calculated') throw conflict(c.status === 'approved' || c.status === 'posted' ? `The cycle is ${c.status} already` : 'Calculate the cycle before approving it');
    await requireSecondAdmin(tx, c, actor, 'approve');
    const row = await cyclesRepo.setCycle(tx, id, { status: 'approved', approvedAt: ctx.clock.now(), approvedBy: realUser(actor).id }, ['calculated']);
    await audit(tx, actor, { entityType: 'comp_cycle', entityId: id, action: 'cycle.approved', newState: { calculatedBy: c.calculatedBy } });
    return toSummary(row, await versionOf(tx, c.planId));
  });
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
