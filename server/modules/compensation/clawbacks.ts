/**
 * Clawback lines (docs/spec/returns.md §4): income a posted pairing cycle paid for BV that was later returned is taken
 * back by negative lines of the same type in the cycle being calculated. Only sponsor and franchise income have lines
 * of their own; sales incentive and matching come back through negative carry (pairing.ts).
 */
import type { MemberTable } from './member-table';
import { P4, bvText, bvWords, paise, pct4, roundDiv } from './arithmetic';
import { sponsorUp } from './engine-columns';
import type { Line, Reversal } from './engine-types';

/** The nearest placement ancestor of member `i` with a franchise role now (the buyer excluded), or -1. */
export function nearestFranchise(t: MemberTable, i: number) {
  let cur = t.parentOf(i);
  while (cur >= 0 && !t.franchiseRole(cur)) cur = t.parentOf(cur);
  return cur;
}

/**
 * The members who may have been paid for a reversal's purchase: its sponsor line up to the paying version's deepest
 * level and its nearest franchise ancestor (the service reads their lines of the paying cycle).
 */
export function clawbackCandidates(t: MemberTable, buyer: string, levels: number[]): string[] {
  const b = t.indexOf(buyer);
  if (b < 0) return [];
  const out: string[] = [];
  for (const level of levels) {
    const e = sponsorUp(t, b, level);
    if (e >= 0) out.push(t.idAt(e));
  }
  const f = nearestFranchise(t, b);
  if (f >= 0) out.push(t.idAt(f));
  return out;
}

/**
 * One negative line per reversal, earner and type: returned BV × bvValue × percent of the version that paid the
 * purchase's cycle, rounded half-up, for every earner that cycle actually paid for it (whatever their status now).
 */
export function clawbackLines(t: MemberTable, reversals: Reversal[]): Line[] {
  const lines: Line[] = [];
  for (const r of reversals) {
    const b = t.indexOf(r.buyer);
    if (b < 0 || r.bv <= 0n) continue;
    const { plan, paid } = r.paidIn;
    const bvValue = paise(plan.bvValue);
    const head = `Return ${r.returnNumber}: ${bvWords(r.bv)} BV of a purchase by ${t.userIdAt(b)} paid in the cycle of ${r.paidIn.label}`;
    const common = { clawback: true, returnNumber: r.returnNumber, returnedBV: bvText(r.bv), buyer: t.userIdAt(b), cycleId: r.paidIn.id, cycle: r.paidIn.label, planVersion: r.paidIn.planVersion };
    for (const lv of plan.sponsorIncome.levels) {
      const e = sponsorUp(t, b, lv.level);
      if (e < 0 || !paid.get(t.idAt(e))?.sponsorLevels.has(lv.level)) continue;
      const amount = roundDiv(r.bv * bvValue * pct4(lv.percent), 100n * 100n * P4);
      if (amount <= 0n) continue;
      lines.push({
        memberId: t.idAt(e),
        member: e,
        type: 'sponsor_income',
        amount: -amount,
        explanation: { text: `${head}, level ${lv.level} at ${lv.percent} %.`, ...common, level: lv.level, percent: lv.percent },
      });
    }
    const f = nearestFranchise(t, b);
    const role = f >= 0 ? paid.get(t.idAt(f))?.franchiseRole : null;
    if (f >= 0 && role) {
      const rate = plan.franchise[role];
      const amount = roundDiv(r.bv * bvValue * pct4(rate), 100n * 100n * P4);
      if (amount > 0n) {
        lines.push({
          memberId: t.idAt(f),
          member: f,
          type: 'franchise_income',
          amount: -amount,
          explanation: { text: `${head}, franchise income at ${rate} % (${role === 'mini_franchise' ? 'mini' : 'basic'} franchise).`, ...common, percent: rate, role },
        });
      }
    }
  }
  return lines;
}
