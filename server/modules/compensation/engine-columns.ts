/**
 * The member table the engine walks, and the per-member columns spread over it: legs, carry, the sponsor line and
 * the active directs per leg.
 */
import { CarryColumns, LegColumns, MemberTable } from './member-table';
import { PurchaseColumns } from './purchase-columns';
import type { PairingInput } from './engine-types';
import type { MemberLookup } from './snapshot-types';

/** The table the engine walks: a MemberTable as is, a Map of members (the unit tests' trees) turned into one. */
export const tableOf = (members: MemberLookup) => (members instanceof MemberTable ? members : MemberTable.from(members.values()));

/** Legs by member index: columns as given, or a Map by member id spread over the table. */
export function legColumnsOf(t: MemberTable, legs: PairingInput['legs']): LegColumns {
  if (legs instanceof LegColumns) return legs;
  const out = new LegColumns(t.size);
  for (const [id, v] of legs) {
    const i = t.indexOf(id);
    if (i >= 0) out.add(i, v.l, v.r);
  }
  return out;
}

/** Carry by member index (a Map by id, or another table's columns, is spread over this table). */
export function carryColumnsOf(t: MemberTable, carry: PairingInput['carry']): CarryColumns {
  if (carry instanceof CarryColumns && carry.belongsTo(t)) return carry;
  const out = new CarryColumns(t);
  for (const [id, c] of carry instanceof CarryColumns ? carry.entries() : carry) {
    const i = t.indexOf(id);
    if (i >= 0) out.set(i, c);
  }
  return out;
}

/** Purchases by member index: columns as given, or rows by buyer id spread over the table. */
export function purchaseColumnsOf(t: MemberTable, purchases: PairingInput['purchases']): PurchaseColumns {
  if (purchases instanceof PurchaseColumns) {
    if (purchases.belongsTo(t)) return purchases;
    throw new Error('Purchase columns of another member table');
  }
  const out = new PurchaseColumns(t);
  for (const p of purchases) out.add(p.buyer, p.bv);
  return out;
}

/** The member `level` steps up the sponsor line of member `i` (level 1 is the sponsor), or -1. */
export function sponsorUp(t: MemberTable, i: number, level: number) {
  let cur = i;
  for (let k = 0; k < level && cur >= 0; k++) cur = t.sponsorOf(cur);
  return cur;
}

/** Active members each member sponsored, per leg of theirs (for the pairing qualification). */
export function directsPerLeg(t: MemberTable) {
  const l = new Int32Array(t.size);
  const r = new Int32Array(t.size);
  for (let m = 0; m < t.size; m++) {
    const s = t.sponsorOf(m);
    if (!t.isActive(m) || s < 0) continue;
    // Walk up from the recruit to the sponsor: the last step tells the leg.
    let child = m;
    let guard = 0;
    while (t.parentOf(child) >= 0 && t.parentOf(child) !== s && guard++ < 10_000_000) child = t.parentOf(child);
    if (t.parentOf(child) !== s) continue;
    if (t.isLeft(child)) l[s] += 1;
    else if (t.isRight(child)) r[s] += 1;
  }
  return { l, r };
}
