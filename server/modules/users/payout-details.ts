import { PAYOUT_HOLD_MS } from '../../../contracts/constants';
import { maskTail } from '../../../contracts/kyc';
import type { BankVerification } from '../../../contracts/wallet';
import type { PayoutDetails, PayoutDetailsValues } from './payout-details.repo';

/**
 * Payout details: where a member's withdrawals go (issue 13). Every path that changes them (the member's profile, an
 * admin's approved request) stamps `payout_details_changed_at`, and withdrawals wait 24 hours after it; a change of
 * the account itself (number or IFSC) also stamps `bank_account_changed_at`, after which a cancelled cheque approved
 * earlier no longer verifies the account.
 */
export const PAYOUT_FIELDS = ['bankAccountNumber', 'bankIFSC', 'bankName', 'bankAccountHolderName', 'cryptoWalletAddress'] as const;
export type PayoutField = (typeof PAYOUT_FIELDS)[number];
export type PayoutChanges = Partial<Record<PayoutField, string | null>>;
const BANK_ACCOUNT_FIELDS: readonly PayoutField[] = ['bankAccountNumber', 'bankIFSC'];
const BANK_FIELDS: readonly PayoutField[] = ['bankAccountNumber', 'bankIFSC', 'bankName', 'bankAccountHolderName'];

export const PAYOUT_LABELS: Record<PayoutField, string> = {
  bankAccountNumber: 'Bank account number',
  bankIFSC: 'IFSC',
  bankName: 'Bank name',
  bankAccountHolderName: 'Account holder name',
  cryptoWalletAddress: 'USDT wallet address',
};

/** A value as it may be shown: account numbers masked to their last 4 digits. */
export const shownPayoutValue = (field: PayoutField, value: string | null | undefined) => (field === 'bankAccountNumber' ? maskTail(value) : (value ?? null));

/** The payout fields of `input` that are given (not undefined) and differ from the user's current values. */
export function payoutChangesOf(current: Pick<PayoutDetails, PayoutField>, input: Partial<Record<PayoutField, string | null | undefined>>): PayoutChanges {
  const changes: PayoutChanges = {};
  for (const f of PAYOUT_FIELDS) {
    const v = input[f];
    if (v !== undefined && (v ?? null) !== (current[f] ?? null)) changes[f] = v;
  }
  return changes;
}

export const hasChanges = (c: PayoutChanges) => Object.keys(c).length > 0;
export const bankChanged = (c: PayoutChanges) => BANK_FIELDS.some((f) => f in c);

/** The columns a change of payout details sets besides the details themselves. */
export function payoutStamp(changes: PayoutChanges, now: Date): PayoutDetailsValues {
  if (!hasChanges(changes)) return {};
  return { payoutDetailsChangedAt: now, ...(BANK_ACCOUNT_FIELDS.some((f) => f in changes) ? { bankAccountChangedAt: now } : {}) };
}

/** When the hold after the last change ends (null when the details never changed after registration). */
export const payoutHoldEnd = (u: Pick<PayoutDetails, 'payoutDetailsChangedAt'>): Date | null => (u.payoutDetailsChangedAt ? new Date(u.payoutDetailsChangedAt.getTime() + PAYOUT_HOLD_MS) : null);

/** The hold's end while it still runs at `now`, else null. */
export function activeHoldEnd(u: Pick<PayoutDetails, 'payoutDetailsChangedAt'>, now: Date): Date | null {
  const end = payoutHoldEnd(u);
  return end && end.getTime() > now.getTime() ? end : null;
}

export const hasBank = (u: Pick<PayoutDetails, 'bankAccountNumber' | 'bankIFSC' | 'bankName'>) => Boolean(u.bankAccountNumber && u.bankIFSC && u.bankName);

/**
 * How far KYC verified the profile's bank account, from its newest cancelled cheque or bank statement: approved, and
 * approved after the account last changed (a document approved before it was a document of another account).
 */
export function bankVerificationOf(
  u: Pick<PayoutDetails, 'bankAccountNumber' | 'bankIFSC' | 'bankName' | 'bankAccountChangedAt'>,
  cheque: { status: string; reviewedAt: Date | null; updatedAt: Date } | undefined,
): BankVerification {
  if (!hasBank(u)) return 'none';
  if (!cheque) return 'missing';
  if (cheque.status !== 'approved') return cheque.status === 'rejected' ? 'rejected' : 'pending';
  const approvedAt = cheque.reviewedAt ?? cheque.updatedAt;
  if (u.bankAccountChangedAt && approvedAt.getTime() < u.bankAccountChangedAt.getTime()) return 'outdated';
  return 'verified';
}

/** A moment in the words of messages: "14 Mar 2026, 10:15 am IST" (the platform's day is India's). */
export function payoutTime(d: Date): string {
  return `${new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true }).format(d)} IST`;
}
