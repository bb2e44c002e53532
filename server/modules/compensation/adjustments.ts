import type { MemberTable } from './member-table';
import type { Adjustment, Line } from './engine-types';

/**
 * The adjustment lines of a cycle. The net is never negative (docs/spec/compensation.md §5): a negative adjustment
 * that the member's other lines of the cycle (and their positive adjustments) do not cover is left out and
 * waits, unconsumed, for a later cycle.
 */
export function adjustmentLines(t: MemberTable, lines: Line[], adjustments: Adjustment[]): Line[] {
  if (!adjustments.length) return [];
  const gross = new Map<string, bigint>();
  for (const l of lines) gross.set(l.memberId, (gross.get(l.memberId) ?? 0n) + l.amount);
  for (const a of adjustments) if (a.amount > 0n) gross.set(a.memberId, (gross.get(a.memberId) ?? 0n) + a.amount);
  const deferred = new Set<string>();
  for (const a of adjustments) {
    if (a.amount >= 0n) continue;
    const g = (gross.get(a.memberId) ?? 0n) + a.amount;
    if (g < 0n) deferred.add(a.id);
    else gross.set(a.memberId, g);
  }
  return adjustments
    .filter((a) => !deferred.has(a.id))
    .map((a) => ({
      memberId: a.memberId,
      member: t.indexOf(a.memberId),
      type: a.type,
      amount: a.amount,
      adjustmentId: a.id,
      explanation: { text: `Adjustment: ${a.reason}`, adjustment: true, reason: a.reason },
    }));
}
