import type { Purchase, SnapshotMember } from '../../server/modules/compensation/engine';

/**
 * The model of a cycle's legs: what each ancestor gains from the purchases, on the side the buyer sits (a buyer's own
 * purchase is not in their legs).
 */
export function legsOf(ms: Map<string, SnapshotMember>, buys: Purchase[]) {
  const legs = new Map<string, { l: bigint; r: bigint }>();
  for (const b of buys) {
    let child = ms.get(b.buyer)!;
    while (child.parent) {
      const o = legs.get(child.parent) ?? { l: 0n, r: 0n };
      if (child.position === 'left') o.l += b.bv;
      else o.r += b.bv;
      legs.set(child.parent, o);
      child = ms.get(child.parent)!;
    }
  }
  return legs;
}
