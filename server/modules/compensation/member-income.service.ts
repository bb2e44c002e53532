/** The member's income (docs/spec/compensation.md §6): the Income page, a cycle's lines and the financial year's statement. */
import type { MemberIncome, MemberCycle } from '../../../contracts/compensation';
import type { AppContext } from '../../context';
import { branding } from '../branding';
import { badRequest, notFound } from '../../core/app-error';
import { DEFAULT_PLAN, PlanConfig } from '../../../contracts/compensation';
import { fromPaise } from '../../../contracts/money';
import * as incomeRepo from './income.repo';
import { pairMember, paise } from './engine';
import { label, istDate, fyOf, fyLabel } from './common';
import { memberLinesView, cell } from './cycle-lines.service';

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
  const f = await incomeRepo.incomeFigures(ctx.db, memberId, [...parsedPlans.keys()]);
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
      gross: p.gross,
      adminCharge: p.admin_charge,
      tds: p.tds,
      net: p.net,
      postedAt: iso(p.posted_at),
    })),
    carry: { left: carry?.carry_left ?? '0.00', right: carry?.carry_right ?? '0.00' },
    thisCycle,
    financialYear: { label: fyLabel(fy), gross: fromPaise(inFy.reduce((s, p) => s + paise(p.gross), 0n)), tds: fromPaise(inFy.reduce((s, p) => s + paise(p.tds), 0n)) },
    poolAwards: f.pools.map((a) => ({ type: a.type, label: label(a.type), amount: a.amount ?? '0.00', periodDate: a.period_date })),
  };
}

export async function memberCycle(ctx: AppContext, memberId: string, cycleId: string): Promise<MemberCycle> {
  const payout = (await incomeRepo.memberPayouts(ctx.db, memberId)).find((p) => p.cycle_id === cycleId);
  if (!payout) throw notFound('Cycle not found');
  const lines = await incomeRepo.memberLines(ctx.db, memberId, [cycleId]);
  return {
    cycle: { id: cycleId, kind: payout.kind, startsAt: new Date(payout.starts_at).toISOString(), endsAt: new Date(payout.closed_at ?? payout.ends_at).toISOString() },
    lines: memberLinesView(lines),
    gross: payout.gross,
    adminCharge: payout.admin_charge,
    tds: payout.tds,
    net: payout.net,
  };
}

/** The financial year's statement: every posted cycle's lines and net. */
export async function memberStatement(ctx: AppContext, member: { id: string; userId: string; name: string }, fyText: string | undefined, format: 'csv' | 'pdf') {
  const fy = fyText ? Number(fyText.slice(0, 4)) : fyOf(ctx.clock.now());
  if (fyText && fyLabel(fy) !== fyText) throw badRequest('Financial year looks like 2026-27', { fy: ['Financial year looks like 2026-27'] });
  const payouts = (await incomeRepo.memberPayouts(ctx.db, member.id)).filter((p) => p.fy === fy).reverse();
  const lines = await incomeRepo.memberLines(
    ctx.db,
    member.id,
    payouts.map((p) => p.cycle_id),
  );
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
    const body =
      [['Cycle', 'Type', 'Amount', 'Explanation'], ...rows, [], ['Financial year', fyLabel(fy)], ['Gross', gross], ['TDS', tds], ['Net', net], [], ...issuer]
        .map((r) => r.map(cell).join(','))
        .join('\n') + '\n';
    return { filename: `${name}.csv`, contentType: 'text/csv; charset=utf-8', body: Buffer.from(body) };
  }
  const { simplePdf } = await import('../../lib/simple-pdf');
  const text = [
    b.companyName,
    ...issuer.slice(1).map(([k, v]) => `${k} ${v}`),
    '',
    `Income statement, financial year ${fyLabel(fy)}`,
    `${member.name} (${member.userId})`,
    '',
    ...rows.map((r) => `${r[0]}  ${r[1].padEnd(20)} ${r[2].padStart(12)}`),
    '',
    `Gross ${gross}    TDS ${tds}    Net ${net}`,
  ];
  return { filename: `${name}.pdf`, contentType: 'application/pdf', body: simplePdf(text) };
}
