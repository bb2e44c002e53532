/**
 * The admin Income Reports of document 2 §2.2 as compensation.md §6 fills them: Direct Income (sponsor income
 * lines of posted cycles), Payout Summary (posted cycles: gross, deductions, net, members paid), Holiday Reward
 * Summary (travel fund awards); ROI and Salary Income are not offered (compensation.md §1).
 */

/** Why ROI and Salary Income have no report: the one sentence of compensation.md §1 each report shows. */
export const NOT_OFFERED_REPORTS = {
  'roi-income': 'ROI Income is not offered: income comes only from sales, every rupee of it tracing back to the BV of completed purchases, and joining pays nobody (the Consumer Protection (Direct Selling) Rules, 2021, forbid income from enrolment alone).',
  'salary-income': 'Salary Income is not offered: income comes only from sales, every rupee of it tracing back to the BV of completed purchases, and joining pays nobody (the Consumer Protection (Direct Selling) Rules, 2021, forbid income from enrolment alone).',
} as const;
export type NotOfferedReport = keyof typeof NOT_OFFERED_REPORTS;

/** Who a report row is about. */
export interface ReportMember {
  userUserId: string;
  userName: string;
  userEmail: string;
}

/** The cycle a report row comes from. */
export interface ReportCycle {
  cycleId: string;
  cycleKind: 'pairing' | 'monthly';
  /** Start and end of the cycle (the end is the early close when an admin closed it). */
  cycleStartsAt: string;
  cycleEndsAt: string;
  postedAt: string | null;
}

/** GET /api/admin/reports/direct-income: the sponsor income lines of posted cycles, newest cycle first. */
export interface DirectIncomeReport {
  totals: { count: number; amount: string; members: number };
  items: Array<ReportMember & ReportCycle & {
    id: string;
    amount: string;
    planVersion: number;
    /** The line's explanation: the purchases and sponsor levels behind it. */
    explanation: string;
  }>;
}

/** One posted cycle in the Payout Summary. */
export interface PayoutCycle {
  id: string;
  kind: 'pairing' | 'monthly';
  startsAt: string;
  endsAt: string;
  postedAt: string | null;
  gross: string;
  adminCharge: string;
  tds: string;
  net: string;
  /** Members whose net for the cycle is above zero. */
  membersPaid: number;
}

/** A withdrawal an admin approved (decisions.md §11): money paid out of the wallets the cycles credit. */
export interface PaidWithdrawal extends ReportMember {
  id: string;
  type: string;
  currency: string;
  amount: string;
  adminNotes: string | null;
  transactionId: string | null;
  processedAt: string | null;
}

/** GET /api/admin/reports/payout-summary */
export interface PayoutSummaryReport {
  /** Every posted cycle together; membersPaid counts each member once. */
  totals: { cycles: number; gross: string; adminCharge: string; tds: string; net: string; membersPaid: number };
  /** Posted cycles, newest first. */
  cycles: PayoutCycle[];
  /** Approved withdrawals with their totals per currency, newest first. */
  withdrawals: { totals: Array<{ currency: string; count: number; amount: string }>; items: PaidWithdrawal[] };
}

/** GET /api/admin/reports/holiday-reward: the travel fund awards (achievers rows written when a monthly cycle is posted). */
export interface HolidayRewardReport {
  totals: { count: number; amount: string; members: number };
  items: Array<ReportMember & {
    id: string;
    /** The month awarded: its first day, YYYY-MM-DD (Asia/Kolkata). */
    periodDate: string | null;
    /** Place among the month's awards by amount (1 = largest). */
    position: number | null;
    amount: string;
    points: number | null;
    cycleId: string | null;
  }>;
}
