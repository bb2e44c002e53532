/**
 * The compensation engine (docs/spec/compensation.md §3-§5) as pure functions over a frozen snapshot: no database,
 * no clock. The service loads the snapshot of a closed cycle, calls these, and stores what they answer;
 * the simulator calls them with a draft version and stores nothing.
 *
 * Arithmetic is exact: BV and rupees are integer paise (bigint); percentages are scaled by 10^4. Each line
 * is summed exactly and rounded half-up to the paisa once, at the end (pool shares are rounded down).
 *
 * Its parts, each in its own file (this file is the engine's face; import from here):
 * - snapshot-types.ts and engine-types.ts: the snapshot, the inputs and the results;
 * - arithmetic.ts: exact paise and percent arithmetic;
 * - engine-columns.ts: the member table the engine walks and the legs and carry spread over it;
 * - pairing.ts: a pairing cycle's lines and carry (pairMember for one member);
 * - monthly.ts: a monthly cycle's consistency bonus and pools;
 * - adjustments.ts: the adjustment lines of a cycle;
 * - clawbacks.ts: the negative lines taking back income paid for returned BV (returns.md §4);
 * - deductions.ts: recovery, admin charge and TDS (carried when a cycle cannot bear it).
 */
export type { SnapshotMember, MemberLookup } from './snapshot-types';
export type { Purchase, Carry, Line, Adjustment, PairingInput, MonthlyInput, CalcResult, Reversal, PaidCycle } from './engine-types';
export { pct4, paise, payoutRatio, roundDiv, money as paiseText } from './arithmetic';
export { pairMember, calculatePairing } from './pairing';
export { clawbackCandidates, clawbackLines } from './clawbacks';
export { calculateMonthly } from './monthly';
export { type TdsState, type TdsRule, type Deductions, deductions, tdsRuleOn } from './deductions';
