import type { KycQueueEntry, UserDocuments, KycDecided, ReviewDocument } from '../../../contracts/admin-kyc';
import type { AppContext } from '../../context';
import { realUser, type Actor } from '../../core/actor';
import { forbidden, notFound } from '../../core/app-error';
import { MSG } from '../../../contracts/messages';
import { KYC_TYPE_LABELS, type KycDocumentType } from '../../../contracts/kyc';
import { NO_PAYOUT_DETAILS, findPayoutDetails, findUserById, payoutDetailsOfMany, type PayoutDetails, type UserRow } from '../users';
import { findDocumentForUpdate, updateDocument, type KycRow } from './kyc.repo';
import { decisionFields, refreshUserKycStatus } from './kyc.service';
import { notify } from '../notifications';
import { audit } from '../audit';
import { workDone } from '../notifications';
import { listKycUsers, documentsOfUsers } from './review.repo';

/** The reviewer's detail view: full numbers are shown here and nowhere else (docs/spec/decisions.md §7). */
function reviewerDocView(d: KycRow): ReviewDocument {
  return {
    id: d.id,
    documentType: d.documentType as KycDocumentType,
    documentNumber: d.documentNumber,
    documentUrl: d.documentUrl,
    documentContentType: d.documentContentType,
    documentFilename: d.documentFilename,
    documentSize: d.documentSize,
    ...decisionFields(d),
  };
}

function userSummary(u: UserRow, payout: PayoutDetails) {
  return {
    userId: u.id,
    userUserId: u.userId,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    kycStatus: u.kycStatus,
    status: u.status,
    panNumber: u.panNumber,
    aadhaarNumber: u.aadhaarNumber,
    bankAccountNumber: payout.bankAccountNumber,
    bankIFSC: payout.bankIFSC,
    bankName: payout.bankName,
  };
}

export async function kycQueue(ctx: AppContext, status: 'pending' | 'approved' | 'rejected'): Promise<KycQueueEntry[]> {
  const rows = await listKycUsers(ctx.db, status, 500);
  const docs = await documentsOfUsers(
    ctx.db,
    rows.map((r) => r.user.id),
  );
  const payouts = await payoutDetailsOfMany(
    ctx.db,
    rows.map((r) => r.user.id),
  );
  return rows.map(({ user, lastActivity }) => {
    const own = docs.filter((d) => d.userId === user.id);
    const newest = new Map<string, KycRow>();
    for (const d of own) if (!newest.has(d.documentType)) newest.set(d.documentType, d);
    const latest = [...newest.values()];
    const rejected = latest.find((d) => d.status === 'rejected');
    const reviewed = latest.map((d) => d.reviewedAt?.getTime() ?? 0).reduce((a, b) => Math.max(a, b), 0);
    return {
      ...userSummary(user, payouts.get(user.id) ?? NO_PAYOUT_DETAILS),
      documents: latest.map(reviewerDocView),
      pendingCount: latest.filter((d) => d.status === 'pending').length,
      createdAt: own.length ? own[own.length - 1].createdAt.toISOString() : null,
      updatedAt: lastActivity?.toISOString() ?? null,
      reviewedAt: reviewed ? new Date(reviewed).toISOString() : null,
      rejectionReason: rejected?.rejectionReason ?? null,
    };
  });
}

export async function userDocuments(ctx: AppContext, userId: string): Promise<UserDocuments> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound();
  const docs = await documentsOfUsers(ctx.db, [userId]);
  return { user: userSummary(user, await findPayoutDetails(ctx.db, userId)), documents: docs.map(reviewerDocView) };
}

/** One document decision; the user's kycStatus follows and the user is told (docs/spec/decisions.md §7, §9). */
export async function decideDocument(ctx: AppContext, reviewer: Actor, documentId: string, status: 'approved' | 'rejected', reason?: string): Promise<KycDecided> {
  return ctx.db.transaction(async (tx) => {
    const doc = await findDocumentForUpdate(tx, documentId);
    if (!doc) throw notFound();
    // Separation of duties (issue 13): nobody reviews their own documents, impersonating or not.
    if (doc.userId === realUser(reviewer).id || doc.userId === reviewer.user.id) throw forbidden(MSG.ownKycReview, 'SELF_APPROVAL');
    const now = ctx.clock.now();
    const updated = await updateDocument(tx, doc.id, {
      status,
      rejectionReason: status === 'rejected' ? (reason ?? null) : null,
      reviewedBy: reviewer.user.id,
      reviewedAt: now,
    });
    const before = (await findUserById(tx, doc.userId))!.kycStatus;
    await refreshUserKycStatus(ctx, tx, doc.userId);
    const after = (await findUserById(tx, doc.userId))!.kycStatus;
    // The review request is done once none of the member's documents waits any more.
    if (after !== 'pending') await workDone(tx, 'kyc', doc.userId);
    const label = KYC_TYPE_LABELS[doc.documentType as KycDocumentType] ?? doc.documentType;
    if (status === 'rejected') {
      await notify(tx, [doc.userId], {
        type: 'kyc_rejected',
        title: 'KYC document rejected',
        priority: 'high',
        message: `Your ${label} was rejected: ${reason}. Please upload a new one from the KYC page.`,
        data: { documentId: doc.id },
      });
    } else if (after === 'approved' && before !== 'approved') {
      await notify(tx, [doc.userId], { type: 'kyc_approved', title: 'KYC approved', message: 'All your KYC documents have been approved.' });
    }
    await audit(tx, reviewer, {
      entityType: 'kyc_document',
      entityId: doc.id,
      action: status === 'approved' ? 'kyc.approve' : 'kyc.reject',
      previousState: { status: doc.status, userKycStatus: before },
      newState: { status, userKycStatus: after },
      reason: reason ?? null,
    });
    return { ...reviewerDocView(updated), userKycStatus: after };
  });
}
