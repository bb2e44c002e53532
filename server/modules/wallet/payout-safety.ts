import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../core/app-error';
import type { ErrorCode } from '../../../contracts/errors';
import { BANK_VERIFICATION_MSG, MSG, emailChangeHoldMessage, payoutHoldMessage } from '../../../contracts/messages';
import { emailChangeHoldEnd } from '../custody';
import { maskTail } from '../../../contracts/kyc';
import type { PayoutStatus } from '../../../contracts/wallet';
import type { UserRow } from '../users';
import { activeHoldEnd, bankVerificationOf, findPayoutDetails, hasBank, payoutTime } from '../users';
import { newestOfType } from '../kyc';

/**
 * Payout safety (issue 13): a withdrawal goes only to the payout details on the member's profile; to a bank account
 * only once KYC verified it (a cancelled cheque or bank statement approved after the account was last changed); and
 * to either only 24 hours after any change of the payout details. The member sees the same through `payoutStatus`.
 */

export async function payoutStatus(ctx: AppContext, db: DbOrTx, u: UserRow): Promise<PayoutStatus> {
  const p = await findPayoutDetails(db, u.id);
  const verification = bankVerificationOf(p, await newestOfType(db, u.id, 'bank_cancelled_cheque'));
  const hold = latest(activeHoldEnd(p, ctx.clock.now()), await emailChangeHoldEnd(ctx, db, u.id));
  const kyc = u.kycStatus === 'approved';
  return {
    bank: hasBank(p) ? { accountNumber: maskTail(p.bankAccountNumber) ?? '', ifsc: p.bankIFSC!, bankName: p.bankName!, accountHolderName: p.bankAccountHolderName } : null,
    bankVerification: verification,
    cryptoWalletAddress: p.cryptoWalletAddress,
    changedAt: p.payoutDetailsChangedAt?.toISOString() ?? null,
    holdUntil: hold?.toISOString() ?? null,
    canWithdraw: { bank: kyc && !hold && verification === 'verified', usdt: kyc && !hold && Boolean(p.cryptoWalletAddress) },
  };
}

type Requested = { withdrawalType: 'bank'; bankDetails?: { accountNumber?: string; ifsc?: string } } | { withdrawalType: 'usdt'; usdtWalletAddress?: string };

/** The account number asked for is the profile's: the same digits, or the masked form shown on screen with the same last four. */
function sameAccount(asked: string | undefined, profile: string) {
  const a = (asked ?? '').trim();
  return a.includes('•') ? a.replace(/•/g, '') === profile.slice(-4) && a.length === profile.length : a === profile;
}

/**
 * Refuses, with a clear 4xx and the date the hold ends, a withdrawal that would not go to the profile's verified
 * payout details or that comes within 24 hours of their change. `requested` is what the member's form named (the
 * destination must be the profile's); an admin's Withdraw Personally uses the profile's details and names none.
 * `field` is the form field the refusal belongs to (the member's bank or wallet field by default).
 */
export async function assertPayoutAllowed(ctx: AppContext, db: DbOrTx, u: UserRow, requested: Requested, field?: string) {
  const bank = requested.withdrawalType === 'bank';
  const p = await findPayoutDetails(db, u.id);
  const refuse = (message: string, code: ErrorCode = 'VALIDATION_ERROR', status = 400) => new AppError(code, status, message, { [field ?? (bank ? 'bankDetails' : 'usdtWalletAddress')]: [message] });
  if (requested.withdrawalType === 'bank') {
    if (!hasBank(p)) throw refuse(MSG.payoutNoBankDetails);
    const b = requested.bankDetails;
    if (b && (!sameAccount(b.accountNumber, p.bankAccountNumber!) || (b.ifsc ?? '').trim().toUpperCase() !== p.bankIFSC!.toUpperCase())) {
      throw refuse(MSG.payoutBankMismatch);
    }
    const verification = bankVerificationOf(p, await newestOfType(db, u.id, 'bank_cancelled_cheque'));
    if (verification !== 'verified') throw refuse(BANK_VERIFICATION_MSG[verification], 'PAYOUT_NOT_VERIFIED', 403);
  } else {
    if (!p.cryptoWalletAddress) throw refuse(MSG.payoutNoCryptoWallet);
    if (requested.usdtWalletAddress !== undefined && requested.usdtWalletAddress.trim() !== p.cryptoWalletAddress) throw refuse(MSG.payoutCryptoMismatch);
  }
  const hold = activeHoldEnd(p, ctx.clock.now());
  if (hold) throw refuse(payoutHoldMessage(payoutTime(p.payoutDetailsChangedAt!), payoutTime(hold)), 'PAYOUT_HOLD', 403);
  // An admin's change of the email starts the same hold (issue 29): a takeover by a new address waits a day.
  const emailHold = await emailChangeHoldEnd(ctx, db, u.id);
  if (emailHold) throw refuse(emailChangeHoldMessage(payoutTime(emailHold)), 'PAYOUT_HOLD', 403);
}

const latest = (a: Date | null, b: Date | null) => (a && b ? (a.getTime() >= b.getTime() ? a : b) : (a ?? b));
