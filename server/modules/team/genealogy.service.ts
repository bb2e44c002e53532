import type { AppContext } from '../../context';
import type { Principal } from '../../core/actor';
import { notFound } from '../../core/app-error';
import { MSG } from '../../../contracts/messages';
import type { Position } from '../../../contracts/enums';
import type { BinaryTreeResponse, TreeNode, GenealogySearchResult } from '../../../contracts/team';
import { displayName, findUserFields } from '../users';
import { isInDownline } from '../tree';
import { addMoney } from '../../lib/money';
import {
  memberNode,
  memberNodes,
  pairingFigures,
  placedByUserId,
  nameMatchesAnywhere,
  nameMatchesInDownline,
  nameMatchesBelow,
  nearestAncestors,
  memberLevels,
  type TreeMatchRow,
  outermost,
  type MemberNodeRow,
} from './team.repo';
import { iso } from './team-format';
import { readDb } from '../../core/read-db';
import type { DbOrTx } from '../../db/client';

/* The genealogy (doc 3 §2.3, doc 2 §2.6): the binary tree a viewer may see, its search and its outer extremes. */

const MAX_PATH = 8;

/** Who views a tree: a member sees their own downline, an admin the whole tree from its root (the founder). */
export interface TreeScope {
  /** Who views it: their tree reads tolerate a little lag, but see their own writes (ADR 0031). */
  viewer: Principal;
  top: { id: string; userId: string; level: number; firstName: string | null; lastName: string | null; placedAt: Date | null };
}

/** A member's own tree scope: their place in the tree, which the actor's principal does not carry. */
export async function ownScope(ctx: AppContext, me: Principal): Promise<TreeScope> {
  return { viewer: me, top: (await findUserFields(readDb(ctx, me), me.id, ['id', 'userId', 'level', 'firstName', 'lastName', 'placedAt']))! };
}

/**
 * The viewer's tree (or a subtree inside the viewer's downline), `depth` levels below the viewed root (doc 3 §2.4:
 * two; the genealogy explorer asks for up to five, and for more by viewing a deeper node as the root). One read per
 * level and one for every visible node's pairing figures.
 */
export async function binaryTree(ctx: AppContext, scope: TreeScope, rootId: string | undefined, depth = 2): Promise<BinaryTreeResponse> {
  const me = scope.top;
  const db = readDb(ctx, scope.viewer);
  if (!me.placedAt) throw notFound(MSG.memberNotFound);
  let path = [{ id: me.id, userId: me.userId, name: displayName(me) }];
  let pathOmitted = 0;
  if (rootId && rootId !== me.id) {
    if (!(await isInDownline(db, me, rootId))) throw notFound(MSG.memberNotFound);
    const [viewed] = await pathsFrom(db, me, [rootId]);
    ({ path, pathOmitted } = viewed);
  }
  const root = (await memberNode(db, rootId ?? me.id))!;
  const byId = new Map<string, MemberNodeRow>([[root.id, root]]);
  let level = [root];
  for (let d = 1; d <= depth && level.length; d++) {
    const ids = level.flatMap((n) => [n.leftChildId, n.rightChildId]).filter((x): x is string => Boolean(x));
    level = await memberNodes(db, ids);
    for (const n of level) byId.set(n.id, n);
  }
  const figures = await pairingFigures(db, [...byId.keys()]);
  const pairing = new Map(figures.map((f) => [f.member_id, f]));
  const build = (n: MemberNodeRow | undefined, d: number): TreeNode | null => {
    if (!n) return null;
    const f = pairing.get(n.id);
    return {
      id: n.id,
      userId: n.userId,
      firstName: n.firstName,
      lastName: n.lastName,
      email: n.email,
      idStatus: n.idStatus,
      status: n.status,
      packageAmount: n.packageAmount,
      position: (n.position as Position | null) ?? null,
      level: d,
      rank: n.currentRank ?? null,
      totalBV: addMoney(n.leftBV, n.rightBV),
      leftBV: n.leftBV,
      rightBV: n.rightBV,
      leftCount: n.leftCount,
      rightCount: n.rightCount,
      leftActive: n.leftActive,
      rightActive: n.rightActive,
      carryLeftBV: f?.carry_left ?? '0.00',
      carryRightBV: f?.carry_right ?? '0.00',
      cycleLeftBV: f?.cycle_left ?? '0.00',
      cycleRightBV: f?.cycle_right ?? '0.00',
      hasLeftChild: Boolean(n.leftChildId),
      hasRightChild: Boolean(n.rightChildId),
      leftChild: d < depth && n.leftChildId ? build(byId.get(n.leftChildId), d + 1) : null,
      rightChild: d < depth && n.rightChildId ? build(byId.get(n.rightChildId), d + 1) : null,
    };
  };
  const tree = build(root, 0)!;
  const cycles = figures[0];
  return {
    ...tree,
    leftActive: root.leftActive,
    rightActive: root.rightActive,
    depth: root.teamDepth,
    directRecruits: root.totalDirects,
    path,
    pathOmitted,
    pairing: {
      carryAsOf: iso(cycles?.carry_as_of ?? null),
      openCycle: cycles?.open_starts_at && cycles.open_ends_at ? { startsAt: iso(cycles.open_starts_at)!, endsAt: iso(cycles.open_ends_at)! } : null,
    },
  };
}

/**
 * The path from the viewer down to each of some members of the viewer's downline: the viewer, then the member's
 * nearest MAX_PATH ancestors down to the member itself, with how many in between are left out (deep subtrees).
 */
async function pathsFrom(db: DbOrTx, me: TreeScope['top'], ids: string[]) {
  const below = ids.filter((id) => id !== me.id);
  const ancestors = await nearestAncestors(db, below, MAX_PATH, me.level);
  const levels = new Map((await memberLevels(db, below)).map((r) => [r.id, r.level]));
  const viewer = { id: me.id, userId: me.userId, name: displayName(me) };
  return ids.map((id) => {
    if (id === me.id) return { path: [viewer], pathOmitted: 0 };
    const steps = ancestors
      .filter((a) => a.of === id)
      .sort((a, b) => b.step - a.step)
      .map((a) => ({ id: a.id, userId: a.user_id, name: displayName({ firstName: a.first_name, lastName: a.last_name, userId: a.user_id }) }));
    return { path: [viewer, ...steps], pathOmitted: Math.max(0, (levels.get(id) ?? me.level) - me.level - MAX_PATH) };
  });
}

/** What a user ID looks like (two letters, then digits): never a name. */
const USER_ID_LIKE = /^[a-z]{2}\d{5,}$/i;
/** How many matches a genealogy search answers. */
const SEARCH_RESULTS = 10;
/** Members a name search walks breadth first in a downline before it looks the name up in the index instead. */
const SEARCH_WALK = 4_000;
/** Index matches of a name a search checks against a large downline (shallowest first). */
const SEARCH_CANDIDATES = 500;

/**
 * Members of the viewer's downline by user ID (exact, any case) or name (contains), nearest levels first, each with
 * the path from the viewer to it (genealogy explorer, issue 15). Nothing outside the downline is ever answered.
 * The root (and an admin) search the whole tree through the indexes; anyone else's search walks the downline from
 * the top until it has enough matches, and in a downline larger than SEARCH_WALK checks the index's matches by
 * walking up from them, all at once, no higher than the viewer.
 */
export async function searchTree(ctx: AppContext, scope: TreeScope, q: string): Promise<GenealogySearchResult[]> {
  const me = scope.top;
  const db = readDb(ctx, scope.viewer);
  if (!me.placedAt) return [];
  const whole = me.level === 0;
  const matches: TreeMatchRow[] = [];
  const byUserId = await placedByUserId(db, q, me.level);
  if (byUserId && (whole || byUserId.id === me.id || (await isInDownline(db, me, byUserId.id)))) matches.push(byUserId);
  // A query that is a user ID (found, or shaped like one: two letters, then digits) is not looked up among the names: the
  // downline walk below would read its whole budget for nothing.
  const byName = !byUserId && !USER_ID_LIKE.test(q);
  if (byName && whole) matches.push(...(await nameMatchesAnywhere(db, q, me.level, SEARCH_RESULTS)));
  else if (byName) {
    const walked = await nameMatchesInDownline(db, me.id, q, SEARCH_RESULTS, SEARCH_WALK);
    matches.push(...walked.rows);
    if (!walked.complete && walked.rows.length < SEARCH_RESULTS) matches.push(...(await nameMatchesBelow(db, me, q, SEARCH_CANDIDATES)));
  }
  const seen = new Set<string>();
  const found = matches
    .filter((m) => !seen.has(m.id) && seen.add(m.id))
    .sort((a, b) => Number(b.id === byUserId?.id) - Number(a.id === byUserId?.id) || a.level - b.level || a.user_id.localeCompare(b.user_id))
    .slice(0, SEARCH_RESULTS);
  const paths = await pathsFrom(
    db,
    me,
    found.map((m) => m.id),
  );
  return found.map((m, i) => ({
    id: m.id,
    userId: m.user_id,
    name: displayName({ firstName: m.first_name, lastName: m.last_name, userId: m.user_id }),
    status: m.status,
    rank: m.current_rank ?? null,
    levelsBelow: m.level - me.level,
    ...paths[i],
  }));
}

/**
 * The last member down one side from a node (the viewer by default): where the next spillover on that side lands
 * (genealogy explorer's "extreme left / right").
 */
export async function extremeOf(ctx: AppContext, scope: TreeScope, rootId: string | undefined, side: Position) {
  const me = scope.top;
  const db = readDb(ctx, scope.viewer);
  if (!me.placedAt) throw notFound(MSG.memberNotFound);
  const start = rootId ?? me.id;
  if (start !== me.id && !(await isInDownline(db, me, start))) throw notFound(MSG.memberNotFound);
  const end = await outermost(db, start, side);
  return { id: end.id, userId: end.userId, name: displayName(end), levelsBelow: end.steps, side };
}
