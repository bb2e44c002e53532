import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN, PlanConfig } from '../../../contracts/compensation';
import { RANKS } from '../../../contracts/enums';
import { planInWords, percentOfBV } from './plan-in-words';

/** A plan unlike the defaults in every figure the words show, so each sentence is checked against its own parameter. */
const FIXTURE: PlanConfig = PlanConfig.parse({
  ...DEFAULT_PLAN,
  bvValue: '1.50',
  pairing: { period: 'weekly', pairUnitBV: 200, pairRate: '12.5', firstPair: '2:1', capPairs: 8, overflow: 'flush', carryCapBV: 5000, minPersonalBV: '100', minDirectsEachLeg: 1 },
  sponsorIncome: {
    levels: [
      { level: 2, percent: '3' },
      { level: 1, percent: '8' },
    ],
  },
  matching: { levels: [{ level: 1, percent: '15' }] },
  franchise: { mini_franchise: '2.25', basic_franchise: '3.5' },
  rankBonus: [
    { rank: 'Bronze Star', amount: '1000' },
    { rank: 'Gold Star', amount: '2500.50' },
  ],
  consistency: { minBV: '600', months: 4, percent: '6' },
  pools: {
    ...DEFAULT_PLAN.pools,
    car_fund: { percent: '1.5', minRank: 'Ruby Star', holdMonths: 2, points: { Diamond: 2 }, capPerMember: '20000' },
    royalty_income: { ...DEFAULT_PLAN.pools.royalty_income, percent: '0' },
  },
  deductions: {
    adminChargePercent: '7',
    tds: [
      { from: '2020-04-01', rateWithPan: '2', rateWithoutPan: '20', threshold: '20000' },
      { from: '2025-04-01', rateWithPan: '1', rateWithoutPan: '20', threshold: '15000' },
    ],
  },
});

const section = (config: PlanConfig, id: string, asOf?: string) => {
  const s = planInWords(config, { asOf }).find((x) => x.id === id);
  expect(s, id).toBeDefined();
  return s!.sentences.join(' ');
};

describe('planInWords: the plan in plain words from its parameters', () => {
  it('gives every section with a title and sentences', () => {
    const ids = planInWords(FIXTURE).map((s) => s.id);
    expect(ids).toEqual(['principles', 'cycles', 'sales_incentive', 'sponsor_income', 'sales_bonus', 'franchise_income', 'ranks', 'consistency_bonus', 'pools', 'deductions']);
    for (const s of planInWords(FIXTURE)) {
      expect(s.title.length).toBeGreaterThan(3);
      expect(s.sentences.length).toBeGreaterThan(0);
      for (const line of s.sentences) expect(line).not.toMatch(/undefined|NaN|null|\[object/);
    }
  });

  it('states each figure of the fixture as its parameter says', () => {
    expect(section(FIXTURE, 'principles')).toContain('1 BV is worth ₹1.50');
    expect(section(FIXTURE, 'cycles')).toContain('weekly, from Monday 00:00 to Sunday midnight India time');
    const pairs = section(FIXTURE, 'sales_incentive');
    // 200 BV × ₹1.50 × 12.5 % = ₹37.50 a pair; 8 pairs = ₹300.00.
    expect(pairs).toContain('A pair is 200 BV on your left leg matched with 200 BV on your right leg. Each pair pays 12.5% of its 200 BV: ₹37.50 a pair.');
    expect(pairs).toContain('takes 400 BV from your stronger leg and 200 BV from the other');
    expect(pairs).toContain('At most 8 pairs (₹300.00) are paid per cycle; the BV of pairs above the limit is used up without pay (flushed).');
    expect(pairs).toContain('up to 5,000 BV a leg');
    expect(pairs).toContain('at least 100 BV of your own purchases and at least 1 active member you sponsored in each of your two legs');
    const sponsor = section(FIXTURE, 'sponsor_income');
    expect(sponsor.indexOf('8% of the BV value')).toBeGreaterThanOrEqual(0);
    expect(sponsor.indexOf('8% of the BV value')).toBeLessThan(sponsor.indexOf('3% of the BV value')); // level 1 first
    expect(sponsor).toContain('level 2 (the members 2 steps down your sponsor line)');
    expect(section(FIXTURE, 'sales_bonus')).toContain('15% of the sales incentive earned in the same cycle by the members at level 1');
    expect(section(FIXTURE, 'franchise_income')).toContain('A mini franchise holder earns 2.25% and a basic franchise holder 3.5%');
    const ranks = planInWords(FIXTURE).find((s) => s.id === 'ranks')!.sentences;
    expect(ranks).toContain('Bronze Star: 10,000 BV of team volume, at least 5,000 BV on the left and 5,000 BV on the right, and 2 direct recruits; one-time bonus ₹1,000.00.');
    expect(ranks).toContain('Gold Star: 25,000 BV of team volume, at least 12,500 BV on the left and 12,500 BV on the right, and 4 direct recruits; one-time bonus ₹2,500.50.');
    expect(ranks.filter((s) => RANKS.some((r) => s.startsWith(`${r}:`)))).toHaveLength(RANKS.length);
    expect(ranks.find((s) => s.startsWith('Diamond:'))).toMatch(/no one-time bonus\.$/);
    expect(section(FIXTURE, 'consistency_bonus')).toContain('at least 600 BV in each of the last 4 calendar months (this one included), you earn 6% of');
    const pools = section(FIXTURE, 'pools');
    expect(pools).toContain(
      'Car Fund: 1.5% of the month’s company BV value, shared among members who have held Ruby Star or a higher rank at 2 month ends in a row; points: Diamond 2 points, 1 point for any other qualifying rank; at most ₹20,000.00 per member.',
    );
    expect(pools).toContain('Travel Fund: 1% of the month’s company BV value');
    expect(pools).not.toContain('Royalty'); // a pool at 0 % is not paid
    const deductions = section(FIXTURE, 'deductions', '2026-01-10');
    expect(deductions).toContain('An admin charge of 7% of your gross income');
    expect(deductions).toContain('TDS (income tax deducted at source) is 1% with an approved PAN and 20% without one');
    expect(deductions).toContain('passes ₹15,000.00');
    // The row in force on a day before the second row began.
    expect(section(FIXTURE, 'deductions', '2024-06-01')).toContain('is 2% with an approved PAN');
  });

  it('a changed parameter changes its sentence', () => {
    /** Section `id` of the fixture changed by `patch`. */
    const changed = (patch: (c: PlanConfig) => void, id: string) => {
      const c = structuredClone(FIXTURE);
      patch(c);
      return section(PlanConfig.parse(c), id);
    };
    expect(changed((c) => (c.pairing.pairRate = '10'), 'sales_incentive')).toContain('Each pair pays 10% of its 200 BV: ₹30.00 a pair.');
    expect(changed((c) => (c.pairing.capPairs = null), 'sales_incentive')).toContain('There is no limit on the pairs paid in a cycle.');
    expect(changed((c) => (c.pairing.overflow = 'carry'), 'sales_incentive')).toContain('is not used up and carries to the next cycle');
    expect(changed((c) => (c.pairing.carryCapBV = null), 'sales_incentive')).toContain('without a limit');
    expect(changed((c) => (c.pairing.firstPair = '1:1'), 'sales_incentive')).toContain('Every pair, the first one included, is 1:1.');
    expect(changed((c) => (c.pairing.period = 'daily'), 'cycles')).toContain('daily, from midnight to midnight');
    expect(changed((c) => (c.deductions.adminChargePercent = '5'), 'deductions')).toContain('An admin charge of 5% of');
    expect(changed((c) => (c.rankBonus = []), 'ranks')).toContain('No rank pays a one-time bonus under this plan.');
    expect(changed((c) => (c.consistency.percent = '0'), 'consistency_bonus')).toContain('is not paid under this plan');
    expect(changed((c) => (c.bvValue = '2.00'), 'sales_incentive')).toContain('₹50.00 a pair');
    expect(changed((c) => (c.sponsorIncome.levels = []), 'sponsor_income')).toContain('is not paid under this plan');
  });

  it('the default plan reads as the spec says (docs/spec/compensation.md §3-§5)', () => {
    expect(section(DEFAULT_PLAN, 'sales_incentive')).toContain('Each pair pays 10% of its 100 BV: ₹10.00 a pair.');
    expect(section(DEFAULT_PLAN, 'deductions')).toContain('An admin charge of 5%');
    expect(section(DEFAULT_PLAN, 'deductions')).toContain('2% with an approved PAN and 20% without one');
  });

  it('rounds a pair amount half-up to the paisa', () => {
    expect(percentOfBV(1, '1.00', '0.125')).toBe(0n); // 0.125 paise
    expect(percentOfBV(3, '1.00', '0.5')).toBe(2n); // 1.5 paise -> 2
    expect(percentOfBV(100, '1.00', '10')).toBe(1000n);
  });
});
