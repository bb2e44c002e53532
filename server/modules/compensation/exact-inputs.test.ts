import { describe, it, expect } from 'vitest';
import { DEFAULT_PLAN, POOL_TYPES, type PlanConfig } from '../../../contracts/compensation';
import { StoredCycleSummary } from '../../../contracts/cycle-summary';
import { calculateMonthly, calculatePairing, paise, payoutRatio, pct4, type SnapshotMember } from './engine';
import { CarryColumns, LegColumns, MemberTable, paiseBigint, rankIndexOf } from './member-table';
import { storedSummary, toSummary } from './cycles.service';
import type { CycleRow } from './cycles.repo';

/**
 * The engine refuses what it cannot read exactly (issue 31, item 4): a figure that is not an amount, a percent that
 * is not one, a rank outside the rank table, a stored summary of another shape. Each of these once became 0, the
 * lowest rank or an empty object and flowed on into a payout.
 */

const member = (id: string, over: Partial<SnapshotMember> = {}): SnapshotMember => ({
  id,
  userId: id,
  parent: null,
  position: null,
  sponsor: null,
  role: 'user',
  active: true,
  personalBV: 0n,
  rank: 'Executive',
  ...over,
});
const noPools = Object.fromEntries(POOL_TYPES.map((p) => [p, { ...DEFAULT_PLAN.pools[p], percent: '0' }])) as PlanConfig['pools'];

describe('amounts and percents: exact or refused', () => {
  it('reads plain decimals to the paisa', () => {
    expect(paise('1500')).toBe(150_000n);
    expect(paise('12.5')).toBe(1_250n);
    expect(paise('-0.75')).toBe(-75n);
    expect(paiseBigint('1500.000')).toBe(150_000n);
    expect(pct4('2.5')).toBe(25_000n);
    expect(pct4('0.0125')).toBe(125n);
  });

  it.each(['', 'abc', '1,500', '1e3', '12.345', ' ', 'NaN', '1.2.3'])('paise(%j) throws instead of counting as 0', (text) => {
    expect(() => paise(text)).toThrow(/Not a valid/);
  });

  it.each(['', 'abc', '5.12345', '-5', '1.2.3'])('pct4(%j) throws instead of a zero or truncated rate', (text) => {
    expect(() => pct4(text)).toThrow(/Not a valid percent/);
  });

  it.each(['', 'x', '1.005'])('the snapshot reader paiseBigint(%j) throws', (text) => {
    expect(() => paiseBigint(text)).toThrow(/Not a valid/);
  });

  it('a plan figure that is not an amount stops the calculation (no line of 0)', () => {
    const bad = { ...DEFAULT_PLAN, bvValue: 'one rupee' } as PlanConfig;
    const members = new Map([
      ['A', member('A')],
      ['B', member('B', { parent: 'A', position: 'left', sponsor: 'A' })],
    ]);
    expect(() => calculatePairing({ plan: bad, members, legs: new Map(), carry: new Map(), purchases: [{ buyer: 'B', bv: 10_000n }], ranksAchieved: [], adjustments: [] })).toThrow(/Not a valid/);
  });

  it('the payout ratio is computed in integers, half-up', () => {
    expect(payoutRatio('95.00', '550.00')).toBe('17.27');
    expect(payoutRatio('1.00', '800.00')).toBe('0.13');
    expect(payoutRatio('10.00', '0')).toBeNull();
    expect(() => payoutRatio('ten', '100.00')).toThrow(/Not a valid net/);
  });
});

describe('ranks: a name outside the rank table is an error, not the lowest rank', () => {
  it('rankIndexOf knows the table and refuses anything else', () => {
    expect(rankIndexOf('Executive')).toBe(0);
    expect(rankIndexOf('Diamond')).toBe(5);
    expect(() => rankIndexOf('Platinum')).toThrow(/Unknown rank "Platinum"/);
    expect(() => rankIndexOf('diamond')).toThrow(/Unknown rank/);
  });

  it('the member table refuses an unknown rank and gives a missing one the first rank', () => {
    expect(() => MemberTable.from([member('A', { rank: 'Platinum' })])).toThrow(/Unknown rank/);
    const t = new MemberTable();
    t.add('A', 'A', null, null, null, 'user', true, 0, null);
    expect(t.freeze().rankIndex(0)).toBe(0);
  });

  it("a pool's minimum rank outside the table stops the monthly calculation", () => {
    const plan = { ...DEFAULT_PLAN, pools: { ...noPools, car_fund: { ...DEFAULT_PLAN.pools.car_fund, percent: '1', minRank: 'Platinum' } } } as unknown as PlanConfig;
    const members = new Map([['X', member('X', { rank: 'Diamond' })]]);
    expect(() => calculateMonthly({ plan, members, purchases: [{ buyer: 'X', bv: 100_000n }], previousOwnBV: new Map(), previousMonths: 0, heldRank: () => true, adjustments: [] })).toThrow(
      /Unknown rank/,
    );
  });
});

describe('BV and carry columns stay exact past 2^53 paise', () => {
  // 2^54 + 12,345 paise is not a double (doubles there are 4 apart): a Float64Array column would change it.
  const big = 2n ** 54n + 12_345n;

  it('personal BV, legs and carry keep every paisa', () => {
    const t = MemberTable.from([member('A', { personalBV: big })]);
    expect(t.personalBVAt(0)).toBe(big);
    expect(t.at(0).personalBV).toBe(big);
    const legs = new LegColumns(1);
    legs.add(0, big, 1n);
    legs.add(0, 1n, big);
    expect([legs.l[0], legs.r[0]]).toEqual([big + 1n, big + 1n]);
    const carry = new CarryColumns(t);
    carry.set(0, { l: big, r: 3n, pairedEver: false });
    expect(carry.get('A')).toEqual({ l: big, r: 3n, pairedEver: false });
  });

  it('pairing on legs past 2^53 paise leaves the exact remainder as carry', () => {
    const plan: PlanConfig = { ...DEFAULT_PLAN, pools: noPools };
    const members = new Map([
      ['A', member('A')],
      ['B', member('B', { parent: 'A', position: 'left', sponsor: 'A' })],
      ['C', member('C', { parent: 'A', position: 'right', sponsor: 'A' })],
    ]);
    const r = calculatePairing({ plan, members, legs: new Map([['A', { l: big, r: big + 5_000n }]]), carry: new Map(), purchases: [], ranksAchieved: [], adjustments: [] });
    const unit = BigInt(plan.pairing.pairUnitBV) * 100n;
    const pairs = big / unit;
    // Flush overflow and no cap: every pair is paid, what is left of each leg is carried to the paisa.
    expect(r.carry.get('A')).toEqual({ l: big - pairs * unit, r: big + 5_000n - pairs * unit, pairedEver: true });
    expect(r.lines.find((l) => l.memberId === 'A' && l.type === 'sales_incentive')!.amount).toBe((pairs * unit * 10n + 50n) / 100n);
  });

  it('refuses what a column cannot hold instead of wrapping or rounding it', () => {
    const legs = new LegColumns(1);
    legs.add(0, 2n ** 63n - 1n, 0n);
    expect(() => legs.add(0, 1n, 0n)).toThrow(/does not fit/);
    const t = new MemberTable();
    expect(() => t.add('A', 'A', null, null, null, 'user', true, 0.5, null)).toThrow(/not an exact whole number/);
    expect(() => t.add('B', 'B', null, null, null, 'user', true, 2 ** 60, null)).toThrow(/not an exact whole number/);
    expect(() => new CarryColumns(MemberTable.from([member('A')])).set(0, { l: 2n ** 64n, r: 0n, pairedEver: false })).toThrow(/does not fit/);
  });
});

describe('the stored cycle summary is parsed when read', () => {
  const summary: StoredCycleSummary = {
    totals: { sales_incentive: '20.00', sponsor_income: '55.00' },
    gross: '75.00',
    adminCharge: '3.75',
    tds: '0.00',
    net: '71.25',
    sales: '550.00',
    salesBV: '550.00',
    flushedBV: '0.00',
    membersPaid: 3,
    poolsLeft: { car_fund: '0.01' },
    achievers: [{ memberId: '0195f4a2-7c1e-7000-8000-000000000001', type: 'car_fund', amount: '333.33', points: 1 }],
  };
  const cycle = (status: string, s: unknown): CycleRow =>
    ({
      id: '0195f4a2-7c1e-7000-8000-0000000000aa',
      kind: 'pairing',
      period: 'weekly',
      startsAt: new Date('2026-04-06T00:00:00Z'),
      endsAt: new Date('2026-04-13T00:00:00Z'),
      closedAt: new Date('2026-04-13T00:00:00Z'),
      status,
      planId: null,
      calculatedAt: null,
      calculatedBy: null,
      approvedAt: null,
      approvedBy: null,
      postedAt: null,
      postedBy: null,
      summary: s,
    }) as unknown as CycleRow;

  it('a well-formed summary answers its figures', () => {
    expect(storedSummary(cycle('calculated', summary))).toEqual(summary);
    expect(toSummary(cycle('approved', summary), 2)).toMatchObject({ gross: '75.00', net: '71.25', sales: '550.00', payoutRatio: '12.95', membersPaid: 3, totals: summary.totals });
  });

  it('a cycle never calculated has none and answers zeros', () => {
    expect(storedSummary(cycle('closed', null))).toBeNull();
    expect(toSummary(cycle('open', null), null)).toMatchObject({ gross: '0.00', net: '0.00', payoutRatio: null, membersPaid: 0, totals: {} });
  });

  it.each([
    ['a calculated cycle without one', 'calculated', null],
    ['a field missing', 'calculated', { ...summary, net: undefined }],
    ['an amount as a number', 'approved', { ...summary, gross: 75 }],
    ['an amount as words', 'posted', { ...summary, tds: 'none' }],
    ['an unknown field', 'calculated', { ...summary, netto: '1.00' }],
    ['an achiever of no pool', 'approved', { ...summary, achievers: [{ ...summary.achievers[0], type: 'boat_fund' }] }],
    ['a pool left of no pool', 'calculated', { ...summary, poolsLeft: { boat_fund: '1.00' } }],
  ])('%s fails loudly', (_what, status, s) => {
    expect(() => storedSummary(cycle(status, s))).toThrow(/summary stored on cycle .* is malformed/);
    expect(() => toSummary(cycle(status, s), 1)).toThrow(/malformed/);
  });
});
