import type { ReferralGenerateResponse } from '../../../contracts/team';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Actor, Principal } from '../../core/actor';
import { badRequest, conflict, notFound } from '../../core/app-error';
import { MSG } from '../../../contracts/messages';
import type { Position } from '../../../contracts/enums';
import type { TeamPendingRecruit, UplinePendingRecruit, UplineDecisionRequest, RecruitRequest, RecruitResponse, ReferralGenerateRequest, PlacementParent } from '../../../contracts/team';
import { displayName, findUserByEmail, findUserFields } from '../users';
import { notify, notifyAdmins } from '../notifications';
import { audit } from '../audit';
import { createReferralLink } from '../referral';
import { findRecruitForUpdate, updateRecruit, listAwaitingUpline, listRecruiterPipeline } from '../recruitment';
import { closeAsRejected } from '../recruitment';
import { volumeOf } from '../volume';
import { memberNode, placementParents } from './team.repo';
import { iso } from './team-format';
import { readDb } from '../../core/read-db';

/* Recruiting (doc 3 §2.4, §3.1): the recruiter's pipeline, the upline's decisions, recruit and referral links. */

export async function ownPipeline(ctx: AppContext, me: Principal): Promise<TeamPendingRecruit[]> {
  return (await listRecruiterPipeline(readDb(ctx, me), me.id)).map((r) => ({
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
  const db = readDb(ctx, principal);
  const [rows, bv, me] = await Promise.all([listAwaitingUpline(db, principal.id), volumeOf(db, principal.id), findUserFields(db, principal.id, ['leftChildId', 'rightChildId']).then((u) => u!)]);
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
      name: recruiter ? displayName(recruiter) : '',
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
    name: displayName(p),
    email: p.email,
    level: p.level,
    leftFree: !p.leftChildId,
    rightFree: !p.rightChildId,
  }));
}
