import type { DbOrTx } from '../../db/client';
import { findUserById } from '../users/users.repo';
import { applyRanks } from '../ranks/rank.service';
import { conflict } from '../../core/app-error';
import { MSG } from '../../../contracts/messages';
import type { Position } from '../../../contracts/enums';
import {
  lockTree, findNode, findTreeRoot, descendToOpenSlot, childrenOf, occupySlot, legUnder, countDirect, shiftActive, type TreeNodeRow,
} from './tree.repo';

export interface Slot {
  parentId: string;
  side: Position;
}

/**
 * The slot a member gets when aimed at `side` of `startId` (decisions.md §4): that side itself when
 * free, otherwise the first free slot of that leg in breadth-first order (shallowest level first, left
 * before right), found by following the open_depth counters down one member per level.
 * Call inside a transaction that holds the tree lock.
 */
export async function findSlot(db: DbOrTx, startId: string, side: Position): Promise<Slot> {
  const start = await findNode(db, startId);
  if (!start?.placedAt) throw conflict(MSG.parentNotInTree);
  const first = side === 'left' ? start.leftChildId : start.rightChildId;
  if (!first) return { parentId: start.id, side };
  const end = await descendToOpenSlot(db, first);
  if (end && !end.left_child_id) return { parentId: end.id, side: 'left' };
  if (end && !end.right_child_id) return { parentId: end.id, side: 'right' };
  // Counters out of step (only after manual edits): a plain level-by-level search is still correct.
  return breadthFirstSlot(db, first);
}

async function breadthFirstSlot(db: DbOrTx, fromId: string): Promise<Slot> {
  let frontier: string[] = [fromId];
  const nodes = new Map<string, TreeNodeRow>();
  const first = await findNode(db, fromId);
  if (first) nodes.set(fromId, first);
  while (frontier.length) {
    const next: string[] = [];
    for (const id of frontier) {
      const n = nodes.get(id)!;
      if (!n.leftChildId) return { parentId: id, side: 'left' };
      if (!n.rightChildId) return { parentId: id, side: 'right' };
      next.push(n.leftChildId, n.rightChildId);
    }
    for (const c of await childrenOf(db, frontier)) nodes.set(c.id, c);
    frontier = next;
  }
  throw conflict(MSG.parentNotInTree);
}

/** The root's leg with fewer members (left on a tie), for auto placement. */
export async function weakerRootLeg(db: DbOrTx): Promise<{ rootId: string; side: Position }> {
  const root = await findTreeRoot(db);
  if (!root) throw conflict(MSG.parentNotInTree);
  return { rootId: root.id, side: root.leftCount <= root.rightCount ? 'left' : 'right' };
}

export async function treeRootId(db: DbOrTx) {
  const root = await findTreeRoot(db);
  if (!root) throw conflict(MSG.parentNotInTree);
  return root.id;
}

/**
 * Places a member: takes the tree lock, finds the slot, occupies it and keeps every counter in step,
 * including the sponsor's direct recruits. Returns the slot taken.
 */
export async function placeMember(
  db: DbOrTx,
  member: { id: string; sponsorId: string | null; status: string },
  target: { startId: string; side: Position },
  now: Date,
): Promise<Slot> {
  await lockTree(db);
  const slot = await findSlot(db, target.startId, target.side);
  await occupySlot(db, member.id, slot.parentId, slot.side, member.status === 'active', now);
  if (member.sponsorId) {
    await countDirect(db, member.sponsorId, await legUnder(db, member.sponsorId, member.id));
    // One more direct recruit can complete the sponsor's next rank.
    const s = await findUserById(db, member.sponsorId);
    if (s) await applyRanks(db, [{ id: s.id, leftBV: s.leftBV, rightBV: s.rightBV, totalDirects: s.totalDirects, currentRank: s.currentRank }], now);
  }
  return slot;
}

/** Keeps the active-member counters of the ancestors in step with a placed member's status. */
export async function onStatusChange(db: DbOrTx, member: { id: string; placedAt: Date | null; parentId: string | null }, before: string, after: string) {
  if (!member.placedAt || !member.parentId) return;
  const was = before === 'active';
  const is = after === 'active';
  if (was === is) return;
  await shiftActive(db, member.id, is ? 1 : -1);
}

export { lockTree };
