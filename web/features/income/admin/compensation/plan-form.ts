/**
 * The plan editor's model (docs/spec/compensation.md §3-§5): the form holds every PlanConfig parameter as the text of its
 * input; toConfig turns it back into the contract's shape, which the PlanConfig schema then validates (the same
 * schema the server applies). Also: the parameters' labels, meanings and defaults, and the diff of two versions.
 */
import { RANKS } from '@contracts';
import { formatBV, formatMoney } from '../../../../../contracts/format-money';
import { DEFAULT_PLAN, PAIRING_PERIODS, PlanConfig, POOL_TYPES, type PoolType } from '../../../../../contracts/compensation';

export interface LevelRowForm {
  level: string;
  percent: string;
}

export interface PoolForm {
  percent: string;
  minRank: string;
  holdMonths: string;
  /** Blank: no cap. */
  capPerMember: string;
  /** Points by rank; a blank rank has 1 point. */
  points: Record<string, string>;
}

export interface TdsRowForm {
  from: string;
  rateWithPan: string;
  rateWithoutPan: string;
  threshold: string;
}

export interface PlanForm {
  bvValue: string;
  pairing: {
    period: string;
    pairUnitBV: string;
    pairRate: string;
    firstPair: string;
    /** Blank: no cap. */
    capPairs: string;
    overflow: string;
    /** Blank: no cap. */
    carryCapBV: string;
    minPersonalBV: string;
    minDirectsEachLeg: string;
  };
  sponsorIncome: { levels: LevelRowForm[] };
  matching: { levels: LevelRowForm[] };
  franchise: { mini_franchise: string; basic_franchise: string };
  rankBonus: Array<{ rank: string; amount: string }>;
  consistency: { minBV: string; months: string; percent: string };
  pools: Record<PoolType, PoolForm>;
  deductions: { adminChargePercent: string; tds: TdsRowForm[] };
  /** docs/spec/returns.md §2: kept as the version has it (not edited on this form yet). */
  returns: { coolingOffDays: number };
}

const text = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** The form of a saved configuration. */
export function fromConfig(c: PlanConfig): PlanForm {
  const levels = (rows: PlanConfig['sponsorIncome']['levels']) => rows.map((r) => ({ level: text(r.level), percent: r.percent }));
  return {
    bvValue: c.bvValue,
    pairing: {
      period: c.pairing.period,
      pairUnitBV: text(c.pairing.pairUnitBV),
      pairRate: c.pairing.pairRate,
      firstPair: c.pairing.firstPair,
      capPairs: text(c.pairing.capPairs),
      overflow: c.pairing.overflow,
      carryCapBV: text(c.pairing.carryCapBV),
      minPersonalBV: c.pairing.minPersonalBV,
      minDirectsEachLeg: text(c.pairing.minDirectsEachLeg),
    },
    sponsorIncome: { levels: levels(c.sponsorIncome.levels) },
    matching: { levels: levels(c.matching.levels) },
    franchise: { mini_franchise: c.franchise.mini_franchise, basic_franchise: c.franchise.basic_franchise },
    rankBonus: c.rankBonus.map((r) => ({ rank: r.rank, amount: r.amount })),
    consistency: { minBV: c.consistency.minBV, months: text(c.consistency.months), percent: c.consistency.percent },
    pools: Object.fromEntries(
      POOL_TYPES.map((p) => {
        const pool = c.pools[p];
        const points = Object.fromEntries(Object.entries(pool.points ?? {}).map(([rank, n]) => [rank, text(n)]));
        return [p, { percent: pool.percent, minRank: pool.minRank, holdMonths: text(pool.holdMonths), capPerMember: text(pool.capPerMember), points }];
      }),
    ) as Record<PoolType, PoolForm>,
    deductions: {
      adminChargePercent: c.deductions.adminChargePercent,
      tds: c.deductions.tds.map((r) => ({ from: r.from, rateWithPan: r.rateWithPan, rateWithoutPan: r.rateWithoutPan, threshold: r.threshold })),
    },
    returns: { coolingOffDays: c.returns?.coolingOffDays ?? 30 },
  };
}

/** A whole-number input: a number when it reads as one (the schema then checks it is whole and in range), else as typed. */
function whole(v: string): unknown {
  const s = v.trim();
  if (s === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s;
}
const wholeOrNull = (v: string) => (v.trim() === '' ? null : whole(v));
const decimalOrNull = (v: string) => (v.trim() === '' ? null : v);

/** The ranks that qualify for a pool: its minimum rank and every rank above. */
export function qualifyingRanks(minRank: string): readonly string[] {
  const at = RANKS.indexOf(minRank as (typeof RANKS)[number]);
  return at < 0 ? RANKS : RANKS.slice(at);
}

/** The contract's shape of the form (not yet validated). */
export function toConfig(f: PlanForm): unknown {
  const levels = (rows: LevelRowForm[]) => rows.map((r) => ({ level: whole(r.level), percent: r.percent }));
  return {
    bvValue: f.bvValue,
    pairing: {
      period: f.pairing.period,
      pairUnitBV: whole(f.pairing.pairUnitBV),
      pairRate: f.pairing.pairRate,
      firstPair: f.pairing.firstPair,
      capPairs: wholeOrNull(f.pairing.capPairs),
      overflow: f.pairing.overflow,
      carryCapBV: wholeOrNull(f.pairing.carryCapBV),
      minPersonalBV: f.pairing.minPersonalBV,
      minDirectsEachLeg: whole(f.pairing.minDirectsEachLeg),
    },
    sponsorIncome: { levels: levels(f.sponsorIncome.levels) },
    matching: { levels: levels(f.matching.levels) },
    franchise: { ...f.franchise },
    rankBonus: f.rankBonus.map((r) => ({ rank: r.rank, amount: r.amount })),
    consistency: { minBV: f.consistency.minBV, months: whole(f.consistency.months), percent: f.consistency.percent },
    pools: Object.fromEntries(
      POOL_TYPES.map((p) => {
        const pool = f.pools[p];
        const ranks = qualifyingRanks(pool.minRank);
        const points = Object.fromEntries(
          Object.entries(pool.points)
            .filter(([rank, n]) => n.trim() !== '' && ranks.includes(rank))
            .map(([rank, n]) => [rank, whole(n)]),
        );
        return [p, { percent: pool.percent, minRank: pool.minRank, holdMonths: whole(pool.holdMonths), capPerMember: decimalOrNull(pool.capPerMember), points }];
      }),
    ),
    deductions: { adminChargePercent: f.deductions.adminChargePercent, tds: f.deductions.tds.map((r) => ({ ...r })) },
    returns: { coolingOffDays: f.returns.coolingOffDays },
  };
}

export type FormErrors = Record<string, string>;

/** The PlanConfig schema's verdict: the configuration, or the first message per path ("pairing.pairRate", "pools"). */
export function validatePlan(f: PlanForm): { ok: true; config: PlanConfig } | { ok: false; errors: FormErrors } {
  const result = PlanConfig.safeParse(toConfig(f));
  if (result.success) return { ok: true, config: result.data };
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The server's fieldErrors of a {config} body as form errors ("config.pairing.pairRate" → "pairing.pairRate"). */
export function serverPlanErrors(fieldErrors: Record<string, string[] | undefined> | undefined): FormErrors {
  const errors: FormErrors = {};
  for (const [key, messages] of Object.entries(fieldErrors ?? {})) {
    if (!messages?.length) continue;
    const path = key === 'config' ? '_' : key.replace(/^config\./, '');
    errors[path] ??= messages[0];
  }
  return errors;
}

/** Immutable update of one value at a dotted path ("pools.car_fund.points.Diamond", "sponsorIncome.levels.0.percent"). */
export function setIn<T>(obj: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  const source = obj as unknown as Record<string, unknown> | unknown[];
  const current = (source as Record<string, unknown>)[head];
  const next = rest.length ? setIn(current ?? {}, rest.join('.'), value) : value;
  if (Array.isArray(source)) {
    const copy = [...source];
    copy[Number(head)] = next;
    return copy as unknown as T;
  }
  return { ...source, [head]: next } as T;
}

export function getIn(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

// ---- parameters: labels, meanings, defaults ----

export type ParamKind = 'decimal' | 'percent' | 'whole' | 'select';

export interface ParamDef {
  path: string;
  label: string;
  /** One line on what the parameter does. */
  meaning: string;
  kind: ParamKind;
  /** Written after the value: "BV", "months". */
  unit?: string;
  /** Rupees: "₹" before the value. */
  rupees?: boolean;
  /** A blank input means no limit. */
  blankIsNone?: boolean;
  options?: ReadonlyArray<{ value: string; label: string }>;
}

export const PERIOD_LABELS: Record<string, string> = { daily: 'Daily', weekly: 'Weekly (Monday to Sunday)', monthly: 'Monthly (calendar month)' };

export const PARAMS: Record<string, ParamDef> = Object.fromEntries(
  (
    [
      { path: 'bvValue', label: 'Value of 1 BV', meaning: 'Rupees one BV is worth in every income formula.', kind: 'decimal', rupees: true },
      {
        path: 'pairing.period',
        label: 'Pairing cycle',
        meaning: 'How long a pairing cycle runs (Asia/Kolkata days).',
        kind: 'select',
        options: PAIRING_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] ?? p })),
      },
      { path: 'pairing.pairUnitBV', label: 'Pair unit', meaning: 'BV on each side that makes one pair unit.', kind: 'whole', unit: 'BV' },
      { path: 'pairing.pairRate', label: 'Pair rate', meaning: 'Percent of the matched BV paid as sales incentive.', kind: 'percent' },
      {
        path: 'pairing.firstPair',
        label: 'First pair',
        meaning: '2:1: a member’s first pair ever takes 2 units from the stronger side and 1 from the other.',
        kind: 'select',
        options: [
          { value: '1:1', label: '1:1' },
          { value: '2:1', label: '2:1' },
        ],
      },
      { path: 'pairing.capPairs', label: 'Pairs cap', meaning: 'Most pairs paid per member per cycle. Blank: no cap.', kind: 'whole', unit: 'pairs', blankIsNone: true },
      {
        path: 'pairing.overflow',
        label: 'Pairs over the cap',
        meaning: 'Flush: their BV is used up. Carry: only the paid pairs use BV, the rest carries.',
        kind: 'select',
        options: [
          { value: 'flush', label: 'Flush' },
          { value: 'carry', label: 'Carry' },
        ],
      },
      { path: 'pairing.carryCapBV', label: 'Carry cap', meaning: 'Most BV carried per side to the next cycle; the excess is flushed. Blank: no cap.', kind: 'whole', unit: 'BV', blankIsNone: true },
      { path: 'pairing.minPersonalBV', label: 'Minimum personal BV', meaning: 'Own purchase BV a member needs to be paid pairs.', kind: 'decimal', unit: 'BV' },
      { path: 'pairing.minDirectsEachLeg', label: 'Minimum directs in each leg', meaning: 'Active members the member sponsored, needed in each of the two legs.', kind: 'whole', unit: 'members' },
      { path: 'franchise.mini_franchise', label: 'Mini franchise', meaning: 'Percent of the BV value of purchases below a mini franchise (nearest franchise upline).', kind: 'percent' },
      { path: 'franchise.basic_franchise', label: 'Basic franchise', meaning: 'Percent of the BV value of purchases below a basic franchise (nearest franchise upline).', kind: 'percent' },
      { path: 'consistency.minBV', label: 'Minimum BV each month', meaning: 'Own purchase BV needed in every month of the streak.', kind: 'decimal', unit: 'BV' },
      { path: 'consistency.months', label: 'Months in a row', meaning: 'Monthly cycles the streak must last, this one included.', kind: 'whole', unit: 'months' },
      { path: 'consistency.percent', label: 'Consistency percent', meaning: 'Percent of this month’s own purchase BV paid as consistency bonus.', kind: 'percent' },
      { path: 'deductions.adminChargePercent', label: 'Admin charge', meaning: 'Percent of each member’s gross kept as admin charge when a cycle is posted.', kind: 'percent' },
    ] satisfies ParamDef[]
  ).map((p) => [p.path, p]),
);

/** Rupees as everywhere else ('₹20,000', '₹1.50'); paise only when there are some. */
export function rupeesText(value: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return `₹${value}`;
  return formatMoney(value, { decimals: /\.\d*[1-9]/.test(value) ? 2 : 0 });
}

/** "10 %", "₹1", "100 BV", "none". */
export function formatParam(def: Pick<ParamDef, 'kind' | 'unit' | 'rupees' | 'blankIsNone' | 'options'> | undefined, value: string): string {
  if (value === '') return 'none';
  if (!def) return value;
  if (def.kind === 'percent') return `${value} %`;
  if (def.rupees) return rupeesText(value);
  if (def.kind === 'select') return def.options?.find((o) => o.value === value)?.label ?? value;
  if (def.unit === 'BV' && /^\d+(\.\d+)?$/.test(value)) return `${formatBV(value)} BV`;
  return def.unit ? `${value} ${def.unit}` : value;
}

export const DEFAULT_FORM: PlanForm = fromConfig(DEFAULT_PLAN);

/** "Default: 10 %" from DEFAULT_PLAN. */
export function defaultOf(path: string): string {
  return formatParam(PARAMS[path], text(getIn(DEFAULT_FORM, path) as string | undefined));
}

// ---- diff ----

export interface ParamChange {
  path: string;
  from: string;
  to: string;
}

const isDecimal = (s: string) => /^-?\d+(\.\d+)?$/.test(s);
/** "10.00" and "10" are the same value. */
const normal = (s: string) => (isDecimal(s) ? s.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '') : s.trim());

/** Rows of a table are matched by their key (level, rank, start date), not their position. */
function rowKey(path: string, row: Record<string, string>, index: number): { key: string; skip?: string } {
  if (path.endsWith('.levels')) return { key: `level ${row.level}`, skip: 'level' };
  if (path === 'rankBonus') return { key: row.rank, skip: 'rank' };
  if (path === 'deductions.tds') return { key: `from ${row.from}`, skip: 'from' };
  return { key: String(index + 1) };
}

/** Every parameter of a form as path → shown value ("sponsorIncome.levels[level 1].percent" → "10 %"). */
export function flattenPlan(f: PlanForm): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (value: unknown, path: string, def?: ParamDef) => {
    if (Array.isArray(value)) {
      value.forEach((row: Record<string, string>, i) => {
        const { key, skip } = rowKey(path, row, i);
        for (const [k, v] of Object.entries(row)) if (k !== skip) walk(v, `${path}[${key}].${k}`);
      });
      return;
    }
    if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k, PARAMS[path ? `${path}.${k}` : k]);
      return;
    }
    const s = text(value as string);
    // A blank point is the default 1 point: not a value of its own.
    if (s === '' && /\.points\./.test(path)) return;
    out.set(path, normal(s) === '' ? 'none' : def ? formatParam(def, normal(s)) : unitOf(path, normal(s)));
  };
  walk(f, '');
  return out;
}

/** Units of the table cells, for the diff. */
function unitOf(path: string, value: string): string {
  if (/percent$|rateWith(out)?Pan$/i.test(path)) return `${value} %`;
  if (/(amount|threshold|capPerMember)$/.test(path)) return rupeesText(value);
  if (/holdMonths$/.test(path)) return `${value} months`;
  return value;
}

/** The parameters that differ between two forms, in the order of the first then the new ones: old → new. */
export function diffPlans(base: PlanForm, next: PlanForm): ParamChange[] {
  const a = flattenPlan(base);
  const b = flattenPlan(next);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  return paths.filter((p) => a.get(p) !== b.get(p)).map((p) => ({ path: p, from: a.get(p) ?? '—', to: b.get(p) ?? '—' }));
}
