import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { badRequest, conflict, notFound } from '../../core/app-error';
import type { Position } from '../../../contracts/enums';
import {
  FOUNDER_MSG,
  type HiddenIdMoveAnswer,
  type NetworkOverrideAnswer,
  type NetworkOverrideInput,
  type NetworkOverrideList,
  type OverrideHiddenId,
  type OverrideRecruit,
} from '../../../contracts/founder';
import { findUserById, findUserByUserId } from '../users';
import { displayName } from '../users';
import { notify, notifyAdmins } from '../notifications';
import { audit } from '../audit';
import { lockTree, moveLeaf } from '../tree';
import { hiddenIdSlots } from './founder.repo';
import { realUser } from '../../core/actor';
import { findNode, placedInDownline } from '../tree';
import { findRecruitForUpdate, openRecruitsWithRefs, recruitsAimedAt, updateRecruit, type PendingRecruitRow } from '../recruitment';

/** How many open recruits the override screen considers (newest first). */
const SCAN_LIMIT = 500;

type RecruitWithRefs = Awaited<ReturnType<typeof openRecruitsWithRefs>>[number];
type Ref = { id: string | null; userId: string | null; name: string | null };

const ref = (r: Ref | null) => (r?.id && r.userId ? { id: r.id, userId: r.userId, name: r.name ?? r.userId } : null);

/**
 * The member a recruit's approval aims at: the strategic parent, or the upline (the recruiter when there is none).
 * Recruits aimed at the root by an admin's link (auto, root) belong to no founder's tree here.
 */
function anchorOf(r: PendingRecruitRow): string | null {
  if (r.placementType === 'strategic') return r.placementParentId;
  if (r.placementType === 'sponsor') return r.uplineId ?? r.recruiterId;
  return null;
}

function view(row: RecruitWithRefs): OverrideRecruit {
  const r = row.recruit;
  const strategic = r.placementType === 'strategic';
  const sponsorParent = ref(row.upline) ?? ref(row.recruiter);
  return {
    id: r.id,
    fullName: r.fullName,
    email: r.email,
    status: r.status as OverrideRecruit['status'],
    placementType: r.placementType,
    parent: strategic ? ref(row.parent) : r.status === 'awaiting_admin' ? sponsorParent : null,
    side: (r.position as Position | null) ?? null,
    recruiter: ref(row.recruiter),
    overridden: strategic,
    createdAt: r.createdAt.toISOString(),
  };
}

async function founderNode(db: DbOrTx, founderId: string) {
  const node = await findNode(db, founderId);
  if (!node?.placedAt) throw conflict(FOUNDER_MSG.founderNotPlaced, 'INVALID_STATE');
  return node;
}

/** Open recruits whose placement is aimed inside `founder`'s downline. */
async function recruitsInTree(db: DbOrTx, founder: { id: string; level: number }, rows: RecruitWithRefs[]) {
  const anchors = rows.map((r) => anchorOf(r.recruit)).filter((a): a is string => Boolean(a));
  const inside = await placedInDownline(db, founder, anchors);
  return rows.filter((r) => {
    const a = anchorOf(r.recruit);
    return a !== null && inside.has(a);
  });
}

type HiddenSlotRow = Awaited<ReturnType<typeof hiddenIdSlots>>[number];

function hiddenView(r: HiddenSlotRow): OverrideHiddenId {
  const reason = !r.placed ? FOUNDER_MSG.notPlaced : r.has_child ? FOUNDER_MSG.hasDownline : Number(r.bv) !== 0 ? FOUNDER_MSG.hasVolume : null;
  const name = (first: string | null, last: string | null, fallback: string) => [first, last].filter(Boolean).join(' ') || fallback;
  return {
    id: r.id,
    userId: r.user_id,
    name: name(r.first_name, r.last_name, r.user_id),
    email: r.email,
    parent: r.parent_id && r.parent_user_id ? { id: r.parent_id, userId: r.parent_user_id, name: name(r.parent_first, r.parent_last, r.parent_user_id) } : null,
    side: r.position,
    movable: reason === null,
    reason,
  };
}

/** GET /api/founder/network-override: recruits awaiting placement in the founder's own tree, and the founder's hidden IDs. */
export async function overrideCandidates(ctx: AppContext, actor: Actor): Promise<NetworkOverrideList> {
  const founder = await findNode(ctx.db, actor.user.id);
  if (!founder?.placedAt) return { recruits: [], hiddenIds: [] };
  const rows = await recruitsInTree(ctx.db, founder, await openRecruitsWithRefs(ctx.db, { limit: SCAN_LIMIT }));
  const hidden = await hiddenIdSlots(ctx.db, founder.id);
  return { recruits: rows.map(view), hiddenIds: hidden.map(hiddenView) };
}

/**
 * Network Override of a hidden ID (ADR 0018): one of the founder's own hidden IDs, while it has no downline and no
 * volume, moves to a free slot of the founder's downline (the tree engine's moveLeaf: slot, level, open depths and
 * every ancestor's counters exact, under the tree and applier locks). The slot must be free and not promised to an
 * open recruit. Audited as founder.hidden_id_move.
 */
export async function moveHiddenId(ctx: AppContext, actor: Actor, id: string, input: z.output<typeof NetworkOverrideInput>): Promise<HiddenIdMoveAnswer> {
  return ctx.db.transaction(async (tx) => {
    await lockTree(tx);
    const founder = await founderNode(tx, actor.user.id);
    const [slot] = await hiddenIdSlots(tx, founder.id, [id]);
    if (!slot) throw notFound(FOUNDER_MSG.hiddenIdNotFound);
    const member = (await findUserById(tx, id))!;
    const parent = await findUserByUserId(tx, input.parentUserId);
    if (!parent?.placedAt) throw badRequest(FOUNDER_MSG.parentUnknown, { parentUserId: [FOUNDER_MSG.parentUnknown] });
    if (parent.id === member.id) throw badRequest(FOUNDER_MSG.ownSlot, { parentUserId: [FOUNDER_MSG.ownSlot] });
    if (!(await placedInDownline(tx, founder, [parent.id])).has(parent.id)) throw badRequest(FOUNDER_MSG.parentOutside, { parentUserId: [FOUNDER_MSG.parentOutside] });
    if ((input.side === 'left' ? parent.leftChildId : parent.rightChildId) !== null) throw conflict(FOUNDER_MSG.slotTaken);
    if (await recruitsAimedAt(tx, parent.id, input.side)) throw conflict(FOUNDER_MSG.slotReserved);
    const moved = await moveLeaf(tx, member, { parentId: parent.id, side: input.side }, realUser(actor).id, ctx.clock.now(), {
      notPlaced: FOUNDER_MSG.notPlaced,
      hasDownline: FOUNDER_MSG.hasDownline,
      hasVolume: FOUNDER_MSG.hasVolume,
      stillCounting: FOUNDER_MSG.stillCounting,
      slotTaken: FOUNDER_MSG.slotTaken,
      parentNotPlaced: FOUNDER_MSG.parentUnknown,
    });
    await audit(tx, actor, {
      entityType: 'user',
      entityId: member.id,
      action: 'founder.hidden_id_move',
      previousState: { parentId: moved.from.parentId, position: moved.from.side },
      newState: { parentId: parent.id, parentUserId: parent.userId, position: input.side },
    });
    const [after] = await hiddenIdSlots(tx, founder.id, [id]);
    return { message: FOUNDER_MSG.hiddenIdMoved, hiddenId: hiddenView(after) };
  });
}

/**
 * Network Override (doc 3 §2.6): moves a recruit that is not placed yet to a free slot of the founder's own downline,
 * as a strategic placement under the member chosen, on the side chosen; the approval then places it there. Under the
 * tree lock, so the slot is checked against a consistent tree: the parent must be placed in the founder's downline,
 * its side empty and not already promised to another open recruit. A placed member (hidden IDs included) keeps its
 * slot: the tree's counters and the journal applier's copy of the parent links rely on a slot being taken once
 * (docs/spec/decisions.md §4, ADR 0009). A recruit still waiting for its upline's choice goes to the admins for approval, and the
 * upline and recruiter are told. Audited as founder.network_override.
 */
export async function overridePlacement(ctx: AppContext, actor: Actor, id: string, input: z.output<typeof NetworkOverrideInput>): Promise<NetworkOverrideAnswer> {
  return ctx.db.transaction(async (tx) => {
    await lockTree(tx);
    const founder = await founderNode(tx, actor.user.id);
    const recruit = await findRecruitForUpdate(tx, id);
    const anchor = recruit ? anchorOf(recruit) : null;
    if (!recruit || !anchor || !(await placedInDownline(tx, founder, [anchor])).has(anchor)) throw notFound(FOUNDER_MSG.recruitNotFound);
    if (recruit.status !== 'awaiting_upline' && recruit.status !== 'awaiting_admin') throw conflict(FOUNDER_MSG.recruitFinished, 'INVALID_STATE');
    if (recruit.placementLocked) throw conflict(FOUNDER_MSG.recruitLocked, 'INVALID_STATE');
    const applicant = recruit.applicantUserId ? await findUserById(tx, recruit.applicantUserId) : undefined;
    if (applicant?.placedAt) throw conflict(FOUNDER_MSG.alreadyPlaced, 'INVALID_STATE');

    const parent = await findUserByUserId(tx, input.parentUserId);
    if (!parent?.placedAt) throw badRequest(FOUNDER_MSG.parentUnknown, { parentUserId: [FOUNDER_MSG.parentUnknown] });
    if (!(await placedInDownline(tx, founder, [parent.id])).has(parent.id)) throw badRequest(FOUNDER_MSG.parentOutside, { parentUserId: [FOUNDER_MSG.parentOutside] });
    const taken = input.side === 'left' ? parent.leftChildId : parent.rightChildId;
    if (taken) throw conflict(FOUNDER_MSG.slotTaken);
    if (await recruitsAimedAt(tx, parent.id, input.side, recruit.id)) throw conflict(FOUNDER_MSG.slotReserved);

    const before = { status: recruit.status, placementType: recruit.placementType, placementParentId: recruit.placementParentId, position: recruit.position, uplineId: recruit.uplineId };
    const updated = await updateRecruit(tx, recruit.id, { placementType: 'strategic', placementParentId: parent.id, position: input.side, status: 'awaiting_admin' });
    const where = `${input.side} of ${displayName(parent)} (${parent.userId})`;
    await notify(
      tx,
      [recruit.recruiterId, recruit.uplineId].filter((u) => u !== actor.user.id),
      {
        type: 'placement_overridden',
        title: 'Placement changed by the founder',
        message: `${recruit.fullName} will be placed on the ${where} once approved.`,
        data: { pendingRecruitId: recruit.id },
      },
    );
    if (recruit.status === 'awaiting_upline') {
      await notifyAdmins(tx, {
        type: 'recruit_awaiting_admin',
        title: 'Recruit ready for approval',
        message: `${recruit.fullName} (${recruit.email}) was placed on the ${where} by the founder and waits for approval.`,
        data: { pendingRecruitId: recruit.id },
      });
    }
    await audit(tx, actor, {
      entityType: 'pending_recruit',
      entityId: recruit.id,
      action: 'founder.network_override',
      previousState: before,
      newState: { status: updated.status, placementType: 'strategic', placementParentId: parent.id, parentUserId: parent.userId, position: input.side },
    });
    const [row] = await openRecruitsWithRefs(tx, { limit: 1, ids: [recruit.id] });
    return { message: FOUNDER_MSG.moved, recruit: view(row) };
  });
}
