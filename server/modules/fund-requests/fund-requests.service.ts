import { markCustody } from '../custody';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { ArgsAfterDb } from '../../core/repo-args';
import type { DbOrTx } from '../../db/client';
import { realUser, type Actor } from '../../core/actor';
import { AppError, badRequest, forbidden, notFound } from '../../core/app-error';
import type { Answer, Transactor } from '../../core/transactor';
import { personName, rupees } from '../../lib/format';
import { addMoney, compareMoney } from '../../lib/money';
import { KYC_MAX_BYTES } from '../../../contracts/constants';
import {
  FUND_PROOF_SIZE_MESSAGE,
  FUND_REQUEST_METHOD_LABELS,
  FUND_REQUEST_MSG,
  type AdminFundRequest,
  type AdminFundRequests,
  type FundRequestCreate,
  type FundRequestView,
  type FundRequestsQuery,
  type MemberFundRequests,
} from '../../../contracts/fund-requests';
import { findUserById } from '../users';
import { displayName } from '../users';
import { notify, notifyAdmins, workDone } from '../notifications';
import { audit } from '../audit';
import { postLedger } from '../wallet';
import { decodeDocument } from '../kyc';
import { safeDocument } from '../kyc';
import { safeFilename, storeBlob } from '../kyc';
import { periodBounds } from '../cycles';
import {
  adminFundRequests,
  fundRequestCounts,
  fundRequestForUpdate,
  fundRequestsOf,
  insertFundRequest,
  lockMemberRequests,
  referenceInUse,
  requestedSince,
  updateFundRequest,
  type FundRequestRow,
} from './fund-requests.repo';
import * as fundRequestsRepo from './fund-requests.repo';

/**
 * Wallet top-ups (issue 16). The member pays the company by bank transfer or UPI and asks for the credit with the
 * payment's reference and a proof; an admin who has checked the payment approves it. The member is the maker and
 * the admin the checker, so the approval is the second pair of eyes: it needs a recent two-factor code (step-up) as a
 * withdrawal's approval does, runs once per Idempotency-Key, and credits through `postLedger` in the transaction
 * that moves the request from pending (locked FOR UPDATE), so two approvals at once credit once.
 */
export function toFundRequestView(r: FundRequestRow): FundRequestView {
  return {
    id: r.id,
    method: r.method as FundRequestView['method'],
    amount: r.amount,
    reference: r.reference,
    status: r.status as FundRequestView['status'],
    proofUrl: `/api/fund-requests/${r.id}/proof`,
    proofContentType: r.proofContentType,
    rejectionReason: r.rejectionReason,
    transactionId: r.transactionId,
    processedAt: r.processedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

const limitsOf = (ctx: AppContext) => ({ maxPerRequest: ctx.config.fundRequestMaxAmount, dailyLimit: ctx.config.fundRequestDailyLimit });
const subtract = (a: string, b: string) => addMoney(a, b.startsWith('-') ? b.slice(1) : `-${b}`);
const today = (ctx: AppContext) => periodBounds('daily', ctx.clock.now()).startsAt;

type CreateInput = Omit<z.output<typeof FundRequestCreate>, 'proofData'> & { proofData: string | Buffer };

/** A member's request: the limits per request and per day (Asia/Kolkata), a reference not claimed before, a safe proof. */
export async function createFundRequest(ctx: AppContext, actor: Actor, input: CreateInput): Promise<Answer<{ message: string; request: FundRequestView }>> {
  const limits = limitsOf(ctx);
  if (compareMoney(input.amount, limits.maxPerRequest) > 0) {
    const message = `${FUND_REQUEST_MSG.aboveMax} ${rupees(limits.maxPerRequest)}.`;
    throw badRequest(message, { amount: [message] }, 'LIMIT_EXCEEDED');
  }
  const proof = await safeDocument(decodeDocument(input.proofData, 'proofData'), {
    maxBytes: KYC_MAX_BYTES,
    isPhoto: false,
    field: 'proofData',
    sizeMessage: FUND_PROOF_SIZE_MESSAGE,
  });
  return ctx.db.transaction(async (tx) => {
    const user = (await findUserById(tx, actor.user.id))!;
    await lockMemberRequests(tx, user.id);
    const used = await requestedSince(tx, user.id, today(ctx));
    if (compareMoney(addMoney(used, input.amount), limits.dailyLimit) > 0) {
      const message = `${FUND_REQUEST_MSG.dailyLimit} ${rupees(limits.dailyLimit)} (${rupees(subtract(limits.dailyLimit, used))} left today).`;
      throw badRequest(message, { amount: [message] }, 'LIMIT_EXCEEDED');
    }
    if (await referenceInUse(tx, input.reference)) throw duplicateReference();
    const blob = await storeBlob(tx, proof.bytes);
    const row = await insertFundRequest(tx, {
      userId: user.id,
      method: input.method,
      amount: input.amount,
      reference: input.reference,
      proofStorageKey: blob.storageKey,
      proofContentType: proof.contentType,
      proofSize: proof.bytes.length,
      proofFilename: safeFilename(input.proofFilename),
      status: 'pending',
      createdAt: ctx.clock.now(),
    }).catch((err: unknown) => {
      // Two members claiming one reference at the same moment: the unique index decides.
      if (isUniqueViolation(err)) throw duplicateReference();
      throw err;
    });
    await notifyAdmins(tx, {
      type: 'fund_request_submitted',
      title: 'Fund request to review',
      message: `${displayName(user)} (${user.userId}) asked for a top-up of ${rupees(input.amount)} by ${FUND_REQUEST_METHOD_LABELS[input.method]} (ref. ${input.reference}).`,
      data: { fundRequestId: row.id },
    });
    await audit(tx, actor, {
      entityType: 'fund_request',
      entityId: row.id,
      action: 'fund_request.create',
      newState: { userId: user.userId, amount: input.amount, method: input.method, reference: input.reference },
    });
    return { status: 201, body: { message: FUND_REQUEST_MSG.submitted, request: toFundRequestView(row) } };
  });
}

const duplicateReference = () => new AppError('DUPLICATE_REFERENCE', 409, FUND_REQUEST_MSG.duplicateReference, { reference: [FUND_REQUEST_MSG.duplicateReference] });
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

async function lockPending(tx: DbOrTx, id: string) {
  const r = await fundRequestForUpdate(tx, id);
  if (!r) throw notFound(FUND_REQUEST_MSG.notFound);
  if (r.status !== 'pending') throw new AppError('INVALID_STATE', 409, FUND_REQUEST_MSG.notPending);
  return r;
}

/** Approve: the credit (ledger type wallet_topup, the request as its reference), the member told, audited; once. */
export async function approveFundRequest(ctx: AppContext, actor: Actor, transact: Transactor, id: string) {
  return transact(async (tx) => {
    const r = await lockPending(tx, id);
    if (r.userId === realUser(actor).id) throw forbidden(FUND_REQUEST_MSG.ownRequest, 'SELF_APPROVAL');
    const now = ctx.clock.now();
    const entry = await postLedger(tx, r.userId, r.amount, 'wallet_topup', {
      description: `Wallet top-up by ${FUND_REQUEST_METHOD_LABELS[r.method as 'bank' | 'upi']} (ref. ${r.reference})`,
      referenceId: r.id,
      now,
      metadata: { reference: r.reference, approvedBy: realUser(actor).userId },
    });
    const updated = await updateFundRequest(tx, r.id, { status: 'approved', processedBy: realUser(actor).id, processedAt: now, transactionId: entry.id });
    // The admin who put money in does not approve it going out for 30 days (issue 29, chain of custody).
    await markCustody(ctx, tx, realUser(actor).id, r.userId, 'fund_request_approved', r.amount);
    await workDone(tx, 'fundRequest', r.id);
    await notify(tx, [r.userId], {
      type: 'fund_request_approved',
      title: 'Wallet topped up',
      message: `Your top-up of ${rupees(r.amount)} (ref. ${r.reference}) was approved and credited to your wallet.`,
      data: { fundRequestId: r.id },
    });
    await audit(tx, actor, {
      entityType: 'fund_request',
      entityId: r.id,
      action: 'fund_request.approve',
      previousState: { status: 'pending', balance: entry.balanceBefore },
      newState: { status: 'approved', amount: r.amount, balance: entry.balanceAfter, transactionId: entry.id },
    });
    return { status: 200, body: { message: FUND_REQUEST_MSG.approved, request: toFundRequestView(updated) } };
  });
}

/** Reject with a reason: nothing is credited; the reference may be submitted again. */
export async function rejectFundRequest(ctx: AppContext, actor: Actor, transact: Transactor, id: string, reason: string) {
  return transact(async (tx) => {
    const r = await lockPending(tx, id);
    const now = ctx.clock.now();
    const updated = await updateFundRequest(tx, r.id, { status: 'rejected', rejectionReason: reason, processedBy: realUser(actor).id, processedAt: now });
    await workDone(tx, 'fundRequest', r.id);
    await notify(tx, [r.userId], {
      type: 'fund_request_rejected',
      title: 'Top-up rejected',
      priority: 'high',
      message: `Your top-up of ${rupees(r.amount)} (ref. ${r.reference}) was rejected: ${reason}`,
      data: { fundRequestId: r.id },
    });
    await audit(tx, actor, {
      entityType: 'fund_request',
      entityId: r.id,
      action: 'fund_request.reject',
      previousState: { status: 'pending' },
      newState: { status: 'rejected' },
      reason,
    });
    return { status: 200, body: { message: FUND_REQUEST_MSG.rejected, request: toFundRequestView(updated) } };
  });
}

// ---- reads ----
export async function ownFundRequests(ctx: AppContext, actor: Actor): Promise<MemberFundRequests> {
  const limits = limitsOf(ctx);
  const [items, used] = await Promise.all([fundRequestsOf(ctx.db, actor.user.id, 200), requestedSince(ctx.db, actor.user.id, today(ctx))]);
  const left = subtract(limits.dailyLimit, used);
  return { limits: { ...limits, usedToday: used, leftToday: compareMoney(left, '0') < 0 ? '0.00' : left }, items: items.map(toFundRequestView) };
}

export async function adminFundRequestList(ctx: AppContext, q: z.output<typeof FundRequestsQuery>): Promise<AdminFundRequests> {
  const statuses = q.status === 'all' ? ['pending', 'approved', 'rejected'] : [q.status];
  const [rows, counts] = await Promise.all([adminFundRequests(ctx.db, { statuses, search: q.search }, 500), fundRequestCounts(ctx.db)]);
  const count = (s: string) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  const items: AdminFundRequest[] = rows.map(({ r, processorId, ...u }) => ({
    ...toFundRequestView(r),
    userId: r.userId,
    userDisplayId: u.userDisplayId,
    userName: personName(u),
    userEmail: u.userEmail,
    processedBy: processorId,
  }));
  return {
    limits: limitsOf(ctx),
    counts: { pending: count('pending'), approved: count('approved'), rejected: count('rejected') },
    pendingTotal: counts.find((c) => c.status === 'pending')?.total ?? '0.00',
    items,
  };
}

/** Whether the viewer may see a request's proof: its member, or an active admin. */
export const mayViewProof = (viewer: { id: string; role: string; status: string }, r: FundRequestRow) => r.userId === viewer.id || (viewer.role === 'admin' && viewer.status === 'active');

/** Reads and marks for the routes (a route calls its module's services, never a repo). */
export const fundRequestWithProof = (ctx: AppContext, ...args: ArgsAfterDb<typeof fundRequestsRepo.fundRequestWithProof>) => fundRequestsRepo.fundRequestWithProof(ctx.db, ...args);
