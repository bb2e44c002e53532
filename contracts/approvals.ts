import { z } from 'zod';
import { MSG } from './messages';
import { WALLET_MSG } from './wallet';

/**
 * Maker-checker (issue 13): what one admin asks and another admin must approve, kept in `approval_requests`.
 * send_fund: a Send Fund credit or debit above the approval amount; payout_details: an admin's change of a member's
 * bank or crypto payout details; role_change: an existing user made admin (or founder); admin_invite: a new admin
 * account. The requester cannot approve; either admin may reject with a reason (the requester withdraws it so).
 */
export const APPROVAL_KINDS = ['send_fund', 'payout_details', 'role_change', 'admin_invite'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_KIND_LABELS: Record<ApprovalKind, string> = {
  send_fund: 'Send Fund',
  payout_details: 'Payout details',
  role_change: 'Role change',
  admin_invite: 'New admin',
};

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** GET /api/admin/approvals?kind=&status= : every kind when `kind` is absent (or "all"); pending by default. */
export const ApprovalsQuery = z.object({
  kind: z.preprocess((v) => (v === 'all' ? undefined : blankToUndefined(v)), z.enum(APPROVAL_KINDS, { error: MSG.approvalKindInvalid }).optional()),
  status: z.preprocess(blankToUndefined, z.enum(APPROVAL_STATUSES, { error: MSG.approvalStatusInvalid }).default('pending')),
});
export const ApprovalIdParam = z.object({ id: z.uuid({ error: MSG.approvalNotFound }) });
export const RejectApprovalRequest = z.object({
  reason: z.string({ error: WALLET_MSG.rejectReasonRequired }).trim().min(1, { error: WALLET_MSG.rejectReasonRequired }).max(500, { error: 'At most 500 characters' }),
});

export interface ApprovalPerson { userId: string; name: string }
/** One field the request would change: the value now and the value asked for (account numbers masked). */
export interface ApprovalChange { field: string; label: string; from: string | null; to: string | null }

export interface ApprovalView {
  id: string;
  kind: ApprovalKind;
  status: ApprovalStatus;
  /** One line: "Credit of ₹60,000.00", "Bank payout details", "Role: Member → Admin", "New admin account". */
  summary: string;
  /** What would change, old → new. */
  changes: ApprovalChange[];
  /** Send Fund only: the credit or debit asked for. */
  fund: { option: 'credit' | 'debit'; amount: string } | null;
  remarks: string | null;
  /** The user the request is about (none for a new admin account, which does not exist yet). */
  member: ApprovalPerson | null;
  requestedBy: ApprovalPerson | null;
  reviewedBy: ApprovalPerson | null;
  rejectionReason: string | null;
  createdAt: string;
  reviewedAt: string | null;
}

/** The 202 answer of a request that waits for a second admin. */
export interface ApprovalRequested { message: string; approval: ApprovalView }
