/**
 * The compensation plan in plain words (Consumer Protection (Direct Selling) Rules, 2021: the plan disclosed on the
 * website), written from a plan version's parameters (docs/spec/compensation.md §2-§5) so it never drifts from the
 * plan the payout engine runs: every figure below is read from `config`, the rank requirements from the rank table.
 * Pure: no clock, no database.
 */
import { RANKS, RANK_REQUIREMENTS } from '../../../contracts/commerce';
import { POOL_TYPES, type PlanConfig } from '../../../contracts/compensation';
import type { PlanSection } from '../../../contracts/disclosures';
import { formatBV, formatMoney, groupIndian } from '../../../contracts/format-money';
import { INCOME_TYPES } from '../../../contracts/income-types';
import { fromPaise, paiseOrThrow } from '../../../contracts/money';

/** `10.5000` -> `10.5%`, `2` -> `2%`. */
const pct = (p: string) => `${p.includes('.') ? p.replace(/0+$/, '').replace(/\.$/, '') : p}%`;
const money = (rupees: string | bigint) => formatMoney(typeof rupees === 'bigint' ? fromPaise(rupees) : rupees);
const bv = (n: string | number) => `${formatBV(n)} BV`;
const count = (n: number) => groupIndian(BigInt(n));
const label = (key: string) => INCOME_TYPES.find((t) => t.key === key)?.label ?? key;
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;
const ordinal = (level: number) => (level === 1 ? 'level 1 (the members you sponsored yourself)' : `level ${level} (the members ${level} steps down your sponsor line)`);
const isZero = (p: string) => Number(p) === 0;
/** A list in words: `a`, `a and b`, `a, b and c`. */
const and = (xs: string[]) => (xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

/** `percent` % of `units` × `bvValue` rupees in paise, rounded half-up (the engine's rounding of a line). */
export function percentOfBV(units: number, bvValue: string, percent: string): bigint {
  const [w, f = ''] = percent.split('.');
  const scaled = BigInt(w + f.padEnd(4, '0').slice(0, 4)); // percent × 10^4
  const num = BigInt(units) * paiseOrThrow(bvValue, 'bvValue') * scaled;
  const den = 100n * 10_000n;
  return (num * 2n + den) / (2n * den);
}

const PERIOD_WORDS: Record<PlanConfig['pairing']['period'], string> = {
  daily: 'daily, from midnight to midnight India time',
  weekly: 'weekly, from Monday 00:00 to Sunday midnight India time',
  monthly: 'monthly, one calendar month India time',
};

/** The TDS row in force on `asOf` (YYYY-MM-DD): the latest row starting on or before it, else the first. */
function tdsRowOn(rows: PlanConfig['deductions']['tds'], asOf: string | undefined) {
  const sorted = [...rows].sort((a, b) => a.from.localeCompare(b.from));
  const inForce = asOf ? sorted.filter((r) => r.from <= asOf) : sorted;
  return inForce[inForce.length - 1] ?? sorted[0];
}

/**
 * The plan's sections, each a title and sentences. `asOf` (YYYY-MM-DD) picks the TDS row in force that day
 * (default: the latest row).
 */
export function planInWords(config: PlanConfig, opts: { asOf?: string } = {}): PlanSection[] {
  const p = config.pairing;
  const perPair = percentOfBV(p.pairUnitBV, config.bvValue, p.pairRate);
  const sections: PlanSection[] = [];

  sections.push({
    id: 'principles',
    title: 'How members earn',
    sentences: [
      'Income comes only from the sale of products: every rupee paid traces back to the business volume (BV) of completed purchases. Joining, or getting someone to join, pays nothing.',
      `Every product carries a BV; 1 BV is worth ${money(config.bvValue)} in every calculation below.`,
      'Income is calculated per payout cycle, checked by a second administrator, and credited to the member’s wallet. Posted income never changes; a correction is a separate line in a later cycle.',
      'Your own purchases never count in your own legs; they count for your sponsors, your upline and your personal BV.',
    ],
  });

  sections.push({
    id: 'cycles',
    title: 'Payout cycles',
    sentences: [
      `The pairing cycle is ${PERIOD_WORDS[p.period]}. ${and([label('sales_incentive'), label('sponsor_income'), label('sales_bonus'), label('franchise_income')])} and rank bonuses are calculated per pairing cycle.`,
      `The ${label('consistency_bonus').toLowerCase()} and the monthly pools are calculated per calendar month, India time.`,
      'A purchase counts in the cycle that is open when it is completed (paid).',
    ],
  });

  const pairing: string[] = [
    `A pair is ${bv(p.pairUnitBV)} on your left leg matched with ${bv(p.pairUnitBV)} on your right leg. Each pair pays ${pct(p.pairRate)} of its ${bv(p.pairUnitBV)}: ${money(perPair)} a pair.`,
    p.firstPair === '2:1'
      ? `The first pair you are ever paid takes ${bv(2 * p.pairUnitBV)} from your stronger leg and ${bv(p.pairUnitBV)} from the other; every later pair is 1:1.`
      : 'Every pair, the first one included, is 1:1.',
  ];
  if (p.capPairs === null) pairing.push('There is no limit on the pairs paid in a cycle.');
  else {
    const capMoney = money(perPair * BigInt(p.capPairs));
    pairing.push(
      p.overflow === 'flush'
        ? `At most ${plural(p.capPairs, 'pair')} (${capMoney}) are paid per cycle; the BV of pairs above the limit is used up without pay (flushed).`
        : `At most ${plural(p.capPairs, 'pair')} (${capMoney}) are paid per cycle; the BV of pairs above the limit is not used up and carries to the next cycle.`,
    );
  }
  pairing.push(
    p.carryCapBV === null
      ? 'BV that does not make a pair carries forward to the next cycle on its leg, without a limit.'
      : `BV that does not make a pair carries forward to the next cycle on its leg, up to ${bv(p.carryCapBV)} a leg; BV above that is flushed.`,
  );
  const qualify: string[] = [];
  if (!isZero(p.minPersonalBV)) qualify.push(`at least ${bv(p.minPersonalBV)} of your own purchases`);
  if (p.minDirectsEachLeg > 0) qualify.push(`at least ${plural(p.minDirectsEachLeg, 'active member')} you sponsored in each of your two legs`);
  pairing.push(
    qualify.length
      ? `To be paid pairs you must be active at the cycle’s close and have ${and(qualify)}; otherwise nothing is paid and your BV keeps carrying forward.`
      : 'To be paid pairs you must be active at the cycle’s close; otherwise nothing is paid and your BV keeps carrying forward.',
  );
  sections.push({ id: 'sales_incentive', title: `${label('sales_incentive')} (binary pairing)`, sentences: pairing });

  const levels = (rows: { level: number; percent: string }[], what: (percent: string, level: number) => string) =>
    [...rows]
      .sort((a, b) => a.level - b.level)
      .filter((r) => !isZero(r.percent))
      .map((r) => what(pct(r.percent), r.level));
  const sponsor = levels(
    config.sponsorIncome.levels,
    (percent, level) => `${percent} of the BV value of every purchase completed in the cycle by the members at ${ordinal(level)} of your sponsor line.`,
  );
  sections.push({
    id: 'sponsor_income',
    title: label('sponsor_income'),
    sentences: sponsor.length ? [...sponsor.map((s) => `You earn ${s}`), 'You must be active at the cycle’s close.'] : [`${label('sponsor_income')} is not paid under this plan.`],
  });
  const matching = levels(
    config.matching.levels,
    (percent, level) => `${percent} of the ${label('sales_incentive').toLowerCase()} earned in the same cycle by the members at ${ordinal(level)} of your sponsor line.`,
  );
  sections.push({
    id: 'sales_bonus',
    title: `${label('sales_bonus')} (matching bonus)`,
    sentences: matching.length ? matching.map((s) => `You earn ${s}`) : [`A ${label('sales_bonus').toLowerCase()} is not paid under this plan.`],
  });

  const f = config.franchise;
  sections.push({
    id: 'franchise_income',
    title: label('franchise_income'),
    sentences: [
      `A mini franchise holder earns ${pct(f.mini_franchise)} and a basic franchise holder ${pct(f.basic_franchise)} of the BV value of every purchase completed in the cycle by members for whom they are the nearest franchise holder above in the network (their own purchases excluded).`,
    ],
  });

  const bonus = new Map(config.rankBonus.map((r) => [r.rank, r.amount]));
  const rankLines = RANKS.map((rank) => {
    const req = RANK_REQUIREMENTS[rank];
    const needs =
      req.teamBV === 0 && req.directs === 0
        ? 'the starting rank of every member'
        : `${bv(req.teamBV)} of team volume, at least ${bv(req.leftBV)} on the left and ${bv(req.rightBV)} on the right, and ${plural(req.directs, 'direct recruit')}`;
    const amount = bonus.get(rank);
    return `${rank}: ${needs}; ${amount && !isZero(amount) ? `one-time bonus ${money(amount)}` : 'no one-time bonus'}.`;
  });
  sections.push({
    id: 'ranks',
    title: 'Ranks and rank bonuses',
    sentences: [
      'A rank is reached when your figures meet its requirements, and once reached it is kept.',
      [...bonus.values()].some((a) => !isZero(a)) ? 'A rank’s one-time bonus is paid in the pairing cycle in which you first reach it.' : 'No rank pays a one-time bonus under this plan.',
      ...rankLines,
    ],
  });

  const c = config.consistency;
  sections.push({
    id: 'consistency_bonus',
    title: label('consistency_bonus'),
    sentences: isZero(c.percent)
      ? [`A ${label('consistency_bonus').toLowerCase()} is not paid under this plan.`]
      : [
          `If your own completed purchases are at least ${bv(c.minBV)} in each of the last ${plural(c.months, 'calendar month')} (this one included), you earn ${pct(c.percent)} of this month’s own purchase BV value. A month below ${bv(c.minBV)} starts the count again.`,
        ],
  });

  const pools = POOL_TYPES.filter((t) => !isZero(config.pools[t].percent)).map((t) => {
    const pool = config.pools[t];
    const points = Object.entries(pool.points)
      .filter(([, v]) => v !== undefined)
      .map(([rank, v]) => `${rank} ${plural(v!, 'point')}`);
    const cap = pool.capPerMember === null ? 'no cap per member' : `at most ${money(pool.capPerMember)} per member`;
    return `${label(t)}: ${pct(pool.percent)} of the month’s company BV value, shared among members who have held ${pool.minRank} or a higher rank at ${plural(pool.holdMonths, 'month end')} in a row; ${points.length ? `points: ${points.join(', ')}, 1 point for any other qualifying rank` : '1 point each'}; ${cap}.`;
  });
  sections.push({
    id: 'pools',
    title: 'Monthly pools',
    sentences: pools.length
      ? [
          'Each month a share of the company’s BV value (all completed purchases of the month) is set aside per pool and shared among the qualifying members by points, each share rounded down to the paisa. What caps and rounding leave over stays with the company.',
          ...pools,
        ]
      : ['No monthly pool is paid under this plan.'],
  });

  const tds = tdsRowOn(config.deductions.tds, opts.asOf);
  sections.push({
    id: 'deductions',
    title: 'Deductions',
    sentences: [
      `An admin charge of ${pct(config.deductions.adminChargePercent)} of your gross income is deducted from every payout.`,
      `TDS (income tax deducted at source) is ${pct(tds.rateWithPan)} with an approved PAN and ${pct(tds.rateWithoutPan)} without one. It applies once your gross income in a financial year (April to March) passes ${money(tds.threshold)}: the cycle that passes it deducts TDS on the whole year’s income so far, later cycles on their own income.`,
      'What remains is credited to your wallet; a payout is never negative.',
    ],
  });
  return sections;
}
