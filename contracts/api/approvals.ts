import { z } from 'zod';
import type { RouteContract } from '../route-contract';
import { ok } from '../route-contract';
import { ApprovalDecided, ApprovalIdParam, ApprovalsQuery, ApprovalView, RejectApprovalRequest } from '../approvals';

/** Maker-checker: requests waiting for a second admin. */
export const APPROVALS_API = {
  'GET /api/admin/approvals': ok('Requests by kind and status, newest first, with what each would change', z.array(ApprovalView), { query: ApprovalsQuery }),
  'POST /api/admin/approvals/:id/approve': ok('Approve and apply a request (another admin than the requester; step-up)', ApprovalDecided, { params: ApprovalIdParam }),
  'POST /api/admin/approvals/:id/reject': ok('Reject a request with a reason; nothing is applied', ApprovalDecided, { params: ApprovalIdParam, body: RejectApprovalRequest }),
} as const satisfies Record<string, RouteContract>;
