import type { DbOrTx } from '../../db/client';
import { insertVolumeEvent, waitApplierLock, absorbTreeEntries } from './volume.repo';

/**
 * The volume journal (ADR 0009). Requests append one row in their own transaction and touch no
 * ancestor; the applier folds pending rows into every ancestor's figures in set-based batches.
 */

/**
 * A completed purchase: one journal row. The buyer's own sales (the purchases) show it at once; the
 * applier adds it to the buyer's personal BV and the ancestors' legs.
 */
export async function recordCompletedPurchase(db: DbOrTx, p: { id: string; userId: string; totalBV: string }, completedAt: Date) {
  await insertVolumeEvent(db, { kind: 'purchase', memberId: p.userId, purchaseId: p.id, bv: p.totalBV, occurredAt: completedAt });
}

/**
 * An approved return (docs/spec/returns.md §3): its BV leaves the buyer's personal BV and every ancestor's legs, as a
 * negative amount of new BV in the cycles open when it is applied. One entry per return, in the approval's
 * transaction; `bv` is the returned BV (positive), written negative.
 */
export async function recordReturnReversal(db: DbOrTx, r: { returnId: string; returnNumber: string; purchaseId: string; memberId: string; bv: string }, at: Date) {
  if (!/^\d+(\.\d{1,2})?$/.test(r.bv) || Number(r.bv) <= 0) throw new Error(`a reversal takes back a positive BV, not ${r.bv}`);
  await insertVolumeEvent(db, { kind: 'reversal', memberId: r.memberId, purchaseId: r.purchaseId, returnId: r.returnId, reference: r.returnNumber, bv: `-${r.bv}`, occurredAt: at });
}

/** A member took a tree slot: the ancestors' member (and active) counts and depth follow; the sponsor's rank is checked. */
export async function recordPlacement(db: DbOrTx, m: { id: string; sponsorId: string | null; active: boolean }, at: Date) {
  await insertVolumeEvent(db, { kind: 'placement', memberId: m.id, dMembers: 1, dActive: m.active ? 1 : 0, sponsorId: m.sponsorId, occurredAt: at });
}

/** A placed member became active (+1) or stopped being active (-1). */
export async function recordActivity(db: DbOrTx, memberId: string, delta: 1 | -1, at: Date) {
  await insertVolumeEvent(db, { kind: 'activity', memberId, dActive: delta, occurredAt: at });
}

/**
 * For the tree repair, inside its snapshot: waits for any running applier, then marks the pending
 * count entries applied, since a recount from the parent links in the same snapshot includes them.
 * BV entries stay pending and are applied as usual.
 */
export async function absorbPendingCountEntries(db: DbOrTx, at: Date) {
  await waitApplierLock(db);
  return absorbTreeEntries(db, at);
}

/** Waits for any running applier and keeps the next one out until this transaction ends (a tree move, ADR 0018). */
export async function holdApplier(db: DbOrTx) {
  await waitApplierLock(db);
}
