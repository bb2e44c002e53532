/**
 * The admin Income Reports (doc 2 §2.2) filled as docs/spec/compensation.md §6 says: Direct Income from the sponsor income
 * lines of posted cycles, Payout Summary from the posted cycles' payouts (and the withdrawals approved, decisions.md
 * §11), Holiday Reward Summary from the travel fund awards. ROI and Salary Income are not offered (§1): the web
 * shows the contract's sentence, there is nothing to read.
 */
import type { AppContext } from '../../context';
import type { Actor } from '../../core/actor';
import { readDb } from '../../core/read-db';
import type { DirectIncomeReport, HolidayRewardReport, PayoutSummaryReport, ReportCycle } from '../../../contracts/reports';
import { reportTypes } from '../../../contracts/income-types';
import { approvedWithdrawals, poolAwards, postedCycles, postedLines } from './reports.repo';

/** Rows listed per report; the totals always cover everything. */
const LIMIT = 500;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const name = (r: { first_name: string | null; last_name: string | null; user_id: string }) => [r.first_name, r.last_name].filter(Boolean).join(' ') || r.user_id;
const kindOf = (k: string) => (k === 'monthly' ? 'monthly' : 'pairing') as ReportCycle['cycleKind'];
const textOf = (explanation: unknown) => {
  const text = (explanation as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
};

/** Every report reads posted history: a replica serves it when one is in use (ADR 0031). */
export async function directIncomeReport(ctx: AppContext, actor: Actor): Promise<DirectIncomeReport> {
  const { totals, items } = await postedLines(readDb(ctx, actor), reportTypes('direct-income'), LIMIT);
  return {
    totals,
    items: items.map((r) => ({
      id: r.id,
      userUserId: r.user_id,
      userName: name(r),
      userEmail: r.email,
      amount: r.amount,
      planVersion: r.plan_version,
      explanation: textOf(r.explanation),
      cycleId: r.cycle_id,
      cycleKind: kindOf(r.kind),
      cycleStartsAt: iso(r.starts_at)!,
      cycleEndsAt: iso(r.ends_at)!,
      postedAt: iso(r.posted_at),
    })),
  };
}

export async function payoutSummaryReport(ctx: AppContext, actor: Actor): Promise<PayoutSummaryReport> {
  const db = readDb(ctx, actor);
  const [cycles, withdrawals] = await Promise.all([postedCycles(db, LIMIT), approvedWithdrawals(db, LIMIT)]);
  const t = cycles.totals;
  return {
    totals: { cycles: t.cycles, gross: t.gross, adminCharge: t.admin_charge, tds: t.tds, net: t.net, membersPaid: t.members_paid, recovered: t.recovered },
    cycles: cycles.items.map((c) => ({
      id: c.id,
      kind: kindOf(c.kind),
      startsAt: iso(c.starts_at)!,
      endsAt: iso(c.ends_at)!,
      postedAt: iso(c.posted_at),
      gross: c.gross,
      adminCharge: c.admin_charge,
      tds: c.tds,
      net: c.net,
      membersPaid: c.members_paid,
      recovered: c.recovered,
      tdsCarried: c.tds_carried,
    })),
    withdrawals: {
      totals: withdrawals.totals,
      items: withdrawals.items.map((r) => ({
        id: r.w.id,
        userUserId: r.userUserId,
        userName: name({ first_name: r.firstName, last_name: r.lastName, user_id: r.userUserId }),
        userEmail: r.email,
        type: r.w.withdrawalType,
        currency: r.w.currency,
        amount: r.w.amount,
        adminNotes: r.w.adminNotes,
        transactionId: r.w.transactionId,
        processedAt: r.w.processedAt?.toISOString() ?? null,
      })),
    },
  };
}

export async function holidayRewardReport(ctx: AppContext, actor: Actor): Promise<HolidayRewardReport> {
  const { totals, items } = await poolAwards(readDb(ctx, actor), reportTypes('holiday-reward'), LIMIT);
  return {
    totals,
    items: items.map((r) => {
      const meta = (r.metadata ?? {}) as { points?: unknown; cycleId?: unknown };
      return {
        id: r.id,
        userUserId: r.user_id,
        userName: name(r),
        userEmail: r.email,
        periodDate: r.period_date,
        position: r.position,
        amount: r.amount ?? '0.00',
        points: typeof meta.points === 'number' ? meta.points : null,
        cycleId: typeof meta.cycleId === 'string' ? meta.cycleId : null,
      };
    }),
  };
}
