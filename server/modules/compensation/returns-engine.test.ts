import { describe, it, expect } from 'vitest';
import { calculatePairing, deductions, pairMember, type PairingInput, type PaidCycle, type Purchase, type Reversal, type SnapshotMember } from './engine';
import { legsOf } from '../../../tests/support/legs';
import { withExplanations } from '../../../tests/support/lines';
import { P1_NO_POOLS, spec7Snapshot } from '../../../tests/support/spec-7';

/**
 * docs/spec/returns.md §3 and §4 on the pure engine: negative new BV and negative carry in pairing, same-cycle
 * cancellation (the service nets the purchases; the legs carry the reversal) and the clawback lines of R2, R3, R4.
 */
const P1 = P1_NO_POOLS;
const members = (roles: Record<string, string> = {}) => spec7Snapshot(roles, (id) => `MB-${id}`);
const bv = (n: number) => BigInt(n) * 100n;
const buy = (buyer: string, n: number): Purchase => ({ buyer, bv: bv(n) });
const rs = (p: bigint) => (Number(p) / 100).toFixed(2);

/** A week: purchases and reversals (negative BV in the legs), the purchases as the service nets them, clawbacks. */
function week(carry: PairingInput['carry'], o: { buys?: Purchase[]; returns?: Purchase[]; purchases?: Purchase[]; reversals?: Reversal[]; ms?: Map<string, SnapshotMember> }) {
  const ms = o.ms ?? members();
  const moves = [...(o.buys ?? []), ...(o.returns ?? []).map((r) => ({ buyer: r.buyer, bv: -r.bv }))];
  const r = calculatePairing({ plan: P1, members: ms, legs: legsOf(ms, moves), carry, purchases: o.purchases ?? o.buys ?? [], ranksAchieved: [], adjustments: [], reversals: o.reversals });
  const by = (id: string, type: string) => r.lines.filter((l) => l.memberId === id && l.type === type).reduce((s, l) => s + l.amount, 0n);
  const gross = (id: string) => r.lines.filter((l) => l.memberId === id).reduce((s, l) => s + l.amount, 0n);
  const carryOf = (id: string) => {
    const c = r.carry.get(id);
    return `${rs(c?.l ?? 0n)}/${rs(c?.r ?? 0n)}`.replace(/\.00/g, '');
  };
  return { r, by, gross, carryOf };
}
const paidWeek1 = (who: Record<string, { levels?: number[]; role?: 'mini_franchise' }>): PaidCycle => ({
  id: 'week-1',
  label: '1–7 Jun 2026',
  plan: P1,
  planVersion: 1,
  paid: new Map(Object.entries(who).map(([id, w]) => [id, { sponsorLevels: new Set(w.levels ?? []), franchiseRole: w.role ?? null }])),
});
const reversal = (buyer: string, n: number, paidIn: PaidCycle, no = 1): Reversal => ({ eventId: String(no), returnNumber: `RET/2627/00000${no}`, buyer, bv: bv(n), paidIn });

describe('pairMember with negative BV (returns.md §3)', () => {
  const unit = { l: 0n, r: 0n, pairedEver: false };
  it('a side below zero makes no units, consumes nothing and is carried as it is', () => {
    const r = pairMember(P1, { ...unit, l: bv(50) }, { l: -bv(300), r: bv(500) }, true);
    expect([r.uL, r.uR, r.pairs, r.amount]).toEqual([0n, 5n, 0n, 0n]);
    expect([r.carryOut.l, r.carryOut.r]).toEqual([-bv(250), bv(500)]);
  });
  it('negative carry must be filled before the side pairs again', () => {
    const r = pairMember(P1, { ...unit, l: -bv(250) }, { l: bv(300), r: bv(200) }, true);
    expect([r.L, r.uL, r.pairs, r.amount]).toEqual([bv(50), 0n, 0n, 0n]);
    const r2 = pairMember(P1, { ...unit, l: -bv(250) }, { l: bv(450), r: bv(200) }, true);
    expect([r2.pairs, rs(r2.amount), r2.carryOut.l, r2.carryOut.r]).toEqual([2n, '20.00', 0n, 0n]);
  });
  it('the carry cap cuts positive carry only', () => {
    const capped = { ...P1, pairing: { ...P1.pairing, carryCapBV: 100 } };
    const r = pairMember(capped, unit, { l: -bv(400), r: bv(400) }, true);
    expect([r.carryOut.l, r.carryOut.r, r.flushed]).toEqual([-bv(400), bv(100), bv(300)]);
  });
  it('first pair 2:1 with a negative side pairs nothing', () => {
    const r = pairMember({ ...P1, pairing: { ...P1.pairing, firstPair: '2:1' } }, unit, { l: bv(300), r: -bv(100) }, true);
    expect([r.pairs, r.carryOut.l, r.carryOut.r]).toEqual([0n, bv(300), -bv(100)]);
  });
  it('a member who does not qualify keeps a negative carry too', () => {
    const r = pairMember(P1, unit, { l: -bv(100), r: bv(300) }, false);
    expect([r.carryOut.l, r.carryOut.r]).toEqual([-bv(100), bv(300)]);
  });
});

describe('returns.md §6 on the engine', () => {
  it('R1. same cycle: D buys 300 and returns 100 before the close, as if D bought 200', () => {
    // The service nets D's purchase to 200 BV (eachCyclePurchase); the legs hold +300 and -100.
    const w = week(new Map(), { buys: [buy('D', 300), buy('F', 250)], returns: [buy('D', 100)], purchases: [buy('D', 200), buy('F', 250)] });
    const never = week(new Map(), { buys: [buy('D', 200), buy('F', 250)] });
    expect(withExplanations(w.r.lines)).toEqual(withExplanations(never.r.lines));
    expect([...w.r.carry]).toEqual([...never.r.carry]);
    expect(rs(w.by('A', 'sales_incentive'))).toBe('20.00');
    expect(w.carryOf('A')).toBe('0/50');
    expect(w.carryOf('B')).toBe('200/0');
    expect(rs(w.by('B', 'sponsor_income'))).toBe('20.00');
    expect(rs(w.by('C', 'sponsor_income'))).toBe('25.00');
  });

  it('R2. a purchase of a posted cycle returned: negative legs, a clawback line, the recovery taken next week', () => {
    const w1 = week(new Map(), { buys: [buy('D', 300), buy('F', 250)] });
    const paid = paidWeek1({ B: { levels: [1] }, C: { levels: [1] } });
    const w2 = week(w1.r.carry, { returns: [buy('D', 100)], reversals: [reversal('D', 100, paid)] });
    expect(w2.carryOf('A')).toBe('0/50');
    expect(w2.carryOf('B')).toBe('200/0');
    expect(rs(w2.by('A', 'sales_incentive'))).toBe('0.00');
    const line = w2.r.lines.find((l) => l.memberId === 'B')!;
    expect([line.type, rs(line.amount)]).toEqual(['sponsor_income', '-10.00']);
    expect(line.explanation.text).toBe('Return RET/2627/000001: 100 BV of a purchase by MB-D paid in the cycle of 1–7 Jun 2026, level 1 at 10 %.');
    expect(w2.r.lines).toHaveLength(1);
    expect(w2.r.clawedBack).toEqual(['1']);
    const d2 = deductions(w2.gross('B'), '5', P1.deductions.tds[0], { ytdGross: 0n, ytdTds: 0n, panApproved: true });
    expect([rs(d2.gross), rs(d2.net), rs(d2.recovery)]).toEqual(['0.00', '0.00', '10.00']);
    const w3 = week(w2.r.carry, { buys: [buy('D', 200)] });
    expect(w3.carryOf('B')).toBe('400/0');
    expect(w3.carryOf('A')).toBe('200/50');
    const d3 = deductions(w3.gross('B'), '5', P1.deductions.tds[0], { ytdGross: 0n, ytdTds: 0n, panApproved: true, recovery: d2.recovery });
    expect([rs(w3.by('B', 'sponsor_income')), rs(d3.gross), rs(d3.adminCharge), rs(d3.net), rs(d3.recovery)]).toEqual(['20.00', '10.00', '0.50', '9.50', '0.00']);
  });

  it('R3. negative carry: all of week 1 returned in week 3, filled by E in week 4', () => {
    const w1 = week(new Map(), { buys: [buy('D', 300), buy('F', 250)] });
    const w2 = week(w1.r.carry, { buys: [buy('C', 200), buy('E', 150)] });
    const w3 = week(w2.r.carry, { returns: [buy('D', 300)], reversals: [reversal('D', 300, paidWeek1({ B: { levels: [1] }, C: { levels: [1] } }))] });
    expect(w3.carryOf('A')).toBe('-250/50');
    expect(w3.carryOf('B')).toBe('-100/50');
    expect(rs(w3.by('B', 'sponsor_income'))).toBe('-30.00');
    const w4 = week(w3.r.carry, { buys: [buy('E', 400)] });
    expect(w4.carryOf('A')).toBe('150/50');
    expect(rs(w4.by('A', 'sales_incentive'))).toBe('0.00');
    expect(rs(w4.by('A', 'sponsor_income'))).toBe('40.00');
    expect(w4.carryOf('B')).toBe('-100/450');
    expect(w4.r.lines.filter((l) => l.memberId === 'B')).toEqual([]);
  });

  it('R4. franchise: F returns all 250 BV; C loses sponsor and franchise income, A carries -200 on the right', () => {
    const ms = members({ C: 'mini_franchise' });
    const w1 = week(new Map(), { buys: [buy('D', 300), buy('F', 250)], ms });
    expect(rs(w1.by('C', 'franchise_income'))).toBe('5.00');
    const paid = paidWeek1({ B: { levels: [1] }, C: { levels: [1], role: 'mini_franchise' } });
    const w2 = week(w1.r.carry, { returns: [buy('F', 250)], reversals: [reversal('F', 250, paid)], ms });
    expect([rs(w2.by('C', 'sponsor_income')), rs(w2.by('C', 'franchise_income')), rs(w2.gross('C'))]).toEqual(['-25.00', '-5.00', '-30.00']);
    expect(w2.r.lines.find((l) => l.type === 'franchise_income')!.explanation.text).toBe(
      'Return RET/2627/000001: 250 BV of a purchase by MB-F paid in the cycle of 1–7 Jun 2026, franchise income at 2 % (mini franchise).',
    );
    expect(w2.carryOf('C')).toBe('0/0');
    expect(w2.carryOf('A')).toBe('100/-200');
  });

  it('only what was paid is taken back: an earner without a line of that cycle loses nothing; status now does not matter', () => {
    const ms = members();
    ms.set('B', { ...ms.get('B')!, active: false });
    const w = week(new Map(), { returns: [buy('D', 100)], reversals: [reversal('D', 100, paidWeek1({ B: { levels: [1] } })), reversal('F', 100, paidWeek1({}), 2)], ms });
    expect(w.r.lines.map((l) => [l.memberId, l.type, rs(l.amount)])).toEqual([['B', 'sponsor_income', '-10.00']]);
    expect(w.r.clawedBack).toEqual(['1', '2']);
  });
});
