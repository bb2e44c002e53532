import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import { approveRejectRoutes } from '../../http/decision-routes';
import { parse } from '../../http/validate';
import { ApprovalIdParam, ApprovalsQuery, RejectApprovalRequest } from '../../../contracts/approvals';
import { approveRequest, listRequests, rejectRequest } from './approvals.service';

/**
 * Maker-checker (issue 13): every request that waits for a second admin (Send Fund above the approval amount, payout
 * details, role changes, new admins), listed by kind and status and decided by id. Decisions take an Idempotency-Key
 * like the other money decisions (an approved Send Fund moves money).
 */
export function approvalRoutes(ctx: AppContext): RouteDef[] {
  return [
    { method: 'GET', url: '/api/admin/approvals', access: 'admin', handler: async (req) => listRequests(ctx, parse(ApprovalsQuery, req.query)) },
    ...approveRejectRoutes(ctx, '/api/admin/approvals', { idParam: ApprovalIdParam, rejectBody: RejectApprovalRequest }, approveRequest, rejectRequest),
  ];
}
