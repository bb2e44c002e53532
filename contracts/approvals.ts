import { z } from 'zod';
import { MSG } from './messages';
import { WALLET_MSG } from './wallet';
import { decimal, id, instant, route, type ResponseSpec, type RouteInput } from './route-contract';
import { blankToUndefined } from './fields';

/**
 * Maker-checker (issue 13): what one admin asks and another admin must approve, kept in `approval_requests`.
 * send_fund: a Send Fund credit or debit above the approval amount; payout_details: an admin's change of a member's
 * bank or crypto payout details; role_change: an existing user made admin (or founder); admin_invite: a new admin
 * account; credential_change (issue 29): an admin's change of another admin's or a founder's password, email, PIN or
 * two-factor, approved by a third person (never the target); comp_adjustment (issue 29): a compensation adjustment above
 * ADJUSTMENT_APPROVAL_ABOVE. The requester cannot approve; either admin may reject with a reason (the requester withdraws it so).
 */
export const APPROVAL_KINDS = ['send_fund', 'payout_details', 'role_change', 'admin_invite', 'credential_change', 'comp_adjustment', 'return_approval'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_KIND_LABELS: Record<ApprovalKind, string> = {
  send_fund: 'Send Fund',
  payout_details: 'Payout details',
  role_change: 'Role change',
  admin_invite: 'New admin',
  credential_change: 'Sign-in change',
  comp_adjustment: 'Income adjustment',
  return_approval: 'Return refund',
};

/** GET /api/admin/approvals?kind=&status= : every kind when `kind` is absent (or "all"); pending by default. */
export const ApprovalsQuery = z.object({
  kind: z.preprocess((v) => (v === 'all' ? undefined : blankToUndefined(v)), z.enum(APPROVAL_KINDS, { error: MSG.approvalKindInvalid }).optional()),
  status: z.preprocess(blankToUndefined, z.enum(APPROVAL_STATUSES, { error: MSG.approvalStatusInvalid }).default('pending')),
});
export const ApprovalIdParam = z.object({ id: z.uuid({ error: MSG.approvalNotFound }) });
export const RejectApprovalRequest = z.object({
  reason: z.string({ error: WALLET_MSG.rejectReasonRequired }).trim().min(1, { error: WALLET_MSG.rejectReasonRequired }).max(500, { error: 'At most 500 characters' }),
});

export const ApprovalPerson = z.strictObject({ userId: z.string(), name: z.string() });
export type ApprovalPerson = z.infer<typeof ApprovalPerson>;
/** One field the request would change: the value now and the value asked for (account numbers masked). */
export const ApprovalChange = z.strictObject({ field: z.string(), label: z.string(), from: z.string().nullable(), to: z.string().nullable() });
export type ApprovalChange = z.infer<typeof ApprovalChange>;

export const ApprovalView = z.strictObject({
  id,
  kind: z.enum(APPROVAL_KINDS),
  status: z.enum(APPROVAL_STATUSES),
  /** One line: "Credit of ₹60,000.00", "Bank payout details", "Role: Member → Admin", "New admin account". */
  summary: z.string(),
  /** What would change, old → new. */
  changes: z.array(ApprovalChange),
  /** Send Fund only: the credit or debit asked for. */
  fund: z.strictObject({ option: z.enum(['credit', 'debit']), amount: decimal }).nullable(),
  remarks: z.string().nullable(),
  /** The user the request is about (none for a new admin account, which does not exist yet). */
  member: ApprovalPerson.nullable(),
  requestedBy: ApprovalPerson.nullable(),
  reviewedBy: ApprovalPerson.nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: instant,
  reviewedAt: instant.nullable(),
});
export type ApprovalView = z.infer<typeof ApprovalView>;

/** The 202 answer of a request that waits for a second admin. */
export const ApprovalRequested = z.strictObject({ message: z.string(), approval: ApprovalView });
export type ApprovalRequested = z.infer<typeof ApprovalRequested>;

/**
 * A write that a second admin may have to approve: applied at once (200 with `answer`), or kept as an approval
 * request (202 ApprovalRequested), e.g. above the approval amount. Say in the summary when it waits.
 */
export const okOrApproval = <A extends ResponseSpec, T extends RouteInput = Record<never, never>>(summary: string, answer: A, input?: T) =>
  route(summary, { 200: answer, 202: ApprovalRequested }, input);
/** The same for a write that creates something: 201 with it, or 202 ApprovalRequested. */
export const createdOrApproval = <A extends ResponseSpec, T extends RouteInput = Record<never, never>>(summary: string, answer: A, input?: T) =>
  route(summary, { 201: answer, 202: ApprovalRequested }, input);

/**
 * The answer of an approval: the request as decided, plus what applying it made: a Send Fund's balance after it,
 * a new admin's ids.
 */
export const ApprovalDecided = z.strictObject({
  message: z.string(),
  approval: ApprovalView,
  balance: decimal.optional(),
  user: z.strictObject({ id, userId: z.string() }).optional(),
});
export type ApprovalDecided = z.infer<typeof ApprovalDecided>;
