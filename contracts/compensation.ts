/**
 * The compensation plan as data (docs/spec/compensation.md §1, §3-§5): one zod schema read by the admin's plan
 * editor and by the server, with the defaults of the spec. Percentages, rupees and BV are decimal strings
 * (exact; the engine computes in integer paise), counts are whole numbers.
 */
import { z } from 'zod';
import { RANKS, type Rank } from './enums';
import { decimal as dec, id, instant, pageOf } from './route-contract';

const decimal = (what: string, places = 2) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .regex(new RegExp(`^\\d{1,9}(\\.\\d{1,${places}})?$`), `${what} must be a number with at most ${places} decimals`);
const percent = (what: string) => decimal(what, 4).refine((v) => Number(v) <= 100, `${what} cannot be more than 100 %`);
const whole = (what: string, min = 0, max = 1_000_000) =>
  z
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be at least ${min}`)
    .max(max, `${what} cannot be more than ${max}`);
const rank = z.enum(RANKS, { error: 'Choose a rank of the rank table' });

export const PAIRING_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type PairingPeriod = (typeof PAIRING_PERIODS)[number];

const levelRows = (what: string) =>
  z
    .array(z.object({ level: whole('Level', 1, 20), percent: percent(`${what} percent`) }))
    .max(20, `At most 20 ${what.toLowerCase()} levels`)
    .refine((rows) => new Set(rows.map((r) => r.level)).size === rows.length, `Each ${what.toLowerCase()} level may appear once`);

export const POOL_TYPES = ['car_fund', 'travel_fund', 'house_fund', 'leadership_fund', 'millionaire_club', 'royalty_income'] as const;
export type PoolType = (typeof POOL_TYPES)[number];

const Pool = z.object({
  percent: percent('Pool percent'),
  minRank: rank,
  holdMonths: whole('Hold months', 1, 36),
  /** Points by rank for the ranks that qualify; a qualifying rank missing here has 1 point. */
  points: z.partialRecord(rank, whole('Points', 0, 1000)),
  capPerMember: decimal('Cap per member').nullable(),
});
export type PoolConfig = z.infer<typeof Pool>;

const TdsRow = z.object({
  from: z.iso.date({ error: 'TDS rows start on a date (YYYY-MM-DD)' }),
  rateWithPan: percent('TDS rate with PAN'),
  rateWithoutPan: percent('TDS rate without PAN'),
  threshold: decimal('TDS threshold'),
});

export const PlanConfig = z
  .object({
    bvValue: decimal('Value of 1 BV'),
    pairing: z.object({
      period: z.enum(PAIRING_PERIODS, { error: 'The pairing cycle is daily, weekly or monthly' }),
      pairUnitBV: whole('Pair unit BV', 1, 10_000_000),
      pairRate: percent('Pair rate'),
      firstPair: z.enum(['1:1', '2:1'], { error: 'The first pair is 1:1 or 2:1' }),
      capPairs: whole('Pairs cap', 1, 1_000_000).nullable(),
      overflow: z.enum(['flush', 'carry'], { error: 'Overflow is flush or carry' }),
      carryCapBV: whole('Carry cap BV', 0, 1_000_000_000).nullable(),
      minPersonalBV: decimal('Minimum personal BV'),
      minDirectsEachLeg: whole('Minimum directs in each leg', 0, 1000),
    }),
    sponsorIncome: z.object({ levels: levelRows('Sponsor income') }),
    matching: z.object({ levels: levelRows('Matching') }),
    franchise: z.object({ mini_franchise: percent('Mini franchise percent'), basic_franchise: percent('Basic franchise percent') }),
    rankBonus: z.array(z.object({ rank, amount: decimal('Rank bonus') })).refine((rows) => new Set(rows.map((r) => r.rank)).size === rows.length, 'Each rank may have one bonus'),
    consistency: z.object({ minBV: decimal('Consistency minimum BV'), months: whole('Consistency months', 1, 24), percent: percent('Consistency percent') }),
    pools: z.object(Object.fromEntries(POOL_TYPES.map((p) => [p, Pool])) as Record<PoolType, typeof Pool>),
    deductions: z.object({
      adminChargePercent: percent('Admin charge'),
      tds: z.array(TdsRow).min(1, 'At least one TDS row'),
    }),
    // docs/spec/returns.md §2: the cooling-off window, at least the 30 days of the Direct Selling Guidelines, 2016.
    // Versions saved before it had none: they read as the default.
    returns: z.object({ coolingOffDays: whole('Cooling-off days', 30, 365) }).default({ coolingOffDays: 30 }),
  })
  .superRefine((c, ctx) => {
    const total = POOL_TYPES.reduce((s, p) => s + Number(c.pools[p].percent), 0);
    if (total > 100) ctx.addIssue({ code: 'custom', path: ['pools'], message: 'The pools together cannot take more than 100 % of the company BV' });
    if (Number(c.bvValue) <= 0) ctx.addIssue({ code: 'custom', path: ['bvValue'], message: 'The value of 1 BV must be more than 0' });
  });
export type PlanConfig = z.infer<typeof PlanConfig>;

const pool = (percent: string, minRank: Rank, capPerMember: string | null = null): PoolConfig => ({ percent, minRank, holdMonths: 1, points: {}, capPerMember });

/** Version 1 on first start: the defaults of docs/spec/compensation.md §3-§5 (pools and consistency: see docs/decisions/0010). */
export const DEFAULT_PLAN: PlanConfig = {
  bvValue: '1.00',
  pairing: { period: 'weekly', pairUnitBV: 100, pairRate: '10', firstPair: '1:1', capPairs: null, overflow: 'flush', carryCapBV: null, minPersonalBV: '0', minDirectsEachLeg: 0 },
  sponsorIncome: { levels: [{ level: 1, percent: '10' }] },
  matching: { levels: [{ level: 1, percent: '10' }] },
  franchise: { mini_franchise: '2', basic_franchise: '3' },
  rankBonus: [],
  consistency: { minBV: '500', months: 3, percent: '5' },
  pools: {
    car_fund: pool('1', 'Ruby Star'),
    travel_fund: pool('1', 'Gold Star'),
    house_fund: pool('1', 'Diamond'),
    leadership_fund: pool('1', 'Emerald Star'),
    millionaire_club: pool('0.5', 'President'),
    royalty_income: pool('0.5', 'Ambassador'),
  },
  deductions: { adminChargePercent: '5', tds: [{ from: '2020-04-01', rateWithPan: '2', rateWithoutPan: '20', threshold: '20000' }] },
  returns: { coolingOffDays: 30 },
};

export const PLAN_STATUSES = ['draft', 'active', 'retired'] as const;

export const PlanCreateRequest = z.object({ config: PlanConfig, basedOn: z.uuid({ error: 'Plan version not found' }).optional() });
export const PlanUpdateRequest = z.object({ config: PlanConfig });
export const PlanActivateRequest = z.object({ effectiveFrom: z.iso.datetime({ offset: true, error: 'Choose when the version takes effect' }) });

export const CYCLE_KINDS = ['pairing', 'monthly'] as const;
export const CYCLE_STATUSES = ['open', 'closed', 'calculated', 'approved', 'posted'] as const;
export const CycleCloseRequest = z.object({ kind: z.enum(CYCLE_KINDS, { error: 'The cycle kind is pairing or monthly' }) });
export const CyclesQuery = z.object({
  kind: z.enum(CYCLE_KINDS, { error: 'The cycle kind is pairing or monthly' }).optional(),
  status: z.enum(CYCLE_STATUSES, { error: 'Unknown cycle status' }).optional(),
  cursor: z.string().max(100).optional(),
});
export const CycleLinesQuery = z.object({
  userId: z.string().trim().max(40).optional(),
  type: z.string().trim().max(30).optional(),
  cursor: z.string().max(100).optional(),
});
export const SimulateRequest = z.object({ planId: z.uuid({ error: 'Plan version not found' }), cycleId: z.uuid({ error: 'Cycle not found' }) });
export type SimulateRequest = z.infer<typeof SimulateRequest>;
/** Issue 29: an adjustment's reason, trimmed, is at least this long (it is kept on the line and in the audit log). */
export const ADJUSTMENT_REASON_MIN = 5;
export const AdjustmentRequest = z.object({
  userId: z.string({ error: 'Member ID is required' }).trim().min(1, 'Member ID is required').max(40),
  type: z.string({ error: 'Income type is required' }).trim().min(1, 'Income type is required').max(30),
  amount: z
    .string({ error: 'Amount is required' })
    .trim()
    .regex(/^-?\d{1,9}(\.\d{1,2})?$/, 'Amount must be a number with at most 2 decimals')
    .refine((v) => /[1-9]/.test(v), 'Amount cannot be 0'),
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, { error: 'Reason is required', abort: true })
    .min(ADJUSTMENT_REASON_MIN, `Give a reason of at least ${ADJUSTMENT_REASON_MIN} characters`)
    .max(500, 'Reason is at most 500 characters'),
});

/** What the member's Income page says about returned BV (docs/spec/returns.md §3). */
export const INCOME_MSG = {
  /** Under a leg whose carry is below zero. */
  negativeCarry: 'Returned BV: new BV on this leg fills it before the leg pairs again.',
} as const;

/**
 * Issue 29, adjustments and the cycles that pay them: the cap (ADJUSTMENT_MAX_AMOUNT), the second admin above
 * ADJUSTMENT_APPROVAL_ABOVE (an approval request of kind comp_adjustment), and the separation of duties on a cycle:
 * neither the admin who calculated it nor one who made an adjustment in it approves or posts it.
 */
export const ADJUSTMENT_MSG = {
  /** Followed by the cap in rupees and a full stop. */
  overCap: 'An adjustment can be at most',
  /** Followed by the approval amount in rupees and a full stop. */
  requested: 'Adjustment waits for a second admin: another admin must approve adjustments above',
  approved: 'Adjustment approved; it is paid in the next cycle calculated',
  rejected: 'Adjustment rejected',
  ownRequest: 'Another admin must approve an adjustment you requested.',
  approveOwnCalculation: 'Another admin must approve the calculation you made',
  approveOwnAdjustment: 'Another admin must approve a cycle that includes an adjustment you made',
  postOwnCalculation: 'Another admin must post the calculation you made',
  postOwnAdjustment: 'Another admin must post a cycle that includes an adjustment you made',
} as const;
export const StatementQuery = z.object({
  fy: z
    .string()
    .regex(/^\d{4}-\d{2}$/, 'Financial year looks like 2026-27')
    .optional(),
  format: z.enum(['csv', 'pdf'], { error: 'Format is csv or pdf' }).default('csv'),
});

export const PlanIdParam = z.object({ id: z.uuid({ error: 'Plan version not found' }) });
export const CycleIdParam = z.object({ id: z.uuid({ error: 'Cycle not found' }) });
export const SimulationIdParam = z.object({ id: z.uuid({ error: 'Simulation not found' }) });

// ---- answers ----
export const PlanVersion = z.strictObject({
  id,
  version: z.number().int(),
  status: z.enum(PLAN_STATUSES),
  /** In force now (the newest active version whose effectiveFrom has passed). */
  inForce: z.boolean(),
  effectiveFrom: instant.nullable(),
  createdBy: z.string().nullable(),
  createdAt: instant,
  activatedAt: instant.nullable(),
  basedOn: z.string().nullable(),
  config: PlanConfig,
});
export type PlanVersion = z.infer<typeof PlanVersion>;
export const PlanList = z.strictObject({ items: z.array(PlanVersion) });
export type PlanList = z.infer<typeof PlanList>;

const cycleSummaryFields = {
  id,
  kind: z.enum(CYCLE_KINDS),
  period: z.string(),
  startsAt: instant,
  endsAt: instant,
  closedAt: instant.nullable(),
  status: z.enum(CYCLE_STATUSES),
  planVersion: z.number().int().nullable(),
  calculatedAt: instant.nullable(),
  calculatedBy: z.string().nullable(),
  approvedAt: instant.nullable(),
  approvedBy: z.string().nullable(),
  postedAt: instant.nullable(),
  totals: z.record(z.string(), dec),
  gross: dec,
  adminCharge: dec,
  tds: dec,
  net: dec,
  sales: dec,
  salesBV: dec,
  payoutRatio: dec.nullable(),
  flushedBV: dec,
  membersPaid: z.number().int(),
};
export const CycleSummary = z.strictObject(cycleSummaryFields);
export type CycleSummary = z.infer<typeof CycleSummary>;
export const CyclePage = pageOf(CycleSummary);

export const CycleDetail = z.strictObject({
  ...cycleSummaryFields,
  topEarners: z.array(z.strictObject({ userId: z.string(), name: z.string(), gross: dec, net: dec })),
  poolsLeft: z.record(z.string(), dec),
});
export type CycleDetail = z.infer<typeof CycleDetail>;

export const IncomeLine = z.strictObject({
  type: z.string(),
  label: z.string(),
  amount: dec,
  planVersion: z.number().int(),
  /** How the line was computed: a sentence, plus the figures behind it (they differ by income type). */
  explanation: z.looseObject({ text: z.string() }),
});
export type IncomeLine = z.infer<typeof IncomeLine>;

/**
 * A member's figures of one cycle (docs/spec/returns.md §5): gross after recovery, the recovery taken from the lines
 * and the balance still to recover, admin charge, TDS deducted and TDS carried to later cycles, net.
 */
const deductionFields = { gross: dec, recovered: dec, recovery: dec, adminCharge: dec, tds: dec, tdsCarried: dec, net: dec };
export const MemberCycleLines = z.strictObject({ userId: z.string(), name: z.string(), lines: z.array(IncomeLine), ...deductionFields });
export type MemberCycleLines = z.infer<typeof MemberCycleLines>;
export const CycleLinesPage = pageOf(MemberCycleLines);

const simulatedTotals = z.strictObject({ gross: dec, net: dec, payoutRatio: dec.nullable(), totals: z.record(z.string(), dec) });
/** POST /api/admin/compensation/simulate: a draft plan against a cycle, beside the plan the cycle used. Posts nothing. */
export const SimulationResult = z.strictObject({
  cycleId: id,
  planVersion: z.number().int(),
  basePlanVersion: z.number().int(),
  base: simulatedTotals,
  draft: simulatedTotals,
  changes: z.array(z.strictObject({ userId: z.string(), name: z.string(), base: dec, draft: dec, delta: dec })),
});
export type SimulationResult = z.infer<typeof SimulationResult>;

export const SIMULATION_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type SimulationStatus = (typeof SIMULATION_STATUSES)[number];
/**
 * POST /api/admin/compensation/simulations (202) and GET .../simulations/:id: a simulation run as a job (ADR 0027).
 * `result` once done; `error` (the refusal's words) once failed; both null while queued or running.
 */
export const SimulationJob = z.strictObject({
  id,
  status: z.enum(SIMULATION_STATUSES),
  planId: id,
  cycleId: id,
  requestedAt: instant,
  finishedAt: instant.nullable(),
  result: SimulationResult.nullable(),
  error: z.string().nullable(),
});
export type SimulationJob = z.infer<typeof SimulationJob>;

export const AdjustmentView = z.strictObject({ id, userId: z.string(), type: z.string(), amount: dec, reason: z.string(), createdAt: instant });
export type AdjustmentView = z.infer<typeof AdjustmentView>;

/** GET /api/income: the member's posted cycles, carry, the open cycle's pairs so far, the financial year and pool awards. */
export const MemberIncome = z.strictObject({
  cycles: z.array(z.strictObject({ id, kind: z.string(), startsAt: instant, endsAt: instant, ...deductionFields, postedAt: instant })),
  carry: z.strictObject({ left: dec, right: dec }),
  thisCycle: z.strictObject({ id, startsAt: instant, endsAt: instant, left: dec, right: dec, pairs: z.number().int(), amount: dec }).nullable(),
  financialYear: z.strictObject({ label: z.string(), gross: dec, tds: dec }),
  poolAwards: z.array(z.strictObject({ type: z.string(), label: z.string(), amount: dec, periodDate: z.string().nullable() })),
});
export type MemberIncome = z.infer<typeof MemberIncome>;

/** GET /api/income/cycles/:id: the member's lines of one posted cycle with their explanations. */
export const MemberCycle = z.strictObject({
  cycle: z.strictObject({ id, kind: z.string(), startsAt: instant, endsAt: instant }),
  lines: z.array(IncomeLine),
  ...deductionFields,
});
export type MemberCycle = z.infer<typeof MemberCycle>;
