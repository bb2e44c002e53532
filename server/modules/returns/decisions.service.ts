/**
 * An admin's decisions on a return (docs/spec/returns.md §2, §3): approve (the BV leaves the tree through the volume
 * journal; above RETURN_APPROVAL_ABOVE a second admin approves, never the admin who created the return), reject with
 * the reason, receive the goods into stock, refund (to the wallet through the ledger, or recorded as paid outside)
 * with the GST credit note. Each in one transaction under the return's row lock, so a decision happens once.
 */
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { realUser, type Actor } from '../../core/actor';
import { AppError, badRequest, notFound } from '../../core/app-error';
import type { Answer, Transactor } from '../../core/transactor';
import { RETURN_MSG, RETURN_REASON_MIN, type ReturnRefund, type ReturnView } from '../../../contracts/returns';
import type { ApprovalRequested } from '../../../contracts/approvals';
import { compareMoney } from '../../lib/money';
import { rupees } from '../../lib/format';
import { audit } from '../audit';
import { payloadKind, requestApproval } from '../approvals';
import { findUserById } from '../users';
import { recordReturnReversal } from '../volume';
import { postLedger } from '../wallet';
import { receiveReturnedGoods } from '../franchise-stock';
import { financialYearOf } from '../invoices';
import { purchaseForUpdate } from '../commerce';
import { addEvent, nextSerial, returnForUpdate, updateReturn, type ReturnRow } from './returns.repo';
import { tellPeople, viewOf } from './returns.service';

type Done = Answer<{ message: string; return: ReturnView }>;
/** An approval's answer: the return approved (200), or the request for a second admin (202). */
type Approved = { message: string; return: ReturnView } | ApprovalRequested;

/** `CN/2627/000001`: the credit note series, at most 16 characters (GST rule 53). */
export const creditNoteNumber = (fy: string, serial: number) => `CN/${fy.slice(2, 4)}${fy.slice(5, 7)}/${String(serial).padStart(6, '0')}`;

async function locked(tx: DbOrTx, id: string) {
  const r = await returnForUpdate(tx, id);
  if (!r) throw notFound(RETURN_MSG.notFound);
  return r;
}

const done = async (tx: DbOrTx, message: string, r: ReturnRow): Promise<Done> => ({ status: 200, body: { message, return: await viewOf(tx, r) } });

/** The approval itself, in the caller's transaction (directly, or applying a second admin's approval). */
async function approveNow(ctx: AppContext, tx: DbOrTx, actor: Actor, r: ReturnRow, note: string | null) {
  const now = ctx.clock.now();
  const after = await updateReturn(tx, r.id, { status: 'approved', decidedBy: realUser(actor).id, decidedAt: now, approvalRequestedAt: null });
  // The BV leaves the buyer and every ancestor (returns.md §3): a counter sale to a retail customer earned none.
  if (r.purchaseId && r.memberId && compareMoney(r.bv, '0') > 0) {
    await recordReturnReversal(tx, { returnId: r.id, returnNumber: r.number, purchaseId: r.purchaseId, memberId: r.memberId, bv: r.bv }, now);
  }
  await addEvent(tx, { returnId: r.id, action: 'approved', actorId: realUser(actor).id, note, at: now });
  await audit(tx, actor, { entityType: 'return', entityId: r.id, action: 'return.approve', reason: note, previousState: { status: r.status }, newState: { status: 'approved', bv: r.bv } });
  await tellPeople(ctx, tx, after, 'approved', `Your return was approved. The refund of ${rupees(r.refundAmount)} follows once the goods are back.`);
  return after;
}

/** The second admin's approval of a return above the limit (approval kind return_approval, registered by server/app.ts). */
export const returnApprovalKind = payloadKind<{ returnId: string; note: string | null }>(
  'return_approval',
  'return',
  { approved: RETURN_MSG.approved, rejected: 'Return approval request rejected.', ownRequest: RETURN_MSG.ownReturn },
  {
    describe: (p) => ({ summary: `Return ${p.returnId.slice(0, 8)}`, changes: [{ field: 'status', label: 'Status', from: 'Requested', to: 'Approved' }], remarks: p.note }),
    async apply(ctx, tx, actor, p) {
      const r = await locked(tx, p.returnId);
      if (r.status !== 'requested') throw new AppError('INVALID_STATE', 409, RETURN_MSG.notRequested);
      if (r.requestedByAdmin && r.requestedBy === realUser(actor).id) throw new AppError('SECOND_ADMIN_REQUIRED', 403, RETURN_MSG.ownReturn);
      const after = await approveNow(ctx, tx, actor, r, p.note);
      return { audit: { returnId: after.id, number: after.number } };
    },
  },
);

/** POST /api/admin/returns/:id/approve */
export async function approveReturn(ctx: AppContext, actor: Actor, transact: Transactor, id: string, note: string | null): Promise<Answer<Approved>> {
  return transact<Approved>(async (tx) => {
    const r = await locked(tx, id);
    if (r.status !== 'requested') throw new AppError('INVALID_STATE', 409, RETURN_MSG.notRequested);
    if (r.requestedByAdmin && r.requestedBy === realUser(actor).id) throw new AppError('SECOND_ADMIN_REQUIRED', 403, RETURN_MSG.ownReturn);
    if (compareMoney(r.refundAmount, ctx.config.returnApprovalAbove) > 0) {
      if (r.approvalRequestedAt) throw new AppError('INVALID_STATE', 409, RETURN_MSG.approvalRequested);
      const now = ctx.clock.now();
      await updateReturn(tx, r.id, { approvalRequestedAt: now });
      await addEvent(tx, { returnId: r.id, action: 'approval_requested', actorId: realUser(actor).id, note, at: now });
      const target = r.memberId ? ((await findUserById(tx, r.memberId)) ?? null) : null;
      const { view } = await requestApproval(ctx, tx, actor, returnApprovalKind, {
        payload: { returnId: r.id, note },
        target,
        notice: { title: 'Return awaiting approval', message: `Return ${r.number} (refund ${rupees(r.refundAmount)}) waits for a second admin.` },
        reason: note ?? `Return ${r.number}`,
        auditState: { number: r.number, refund: r.refundAmount },
      });
      return { status: 202, body: { message: RETURN_MSG.approvalRequested, approval: view } };
    }
    return done(tx, RETURN_MSG.approved, await approveNow(ctx, tx, actor, r, note));
  });
}

/** POST /api/admin/returns/:id/reject */
export async function rejectReturn(ctx: AppContext, actor: Actor, transact: Transactor, id: string, reason: string): Promise<Done> {
  return transact(async (tx) => {
    const r = await locked(tx, id);
    if (r.status !== 'requested') throw new AppError('INVALID_STATE', 409, RETURN_MSG.notRequested);
    const now = ctx.clock.now();
    const after = await updateReturn(tx, r.id, { status: 'rejected', rejectionReason: reason, decidedBy: realUser(actor).id, decidedAt: now, approvalRequestedAt: null });
    await addEvent(tx, { returnId: r.id, action: 'rejected', actorId: realUser(actor).id, note: reason, at: now });
    await audit(tx, actor, { entityType: 'return', entityId: r.id, action: 'return.reject', reason, previousState: { status: r.status }, newState: { status: 'rejected' } });
    await tellPeople(ctx, tx, after, 'rejected', `Your return was not accepted: ${reason}`);
    return done(tx, RETURN_MSG.rejected, after);
  });
}

/** POST /api/admin/returns/:id/receive: the goods are back, into the company's or the selling franchise's stock. */
export async function receiveReturn(ctx: AppContext, actor: Actor, transact: Transactor, id: string, note: string | null): Promise<Done> {
  return transact(async (tx) => {
    const r = await locked(tx, id);
    if (r.status !== 'approved') throw new AppError('INVALID_STATE', 409, RETURN_MSG.notApproved);
    const now = ctx.clock.now();
    const after = await updateReturn(tx, r.id, { status: 'received', receivedAt: now });
    await addEvent(tx, { returnId: r.id, action: 'received', actorId: realUser(actor).id, note, at: now });
    await audit(tx, actor, {
      entityType: 'return',
      entityId: r.id,
      action: 'return.receive',
      reason: note,
      newState: { status: 'received', quantity: r.quantity, into: r.franchiseId ? 'franchise' : 'company' },
    });
    await tellPeople(ctx, tx, after, 'received', `We received the goods of your return. The refund of ${rupees(r.refundAmount)} is on its way.`);
    const answer = await done(tx, RETURN_MSG.received, after);
    // Last: the product's stock row is shared by every sale and return of it, so it stays locked only until commit.
    await receiveReturnedGoods(tx, actor, { franchiseId: r.franchiseId, productId: r.productId, quantity: r.quantity, referenceId: r.number });
    return answer;
  });
}

/**
 * POST /api/admin/returns/:id/refund (step-up): a wallet purchase back to the wallet through the ledger (type refund,
 * reference the return), other payments to the wallet or recorded as paid outside with their reference; a retail
 * customer only outside. The credit note is numbered in the same transaction. Before the goods are back, with a note.
 */
export async function refundReturn(ctx: AppContext, actor: Actor, transact: Transactor, id: string, input: ReturnRefund): Promise<Done> {
  return transact(async (tx) => {
    const r = await locked(tx, id);
    if (r.status !== 'approved' && r.status !== 'received') throw new AppError('INVALID_STATE', 409, RETURN_MSG.notRefundable);
    if (r.status === 'approved' && (input.note ?? '').length < RETURN_REASON_MIN) throw badRequest(RETURN_MSG.earlyRefundNote, { note: [RETURN_MSG.earlyRefundNote] });
    if (!r.memberId && input.method === 'wallet') throw badRequest(RETURN_MSG.externalOnly, { method: [RETURN_MSG.externalOnly] });
    if (input.method === 'external' && (await paidFromWallet(tx, r))) throw badRequest(RETURN_MSG.walletOnly, { method: [RETURN_MSG.walletOnly] });
    const now = ctx.clock.now();
    // The series first, the wallet after: a refund waiting for its credit note number holds no lock on the
    // member's wallet, so the member's own purchases never queue behind other refunds.
    const fy = financialYearOf(now);
    const cn = creditNoteNumber(fy, await nextSerial(tx, 'credit_note', fy));
    let transactionId: string | null = null;
    if (input.method === 'wallet') {
      const entry = await postLedger(tx, r.memberId!, r.refundAmount, 'refund', { description: `Refund of return ${r.number}`, referenceId: r.id, metadata: { returnNumber: r.number }, now });
      transactionId = entry.id;
    }
    const after = await updateReturn(tx, r.id, {
      status: 'refunded',
      refundMethod: input.method,
      refundReference: input.method === 'external' ? [input.reference, input.refundedOn ? `paid ${input.refundedOn}` : null].filter(Boolean).join(', ') : null,
      refundedAt: now,
      refundTransactionId: transactionId,
      creditNoteNumber: cn,
      creditNoteIssuedAt: now,
    });
    await addEvent(tx, {
      returnId: r.id,
      action: 'refunded',
      actorId: realUser(actor).id,
      note: input.note ?? (input.method === 'external' ? `Paid outside: ${input.reference}` : 'Credited to the wallet'),
      at: now,
    });
    await audit(tx, actor, {
      entityType: 'return',
      entityId: r.id,
      action: 'return.refund',
      reason: input.note ?? null,
      previousState: { status: r.status },
      newState: { status: 'refunded', amount: r.refundAmount, method: input.method, reference: input.reference ?? null, creditNote: cn, transactionId },
    });
    await tellPeople(
      ctx,
      tx,
      after,
      'refunded',
      input.method === 'wallet'
        ? `${rupees(r.refundAmount)} was credited to your wallet. Credit note ${cn} is ready to download.`
        : `${rupees(r.refundAmount)} was refunded (${input.reference}). Credit note ${cn} is ready to download.`,
    );
    return done(tx, RETURN_MSG.refunded, after);
  });
}

/** Whether the return's purchase was paid from the wallet (then it is refunded there, returns.md §2). */
async function paidFromWallet(tx: DbOrTx, r: ReturnRow) {
  if (!r.purchaseId) return false;
  return (await purchaseForUpdate(tx, r.purchaseId))?.paymentMethod === 'wallet';
}
