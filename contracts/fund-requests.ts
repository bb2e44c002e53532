import { z } from 'zod';
import { decimal, id } from './route-contract';
import { moneyField, WALLET_MSG } from './wallet';
import { MSG } from './messages';
import { memberOwnerFields, walletRequestDecisionFields } from './answer-fields';
import { blankToUndefined } from './fields';

/**
 * Fund requests (issue 16; doc 2 §2.2 Fund Management: Manage Fund, Pending Fund Requests): a member asks to top up
 * the wallet after paying the company by bank transfer or UPI, with the payment's reference number and a proof
 * (a screenshot or receipt, checked like a KYC document); an admin approves (the wallet is credited through the
 * ledger) or rejects with a reason.
 */
export const FUND_REQUEST_METHODS = ['bank', 'upi'] as const;
export type FundRequestMethod = (typeof FUND_REQUEST_METHODS)[number];
export const FUND_REQUEST_METHOD_LABELS: Record<FundRequestMethod, string> = { bank: 'Bank Transfer', upi: 'UPI' };
export const FUND_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type FundRequestStatus = (typeof FUND_REQUEST_STATUSES)[number];

export const FUND_REQUEST_MSG = {
  methodRequired: 'Choose Bank Transfer or UPI',
  referenceRequired: 'Reference number is required',
  referenceFormat: 'The reference number has 6 to 40 letters, digits or dashes',
  proofRequired: 'Please attach the payment proof (a screenshot or receipt).',
  aboveMax: 'A single top-up request may be at most',
  dailyLimit: 'Your top-up requests today would pass the daily limit of',
  duplicateReference: 'A top-up with this reference number was already submitted.',
  submitted: 'Top-up request submitted. An admin will check the payment and credit your wallet.',
  approved: 'Fund request approved; the wallet is credited',
  rejected: 'Fund request rejected',
  notFound: 'Fund request not found',
  notPending: 'Only a pending fund request can be approved or rejected.',
  ownRequest: 'Another admin must decide a fund request of your own wallet.',
} as const;

/** POST /api/fund-requests: JSON with the proof as base64 (or a data URL), or a multipart form with the file in `proofData`. */
export const FundRequestCreate = z.object({
  method: z.enum(FUND_REQUEST_METHODS, { error: FUND_REQUEST_MSG.methodRequired }),
  amount: moneyField(),
  reference: z.preprocess(
    blankToUndefined,
    z
      .string({ error: FUND_REQUEST_MSG.referenceRequired })
      .trim()
      .regex(/^[A-Za-z0-9-]{6,40}$/, { error: FUND_REQUEST_MSG.referenceFormat })
      .transform((v) => v.toUpperCase()),
  ),
  proofData: z.string({ error: FUND_REQUEST_MSG.proofRequired }).min(1, { error: FUND_REQUEST_MSG.proofRequired }),
  proofFilename: z.preprocess(blankToUndefined, z.string().trim().max(255).optional()),
});
export type FundRequestCreate = z.input<typeof FundRequestCreate>;
/** The form's fields without the file (the web form validates these; the file is checked by its own rules). */
export const FundRequestFields = FundRequestCreate.omit({ proofData: true, proofFilename: true });

export const FundRequestIdParam = z.object({ id: z.uuid({ error: FUND_REQUEST_MSG.notFound }) });
export const RejectFundRequest = z.object({ reason: z.string({ error: WALLET_MSG.rejectReasonRequired }).trim().min(1, { error: WALLET_MSG.rejectReasonRequired }).max(500) });
export const FundRequestsQuery = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum([...FUND_REQUEST_STATUSES, 'all']).default('all')),
  search: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
});

// ---- answers ----
export const FundRequestView = z.strictObject({
  id,
  method: z.enum(FUND_REQUEST_METHODS),
  amount: decimal,
  reference: z.string(),
  status: z.enum(FUND_REQUEST_STATUSES),
  /** GET it to see the proof (the member's own, or an admin). */
  proofUrl: z.string(),
  proofContentType: z.string(),
  ...walletRequestDecisionFields,
});
export type FundRequestView = z.infer<typeof FundRequestView>;

/** The configured limits (FUND_REQUEST_MAX_AMOUNT, FUND_REQUEST_DAILY_LIMIT), in rupees. */
export const FundRequestLimits = z.strictObject({ maxPerRequest: decimal, dailyLimit: decimal });
export type FundRequestLimits = z.infer<typeof FundRequestLimits>;

/** GET /api/fund-requests: the member's own requests and how much of today's limit is left. */
export const MemberFundRequests = z.strictObject({
  limits: FundRequestLimits.extend({ usedToday: decimal, leftToday: decimal }),
  items: z.array(FundRequestView),
});
export type MemberFundRequests = z.infer<typeof MemberFundRequests>;

export const AdminFundRequest = FundRequestView.extend({
  ...memberOwnerFields,
  processedBy: z.string().nullable(),
});
export type AdminFundRequest = z.infer<typeof AdminFundRequest>;
export const AdminFundRequests = z.strictObject({
  limits: FundRequestLimits,
  /** Counts by status (all of them, whatever the filter). */
  counts: z.strictObject({ pending: z.number().int(), approved: z.number().int(), rejected: z.number().int() }),
  /** Sum of the pending requests' amounts. */
  pendingTotal: decimal,
  items: z.array(AdminFundRequest),
});
export type AdminFundRequests = z.infer<typeof AdminFundRequests>;

export const FundRequestAnswer = z.strictObject({ message: z.string(), request: FundRequestView });
export type FundRequestAnswer = z.infer<typeof FundRequestAnswer>;

/** The proof's size limit is the KYC page's (docs/spec/decisions.md §7). */
export const FUND_PROOF_SIZE_MESSAGE = MSG.kycFileSize;
