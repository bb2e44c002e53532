import type { ReferralGenerateResponse } from '../../../contracts/team';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Actor, Principal } from '../../core/actor';
import { badRequest, conflict, notFound } from '../../core/app-error';
import { MSG } from '../../../contracts/messages';
import type { Position } from '../../../contracts/enums';
import type {
  BinaryTreeResponse,
  DirectRecruit,
  DownlineQuery,
  DownlineResponse,
  DownlineLevel,
  TeamStats,
  TreeNode,
  TeamPendingRecruit,
  UplinePendingRecruit,
  UplineDecisionRequest,
  RecruitRequest,
  RecruitResponse,
  ReferralGenerateRequest,
  PlacementParent,
  GenealogySearchResult,
} from '../../../contracts/team';
import { findUserByEmail, findUserFields } from '../users';
import { notify, notifyAdmins } from '../notifications';
import { audit } from '../audit';
import { isInDownline } from '../tree';
import { createReferralLink } from '../referral';
import { findRecruitForUpdate, updateRecruit, listAwaitingUpline, listRecruiterPipeline } from '../recruitment';
import { closeAsRejected } from '../recruitment';
import { rankProgress } from '../ranks';
import { addMoney } from '../../lib/money';
import { volumeOf } from '../volume';
import {
  statsFigures,
  memberNode,
  memberNodes,
  sponsoredMembers,
  downlineOf,
  placementParents,
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

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const fullName = (u: { firstName: string | null; lastName: string | null }) => [u.firstName, u.lastName].filter(Boolean).join(' ');

function toDirect(u: MemberNodeRow): DirectRecruit {
  return {
    id: u.id,
    userId: u.userId,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    packageAmount: u.packageAmount,
    registrationDate: u.registrationDate.toISOString(),
    createdAt: u.createdAt.toISOString(),
    activationDate: iso(u.activationDate),
    idStatus: u.idStatus,
    status: u.status,
    position: (u.position as Position | null) ?? null,
  };
}

export async function teamStats(ctx: AppContext, principal: Principal): Promise<TeamStats> {
  const [f, me] = await Promise.all([statsFigures(ctx.db, principal.id), findUserFields(ctx.db, principal.id, ['id', 'leftChildId', 'rightChildId', 'currentRank']).then((u) => u!)]);
  const achievements = f.achievements.map((a) => ({ rank: a.rank, achievedAt: new Date(a.achieved_at) }));
  return {
    totalDownline: f.left_count + f.right_count,
    activeMembers: f.left_active + f.right_active,
    directRecruits: f.total_directs,
    totalDirects: f.total_directs,
    directPositions: (me.leftChildId ? 1 : 0) + (me.rightChildId ? 1 : 0),
    currentRank: me.currentRank,
    teamBV: addMoney(f.left_bv, f.right_bv),
    leftBV: f.left_bv,
    rightBV: f.right_bv,
    leftCount: f.left_count,
    rightCount: f.right_count,
    leftActive: f.left_active,
    rightActive: f.right_active,
    depth: f.team_depth,
    pendingRecruits: f.pending,
    rank: rankProgress({ id: me.id, currentRank: me.currentRank, leftBV: f.left_bv, rightBV: f.right_bv, totalDirects: f.total_directs }, achievements),
  };
}

const MAX_PATH = 8;

/** Who views a tree: a member sees their own downline, an admin the whole tree from its root (the founder). */
export interface TreeScope {
  top: { id: string; userId: string; level: number; firstName: string | null; lastName: string | null; placedAt: Date | null };
}

/** A member's own tree scope: their place in the tree, which the actor's principal does not carry. */
export async function ownScope(ctx: AppContext, me: Principal): Promise<TreeScope> {
  return { top: (await findUserFields(ctx.db, me.id, ['id', 'userId', 'level', 'firstName', 'lastName', 'placedAt']))! };
}

/**
 * The viewer's tree (or a subtree inside the viewer's downline), `depth` levels below the viewed root (doc 3 §2.4:
 * two; the genealogy explorer asks for up to five, and for more by viewing a deeper node as the root). One read per
 * level and one for every visible node's pairing figures.
 */
export async function binaryTree(ctx: AppContext, scope: TreeScope, rootId: string | undefined, depth = 2): Promise<BinaryTreeResponse> {
  const me = scope.top;
  if (!me.placedAt) throw notFound(MSG.memberNotFound);
  let path = [{ id: me.id, userId: me.userId, name: fullName(me) || me.userId }];
  let pathOmitted = 0;
  if (rootId && rootId !== me.id) {
    if (!(await isInDownline(ctx.db, me, rootId))) throw notFound(MSG.memberNotFound);
    const [viewed] = await pathsFrom(ctx, me, [rootId]);
    ({ path, pathOmitted } = viewed);
  }
  const root = (await memberNode(ctx.db, rootId ?? me.id))!;
  const byId = new Map<string, MemberNodeRow>([[root.id, root]]);
  let level = [root];
  for (let d = 1; d <= depth && level.length; d++) {
    const ids = level.flatMap((n) => [n.leftChildId, n.rightChildId]).filter((x): x is string => Boolean(x));
    level = await memberNodes(ctx.db, ids);
    for (const n of level) byId.set(n.id, n);
  }
  const figures = await pairingFigures(ctx.db, [...byId.keys()]);
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
async function pathsFrom(ctx: AppContext, me: TreeScope['top'], ids: string[]) {
  const below = ids.filter((id) => id !== me.id);
  const ancestors = await nearestAncestors(ctx.db, below, MAX_PATH, me.level);
  const levels = new Map((await memberLevels(ctx.db, below)).map((r) => [r.id, r.level]));
  const viewer = { id: me.id, userId: me.userId, name: fullName(me) || me.userId };
  return ids.map((id) => {
    if (id === me.id) return { path: [viewer], pathOmitted: 0 };
    const steps = ancestors
      .filter((a) => a.of === id)
      .sort((a, b) => b.step - a.step)
      .map((a) => ({ id: a.id, userId: a.user_id, name: fullName({ firstName: a.first_name, lastName: a.last_name }) || a.user_id }));
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
  if (!me.placedAt) return [];
  const whole = me.level === 0;
  const matches: TreeMatchRow[] = [];
  const byUserId = await placedByUserId(ctx.db, q, me.level);
  if (byUserId && (whole || byUserId.id === me.id || (await isInDownline(ctx.db, me, byUserId.id)))) matches.push(byUserId);
  // A query that is a user ID (found, or shaped like one: two letters, then digits) is not looked up among the names: the
  // downline walk below would read its whole budget for nothing.
  const byName = !byUserId && !USER_ID_LIKE.test(q);
  if (byName && whole) matches.push(...(await nameMatchesAnywhere(ctx.db, q, me.level, SEARCH_RESULTS)));
  else if (byName) {
    const walked = await nameMatchesInDownline(ctx.db, me.id, q, SEARCH_RESULTS, SEARCH_WALK);
    matches.push(...walked.rows);
    if (!walked.complete && walked.rows.length < SEARCH_RESULTS) matches.push(...(await nameMatchesBelow(ctx.db, me, q, SEARCH_CANDIDATES)));
  }
  const seen = new Set<string>();
  const found = matches
    .filter((m) => !seen.has(m.id) && seen.add(m.id))
    .sort((a, b) => Number(b.id === byUserId?.id) - Number(a.id === byUserId?.id) || a.level - b.level || a.user_id.localeCompare(b.user_id))
    .slice(0, SEARCH_RESULTS);
  const paths = await pathsFrom(
    ctx,
    me,
    found.map((m) => m.id),
  );
  return found.map((m, i) => ({
    id: m.id,
    userId: m.user_id,
    name: fullName({ firstName: m.first_name, lastName: m.last_name }) || m.user_id,
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
  if (!me.placedAt) throw notFound(MSG.memberNotFound);
  const start = rootId ?? me.id;
  if (start !== me.id && !(await isInDownline(ctx.db, me, start))) throw notFound(MSG.memberNotFound);
  const end = await outermost(ctx.db, start, side);
  return { id: end.id, userId: end.userId, name: fullName(end) || end.userId, levelsBelow: end.steps, side };
}

export async function directRecruits(ctx: AppContext, me: Principal, search?: string): Promise<DirectRecruit[]> {
  return (await sponsoredMembers(ctx.db, me.id, search)).map(toDirect);
}

/** Members listed per level: enough to browse; the figures of each level always cover all of it. */
const PER_LEVEL = 100;
const PER_LEVEL_FILTERED = 1000;

export async function downline(ctx: AppContext, principal: Principal, q: z.output<typeof DownlineQuery>): Promise<DownlineResponse> {
  const me = (await findUserFields(ctx.db, principal.id, ['id', 'placedAt']))!;
  const [rows, bv] = await Promise.all([
    me.placedAt ? downlineOf(ctx.db, me.id, q.levels, { search: q.search, level: q.level, status: q.status }, q.level ? PER_LEVEL_FILTERED : PER_LEVEL) : [],
    volumeOf(ctx.db, me.id),
  ]);
  const levels = new Map<number, DownlineLevel>();
  const members = rows.map((r) => {
    const lv = levels.get(r.depth);
    if (lv) lv.shown++;
    else {
      const count = Number(r.lvl_count);
      const left = Number(r.lvl_left);
      levels.set(r.depth, { level: r.depth, count, active: Number(r.lvl_active), bv: r.lvl_bv ?? '0.00', left, right: count - left, shown: 1 });
    }
    return {
      id: r.id,
      userId: r.user_id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      packageAmount: r.package_amount,
      registrationDate: iso(r.registration_date)!,
      createdAt: iso(r.created_at)!,
      activationDate: iso(r.activation_date),
      idStatus: r.id_status,
      status: r.status,
      position: (r.position as Position | null) ?? null,
      level: String(r.depth),
      totalBV: r.total_bv,
      leg: r.leg as Position,
    };
  });
  return {
    members,
    levels: [...levels.values()].sort((a, b) => a.level - b.level),
    summary: { totalDownline: bv.leftCount + bv.rightCount, activeMembers: bv.leftActive + bv.rightActive, totalLevels: bv.teamDepth, totalBV: addMoney(bv.leftBV, bv.rightBV) },
  };
}

export async function ownPipeline(ctx: AppContext, me: Principal): Promise<TeamPendingRecruit[]> {
  return (await listRecruiterPipeline(ctx.db, me.id)).map((r) => ({
    id: r.id,
    fullName: r.fullName,
    email: r.email,
    mobile: r.mobile,
    status: r.status as TeamPendingRecruit['status'],
    position: (r.position as Position | null) ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The decision view of doc 3 §3.1: leg balance, a recommendation for the weaker leg, free sides. */
export async function uplineQueue(ctx: AppContext, principal: Principal): Promise<UplinePendingRecruit[]> {
  const [rows, bv, me] = await Promise.all([
    listAwaitingUpline(ctx.db, principal.id),
    volumeOf(ctx.db, principal.id),
    findUserFields(ctx.db, principal.id, ['leftChildId', 'rightChildId']).then((u) => u!),
  ]);
  const l = bv.leftCount;
  const r = bv.rightCount;
  const weaker: Position | 'balanced' = l === r ? 'balanced' : l < r ? 'left' : 'right';
  const ratio = l === r ? 1 : Math.min(l, r) / Math.max(l, r);
  const spill = (side: Position, free: boolean) =>
    free ? `Takes your ${side} position directly.` : `Your ${side} position is occupied: the recruit spills over to the next available slot in your ${side} leg.`;
  const impact = (side: Position, free: boolean) => {
    const after = side === 'left' ? { l: l + 1, r } : { l, r: r + 1 };
    const pct = Math.round((after.l === after.r ? 1 : Math.min(after.l, after.r) / Math.max(after.l, after.r)) * 100);
    return `${spill(side, free)} Legs become ${after.l} left : ${after.r} right (balance ${pct}%).`;
  };
  const available = { left: !me.leftChildId, right: !me.rightChildId };
  return rows.map(({ recruit, recruiter }) => ({
    id: recruit.id,
    fullName: recruit.fullName,
    email: recruit.email,
    mobile: recruit.mobile,
    packageAmount: recruit.packageAmount,
    createdAt: recruit.createdAt.toISOString(),
    suggestedPosition: (recruit.position as Position | null) ?? null,
    recruiterInfo: {
      name: recruiter ? fullName(recruiter) || recruiter.userId : '',
      userId: recruiter?.userId ?? '',
      level: recruiter?.level ?? 0,
      position: (recruiter?.position as Position | null) ?? null,
      packageAmount: recruiter?.packageAmount ?? null,
      activationDate: iso(recruiter?.activationDate ?? null),
    },
    legBalance: { leftLeg: { count: l, volume: bv.leftBV }, rightLeg: { count: r, volume: bv.rightBV }, balanceRatio: Math.round(ratio * 100) / 100, weakerLeg: weaker },
    strategicRecommendation: {
      recommendedPosition: weaker === 'balanced' ? 'none' : weaker,
      reason:
        weaker === 'balanced'
          ? `Both legs have ${l} member${l === 1 ? '' : 's'}; either side keeps the tree balanced.`
          : `Your ${weaker} leg has fewer members (${Math.min(l, r)} against ${Math.max(l, r)}); placing the recruit there balances your tree.`,
      impactAnalysis: { leftChoice: impact('left', available.left), rightChoice: impact('right', available.right) },
    },
    availablePositions: available,
  }));
}

/** Only the deciding upline; rejection is irreversible (docs/spec/decisions.md §3). */
export async function decide(ctx: AppContext, actor: Actor, id: string, input: z.output<typeof UplineDecisionRequest>) {
  const me = actor.user;
  return ctx.db.transaction(async (tx) => {
    const recruit = await findRecruitForUpdate(tx, id);
    if (!recruit || recruit.uplineId !== me.id) throw notFound(MSG.recruitNotFound);
    if (recruit.status !== 'awaiting_upline') throw conflict(MSG.recruitAlreadyDecided, 'ALREADY_DECIDED');
    const now = ctx.clock.now();
    if (input.decision === 'rejected') {
      await updateRecruit(tx, recruit.id, { uplineDecision: 'rejected', uplineDecisionAt: now });
      await closeAsRejected(ctx, tx, recruit, me, input.reason ?? 'Rejected by the upline');
      await audit(tx, actor, { entityType: 'pending_recruit', entityId: recruit.id, action: 'recruit.upline_reject', newState: { status: 'rejected' }, reason: input.reason ?? null });
      return { message: MSG.decisionRejected };
    }
    const position = input.position!;
    await updateRecruit(tx, recruit.id, { uplineDecision: 'approved', uplineDecisionAt: now, position, status: 'awaiting_admin' });
    await notifyAdmins(tx, {
      type: 'recruit_awaiting_admin',
      title: 'Recruit ready for approval',
      message: `${recruit.fullName} (${recruit.email}) was placed ${position} by the upline and waits for approval.`,
      data: { pendingRecruitId: recruit.id },
    });
    if (recruit.recruiterId && recruit.recruiterId !== me.id) {
      await notify(tx, [recruit.recruiterId], { type: 'position_decided', title: 'Position decided', message: `${recruit.fullName} will join the ${position} leg once approved.` });
    }
    await audit(tx, actor, { entityType: 'pending_recruit', entityId: recruit.id, action: 'recruit.upline_approve', newState: { status: 'awaiting_admin', position } });
    return { message: MSG.decisionApproved };
  });
}

/** Add Recruit (doc 3 §2.4): a 48-hour single-use link bound to the recruit's email. */
export async function recruitLink(ctx: AppContext, actor: Actor, input: z.output<typeof RecruitRequest>): Promise<RecruitResponse> {
  if (await findUserByEmail(ctx.db, input.email)) throw conflict(MSG.recruitEmailTaken, 'DUPLICATE_EMAIL');
  const { url, link } = await createReferralLink(ctx, ctx.db, actor.user, {
    placementType: 'sponsor',
    placementSide: input.position,
    recruiteeEmail: input.email,
    recruiteeName: input.fullName,
  });
  return { referralLink: url, expiresAt: link.expiresAt.toISOString(), position: input.position };
}

/** Admin and founder links (doc 2 §2.7): strategic needs a parent with the chosen side free. */
export async function generateLink(ctx: AppContext, actor: Actor, input: z.output<typeof ReferralGenerateRequest>): Promise<ReferralGenerateResponse> {
  if (input.placementType === 'strategic') {
    const parent = await memberNode(ctx.db, input.parentId!);
    if (!parent?.placedAt || parent.status !== 'active') throw badRequest(MSG.parentNotInTree, { parentId: [MSG.parentNotInTree] });
    const taken = input.placementSide === 'left' ? parent.leftChildId : parent.rightChildId;
    if (taken) throw badRequest(MSG.parentSideTaken, { placementSide: [MSG.parentSideTaken] });
  }
  const { url, link } = await createReferralLink(ctx, ctx.db, actor.user, {
    placementType: input.placementType,
    placementSide: input.placementSide ?? null,
    parentId: input.placementType === 'strategic' ? input.parentId : null,
  });
  await audit(ctx.db, actor, {
    entityType: 'referral_link',
    entityId: link.id,
    action: 'referral.generate',
    newState: { placementType: input.placementType, placementSide: input.placementSide ?? null, parentId: input.parentId ?? null },
  });
  return { url, expiresAt: link.expiresAt.toISOString() };
}

export async function parentsForPlacement(ctx: AppContext, search: string | undefined, limit: number): Promise<PlacementParent[]> {
  return (await placementParents(ctx.db, search, limit)).map((p) => ({
    id: p.id,
    userId: p.userId,
    name: fullName(p) || p.userId,
    email: p.email,
    level: p.level,
    leftFree: !p.leftChildId,
    rightFree: !p.rightChildId,
  }));
}
