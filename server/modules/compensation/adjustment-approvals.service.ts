import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { realUser, type Actor } from '../../core/actor';
import { badRequest, notFound } from '../../core/app-error';
import type { Answer } from '../../core/transactor';
import { rupees } from '../../lib/format';
import { compareMoney } from '../../lib/money';
import { MSG } from '../../../contracts/messages';
import { ADJUSTMENT_MSG, type AdjustmentRequest, type AdjustmentView } from '../../../contracts/compensation';
import type { ApprovalRequested } from '../../../contracts/approvals';
import { INCOME_TYPES } from '../../../contracts/income-types';
import { findUserByUserId, type UserRow } from '../users';
import { audit } from '../audit';
import { payloadKind, requestMemberApproval } from '../approvals';
import * as adjustmentsRepo from './adjustments.repo';

/**
 * Compensation adjustments (issue 29): a line in the member's next calculated cycle, made by an admin with a reason.
 * One is at most ADJUSTMENT_MAX_AMOUNT either way; above ADJUSTMENT_APPROVAL_ABOVE (by absolute value) it is stored as
 * an approval request of kind `comp_adjustment`, and the adjustment row exists only once another admin approved it
 * (approvals.service.ts), made in the approval's transaction with the requester as its author, so that the requester
 * is also the one kept from approving and posting the cycle that pays it (compensation.service.ts approveCycle).
 */
type AdjustmentInput = z.output<typeof AdjustmentRequest>;

const INCOME_LABELS = new Map<string, string>(INCOME_TYPES.map((t) => [t.key, t.label]));
/** The amount without its sign: the cap and the approval amount hold both ways. */
const magnitude = (amount: string) => amount.replace(/^-/, '');
/** "₹20,000.00" or "-₹20,000.00". */
const signedRupees = (amount: string) => `${amount.startsWith('-') ? '-' : ''}${rupees(magnitude(amount))}`;
const what = (input: AdjustmentInput) => `${INCOME_LABELS.get(input.type) ?? input.type} adjustment of ${signedRupees(input.amount)}`;

/** Above the approval amount, by absolute value (exact decimal comparison). */
export const needsSecondAdmin = (ctx: AppContext, amount: string) => compareMoney(magnitude(amount), ctx.config.adjustmentApprovalAbove) > 0;

/**
 * What every adjustment must be, checked when it is asked for and again when a second admin approves it: an income
 * type, a member (not an admin), and within the cap. Answers the member's row.
 */
export async function checkAdjustment(ctx: AppContext, tx: DbOrTx, input: AdjustmentInput): Promise<UserRow> {
  if (!INCOME_LABELS.has(input.type)) throw badRequest('Choose an income type', { type: ['Choose an income type'] });
  const cap = ctx.config.adjustmentMaxAmount;
  if (compareMoney(magnitude(input.amount), cap) > 0) {
    const message = `${ADJUSTMENT_MSG.overCap} ${rupees(cap)}, added or taken back.`;
    throw badRequest(message, { amount: [message] });
  }
  const member = await findUserByUserId(tx, input.userId);
  if (!member || member.role === 'admin') throw badRequest('Member not found', { userId: ['Member not found'] });
  return member;
}

/** The adjustment row and its audit row, in the caller's transaction. `requester` made it when `actor` approves it. */
export async function applyAdjustment(ctx: AppContext, tx: DbOrTx, actor: Actor, member: UserRow, input: AdjustmentInput, approval?: { id: string; requester: UserRow }): Promise<AdjustmentView> {
  const author = approval ? approval.requester : realUser(actor);
  const row = await adjustmentsRepo.insertAdjustment(tx, { memberId: member.id, type: input.type, amount: input.amount, reason: input.reason, createdBy: author.id, createdAt: ctx.clock.now() });
  await audit(tx, actor, {
    entityType: 'comp_adjustment',
    entityId: row.id,
    action: 'adjustment.created',
    reason: input.reason,
    newState: {
      userId: member.userId,
      type: input.type,
      amount: input.amount,
      reason: input.reason,
      createdBy: author.id,
      ...(approval ? { approvalId: approval.id, approvedBy: realUser(actor).id } : {}),
    },
  });
  return { id: row.id, userId: member.userId, type: input.type, amount: row.amount, reason: row.reason, createdAt: row.createdAt.toISOString() };
}

export const compAdjustmentKind = payloadKind<AdjustmentInput>('comp_adjustment', 'comp_adjustment', ADJUSTMENT_MSG, {
  describe: (input) => ({
    summary: what(input),
    changes: [{ field: 'amount', label: `${INCOME_LABELS.get(input.type) ?? input.type} adjustment`, from: null, to: signedRupees(input.amount) }],
    remarks: input.reason,
  }),
  async apply(ctx, tx, actor, input, row, { target, requester }) {
    if (!target || !requester) throw notFound(MSG.approvalNotFound);
    // The same rules as when it was asked for (the member may have become an admin, the cap may have been lowered).
    const member = await checkAdjustment(ctx, tx, { ...input, userId: target.userId });
    const adjustment = await applyAdjustment(ctx, tx, actor, member, input, { id: row.id, requester });
    return { audit: { adjustmentId: adjustment.id, amount: input.amount, userId: member.userId } };
  },
});

/** Stores an adjustment above the approval amount for a second admin: the 202 answer; no adjustment exists yet. */
export async function requestAdjustmentApproval(ctx: AppContext, tx: DbOrTx, actor: Actor, member: UserRow, input: AdjustmentInput): Promise<Answer<ApprovalRequested>> {
  return requestMemberApproval(ctx, tx, actor, compAdjustmentKind, {
    payload: { userId: member.userId, type: input.type, amount: input.amount, reason: input.reason } satisfies AdjustmentInput,
    member,
    title: 'Income adjustment awaiting approval',
    what: what(input),
    reason: input.reason,
    auditState: { userId: member.userId, type: input.type, amount: input.amount },
    message: `${ADJUSTMENT_MSG.requested} ${rupees(ctx.config.adjustmentApprovalAbove)}.`,
  });
}
