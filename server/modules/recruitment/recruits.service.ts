import { markCustody } from '../custody';
import type { RecruitApproved } from '../../../contracts/team';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { realUser, type Actor } from '../../core/actor';
import { badRequest, conflict, forbidden, notFound } from '../../core/app-error';
import { MSG } from '../../../contracts/messages';
import { KYC_DEADLINE_DAYS } from '../../../contracts/constants';
import type { Position } from '../../../contracts/enums';
import type { ApproveRecruitRequest, AdminPendingRecruit, AdminPendingRecruitList, RecruitDocument } from '../../../contracts/team';
import { findUserById, updateUser, type UserRow } from '../users';
import { displayName } from '../users';
import { notify } from '../notifications';
import { queueMail } from '../mail';
import { audit } from '../audit';
import { refreshUserKycStatus } from '../kyc';
import { ensureWallet } from '../wallet';
import { lockTree, placeMember, treeRootId, weakerRootLeg } from '../tree';
import { workDone } from '../notifications';
import { findRecruitForUpdate, updateRecruit, listRecruitsForAdmin, countRecruitsByStatus, findRecruit, recruitDocuments, decidePendingDocuments, type PendingRecruitRow } from './pipeline.repo';

const DAY_MS = 86_400_000;
const OPEN = ['awaiting_upline', 'awaiting_admin'];

function finished(recruit: PendingRecruitRow) {
  if (recruit.status === 'rejected') return conflict('This recruit has already been rejected.', 'ALREADY_REJECTED');
  if (recruit.status === 'approved') return conflict('This recruit has already been approved.', 'ALREADY_APPROVED');
  return null;
}

/** Where an approved recruit is aimed: the member and side the spillover search starts from (docs/spec/decisions.md §4). */
async function placementTarget(tx: DbOrTx, recruit: PendingRecruitRow, chosen: Position | undefined) {
  const side = chosen ?? (recruit.position as Position | null) ?? undefined;
  switch (recruit.placementType) {
    case 'strategic':
      if (!recruit.placementParentId) throw conflict(MSG.parentNotInTree);
      return { startId: recruit.placementParentId, side: side ?? 'left' };
    case 'auto': {
      if (side) return { startId: await treeRootId(tx), side };
      const weaker = await weakerRootLeg(tx);
      return { startId: weaker.rootId, side: weaker.side };
    }
    case 'root':
      return { startId: await treeRootId(tx), side: side ?? 'left' };
    default: {
      const uplineId = recruit.uplineId ?? recruit.recruiterId;
      if (!uplineId) return { startId: await treeRootId(tx), side: side ?? 'left' };
      const upline = await findUserById(tx, uplineId);
      if (!upline?.placedAt) throw conflict('The upline of this recruit is not placed in the tree.');
      return { startId: upline.id, side: side ?? 'left' };
    }
  }
}

/**
 * Admin approval, one transaction (docs/spec/decisions.md §3): places the member with spillover, activates the
 * account, applies the KYC decision to every submitted document, notifies recruiter and upline and
 * queues the credentials email (user ID and a sign-in link, never a password).
 */
export async function approveRecruit(ctx: AppContext, actor: Actor, id: string, input: z.output<typeof ApproveRecruitRequest>): Promise<RecruitApproved> {
  return ctx.db.transaction(async (tx) => {
    await lockTree(tx);
    const recruit = await findRecruitForUpdate(tx, id);
    if (!recruit) throw notFound(MSG.recruitNotFound);
    const done = finished(recruit);
    if (done) throw done;
    const reviewer = realUser(actor).id;
    if (recruit.recruiterId === reviewer || recruit.applicantUserId === reviewer) throw forbidden(MSG.ownRecruitApproval, 'SELF_APPROVAL');
    const byReviewer = recruit.placementType !== 'sponsor';
    if (byReviewer && recruit.placementType !== 'auto' && !input.position && !recruit.position) {
      throw badRequest('Position is required for recruits created by an admin or founder', { position: ['Choose the left or right position'] });
    }
    const applicant = recruit.applicantUserId ? await findUserById(tx, recruit.applicantUserId) : undefined;
    if (!applicant) throw conflict('The applicant account no longer exists.');
    if (applicant.placedAt) throw conflict('This member is already placed in the tree.');
    if (!['pending', 'registered'].includes(applicant.status)) throw conflict(`The applicant's account is ${applicant.status}; it cannot be approved.`);

    const now = ctx.clock.now();
    const target = await placementTarget(tx, recruit, input.position);
    const activated = (await updateUser(tx, applicant.id, {
      status: 'active',
      activationDate: now,
      packageAmount: input.packageAmount,
      idStatus: 'Active',
      kycDeadline: new Date(now.getTime() + KYC_DEADLINE_DAYS * DAY_MS),
    }))!;
    const slot = await placeMember(tx, activated, target, now);
    await ensureWallet(tx, applicant.id);

    const kyc = input.kycDecision;
    if (kyc.status !== 'pending') {
      await decidePendingDocuments(tx, applicant.id, {
        status: kyc.status,
        rejectionReason: kyc.status === 'rejected' ? (kyc.reason ?? null) : null,
        reviewedBy: actor.user.id,
        reviewedAt: now,
      });
      await refreshUserKycStatus(ctx, tx, applicant.id);
    }
    const updated = await updateRecruit(tx, recruit.id, { status: 'approved', position: target.side, packageAmount: input.packageAmount, kycStatus: kyc.status });
    // Whoever lets the member in does not pay them out for 30 days, nor ever their first withdrawal (issue 29).
    await markCustody(ctx, tx, reviewer, applicant.id, 'registration_approved');
    await workDone(tx, 'recruit', recruit.id);

    const name = displayName(applicant);
    const where = slot.side === target.side && slot.parentId === target.startId ? `the ${slot.side} position` : `the ${target.side} leg (spillover)`;
    await notify(tx, [recruit.recruiterId, recruit.uplineId], {
      type: 'recruit_approved',
      title: 'Recruit approved',
      message: `${name} was approved and placed in ${where}.`,
      data: { pendingRecruitId: recruit.id, userId: applicant.id },
    });
    if (kyc.status === 'rejected') {
      await notify(tx, [applicant.id], {
        type: 'kyc_rejected',
        title: 'KYC documents rejected',
        priority: 'high',
        message: `Your KYC documents were rejected: ${kyc.reason}. Please upload new ones from the KYC page.`,
      });
    }
    await queueMail(ctx, tx, applicant.email, { template: 'credentials', params: { name, userId: applicant.userId, link: `${ctx.config.appUrl}/` } });
    await audit(tx, actor, {
      entityType: 'pending_recruit',
      entityId: recruit.id,
      action: 'recruit.approve',
      previousState: { status: recruit.status, position: recruit.position },
      newState: { status: updated.status, userId: applicant.userId, parentId: slot.parentId, side: slot.side, aimedAt: target, packageAmount: input.packageAmount, kycDecision: kyc.status },
    });
    return { message: MSG.recruitApproved, userId: applicant.userId, placement: slot };
  });
}

/** Rejection by a reviewer: irreversible; the applicant's account is closed as rejected. */
export async function rejectRecruit(ctx: AppContext, actor: Actor, id: string, reason: string) {
  return ctx.db.transaction(async (tx) => {
    const recruit = await findRecruitForUpdate(tx, id);
    if (!recruit) throw notFound(MSG.recruitNotFound);
    const done = finished(recruit);
    if (done) throw done;
    await closeAsRejected(ctx, tx, recruit, actor.user, reason);
    await audit(tx, actor, {
      entityType: 'pending_recruit',
      entityId: recruit.id,
      action: 'recruit.reject',
      reason,
      previousState: { status: recruit.status },
      newState: { status: 'rejected' },
    });
    return { message: MSG.recruitRejected };
  });
}

export async function closeAsRejected(ctx: AppContext, tx: DbOrTx, recruit: PendingRecruitRow, by: Pick<UserRow, 'id'>, reason: string) {
  const now = ctx.clock.now();
  await updateRecruit(tx, recruit.id, { status: 'rejected', rejectionReason: reason, rejectedBy: by.id, rejectedAt: now });
  await workDone(tx, 'recruit', recruit.id);
  if (recruit.applicantUserId) {
    const applicant = await findUserById(tx, recruit.applicantUserId);
    if (applicant && !applicant.placedAt && applicant.status !== 'active') await updateUser(tx, applicant.id, { status: 'rejected' });
  }
  await notify(
    tx,
    [recruit.recruiterId, recruit.uplineId].filter((u) => u !== by.id),
    {
      type: 'recruit_rejected',
      title: 'Recruit rejected',
      message: `${recruit.fullName} was rejected: ${reason}`,
      data: { pendingRecruitId: recruit.id },
    },
  );
}

function toAdminView(row: Awaited<ReturnType<typeof listRecruitsForAdmin>>[number]): AdminPendingRecruit {
  const r = row.recruit;
  return {
    id: r.id,
    fullName: r.fullName,
    email: r.email,
    mobile: r.mobile,
    nominee: r.nominee,
    address: r.address,
    city: r.city,
    state: r.state,
    pincode: r.pincode,
    panNumber: r.panNumber,
    aadhaarNumber: r.aadhaarNumber,
    bankName: r.bankName,
    bankAccountHolderName: r.bankAccountHolderName,
    bankAccountNumber: r.bankAccountNumber,
    bankIFSC: r.bankIFSC,
    status: r.status as AdminPendingRecruit['status'],
    uplineDecision: r.uplineDecision,
    uplineDecisionAt: r.uplineDecisionAt?.toISOString() ?? null,
    position: (r.position as Position | null) ?? null,
    placementType: r.placementType,
    placementParent: row.parentId ? { id: row.parentId, userId: row.parentUserId!, name: row.parentName ?? row.parentUserId! } : null,
    recruiterId: r.recruiterId,
    recruiterName: row.recruiterName,
    recruiterUserId: row.recruiterUserId,
    recruiterRole: row.recruiterRole,
    uplineName: row.uplineName,
    applicantUserId: row.applicantUserId,
    packageAmount: r.packageAmount,
    kycStatus: row.applicantKyc ?? r.kycStatus,
    rejectionReason: r.rejectionReason,
    createdAt: r.createdAt.toISOString(),
    documentCount: row.documentCount,
  };
}

export async function adminRecruitList(ctx: AppContext, status: string | undefined): Promise<AdminPendingRecruitList> {
  const statuses = status ? [status] : [...OPEN, 'rejected'];
  const [rows, counts] = await Promise.all([listRecruitsForAdmin(ctx.db, statuses, 500), countRecruitsByStatus(ctx.db)]);
  const n = (s: string) => counts.find((c) => c.status === s)?.n ?? 0;
  return { items: rows.map(toAdminView), counts: { awaitingUpline: n('awaiting_upline'), awaitingAdmin: n('awaiting_admin'), rejected: n('rejected') } };
}

export async function adminRecruitDocuments(ctx: AppContext, id: string): Promise<RecruitDocument[]> {
  const recruit = await findRecruit(ctx.db, id);
  if (!recruit) throw notFound(MSG.recruitNotFound);
  if (!recruit.applicantUserId) return [];
  const docs = await recruitDocuments(ctx.db, recruit.applicantUserId);
  return docs.map((d) => ({
    id: d.id,
    documentType: d.documentType,
    documentContentType: d.documentContentType ?? 'application/octet-stream',
    documentFilename: d.documentFilename,
    documentSize: d.documentSize ?? 0,
    status: d.status,
    url: `/api/documents/${d.id}`,
  }));
}
