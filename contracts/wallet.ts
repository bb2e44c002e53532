import { z } from 'zod';
import { WITHDRAWAL_TYPES, NETWORK_TYPES, WITHDRAWAL_STATUSES } from './enums';

/** Wallet, ledger, withdrawals and the fund back-office (decisions.md §6; doc 2 §2.10-2.13, §5; doc 3 §5.2). */

export const WALLET_MSG = {
  validAmount: 'Please enter a valid amount',
  userIdRequired: 'User ID is required',
  remarksRequired: 'Remarks are required',
  rejectReasonRequired: 'Please provide a reason for rejection',
  withdrawalDetails: 'Please provide required details based on withdrawal type',
  insufficientBalance: 'Insufficient wallet balance',
  kycRequired: 'Your KYC must be approved before you can request a withdrawal.',
  userNotFound: 'No member with that User ID',
  withdrawalNotFound: 'Withdrawal request not found',
  notPending: 'Only a pending withdrawal request can be approved or rejected.',
  notRejected: 'Only a rejected withdrawal request can be reconsidered.',
  reconsiderShort: 'The wallet balance no longer covers this withdrawal, so it cannot be reconsidered.',
  idempotencyReused: 'This Idempotency-Key was already used for a different request.',
  idempotencyInvalid: 'The Idempotency-Key header must be 1 to 200 visible characters.',
  adminWithdrawalNoBank: 'This member has no complete bank details on their profile; a bank withdrawal needs them.',
  adminWithdrawalNoWallet: 'This member has no USDT wallet address on their profile.',
  fundCredited: 'Fund credited successfully',
  fundDebited: 'Fund debited successfully',
  withdrawalRequested: 'Withdrawal request submitted. The amount is held from your wallet until an admin processes it.',
  withdrawalApproved: 'Withdrawal request approved successfully',
  withdrawalRejected: 'Withdrawal request rejected successfully',
  withdrawalReactivated: 'Withdrawal request reactivated successfully',
  withdrawalCreated: 'Withdrawal request created successfully',
} as const;

/** The largest single amount accepted (rupees). */
export const MAX_AMOUNT = 10_000_000;

/** A positive amount of rupees with at most 2 decimals, kept as an exact decimal string. */
export const moneyField = (message: string = WALLET_MSG.validAmount) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
    z
      .string({ error: message })
      .trim()
      .regex(/^\d{1,8}(\.\d{1,2})?$/, { error: message })
      .refine((v) => Number(v) > 0, { error: message })
      .refine((v) => Number(v) <= MAX_AMOUNT, { error: `The amount may be at most ${MAX_AMOUNT.toLocaleString('en-IN')}` })
      .transform((v) => Number(v).toFixed(2)),
  );

const text = (message: string, max = 500) => z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: `At most ${max} characters` });
const optionalText = (max: number) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(max).optional());

export const BankDetails = z.object({
  accountNumber: optionalText(20),
  ifsc: optionalText(11),
  bankName: optionalText(120),
  accountHolderName: optionalText(120),
});

/** Member withdrawal (doc 3 §5.2): bank needs all four bank fields, usdt the address and network. */
export const WithdrawalRequest = z
  .object({
    withdrawalType: z.enum(WITHDRAWAL_TYPES, { error: 'Withdrawal type must be bank or usdt' }).default('bank'),
    amount: moneyField(),
    bankDetails: BankDetails.optional(),
    usdtWalletAddress: optionalText(120),
    networkType: z.preprocess((v) => (v === '' ? undefined : v), z.enum(NETWORK_TYPES, { error: 'Network must be TRC20, ERC20 or BEP20' }).optional()),
  })
  .superRefine((v, ctx) => {
    if (v.withdrawalType === 'bank') {
      const b = v.bankDetails ?? {};
      if (!b.accountNumber || !b.ifsc || !b.bankName || !b.accountHolderName) ctx.addIssue({ code: 'custom', path: ['bankDetails'], message: WALLET_MSG.withdrawalDetails });
    } else if (!v.usdtWalletAddress || !v.networkType) {
      ctx.addIssue({ code: 'custom', path: [!v.usdtWalletAddress ? 'usdtWalletAddress' : 'networkType'], message: WALLET_MSG.withdrawalDetails });
    }
  });
export type WithdrawalRequest = z.input<typeof WithdrawalRequest>;

/** Send Fund (doc 2 §2.12, §5). The option is Credit or Debit (any case). */
export const SendFundRequest = z.object({
  userId: text(WALLET_MSG.userIdRequired, 40),
  option: z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(['credit', 'debit'], { error: 'Option must be Credit or Debit' })),
  amount: moneyField(),
  remarks: text(WALLET_MSG.remarksRequired),
});
export type SendFundRequest = z.input<typeof SendFundRequest>;

/** Withdraw Personally (doc 2 §2.11): INR is a bank withdrawal, USD a USDT one. */
export const WithdrawPersonallyRequest = z.object({
  userId: text(WALLET_MSG.userIdRequired, 40),
  withdrawalType: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(['INR', 'USD'], { error: 'Withdrawal type must be INR or USD' })),
  amount: moneyField(),
  remarks: text(WALLET_MSG.remarksRequired),
});
export type WithdrawPersonallyRequest = z.input<typeof WithdrawPersonallyRequest>;

export const ApproveWithdrawalRequest = z.object({
  adminNotes: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(500).default('Approved by admin')),
  payoutReference: optionalText(100),
});
export const RejectWithdrawalRequest = z.object({ reason: text(WALLET_MSG.rejectReasonRequired) });

export const PageQuery = z.object({
  cursor: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(200).optional()),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const FundHistoryQuery = PageQuery.extend({
  search: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(100).optional()),
  type: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.string().max(30).optional()),
});

// ---- answers ----
export interface WalletSummary {
  balance: string;
  totalEarnings: string;
  totalWithdrawals: string;
  /** Held by withdrawal requests still pending. */
  pendingWithdrawals: string;
  kycStatus: string;
  /** Where withdrawals may go and when (issue 13). */
  payout: PayoutStatus;
}

/**
 * The bank account's verification by KYC: none (no bank details on the profile), missing (no cancelled cheque or bank
 * statement), pending or rejected (its review), outdated (the account changed after it was approved), verified.
 */
export const BANK_VERIFICATIONS = ['none', 'missing', 'pending', 'rejected', 'outdated', 'verified'] as const;
export type BankVerification = (typeof BANK_VERIFICATIONS)[number];

/** The member's payout details as withdrawals see them: they go only there, only verified, only after the hold. */
export interface PayoutStatus {
  /** The profile's bank account, its number masked; null when incomplete. */
  bank: { accountNumber: string; ifsc: string; bankName: string; accountHolderName: string | null } | null;
  bankVerification: BankVerification;
  cryptoWalletAddress: string | null;
  /** When the payout details last changed (null: never since registration). */
  changedAt: string | null;
  /** While the 24-hour hold after that change runs: when it ends; null otherwise. */
  holdUntil: string | null;
  /** Whether a withdrawal of each type would be accepted now (KYC, details, verification and hold). */
  canWithdraw: { bank: boolean; usdt: boolean };
}
export interface LedgerEntry {
  id: string;
  type: string;
  amount: string;
  description: string | null;
  referenceId: string | null;
  balanceBefore: string;
  balanceAfter: string;
  createdAt: string;
}
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export interface WithdrawalView {
  id: string;
  withdrawalType: 'bank' | 'usdt';
  amount: string;
  status: WithdrawalStatus;
  /** Bank details with the account number masked to its last 4 digits. */
  bankDetails: { accountNumber: string; ifsc: string; bankName: string; accountHolderName: string } | null;
  usdtWalletAddress: string | null;
  networkType: string | null;
  adminNotes: string | null;
  rejectionReason: string | null;
  transactionId: string | null;
  processedAt: string | null;
  createdAt: string;
  createdByAdmin: boolean;
}
export interface AdminWithdrawal extends WithdrawalView {
  userId: string;
  userDisplayId: string;
  userName: string;
  userEmail: string;
  /** 'Bank Transfer' or 'USDT (TRC20)'. */
  typeLabel: string;
  /** One line of payout details for the list. */
  details: string;
  date: string;
  reason: string | null;
}
export interface FundHistoryRecord {
  id: string;
  userId: string;
  userDisplayId: string;
  userName: string;
  userEmail: string;
  type: string;
  amount: string;
  description: string | null;
  referenceId: string | null;
  balanceBefore: string;
  balanceAfter: string;
  createdAt: string;
}
export interface WalletBalanceRow {
  userId: string;
  userDisplayId: string;
  userName: string;
  userEmail: string;
  balance: string;
  totalEarnings: string;
  totalWithdrawals: string;
  updatedAt: string;
}

/** Maker-checker for Send Fund (issue 13): above the threshold a second admin approves (contracts/approvals.ts). */
export const FUND_APPROVAL_MSG = {
  requested: 'Sent for approval. Another admin must approve fund transactions above',
  approved: 'Fund transaction approved and applied',
  rejected: 'Fund transaction rejected',
  ownRequest: 'Another admin must approve a fund transaction you requested.',
} as const;
