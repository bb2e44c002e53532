import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { realUser, type Actor } from '../../core/actor';
import { AppError, notFound } from '../../core/app-error';
import type { Answer, Transactor } from '../../core/transactor';
import { rupees } from '../../lib/format';
import { FUND_APPROVAL_MSG, type FundApprovalView, type SendFundRequest } from '../../../contracts/wallet';
import { findUserById, type UserRow } from '../users/users.repo';
import { displayName } from '../users/users.service';
import { notify, notifyAdmins } from '../notifications/notifications.service';
import { audit } from '../audit/audit.service';
import { applyFund } from './withdrawals.service';
import { approvalForUpdate, decideApproval, insertApproval, listApprovals, type ApprovalRow } from './fund-approvals.repo';

/**
 * Maker-checker for Send Fund (issue 13). A credit or debit above SEND_FUND_APPROVAL_ABOVE is stored as an approval
 * request with its form; another admin approves (the ledger entry is made then, in the approval's transaction) or
 * rejects it. The requester can do neither; both steps are in the audit log and every other admin is notified.
 */
const KIND = 'send_fund';
type FundInput = z.output<typeof SendFundRequest>;

export async function requestFundApproval(ctx: AppContext, tx: DbOrTx, actor: Actor, member: UserRow, input: FundInput): Promise<Answer<unknown>> {
  const requester = realUser(actor);
  const row = await insertApproval(tx, {
    kind: KIND, status: 'pending', payload: input, targetUserId: member.id, requestedBy: requester.id, formSnapshot: null,
  });
  const what = `${input.option === 'credit' ? 'Credit' : 'Debit'} of ${rupees(input.amount)} for ${displayName(member)} (${member.userId})`;
  await notifyAdmins(tx, {
    type: 'fund_approval_requested', title: 'Fund transaction awaiting approval', priority: 'high',
    message: `${displayName(requester)} asked for a ${what.charAt(0).toLowerCase()}${what.slice(1)}: ${input.remarks}`, data: { approvalId: row.id },
  });
  await audit(tx, actor, {
    entityType: 'approval_request', entityId: row.id, action: 'fund.approval_requested', reason: input.remarks,
    newState: { option: input.option, amount: input.amount, userId: member.userId },
  });
  const view = toView(row, { requester, target: member });
  return { status: 202, body: { message: `${FUND_APPROVAL_MSG.requested} ${rupees(ctx.config.sendFundApprovalAbove)}.`, approval: view } };
}

async function lockPendingRequest(tx: DbOrTx, id: string) {
  const row = await approvalForUpdate(tx, id, KIND);
  if (!row) throw notFound(FUND_APPROVAL_MSG.notFound);
  if (row.status !== 'pending') throw new AppError('INVALID_STATE', 409, FUND_APPROVAL_MSG.notPending);
  return row;
}

export async function approveFundRequest(ctx: AppContext, actor: Actor, transact: Transactor, id: string) {
  return transact(async (tx): Promise<Answer<unknown>> => {
    const row = await lockPendingRequest(tx, id);
    const approver = realUser(actor);
    if (row.requestedBy === approver.id) throw new AppError('SECOND_ADMIN_REQUIRED', 403, FUND_APPROVAL_MSG.ownRequest);
    const [member, requester] = await Promise.all([findUserById(tx, row.targetUserId!), findUserById(tx, row.requestedBy!)]);
    if (!member) throw notFound(FUND_APPROVAL_MSG.notFound);
    const input = row.payload as FundInput;
    // A debit that the balance no longer covers fails here like a direct one (INSUFFICIENT_FUNDS), and nothing changes.
    const entry = await applyFund(ctx, tx, actor, member, input, requester);
    const decided = await decideApproval(tx, row.id, { status: 'approved', reviewedBy: approver.id, reviewedAt: ctx.clock.now() });
    await notify(tx, [row.requestedBy], {
      type: 'fund_approval_decided', title: 'Fund transaction approved',
      message: `${displayName(approver)} approved your ${input.option} of ${rupees(input.amount)} for ${member.userId}.`,
    });
    await audit(tx, actor, { entityType: 'approval_request', entityId: row.id, action: 'fund.approval_approved', previousState: { status: 'pending' }, newState: { status: 'approved', transactionId: entry.id } });
    return { status: 200, body: { message: FUND_APPROVAL_MSG.approved, approval: toView(decided, { requester, reviewer: approver, target: member }), balance: entry.balanceAfter } };
  });
}

export async function rejectFundRequest(ctx: AppContext, actor: Actor, transact: Transactor, id: string, reason: string) {
  return transact(async (tx): Promise<Answer<unknown>> => {
    const row = await lockPendingRequest(tx, id);
    const reviewer = realUser(actor);
    const decided = await decideApproval(tx, row.id, { status: 'rejected', reviewedBy: reviewer.id, reviewedAt: ctx.clock.now(), rejectionReason: reason });
    const [member, requester] = await Promise.all([findUserById(tx, row.targetUserId!), findUserById(tx, row.requestedBy!)]);
    const input = row.payload as FundInput;
    if (row.requestedBy !== reviewer.id) {
      await notify(tx, [row.requestedBy], {
        type: 'fund_approval_decided', title: 'Fund transaction rejected', priority: 'high',
        message: `${displayName(reviewer)} rejected your ${input.option} of ${rupees(input.amount)} for ${member?.userId ?? 'a member'}: ${reason}`,
      });
    }
    await audit(tx, actor, { entityType: 'approval_request', entityId: row.id, action: 'fund.approval_rejected', previousState: { status: 'pending' }, newState: { status: 'rejected' }, reason });
    return { status: 200, body: { message: FUND_APPROVAL_MSG.rejected, approval: toView(decided, { requester, reviewer, target: member }) } };
  });
}

export async function fundApprovals(ctx: AppContext, status: string): Promise<FundApprovalView[]> {
  const rows = await listApprovals(ctx.db, KIND, status, 500);
  return rows.map((r) => toView(r.row, { requester: r.requester, reviewer: r.reviewer, target: r.target }));
}

type Person = { userId: string; firstName: string | null; lastName: string | null } | null | undefined;
const person = (u: Person) => (u ? { userId: u.userId, name: displayName(u as UserRow) } : null);

function toView(row: ApprovalRow, who: { requester?: Person; reviewer?: Person; target?: Person }): FundApprovalView {
  const input = row.payload as FundInput;
  return {
    id: row.id,
    status: row.status as FundApprovalView['status'],
    option: input.option,
    amount: input.amount,
    remarks: input.remarks,
    member: person(who.target),
    requestedBy: person(who.requester),
    reviewedBy: person(who.reviewer),
    rejectionReason: row.rejectionReason ?? null,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}
