import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../context';
import { AppError } from '../../core/app-error';
import { addMoney, compareMoney } from '../../lib/money';
import { rupees } from '../../lib/format';
import { CUSTODY_DAYS, CUSTODY_KINDS, CUSTODY_MSG, type CustodyKind } from '../../../contracts/money-controls';
import { insertMarks, lockCreditTotals, marksOf, newestMark, sumSince } from './custody.repo';

/**
 * Chain of custody for money leaving (issue 29, docs/security/money-controls.md). The services that touch a member
 * for an admin call `markCustody` in their transaction; a withdrawal's approval calls `assertCustodyClear`; Send Fund
 * asks `creditTotalsAllow` before it applies a credit alone.
 */

const DAY_MS = 86_400_000;
const HOLD_MS = DAY_MS;

/** Records that `adminId` did `kind` to `memberId` now (nothing when an admin acts on their own account). */
export async function markCustody(ctx: AppContext, db: DbOrTx, adminId: string, memberId: string, kind: CustodyKind, amount?: string) {
  if (adminId === memberId) return;
  await insertMarks(db, [{ memberId, adminId, kind, amount: amount ?? null, at: ctx.clock.now() }]);
}

/** The kinds that keep an admin from approving a member's withdrawal for CUSTODY_DAYS: every kind of mark. */
const BARRING: readonly CustodyKind[] = CUSTODY_KINDS;

const day = (d: Date) => new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' }).format(d);

/**
 * Refuses (403 CUSTODY_CONFLICT, naming why) an approval of `memberId`'s withdrawal by `approverId` when the approver,
 * in the last 30 days, approved the member's registration, credited them, changed their email, password or payout
 * details, or opened their account; and, for the member's first withdrawal, when the approver approved the account at
 * any time. `createdBy` is who made the request (Withdraw Personally: an admin), who cannot approve it either.
 */
export async function assertCustodyClear(ctx: AppContext, db: DbOrTx, approverId: string, w: { memberId: string; createdBy: string | null; firstWithdrawal: boolean }) {
  if (w.createdBy && w.createdBy !== w.memberId && w.createdBy === approverId) {
    throw new AppError('CUSTODY_CONFLICT', 403, CUSTODY_MSG.createdIt);
  }
  const since = new Date(ctx.clock.now().getTime() - CUSTODY_DAYS * DAY_MS);
  const recent = await marksOf(db, w.memberId, approverId, BARRING, since);
  if (recent.length) {
    const newest = recent.reduce((a, b) => (a.at.getTime() >= b.at.getTime() ? a : b));
    throw new AppError('CUSTODY_CONFLICT', 403, CUSTODY_MSG.barred(CUSTODY_MSG.reasons[newest.kind as CustodyKind], day(newest.at)));
  }
  if (w.firstWithdrawal && (await marksOf(db, w.memberId, approverId, ['registration_approved'], null)).length) {
    throw new AppError('CUSTODY_CONFLICT', 403, CUSTODY_MSG.firstWithdrawal);
  }
}

/**
 * Whether a Send Fund credit of `amount` may apply without a second admin: it must keep the admin's and the member's
 * unilateral credits of the last 24 hours within their limits. Locks both totals until the transaction ends, so two
 * credits at once are counted one after the other. Answers null when it may, else the reason it waits.
 */
export async function creditTotalsAllow(ctx: AppContext, db: DbOrTx, adminId: string, memberId: string, amount: string): Promise<string | null> {
  await lockCreditTotals(db, adminId, memberId);
  const since = new Date(ctx.clock.now().getTime() - DAY_MS);
  const [byAdmin, toMember] = await Promise.all([sumSince(db, { adminId }, 'send_fund_credit', since), sumSince(db, { memberId }, 'send_fund_credit', since)]);
  if (compareMoney(addMoney(byAdmin, amount), ctx.config.sendFundAdminDailyLimit) > 0) {
    return CUSTODY_MSG.adminTotal(rupees(byAdmin), rupees(ctx.config.sendFundAdminDailyLimit));
  }
  if (compareMoney(addMoney(toMember, amount), ctx.config.sendFundMemberDailyLimit) > 0) {
    return CUSTODY_MSG.memberTotal(rupees(toMember), rupees(ctx.config.sendFundMemberDailyLimit));
  }
  return null;
}

/** When the 24-hour hold after an admin changed the member's email ends, while it runs (else null). */
export async function emailChangeHoldEnd(ctx: AppContext, db: DbOrTx, memberId: string): Promise<Date | null> {
  const now = ctx.clock.now();
  const mark = await newestMark(db, memberId, 'email_changed', new Date(now.getTime() - HOLD_MS));
  return mark ? new Date(mark.at.getTime() + HOLD_MS) : null;
}
