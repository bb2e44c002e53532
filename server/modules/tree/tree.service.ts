import type { Db, DbOrTx } from '../../db/client';
import { recordPlacement, recordActivity, absorbPendingCountEntries, holdApplier } from '../volume';
import { volumeOf } from '../volume';
import { recount, type RecountResult } from './recount';
import { conflict } from '../../core/app-error';
import { MSG } from '../../../contracts/messages';
import type { Position } from '../../../contracts/enums';
import {
  lockTree,
  findNode,
  findTreeRoot,
  descendToOpenSlot,
  childrenOf,
  occupySlot,
  ancestorDeltas,
  lockMembersDeepestFirst,
  scanPlacedMembers,
  placedLinks,
  legCountsOf,
  writeCounters,
  type TreeNodeRow,
  type JournalDelta,
  takeInMoves,
  pendingEntriesOf,
  pathUp,
  changeFigures,
  relinkLeaf,
  refreshOpenDepth,
  insertTreeMove,
  type PathUpRow,
  type FigureChange,
} from './tree.repo';
import { AncestryCache } from './ancestry';

export interface Slot {
  parentId: string;
  side: Position;
}

/**
 * The slot a member gets when aimed at `side` of `startId` (docs/spec/decisions.md §4): that side itself when
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
export async function placeMember(db: DbOrTx, member: { id: string; sponsorId: string | null; status: string }, target: { startId: string; side: Position }, now: Date): Promise<Slot> {
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
  const cache = await ancestryOf(db);
  await takeInMoves(tx, cache);
  return ancestorDeltas(tx, events, cache);
}

export interface MoveRefusals {
  notPlaced: string;
  hasDownline: string;
  hasVolume: string;
  stillCounting: string;
  slotTaken: string;
  parentNotPlaced: string;
}

/**
 * Moves a placed member without a downline and without volume into the free slot (parentId, side) (ADR 0018: a
 * founder's Network Override of a hidden ID). Under the tree lock and the applier's lock (no batch runs meanwhile;
 * the member's own journal entries must all be applied): the slot, level, jump and the open depths of both paths at
 * once, and the applied figures of every ancestor of both slots exactly: members and active members per leg, the
 * sponsor's direct recruits per leg, and the depth below recomputed bottom-up (a running maximum in the journal, so
 * a move writes it here). The move is recorded in tree_moves, which every process's copy of the links takes in.
 */
export async function moveLeaf(
  db: DbOrTx,
  member: { id: string; sponsorId: string | null; status: string },
  target: { parentId: string; side: Position },
  by: string,
  now: Date,
  refuse: MoveRefusals,
) {
  await lockTree(db);
  await holdApplier(db);
  const m = await findNode(db, member.id);
  if (!m?.placedAt || !m.parentId || !m.position) throw conflict(refuse.notPlaced);
  if (m.leftChildId || m.rightChildId) throw conflict(refuse.hasDownline);
  if (await pendingEntriesOf(db, m.id)) throw conflict(refuse.stillCounting);
  const own = await volumeOf(db, m.id);
  if (Number(own.totalBV) !== 0 || Number(own.leftBV) !== 0 || Number(own.rightBV) !== 0) throw conflict(refuse.hasVolume);
  const to = await findNode(db, target.parentId);
  if (!to?.placedAt || to.id === m.id) throw conflict(refuse.parentNotPlaced);
  if ((target.side === 'left' ? to.leftChildId : to.rightChildId) !== null) throw conflict(refuse.slotTaken);
  const from = { parentId: m.parentId, side: m.position as Position };
  const [oldPath, newPath] = [await pathUp(db, from.parentId), await pathUp(db, to.id)];

  const changes = new Map<string, FigureChange>();
  const change = (id: string) => changes.get(id) ?? changes.set(id, { id, lc: 0, rc: 0, la: 0, ra: 0, ld: 0, rd: 0, depth: null }).get(id)!;
  const active = member.status === 'active' ? 1 : 0;
  const walk = (path: PathUpRow[], firstSide: Position, sign: 1 | -1) => {
    let via = firstSide;
    for (const a of path) {
      const c = change(a.id);
      if (via === 'left') {
        c.lc += sign;
        c.la += sign * active;
        if (a.id === member.sponsorId) c.ld += sign;
      } else {
        c.rc += sign;
        c.ra += sign * active;
        if (a.id === member.sponsorId) c.rd += sign;
      }
      via = a.position as Position;
    }
  };
  walk(oldPath, from.side, -1);
  walk(newPath, target.side, 1);

  // The depth below every member of both paths, bottom-up, with the member out of its old slot and in its new one.
  const rows = new Map<string, PathUpRow>();
  for (const r of [...oldPath, ...newPath]) rows.set(r.id, r);
  const depthNow = new Map<string, number>([[m.id, 0]]);
  for (const r of [...rows.values()].sort((a, b) => b.level - a.level)) {
    let left: [string | null, number | null] = [r.left_child_id, r.left_depth];
    let right: [string | null, number | null] = [r.right_child_id, r.right_depth];
    if (r.id === from.parentId) {
      if (from.side === 'left') left = [null, null];
      else right = [null, null];
    }
    if (r.id === to.id) {
      if (target.side === 'left') left = [m.id, 0];
      else right = [m.id, 0];
    }
    const below = [left, right].filter(([id]) => id !== null).map(([id, d]) => depthNow.get(id!) ?? d ?? 0);
    const depth = below.length ? 1 + Math.max(...below) : 0;
    depthNow.set(r.id, depth);
    if (depth !== r.team_depth) change(r.id).depth = depth;
  }

  await relinkLeaf(db, { id: m.id, parentId: from.parentId, position: from.side }, { id: to.id, level: to.level, jumpId: to.jumpId, position: to.position, runTop: to.runTop }, target.side);
  await refreshOpenDepth(db, from.parentId);
  await refreshOpenDepth(db, to.id);
  await changeFigures(db, [...changes.values()]);
  await insertTreeMove(db, { memberId: m.id, fromParentId: from.parentId, fromPosition: from.side, toParentId: to.id, toPosition: target.side, movedBy: by, movedAt: now });
  return { from, to: { parentId: to.id, side: target.side } };
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
