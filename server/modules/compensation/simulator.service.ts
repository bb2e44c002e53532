/** The simulator: a draft version against a past cycle's snapshot; nothing is written. */
import type { SimulationResult } from '../../../contracts/compensation';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../core/app-error';
import { PlanConfig } from '../../../contracts/compensation';
import { fromPaise } from '../../../contracts/money';
import * as plansRepo from './plans.repo';
import * as cyclesRepo from './cycles.repo';
import * as inputsRepo from './inputs.repo';
import { payoutRatio } from './engine';
import { cycleEnd } from './common';
import { planFor } from './plans.service';
import { loadMembers, compute, payoutsOf, summarize } from './calculation.service';

/**
 * What a simulation refuses, checked by the request before it queues the job and again by the job: the plan and
 * the cycle exist, the cycle is closed (or later), the version's config validates. Answers the parsed config.
 */
export async function simulatable(db: DbOrTx, planId: string, cycleId: string, config?: unknown) {
  const plan = await plansRepo.findPlan(db, planId);
  if (!plan) throw notFound('Plan version not found');
  const c = await cyclesRepo.findCycle(db, cycleId);
  if (!c) throw notFound('Cycle not found');
  if (c.status === 'open') throw conflict('Simulate against a closed, calculated or posted cycle');
  const draftCfg = PlanConfig.safeParse(config === undefined ? plan.config : config);
  if (!draftCfg.success) throw badRequest('The version does not validate');
  return { plan, cycle: c, config: draftCfg.data };
}

/**
 * A plan version (its config as stored, or `config`: the draft as it stood when the simulation was asked for)
 * against a closed, calculated or posted cycle's snapshot; nothing is written. Loads the million-member snapshot:
 * only the simulation job calls it (simulation-jobs.ts).
 */
export async function simulate(ctx: AppContext, planId: string, cycleId: string, config?: unknown): Promise<SimulationResult> {
  const { plan, cycle: c, config: draft } = await simulatable(ctx.db, planId, cycleId, config);
  const base = await planFor(ctx.db, c.startsAt);
  const snap = await loadMembers(ctx.db, ctx.db, cycleEnd(c));
  const run = async (cfg: PlanConfig) => {
    const res = await compute(ctx.db, c, cfg, snap);
    const payouts = await payoutsOf(ctx.db, c, cfg, snap.members, res.lines);
    const sales = await inputsRepo.cycleSales(ctx.db, c.kind, c.id);
    const s = summarize(res, payouts, sales);
    return { s, payouts, payoutRatio: payoutRatio(s.net, sales.amount) };
  };
  const a = await run(base.config);
  const b = await run(draft);
  const ids = new Set([...a.payouts.member, ...b.payouts.member]);
  const changes = [...ids]
    .map((m) => {
      const x = a.payouts.grossOf(m);
      const y = b.payouts.grossOf(m);
      return { m, x, y, d: y - x };
    })
    .filter((r) => r.d !== 0n)
    .sort((p, q) => {
      const ap = p.d < 0n ? -p.d : p.d;
      const aq = q.d < 0n ? -q.d : q.d;
      return aq > ap ? 1 : aq < ap ? -1 : snap.members.idAt(p.m).localeCompare(snap.members.idAt(q.m));
    })
    .slice(0, 20)
    .map((r) => ({ ...r, m: snap.members.idAt(r.m) }));
  const names = new Map(
    (
      await inputsRepo.namesOf(
        ctx.db,
        changes.map((r) => r.m),
      )
    ).map((r) => [r.id, [r.first_name, r.last_name].filter(Boolean).join(' ') || r.user_id]),
  );
  return {
    cycleId,
    planVersion: plan.version,
    basePlanVersion: base.version,
    base: { gross: a.s.gross, net: a.s.net, payoutRatio: a.payoutRatio, totals: a.s.totals },
    draft: { gross: b.s.gross, net: b.s.net, payoutRatio: b.payoutRatio, totals: b.s.totals },
    changes: changes.map((r) => ({ userId: snap.members.get(r.m)?.userId ?? r.m, name: names.get(r.m) ?? '', base: fromPaise(r.x), draft: fromPaise(r.y), delta: fromPaise(r.d) })),
  };
}
