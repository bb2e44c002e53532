import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { realUser, type Actor } from '../../core/actor';
import { notFound } from '../../core/app-error';
import type { Answer } from '../../core/transactor';
import { rupees } from '../../lib/format';
import { MSG } from '../../../contracts/messages';
import { FUND_APPROVAL_MSG, type SendFundRequest } from '../../../contracts/wallet';
import type { UserRow } from '../users';
import { displayName } from '../users';
import { requestApproval, type ApprovalKindDef } from '../approvals';
import { applyFund } from './withdrawals.service';

/**
 * Maker-checker for Send Fund (issue 13). A credit or debit above SEND_FUND_APPROVAL_ABOVE is stored as an approval
 * request with its form; another admin approves (the ledger entry is made then, in the approval's transaction) or
 * rejects it (approvals.service.ts). A debit the balance no longer covers is refused at approval and stays pending.
 */
type FundInput = z.output<typeof SendFundRequest>;

const what = (input: FundInput) => `${input.option === 'credit' ? 'Credit' : 'Debit'} of ${rupees(input.amount)}`;

export const sendFundKind: ApprovalKindDef = {
  kind: 'send_fund',
  prefix: 'fund',
  messages: { approved: FUND_APPROVAL_MSG.approved, rejected: FUND_APPROVAL_MSG.rejected, ownRequest: FUND_APPROVAL_MSG.ownRequest },
  describe(row) {
    const input = row.payload as FundInput;
    return {
      summary: what(input),
      changes: [{ field: 'balance', label: input.option === 'credit' ? 'Credit' : 'Debit', from: null, to: rupees(input.amount) }],
      fund: { option: input.option, amount: input.amount },
      remarks: input.remarks,
    };
  },
  async apply(ctx, tx, actor, row, { target, requester }) {
    if (!target) throw notFound(MSG.approvalNotFound);
    // A debit that the balance no longer covers fails here like a direct one (INSUFFICIENT_FUNDS), and nothing changes.
    const entry = await applyFund(ctx, tx, actor, target, row.payload as FundInput, requester ?? undefined);
    return { answer: { balance: entry.balanceAfter }, audit: { transactionId: entry.id } };
  },
};

/** `why`: the answer's message when it waits because of the 24-hour totals rather than its own amount (issue 29). */
export async function requestFundApproval(ctx: AppContext, tx: DbOrTx, actor: Actor, member: UserRow, input: FundInput, why?: string): Promise<Answer<unknown>> {
  const requester = realUser(actor);
  const { view } = await requestApproval(ctx, tx, actor, sendFundKind, {
    payload: input,
    target: member,
    notice: {
      title: 'Fund transaction awaiting approval',
      message: `${displayName(requester)} asked for a ${what(input).toLowerCase()} for ${displayName(member)} (${member.userId}): ${input.remarks}`,
    },
    reason: input.remarks,
    auditState: { option: input.option, amount: input.amount, userId: member.userId },
  });
  return { status: 202, body: { message: why ?? `${FUND_APPROVAL_MSG.requested} ${rupees(ctx.config.sendFundApprovalAbove)}.`, approval: view } };
}
