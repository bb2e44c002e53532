import { z } from 'zod';
import { decimal, id, instant } from './route-contract';

/**
 * The admin Income Reports of document 2 §2.2 as docs/spec/compensation.md §6 fills them: Direct Income (sponsor income
 * lines of posted cycles), Payout Summary (posted cycles: gross, deductions, net, members paid), Holiday Reward
 * Summary (travel fund awards); ROI and Salary Income are not offered (docs/spec/compensation.md §1).
 */

/** Why ROI and Salary Income have no report: the one sentence of docs/spec/compensation.md §1 each report shows. */
export const NOT_OFFERED_REPORTS = {
  'roi-income':
    'ROI Income is not offered: income comes only from sales, every rupee of it tracing back to the BV of completed purchases, and joining pays nobody (the Consumer Protection (Direct Selling) Rules, 2021, forbid income from enrolment alone).',
  'salary-income':
    'Salary Income is not offered: income comes only from sales, every rupee of it tracing back to the BV of completed purchases, and joining pays nobody (the Consumer Protection (Direct Selling) Rules, 2021, forbid income from enrolment alone).',
} as const;
export type NotOfferedReport = keyof typeof NOT_OFFERED_REPORTS;

/** Who a report row is about. */
const reportMember = { userUserId: z.string(), userName: z.string(), userEmail: z.string() };
export const ReportMember = z.strictObject(reportMember);
export type ReportMember = z.infer<typeof ReportMember>;

/** The cycle a report row comes from. */
const reportCycle = {
  cycleId: id,
  cycleKind: z.enum(['pairing', 'monthly']),
  /** Start and end of the cycle (the end is the early close when an admin closed it). */
  cycleStartsAt: instant,
  cycleEndsAt: instant,
  postedAt: instant.nullable(),
};
export const ReportCycle = z.strictObject(reportCycle);
export type ReportCycle = z.infer<typeof ReportCycle>;

const reportTotals = z.strictObject({ count: z.number().int(), amount: decimal, members: z.number().int() });

/** GET /api/admin/reports/direct-income: the sponsor income lines of posted cycles, newest cycle first. */
export const DirectIncomeReport = z.strictObject({
  totals: reportTotals,
  items: z.array(
    z.strictObject({
      ...reportMember,
      ...reportCycle,
      /** The income line's number (comp_lines is numbered, not keyed by uuid). */
      id: z.string(),
      amount: decimal,
      planVersion: z.number().int(),
      /** The line's explanation: the purchases and sponsor levels behind it. */
      explanation: z.string(),
    }),
  ),
});
export type DirectIncomeReport = z.infer<typeof DirectIncomeReport>;

/** One posted cycle in the Payout Summary. */
export const PayoutCycle = z.strictObject({
  id,
  kind: z.enum(['pairing', 'monthly']),
  startsAt: instant,
  endsAt: instant,
  postedAt: instant.nullable(),
  gross: decimal,
  adminCharge: decimal,
  tds: decimal,
  net: decimal,
  /** Members whose net for the cycle is above zero. */
  membersPaid: z.number().int(),
  /** docs/spec/returns.md §5: earlier clawbacks taken from this cycle's lines, and TDS it left for later cycles. */
  recovered: decimal,
  tdsCarried: decimal,
});
export type PayoutCycle = z.infer<typeof PayoutCycle>;

/** A withdrawal an admin approved (docs/spec/decisions.md §11): money paid out of the wallets the cycles credit. */
export const PaidWithdrawal = z.strictObject({
  ...reportMember,
  id,
  type: z.string(),
  currency: z.string(),
  amount: decimal,
  adminNotes: z.string().nullable(),
  transactionId: z.string().nullable(),
  processedAt: instant.nullable(),
});
export type PaidWithdrawal = z.infer<typeof PaidWithdrawal>;

/** GET /api/admin/reports/payout-summary */
export const PayoutSummaryReport = z.strictObject({
  /** Every posted cycle together; membersPaid counts each member once. */
  totals: z.strictObject({ cycles: z.number().int(), gross: decimal, adminCharge: decimal, tds: decimal, net: decimal, membersPaid: z.number().int(), recovered: decimal }),
  /** Posted cycles, newest first. */
  cycles: z.array(PayoutCycle),
  /** Approved withdrawals with their totals per currency, newest first. */
  withdrawals: z.strictObject({
    totals: z.array(z.strictObject({ currency: z.string(), count: z.number().int(), amount: decimal })),
    items: z.array(PaidWithdrawal),
  }),
});
export type PayoutSummaryReport = z.infer<typeof PayoutSummaryReport>;

/** GET /api/admin/reports/holiday-reward: the travel fund awards (achievers rows written when a monthly cycle is posted). */
export const HolidayRewardReport = z.strictObject({
  totals: reportTotals,
  items: z.array(
    z.strictObject({
      ...reportMember,
      id,
      /** The month awarded: its first day, YYYY-MM-DD (Asia/Kolkata). */
      periodDate: z.iso.date().nullable(),
      /** Place among the month's awards by amount (1 = largest). */
      position: z.number().int().nullable(),
      amount: decimal,
      points: z.number().nullable(),
      cycleId: id.nullable(),
    }),
  ),
});
export type HolidayRewardReport = z.infer<typeof HolidayRewardReport>;
