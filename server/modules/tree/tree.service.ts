import type { Db, DbOrTx } from '../../db/client';
import { recordPlacement, recordActivity, absorbPendingCountEntries } from '../volume/journal.service';
import { recount, type RecountResult } from './recount';
import { conflict } from '../../core/app-error';
import { MSG } from '../../../contracts/messages';
import type { Position } from '../../../contracts/enums';
import {
  lockTree, findNode, findTreeRoot, descendToOpenSlot, childrenOf, occupySlot, ancestorDeltas, lockMembersDeepestFirst,
  scanPlacedMembers, placedLinks, legCountsOf, writeCounters, type TreeNodeRow, type JournalDelta,
} from './tree.repo';
import { AncestryCache } from './ancestry';

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
  const legs = await legCountsOf(db, root.id);
  return { rootId: root.id, side: legs.left <= legs.right ? 'left' : 'right' };
}

export async function treeRootId(db: DbOrTx) {
  const root = await findTreeRoot(db);
  if (!root) throw conflict(MSG.parentNotInTree);
  return root.id;
}

/**
 * Places a member: takes the tree lock, finds the slot and occupies it at once (slot, level, open_depth
 * exact, so the next placement sees it), and appends a placement to the journal: the member and active
 * counts and the depth of every ancestor, and the sponsor's direct recruits (on the leg the member is in
 * under them), follow when the applier folds it in, and the sponsor's rank is checked there. No walk up
 * the tree happens in the request. Returns the slot taken.
 */
export async function placeMember(
  db: DbOrTx,
  member: { id: string; sponsorId: string | null; status: string },
  target: { startId: string; side: Position },
  now: Date,
): Promise<Slot> {
  await lockTree(db);
  const slot = await findSlot(db, target.startId, target.side);
  await occupySlot(db, member.id, slot.parentId, slot.side, now);
  await recordPlacement(db, { id: member.id, sponsorId: member.sponsorId, active: member.status === 'active' }, now);
  return slot;
}

/** Keeps the active-member counters of the ancestors in step with a placed member's status (through the journal). */
export async function onStatusChange(db: DbOrTx, member: { id: string; placedAt: Date | null; parentId: string | null }, before: string, after: string, now: Date) {
  if (!member.placedAt || !member.parentId) return;
  const was = before === 'active';
  const is = after === 'active';
  if (was === is) return;
  await recordActivity(db, member.id, is ? 1 : -1, now);
}

// ---- the journal applier's use of the tree (server/modules/volume/applier.service.ts) ----

const ancestries = new WeakMap<object, Promise<AncestryCache>>();

/**
 * This process's copy of the parent links of `db`'s tree. On PostgreSQL every placed member's link is read at
 * once (a million in about two seconds), started by the job runner so that the first batch does not wait for
 * it; on the embedded database, and for links placed since, batches read what they lack.
 */
export function ancestryOf(db: Db): Promise<AncestryCache> {
  let loading = ancestries.get(db);
  if (!loading) {
    loading = (async () => {
      const cache = new AncestryCache();
      const links = await placedLinks(db);
      if (links) await cache.load(links);
      return cache;
    })();
    ancestries.set(db, loading);
    // A failed read is tried again by the next caller.
    loading.catch(() => ancestries.delete(db));
  }
  return loading;
}

/** Every ancestor of the journal entries' members with what the entries add to each of its legs, walked in this process's copy of the links. */
export async function walkJournalUp(db: Db, tx: DbOrTx, events: JournalDelta[]) {
  return ancestorDeltas(tx, events, await ancestryOf(db));
}

/** Locks those ancestors deepest first, the order placements lock in. */
export const lockAncestors = lockMembersDeepestFirst;

/**
 * `npm run tree:repair`: recounts every counter from the parent links in one repeatable-read snapshot
 * that also absorbs the pending count entries of the journal (so nothing is counted twice), and with
 * `fix` writes the recounted values; without it the transaction is rolled back.
 */
export async function repairTree(db: Db, fix: boolean, now: Date): Promise<RecountResult> {
  let result: RecountResult | undefined;
  await db
    .transaction(
      async (tx) => {
        await absorbPendingCountEntries(tx, now);
        result = recount(await scanPlacedMembers(tx));
        if (!fix) throw new ReportOnly();
        if (result.fixes.length) await writeCounters(tx, result.fixes);
      },
      { isolationLevel: 'repeatable read' },
    )
    .catch((err) => {
      if (!(err instanceof ReportOnly)) throw err;
    });
  return result!;
}
class ReportOnly extends Error {}

export { lockTree };
