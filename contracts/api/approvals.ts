import { z } from 'zod';
import type { RouteContract } from '../route-contract';
import { ApprovalDecided, ApprovalIdParam, ApprovalsQuery, ApprovalView, RejectApprovalRequest } from '../approvals';

/** Maker-checker: requests waiting for a second admin. */
export const APPROVALS_API = {
  'GET /api/admin/approvals': { summary: 'Requests by kind and status, newest first, with what each would change', query: ApprovalsQuery, response: { 200: z.array(ApprovalView) } },
  'POST /api/admin/approvals/:id/approve': { summary: 'Approve and apply a request (another admin than the requester; step-up)', params: ApprovalIdParam, response: { 200: ApprovalDecided } },
  'POST /api/admin/approvals/:id/reject': { summary: 'Reject a request with a reason; nothing is applied', params: ApprovalIdParam, body: RejectApprovalRequest, response: { 200: ApprovalDecided } },
} as const satisfies Record<string, RouteContract>;
