/**
 * Send Fund (doc 2 §2.12): the admin's credit or debit of a member's wallet, applied at once or, above the limits,
 * requested for a second admin's approval (the send_fund approval kind, registered by server/app.ts).
 */
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { rupees } from '../../lib/format';
import type { DbOrTx } from '../../db/client';
import { realUser, type Actor } from '../../core/actor';
import { AppError, notFound } from '../../core/app-error';
import { MSG } from '../../../contracts/messages';
import { WALLET_MSG, FUND_APPROVAL_MSG, type SendFundRequest } from '../../../contracts/wallet';
import type { UserRow } from '../users';
import { notify } from '../notifications';
import { audit } from '../audit';
import { postLedger, negate } from './ledger.service';
import { compareMoney } from '../../lib/money';
import { creditTotalsAllow, markCustody } from '../custody';
import type { Answer, Transactor } from '../../core/transactor';
import { walletOf } from './wallet.repo';
import { payloadKind, requestMemberApproval } from '../approvals';
import { memberByPublicId } from './withdrawals.service';

/**
 * Maker-checker for Send Fund (issue 13). A credit or debit above SEND_FUND_APPROVAL_ABOVE is stored as an approval
 * request with its form; another admin approves (the ledger entry is made then, in the approval's transaction) or
 * rejects it (approvals.service.ts). A debit the balance no longer covers is refused at approval and stays pending.
 */
type FundInput = z.output<typeof SendFundRequest>;

const what = (input: FundInput) => `${input.option === 'credit' ? 'Credit' : 'Debit'} of ${rupees(input.amount)}`;

export const sendFundKind = payloadKind<FundInput>('send_fund', 'fund', FUND_APPROVAL_MSG, {
  describe: (input) => ({
    summary: what(input),
    changes: [{ field: 'balance', label: input.option === 'credit' ? 'Credit' : 'Debit', from: null, to: rupees(input.amount) }],
    fund: { option: input.option, amount: input.amount },
    remarks: input.remarks,
  }),
  async apply(ctx, tx, actor, input, _row, { target, requester }) {
    if (!target) throw notFound(MSG.approvalNotFound);
    // A debit that the balance no longer covers fails here like a direct one (INSUFFICIENT_FUNDS), and nothing changes.
    const entry = await applyFund(ctx, tx, actor, target, input, requester ?? undefined);
    return { answer: { balance: entry.balanceAfter }, audit: { transactionId: entry.id } };
  },
});

/** `why`: the answer's message when it waits because of the 24-hour totals rather than its own amount (issue 29). */
export async function requestFundApproval(ctx: AppContext, tx: DbOrTx, actor: Actor, member: UserRow, input: FundInput, why?: string): Promise<Answer<unknown>> {
  return requestMemberApproval(ctx, tx, actor, sendFundKind, {
    payload: input,
    member,
    title: 'Fund transaction awaiting approval',
    what: what(input),
    reason: input.remarks,
    auditState: { option: input.option, amount: input.amount, userId: member.userId },
    message: why ?? `${FUND_APPROVAL_MSG.requested} ${rupees(ctx.config.sendFundApprovalAbove)}.`,
  });
}

/**
 * Send Fund (doc 2 §2.12): credit adds, debit subtracts and never overdraws; both need remarks and are audited.
 * Above the configured amount (SEND_FUND_APPROVAL_ABOVE) the request waits for a second admin instead (issue 13,
 * the send_fund approval kind above), answered 202.
 */
export async function sendFund(ctx: AppContext, actor: Actor, transact: Transactor, input: z.output<typeof SendFundRequest>) {
  return transact(async (tx): Promise<Answer<unknown>> => {
    const user = await memberByPublicId(tx, input.userId);
    const above = compareMoney(input.amount, ctx.config.sendFundApprovalAbove) > 0;
    // Splitting does not beat the threshold (issue 29): unilateral credits count against 24-hour totals per admin and
    // per member, and a credit that would pass either waits for a second admin too.
    const overTotal = !above && input.option === 'credit' ? await creditTotalsAllow(ctx, tx, realUser(actor).id, user.id, input.amount) : null;
    if (above || overTotal) {
      // A debit the balance does not cover is refused now, as a direct one is (and again at approval).
      if (input.option === 'debit' && compareMoney((await walletOf(tx, user.id))?.balance ?? '0.00', input.amount) < 0) {
        throw new AppError('INSUFFICIENT_FUNDS', 400, WALLET_MSG.insufficientBalance, { amount: [WALLET_MSG.insufficientBalance] });
      }
      return requestFundApproval(ctx, tx, actor, user, input, overTotal ?? undefined);
    }
    const entry = await applyFund(ctx, tx, actor, user, input);
    const credit = input.option === 'credit';
    return { status: 200, body: { message: credit ? WALLET_MSG.fundCredited : WALLET_MSG.fundDebited, balance: entry.balanceAfter, transactionId: entry.id } };
  });
}

/**
 * The ledger entry of a Send Fund, its notification and its audit row, in the caller's transaction. `requestedBy` is
 * the admin who asked when `actor` approves the request of another (maker-checker).
 */
export async function applyFund(ctx: AppContext, tx: DbOrTx, actor: Actor, user: UserRow, input: z.output<typeof SendFundRequest>, requestedBy?: UserRow) {
  const now = ctx.clock.now();
  const credit = input.option === 'credit';
  const entry = await postLedger(tx, user.id, credit ? input.amount : negate(input.amount), credit ? 'admin_credit' : 'admin_debit', {
    description: input.remarks,
    now,
    metadata: requestedBy ? { by: requestedBy.userId, approvedBy: actor.user.userId } : { by: actor.user.userId },
  });
  if (credit) {
    // Chain of custody (issue 29); a unilateral credit also counts toward the 24-hour totals.
    if (requestedBy) {
      await markCustody(ctx, tx, requestedBy.id, user.id, 'send_fund_requested', input.amount);
      await markCustody(ctx, tx, realUser(actor).id, user.id, 'send_fund_approved', input.amount);
    } else {
      await markCustody(ctx, tx, realUser(actor).id, user.id, 'send_fund_credit', input.amount);
    }
  }
  await notify(tx, [user.id], {
    type: credit ? 'fund_credited' : 'fund_debited',
    title: credit ? 'Wallet credited' : 'Wallet debited',
    message: `${rupees(input.amount)} was ${credit ? 'credited to' : 'debited from'} your wallet: ${input.remarks}`,
  });
  await audit(tx, actor, {
    entityType: 'wallet',
    entityId: user.id,
    action: credit ? 'fund.credit' : 'fund.debit',
    reason: input.remarks,
    previousState: { balance: entry.balanceBefore },
    newState: { balance: entry.balanceAfter, amount: entry.amount, userId: user.userId, ...(requestedBy ? { requestedBy: requestedBy.userId } : {}) },
  });
  return entry;
}
