import { describe, it, expect } from 'vitest';
import type { PlanConfig } from '../../../contracts/compensation';
import { calculatePairing, calculateMonthly, deductions, paise, type SnapshotMember, type Purchase, type PairingInput } from './engine';
import { legsOf } from '../../../tests/support/legs';
import { withExplanations } from '../../../tests/support/lines';
import { P1_NO_POOLS, spec7Snapshot } from '../../../tests/support/spec-7';

const P1 = P1_NO_POOLS;
const members = (roles: Record<string, string> = {}) => spec7Snapshot(roles);

const buy = (buyer: string, bv: number): Purchase => ({ buyer, bv: BigInt(bv) * 100n });

function week(plan: PlanConfig, carry: PairingInput['carry'], buys: Purchase[], ms = members()) {
  const input: PairingInput = { plan, members: ms, legs: legsOf(ms, buys), carry, purchases: buys, ranksAchieved: [], adjustments: [] };
  const r = calculatePairing(input);
  const by = (id: string, type: string) => r.lines.filter((l) => l.memberId === id && l.type === type).reduce((s, l) => s + l.amount, 0n);
  const gross = (id: string) => r.lines.filter((l) => l.memberId === id).reduce((s, l) => s + l.amount, 0n);
  const carryOf = (id: string) => {
    const c = r.carry.get(id);
    return `${c?.l ?? 0n}/${c?.r ?? 0n}`.replace(/(\d+)/g, (x) => String(Number(x) / 100));
  };
  return { r, by, gross, carryOf };
}
const rs = (p: bigint) => (Number(p) / 100).toFixed(2);
const net = (gross: bigint) => deductions(gross, P1.deductions.adminChargePercent, P1.deductions.tds[0], { ytdGross: 0n, ytdTds: 0n, panApproved: true }).net;

describe('compensation.md §7 worked examples (engine)', () => {
  it('1. week 1: pairs, carry, sponsor income, nets after 5 %', () => {
    const w = week(P1, new Map(), [buy('D', 300), buy('F', 250)]);
    expect(rs(w.by('A', 'sales_incentive'))).toBe('20.00');
    expect(w.carryOf('A')).toBe('100/50');
    expect(w.carryOf('B')).toBe('300/0');
    expect(rs(w.by('B', 'sponsor_income'))).toBe('30.00');
    expect(w.carryOf('C')).toBe('0/250');
    expect(rs(w.by('C', 'sponsor_income'))).toBe('25.00');
    expect([rs(net(w.gross('A'))), rs(net(w.gross('B'))), rs(net(w.gross('C')))]).toEqual(['19.00', '28.50', '23.75']);
  });

  it('2. week 2: carry in, sponsor income, matching, own purchase not in own legs', () => {
    const w1 = week(P1, new Map(), [buy('D', 300), buy('F', 250)]);
    const w = week(P1, w1.r.carry, [buy('C', 200), buy('E', 150)]);
    expect(rs(w.by('A', 'sales_incentive'))).toBe('20.00');
    expect(w.carryOf('A')).toBe('50/50');
    expect(rs(w.by('A', 'sponsor_income'))).toBe('35.00');
    expect(rs(w.by('A', 'sales_bonus'))).toBe('1.00');
    expect(rs(w.gross('A'))).toBe('56.00');
    const d = deductions(w.gross('A'), '5', P1.deductions.tds[0], { ytdGross: 0n, ytdTds: 0n, panApproved: true });
    expect([rs(d.adminCharge), rs(d.net)]).toEqual(['2.80', '53.20']);
    expect(rs(w.by('B', 'sales_incentive'))).toBe('10.00');
    expect(w.carryOf('B')).toBe('200/50');
    expect(rs(net(w.gross('B')))).toBe('9.50');
    expect(w.carryOf('C')).toBe('0/250');
  });

  it('3. week 3: cap and flush, carry overflow, a version at 12 %', () => {
    const w1 = week(P1, new Map(), [buy('D', 300), buy('F', 250)]);
    const w2 = week(P1, w1.r.carry, [buy('C', 200), buy('E', 150)]);
    const w3 = week(P1, w2.r.carry, [buy('D', 1000), buy('F', 1000)]);
    expect(rs(w3.by('A', 'sales_incentive'))).toBe('50.00');
    expect(w3.carryOf('A')).toBe('50/50');
    expect(rs(w3.r.flushedBV)).not.toBe('0.00');
    const carryPlan = { ...P1, pairing: { ...P1.pairing, overflow: 'carry' as const } };
    expect(week(carryPlan, w2.r.carry, [buy('D', 1000), buy('F', 1000)]).carryOf('A')).toBe('550/550');
    const at12 = { ...P1, pairing: { ...P1.pairing, pairRate: '12' } };
    expect(rs(week(at12, w2.r.carry, [buy('D', 1000), buy('F', 1000)]).by('A', 'sales_incentive'))).toBe('60.00');
    expect(rs(w3.by('B', 'sponsor_income'))).toBe('100.00');
    expect(rs(w3.by('C', 'sponsor_income'))).toBe('100.00');
  });

  it('4. one active direct in each leg required', () => {
    const q = { ...P1, pairing: { ...P1.pairing, minDirectsEachLeg: 1 } };
    const w1 = week(q, new Map(), [buy('D', 300), buy('F', 250)]);
    expect(rs(w1.by('A', 'sales_incentive'))).toBe('20.00');
    const w2 = week(q, w1.r.carry, [buy('C', 200), buy('E', 150)]);
    expect(rs(w2.by('B', 'sales_incentive'))).toBe('0.00');
    expect(w2.carryOf('B')).toBe('300/150');
    expect(rs(w2.by('A', 'sales_bonus'))).toBe('0.00');
    expect(rs(w2.gross('A'))).toBe('55.00');
  });

  it('5. first pair 2:1', () => {
    const w = week({ ...P1, pairing: { ...P1.pairing, firstPair: '2:1' } }, new Map(), [buy('D', 300), buy('F', 250)]);
    expect(rs(w.by('A', 'sales_incentive'))).toBe('20.00');
    expect(w.carryOf('A')).toBe('0/50');
  });

  it('6. pools: points, cap, rounding left with the company', () => {
    const ms = new Map<string, SnapshotMember>(
      ['X', 'Y', 'Z'].map((id) => [id, { id, userId: id, parent: null, position: null, sponsor: null, role: 'user', active: true, personalBV: 0n, rank: id === 'X' ? 'Diamond' : 'Ruby Star' }]),
    );
    const plan: PlanConfig = { ...P1, pools: { ...P1.pools, car_fund: { percent: '5', minRank: 'Ruby Star', holdMonths: 1, points: { Diamond: 2 }, capPerMember: '2000.00' } } };
    const r = calculateMonthly({ plan, members: ms, purchases: [{ buyer: 'W', bv: 100_000n * 100n }], previousOwnBV: new Map(), previousMonths: 0, heldRank: () => true, adjustments: [] });
    const amt = (id: string) => rs(r.lines.find((l) => l.memberId === id && l.type === 'car_fund')!.amount);
    expect([amt('X'), amt('Y'), amt('Z')]).toEqual(['2000.00', '1250.00', '1250.00']);
    expect(rs(r.poolsLeft.car_fund)).toBe('500.00');
    const small: PlanConfig = { ...plan, pools: { ...plan.pools, car_fund: { percent: '1', minRank: 'Ruby Star', holdMonths: 1, points: {}, capPerMember: null } } };
    const r2 = calculateMonthly({ plan: small, members: ms, purchases: [{ buyer: 'W', bv: 100_000n * 100n }], previousOwnBV: new Map(), previousMonths: 0, heldRank: () => true, adjustments: [] });
    expect(r2.lines.filter((l) => l.type === 'car_fund').map((l) => rs(l.amount))).toEqual(['333.33', '333.33', '333.33']);
    expect(rs(r2.poolsLeft.car_fund)).toBe('0.01');
  });

  it('7. TDS: threshold crossing, next cycle, no PAN', () => {
    const rule = P1.deductions.tds[0];
    const a = deductions(paise('5000'), '5', rule, { ytdGross: paise('18000'), ytdTds: 0n, panApproved: true });
    expect([rs(a.tds), rs(a.adminCharge), rs(a.net)]).toEqual(['460.00', '250.00', '4290.00']);
    const b = deductions(paise('1000'), '5', rule, { ytdGross: paise('23000'), ytdTds: a.tds, panApproved: true });
    expect([rs(b.tds), rs(b.adminCharge), rs(b.net)]).toEqual(['20.00', '50.00', '930.00']);
    const c = deductions(paise('5000'), '5', rule, { ytdGross: paise('18000'), ytdTds: 0n, panApproved: false });
    expect([rs(c.tds), rs(c.net)]).toEqual(['4600.00', '150.00']);
  });

  it('8. franchise income to the nearest franchise upline only', () => {
    const w = week(P1, new Map(), [buy('D', 300), buy('F', 250)], members({ C: 'mini_franchise' }));
    expect(rs(w.by('C', 'franchise_income'))).toBe('5.00');
    expect(rs(w.by('A', 'franchise_income'))).toBe('0.00');
    expect(w.r.lines.filter((l) => l.type === 'franchise_income')).toHaveLength(1);
  });

  it('9. consistency over three months, the streak restarts', () => {
    const plan: PlanConfig = { ...P1, consistency: { minBV: '500', months: 3, percent: '5' } };
    const ms = members();
    const month = (bv: number, prev: number[]) =>
      calculateMonthly({
        plan,
        members: ms,
        purchases: [buy('D', bv)],
        previousOwnBV: new Map([['D', prev.map((x) => BigInt(x) * 100n)]]),
        previousMonths: prev.length,
        heldRank: () => true,
        adjustments: [],
      })
        .lines.filter((l) => l.type === 'consistency_bonus')
        .map((l) => rs(l.amount));
    expect(month(800, [700, 600])).toEqual(['40.00']);
    expect(month(400, [800, 700, 600])).toEqual([]);
    expect(month(900, [400, 800, 700])).toEqual([]);
  });

  it('10. calculating twice gives identical lines', () => {
    const a = week(P1, new Map(), [buy('D', 300), buy('F', 250)]);
    const b = week(P1, new Map(), [buy('D', 300), buy('F', 250)]);
    // With their explanations, which each line works out when it is read.
    expect(withExplanations(b.r.lines)).toEqual(withExplanations(a.r.lines));
    expect([...b.r.carry]).toEqual([...a.r.carry]);
  });
});

describe('returns.md §5 deductions with negative lines (engine)', () => {
  const rule = P1.deductions.tds[0];
  const fig = (d: ReturnType<typeof deductions>) => ({
    gross: rs(d.gross),
    recovered: rs(d.recovered),
    recovery: rs(d.recovery),
    adminCharge: rs(d.adminCharge),
    tds: rs(d.tds),
    tdsCarried: rs(d.tdsCarried),
    net: rs(d.net),
  });

  it('R6. TDS shortfall: a cycle of 0.03 deducts 0.03 and carries 399.97 into the next cycle', () => {
    const a = deductions(paise('0.03'), '5', rule, { ytdGross: paise('19999.99'), ytdTds: 0n, panApproved: true });
    expect(fig(a)).toEqual({ gross: '0.03', recovered: '0.00', recovery: '0.00', adminCharge: '0.00', tds: '0.03', tdsCarried: '399.97', net: '0.00' });
    const b = deductions(paise('1000'), '5', rule, { ytdGross: paise('20000.02'), ytdTds: a.tds, panApproved: true, tdsCarried: a.tdsCarried });
    expect(fig(b)).toEqual({ gross: '1000.00', recovered: '0.00', recovery: '0.00', adminCharge: '50.00', tds: '419.97', tdsCarried: '0.00', net: '530.03' });
  });

  it('R7. TDS after a clawback: lines 200 and -500 leave a recovery of 300, the next 1,000 pays on 700', () => {
    const a = deductions(paise('200') - paise('500'), '5', rule, { ytdGross: paise('25000'), ytdTds: paise('500'), panApproved: true });
    expect(fig(a)).toEqual({ gross: '0.00', recovered: '0.00', recovery: '300.00', adminCharge: '0.00', tds: '0.00', tdsCarried: '0.00', net: '0.00' });
    const b = deductions(paise('1000'), '5', rule, { ytdGross: paise('24700'), ytdTds: paise('500'), panApproved: true, recovery: a.recovery });
    expect(fig(b)).toEqual({ gross: '700.00', recovered: '300.00', recovery: '0.00', adminCharge: '35.00', tds: '14.00', tdsCarried: '0.00', net: '651.00' });
  });

  it('R2. a recovery of 10.00 taken from the next cycle of 20.00; a cycle that cannot cover it keeps the rest', () => {
    const owes = deductions(-paise('10'), '5', rule, { ytdGross: 0n, ytdTds: 0n, panApproved: true });
    expect(fig(owes)).toMatchObject({ gross: '0.00', recovery: '10.00', net: '0.00' });
    const part = deductions(paise('4'), '5', rule, { ytdGross: 0n, ytdTds: 0n, panApproved: true, recovery: owes.recovery });
    expect(fig(part)).toMatchObject({ gross: '0.00', recovered: '4.00', recovery: '6.00', net: '0.00' });
    const paid = deductions(paise('20'), '5', rule, { ytdGross: 0n, ytdTds: 0n, panApproved: true, recovery: owes.recovery });
    expect(fig(paid)).toEqual({ gross: '10.00', recovered: '10.00', recovery: '0.00', adminCharge: '0.50', tds: '0.00', tdsCarried: '0.00', net: '9.50' });
  });

  it('carried TDS waits through a cycle that pays nothing', () => {
    const d = deductions(-paise('5'), '5', rule, { ytdGross: paise('30000'), ytdTds: paise('600'), panApproved: true, tdsCarried: paise('12.34') });
    expect(fig(d)).toMatchObject({ tds: '0.00', tdsCarried: '12.34', recovery: '5.00', net: '0.00' });
  });
});

describe('explanations worked out when read', () => {
  it('give the texts and figures the engine wrote before: two sponsor levels out of order, repeat buyers, matching, a flush', () => {
    const ms = spec7Snapshot({}, (id) => `U-${id}`);
    const plan: PlanConfig = {
      ...P1,
      sponsorIncome: {
        levels: [
          { level: 2, percent: '4' },
          { level: 1, percent: '10' },
        ],
      },
      matching: {
        levels: [
          { level: 1, percent: '10' },
          { level: 2, percent: '3' },
        ],
      },
    };
    const run = (carry: PairingInput['carry'], buys: Purchase[]) => calculatePairing({ plan, members: ms, legs: legsOf(ms, buys), carry, purchases: buys, ranksAchieved: [], adjustments: [] });
    const w1 = run(new Map(), [buy('D', 300), buy('F', 250), buy('D', 100)]);
    const w2 = run(w1.carry, [buy('C', 200), buy('E', 150), buy('F', 400), buy('E', 50), buy('D', 700)]);
    const line = (r: typeof w1, id: string, type: string) => r.lines.find((l) => l.memberId === id && l.type === type)!;
    expect(line(w2, 'A', 'sponsor_income').explanation).toEqual({
      text: 'Level 1: 3 purchases, 400 BV at 10 % (U-C, U-E); Level 2: 2 purchases, 1,100 BV at 4 % (U-F, U-D).',
      levels: [
        { level: 1, percent: '10', purchases: 3, bv: '400.00', members: ['U-C', 'U-E'] },
        { level: 2, percent: '4', purchases: 2, bv: '1100.00', members: ['U-F', 'U-D'] },
      ],
      bvValue: '1.00',
    });
    expect(line(w1, 'B', 'sponsor_income').explanation.text).toBe('Level 1: 2 purchases, 400 BV at 10 % (U-D).');
    expect(line(w2, 'A', 'sales_bonus').explanation).toEqual({ text: "10 % of U-B's 20.00.", from: [{ userId: 'U-B', level: 1, incentive: '20.00' }] });
    const si = line(w2, 'A', 'sales_incentive');
    expect(si.explanation).toEqual({
      text: 'Left 1,100 BV (carry 200 + new 900), right 650 BV (carry 50 + new 600): 6 pairs of 100 BV, 5 paid at 10 %, 200 BV flushed; carry 500 / 50.',
      carryIn: { left: '200.00', right: '50.00' },
      newBV: { left: '900.00', right: '600.00' },
      units: { left: '11', right: '6' },
      pairs: '6',
      paid: '5',
      flushedBV: '200.00',
      carryOut: { left: '500.00', right: '50.00' },
      firstPair: null,
      pairUnitBV: 100,
      pairRate: '10',
    });
    // Read again, the same; and JSON carries it.
    expect(si.explanation).toEqual(si.explanation);
    expect(JSON.parse(JSON.stringify(si, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v)))).toEqual({
      memberId: 'A',
      member: 0,
      type: 'sales_incentive',
      amount: '5000',
      explanation: si.explanation,
    });
  });
});
