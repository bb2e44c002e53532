/**
 * Public disclosures (Consumer Protection (Direct Selling) Rules, 2021, rule 5): the entity's details, the
 * compensation plan in plain words and the annual income disclosure, one public page (`/disclosures`) and one
 * public route (`GET /api/disclosures`).
 */
import { z } from 'zod';
import { day, decimal, instant } from './route-contract';

/** The company as the rules ask it to be named on its website. */
export const CompanyDetails = z.strictObject({
  /** The name the portal shows. */
  companyName: z.string(),
  /** The registered legal name (the company name when none is recorded). */
  legalName: z.string(),
  cin: z.string().nullable(),
  gstin: z.string().nullable(),
  /** The registered office, as one line per part (street; city, state pincode), or empty when not recorded. */
  registeredOffice: z.array(z.string()),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type CompanyDetails = z.infer<typeof CompanyDetails>;

/** One part of the plan in plain words: a heading and its sentences, every figure read from the plan version. */
export const PlanSection = z.strictObject({ id: z.string(), title: z.string(), sentences: z.array(z.string()) });
export type PlanSection = z.infer<typeof PlanSection>;

export const PlanInWords = z.strictObject({
  version: z.number().int(),
  /** Since when this version is in force (null: since the platform started). */
  effectiveFrom: instant.nullable(),
  sections: z.array(PlanSection),
});
export type PlanInWords = z.infer<typeof PlanInWords>;

/** Income per member at these points of the distribution (members who earned nothing included). */
export const IncomePercentiles = z.strictObject({ p25: decimal, median: decimal, p75: decimal, p90: decimal, p99: decimal });

export const IncomeByRank = z.strictObject({
  rank: z.string(),
  members: z.number().int(),
  /** Members of this rank who earned anything in the year. */
  earners: z.number().int(),
  averageIncome: decimal,
});

/**
 * The income of members in one financial year (April to March, Asia/Kolkata) from the posted payout cycles:
 * income is a member's gross (before the admin charge and TDS) summed over the year's posted cycles.
 */
export const IncomeDisclosure = z.strictObject({
  /** `2025-26`. */
  fy: z.string(),
  from: day,
  to: day,
  /** false: the current year, to date (shown only while the last completed year has no posted cycle). */
  completed: z.boolean(),
  postedCycles: z.number().int(),
  /** Members counted: every member placed in the network on or before the year's last day. */
  members: z.number().int(),
  earners: z.number().int(),
  earnedNothing: z.number().int(),
  totalIncome: decimal,
  /** What reached the members' wallets: income less the admin charge and TDS. */
  totalPaid: decimal,
  averageIncome: decimal,
  percentiles: IncomePercentiles,
  /** By each member's rank today (ranks are never lost, so it is at least the rank held at the year's end). */
  byRank: z.array(IncomeByRank),
  computedAt: instant,
});
export type IncomeDisclosure = z.infer<typeof IncomeDisclosure>;

export const Disclosures = z.strictObject({
  company: CompanyDetails,
  plan: PlanInWords,
  /** The last completed financial year. */
  lastYear: IncomeDisclosure,
  /** The current financial year to date: only when the last completed year has no posted cycle. */
  yearToDate: IncomeDisclosure.nullable(),
});
export type Disclosures = z.infer<typeof Disclosures>;

export const DISCLOSURE_MSG = {
  tooMany: 'Too many requests for the disclosures. Please wait a minute and try again.',
  noPostedCycles: (fy: string) => `No payout cycle was posted in the financial year ${fy}, so no member earned income from the plan in that year.`,
  membersCounted: 'Members counted: every member placed in the network on or before the last day of the year, whether or not they earned anything.',
  incomeMeans: 'Income is the gross amount a member earned from the posted payout cycles of the year, before the admin charge and TDS.',
  rankMeans: "Ranks are each member's rank today; a rank once reached is kept, so it is at least the rank held at the end of the year.",
  yearToDate: (fy: string) => `The current financial year ${fy} so far (not a completed year; figures change as cycles are posted).`,
} as const;
