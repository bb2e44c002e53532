/** The member's income (docs/spec/compensation.md §6): the Income page and a cycle's lines (the statement: member-statement.service.ts). */
import type { MemberIncome, MemberCycle } from '../../../contracts/compensation';
import type { AppContext } from '../../context';
import { readDb } from '../../core/read-db';
import { notFound } from '../../core/app-error';
import { DEFAULT_PLAN, PlanConfig } from '../../../contracts/compensation';
import { fromPaise } from '../../../contracts/money';
import * as incomeRepo from './income.repo';
import { pairMember, paise } from './engine';
import { label, fyOf, fyLabel } from './common';
import { memberLinesView } from './cycle-lines.service';

/** Versions never change once activated: their parsed config is kept by id (one entry per version ever activated). */
export const parsedPlans = new Map<string, PlanConfig>();
export function parsedPlan(p: { id: string; config: unknown }) {
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
  // The Income page tolerates a little lag, but shows the member's own writes (ADR 0031).
  const f = await incomeRepo.incomeFigures(readDb(ctx, { id: memberId }), memberId, [...parsedPlans.keys()]);
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
    cycles: f.payouts.map((p) => ({
      id: p.cycle_id,
      kind: p.kind,
      startsAt: iso(p.starts_at),
      endsAt: iso(p.closed_at ?? p.ends_at),
      ...deductionsOf(p),
      postedAt: iso(p.posted_at),
    })),
    carry: { left: carry?.carry_left ?? '0.00', right: carry?.carry_right ?? '0.00' },
    thisCycle,
    financialYear: { label: fyLabel(fy), gross: fromPaise(inFy.reduce((s, p) => s + paise(p.gross), 0n)), tds: fromPaise(inFy.reduce((s, p) => s + paise(p.tds), 0n)) },
    poolAwards: f.pools.map((a) => ({ type: a.type, label: label(a.type), amount: a.amount ?? '0.00', periodDate: a.period_date })),
  };
}

export async function memberCycle(ctx: AppContext, memberId: string, cycleId: string): Promise<MemberCycle> {
  const db = readDb(ctx, { id: memberId });
  const payout = (await incomeRepo.memberPayouts(db, memberId)).find((p) => p.cycle_id === cycleId);
  if (!payout) throw notFound('Cycle not found');
  const lines = await incomeRepo.memberLines(db, memberId, [cycleId]);
  return {
    cycle: { id: cycleId, kind: payout.kind, startsAt: new Date(payout.starts_at).toISOString(), endsAt: new Date(payout.closed_at ?? payout.ends_at).toISOString() },
    lines: memberLinesView(lines),
    ...deductionsOf(payout),
  };
}

/** A posted payout's figures as the member reads them (docs/spec/returns.md §5: recovery and carried TDS beside the deductions). */
function deductionsOf(p: { gross: string; recovered: string; recovery: string; admin_charge: string; tds: string; tds_carried: string; net: string }) {
  return { gross: p.gross, recovered: p.recovered, recovery: p.recovery, adminCharge: p.admin_charge, tds: p.tds, tdsCarried: p.tds_carried, net: p.net };
}
