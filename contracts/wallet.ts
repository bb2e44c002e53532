import { z } from 'zod';
import { WITHDRAWAL_TYPES, NETWORK_TYPES, WITHDRAWAL_STATUSES } from './enums';
import { decimal, id, instant, pageOf } from './route-contract';
import { memberOwnerFields, walletRequestDecisionFields } from './answer-fields';
import { blankToUndefined } from './fields';

/** Wallet, ledger, withdrawals and the fund back-office (docs/spec/decisions.md §6; doc 2 §2.10-2.13, §5; doc 3 §5.2). */

export const WALLET_MSG = {
  validAmount: 'Please enter a valid amount',
  userIdRequired: 'User ID is required',
  remarksRequired: 'Remarks are required',
  rejectReasonRequired: 'Please provide a reason for rejection',
  /** The documents' summary (doc 3 §5.2); each blank field is refused by its own message in WITHDRAWAL_FIELD_MSG. */
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

/** A withdrawal's required fields, each named when it is blank (issue 30: not one message for all). */
export const WITHDRAWAL_FIELD_MSG = {
  amount: 'Enter the amount',
  accountNumber: 'Enter the account number',
  ifsc: 'Enter the IFSC code',
  bankName: 'Enter the bank name',
  accountHolderName: "Enter the account holder's name",
  usdtWalletAddress: 'Enter the USDT wallet address',
  networkType: 'Choose the network: TRC20, ERC20 or BEP20',
} as const;

/** The largest single amount accepted (rupees). */
export const MAX_AMOUNT = 10_000_000;

/**
 * A positive amount of rupees with at most 2 decimals, kept as an exact decimal string. `blank` is the message for a
 * missing or blank amount (the invalid one's by default).
 */
export const moneyField = (message: string = WALLET_MSG.validAmount, blank: string = message) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
    z
      .string({ error: (iss) => (iss.input === undefined || iss.input === null ? blank : message) })
      .trim()
      .min(1, { error: blank, abort: true })
      .regex(/^\d{1,8}(\.\d{1,2})?$/, { error: message })
      .refine((v) => Number(v) > 0, { error: message })
      .refine((v) => Number(v) <= MAX_AMOUNT, { error: `The amount may be at most ${MAX_AMOUNT.toLocaleString('en-IN')}` })
      .transform((v) => Number(v).toFixed(2)),
  );

const text = (message: string, max = 500) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `At most ${max} characters` });
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());

export const BankDetails = z.object({
  accountNumber: optionalText(20),
  ifsc: optionalText(11),
  bankName: optionalText(120),
  accountHolderName: optionalText(120),
});

/**
 * Member withdrawal (doc 3 §5.2): bank needs all four bank fields, usdt the address and network; each blank one is
 * refused under its own path (`bankDetails.ifsc`, `networkType`) with a message naming it. The member's form sends
 * the profile's details (the account number masked as shown, payout-safety.ts).
 */
export const WithdrawalRequest = z
  .object({
    withdrawalType: z.enum(WITHDRAWAL_TYPES, { error: 'Withdrawal type must be bank or usdt' }).default('bank'),
    amount: moneyField(WALLET_MSG.validAmount, WITHDRAWAL_FIELD_MSG.amount),
    bankDetails: BankDetails.optional(),
    usdtWalletAddress: optionalText(120),
    networkType: z.preprocess((v) => (v === '' ? undefined : v), z.enum(NETWORK_TYPES, { error: 'Network must be TRC20, ERC20 or BEP20' }).optional()),
  })
  .superRefine((v, ctx) => {
    if (v.withdrawalType === 'bank') {
      const b = v.bankDetails ?? {};
      for (const key of ['accountNumber', 'ifsc', 'bankName', 'accountHolderName'] as const) {
        if (!b[key]) ctx.addIssue({ code: 'custom', path: ['bankDetails', key], message: WITHDRAWAL_FIELD_MSG[key] });
      }
    } else {
      if (!v.usdtWalletAddress) ctx.addIssue({ code: 'custom', path: ['usdtWalletAddress'], message: WITHDRAWAL_FIELD_MSG.usdtWalletAddress });
      if (!v.networkType) ctx.addIssue({ code: 'custom', path: ['networkType'], message: WITHDRAWAL_FIELD_MSG.networkType });
    }
  });
export type WithdrawalRequest = z.input<typeof WithdrawalRequest>;

/** An admin's money action on one member's wallet: the member's user ID, the action's own choice, the amount and remarks. */
const adminMoneyAction = <Choice extends z.ZodRawShape>(choice: Choice) =>
  z.object({ userId: text(WALLET_MSG.userIdRequired, 40), ...choice, amount: moneyField(), remarks: text(WALLET_MSG.remarksRequired) });

/** Send Fund (doc 2 §2.12, §5). The option is Credit or Debit (any case). */
export const SendFundRequest = adminMoneyAction({
  option: z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(['credit', 'debit'], { error: 'Option must be Credit or Debit' })),
});
export type SendFundRequest = z.input<typeof SendFundRequest>;

/** Withdraw Personally (doc 2 §2.11): INR is a bank withdrawal, USD a USDT one. */
export const WithdrawPersonallyRequest = adminMoneyAction({
  withdrawalType: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(['INR', 'USD'], { error: 'Withdrawal type must be INR or USD' })),
});
export type WithdrawPersonallyRequest = z.input<typeof WithdrawPersonallyRequest>;

export const ApproveWithdrawalRequest = z.object({
  adminNotes: z.preprocess(blankToUndefined, z.string().trim().max(500).default('Approved by admin')),
  payoutReference: optionalText(100),
});
export const RejectWithdrawalRequest = z.object({ reason: text(WALLET_MSG.rejectReasonRequired) });

export const PageQuery = z.object({
  cursor: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(200).optional()),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const WithdrawalIdParam = z.object({ id: z.uuid({ error: WALLET_MSG.withdrawalNotFound }) });
export const WalletBalancesQuery = PageQuery.extend({ search: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(100).optional()) });
export const FundHistoryQuery = PageQuery.extend({
  search: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(100).optional()),
  type: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.string().max(30).optional()),
});

// ---- answers ----
/**
 * The bank account's verification by KYC: none (no bank details on the profile), missing (no cancelled cheque or bank
 * statement), pending or rejected (its review), outdated (the account changed after it was approved), verified.
 */
export const BANK_VERIFICATIONS = ['none', 'missing', 'pending', 'rejected', 'outdated', 'verified'] as const;
export type BankVerification = (typeof BANK_VERIFICATIONS)[number];

/** The member's payout details as withdrawals see them: they go only there, only verified, only after the hold. */
export const PayoutStatus = z.strictObject({
  /** The profile's bank account, its number masked; null when incomplete. */
  bank: z.strictObject({ accountNumber: z.string(), ifsc: z.string(), bankName: z.string(), accountHolderName: z.string().nullable() }).nullable(),
  bankVerification: z.enum(BANK_VERIFICATIONS),
  cryptoWalletAddress: z.string().nullable(),
  /** When the payout details last changed (null: never since registration). */
  changedAt: instant.nullable(),
  /** While the 24-hour hold after that change runs: when it ends; null otherwise. */
  holdUntil: instant.nullable(),
  /** Whether a withdrawal of each type would be accepted now (KYC, details, verification and hold). */
  canWithdraw: z.strictObject({ bank: z.boolean(), usdt: z.boolean() }),
});
export type PayoutStatus = z.infer<typeof PayoutStatus>;

/** GET /api/wallet */
export const WalletSummary = z.strictObject({
  balance: decimal,
  totalEarnings: decimal,
  totalWithdrawals: decimal,
  /** Held by withdrawal requests still pending. */
  pendingWithdrawals: decimal,
  kycStatus: z.string(),
  /** Where withdrawals may go and when (issue 13). */
  payout: PayoutStatus,
});
export type WalletSummary = z.infer<typeof WalletSummary>;

/** One ledger row: what moved, why, and the balance before and after it. */
const ledgerRowFields = {
  type: z.string(),
  amount: decimal,
  description: z.string().nullable(),
  referenceId: z.string().nullable(),
  balanceBefore: decimal,
  balanceAfter: decimal,
  createdAt: instant,
};
export const LedgerEntry = z.strictObject({ id, ...ledgerRowFields });
export type LedgerEntry = z.infer<typeof LedgerEntry>;
export const LedgerPage = pageOf(LedgerEntry);

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const WithdrawalView = z.strictObject({
  id,
  withdrawalType: z.enum(WITHDRAWAL_TYPES),
  amount: decimal,
  status: z.enum(WITHDRAWAL_STATUSES),
  /** Bank details with the account number masked to its last 4 digits. */
  bankDetails: z.strictObject({ accountNumber: z.string(), ifsc: z.string(), bankName: z.string(), accountHolderName: z.string() }).nullable(),
  usdtWalletAddress: z.string().nullable(),
  networkType: z.string().nullable(),
  adminNotes: z.string().nullable(),
  ...walletRequestDecisionFields,
  createdByAdmin: z.boolean(),
});
export type WithdrawalView = z.infer<typeof WithdrawalView>;
export const AdminWithdrawal = WithdrawalView.extend({
  ...memberOwnerFields,
  /** 'Bank Transfer' or 'USDT (TRC20)'. */
  typeLabel: z.string(),
  /** One line of payout details for the list. */
  details: z.string(),
  date: instant,
  reason: z.string().nullable(),
});
export type AdminWithdrawal = z.infer<typeof AdminWithdrawal>;
/** The answer of a withdrawal request, approval, rejection or reactivation. */
export const WithdrawalAnswer = z.strictObject({ message: z.string(), withdrawal: WithdrawalView });
export type WithdrawalAnswer = z.infer<typeof WithdrawalAnswer>;

export const FundHistoryRecord = z.strictObject({
  id,
  ...memberOwnerFields,
  ...ledgerRowFields,
});
export type FundHistoryRecord = z.infer<typeof FundHistoryRecord>;
export const WalletBalanceRow = z.strictObject({
  ...memberOwnerFields,
  balance: decimal,
  totalEarnings: decimal,
  totalWithdrawals: decimal,
  updatedAt: instant,
});
export type WalletBalanceRow = z.infer<typeof WalletBalanceRow>;

/** Send Fund applied at once: the member's balance after it and the ledger row. */
export const SendFundApplied = z.strictObject({ message: z.string(), balance: decimal, transactionId: id });
export type SendFundApplied = z.infer<typeof SendFundApplied>;

/** Maker-checker for Send Fund (issue 13): above the threshold a second admin approves (contracts/approvals.ts). */
export const FUND_APPROVAL_MSG = {
  requested: 'Sent for approval. Another admin must approve fund transactions above',
  approved: 'Fund transaction approved and applied',
  rejected: 'Fund transaction rejected',
  ownRequest: 'Another admin must approve a fund transaction you requested.',
} as const;
