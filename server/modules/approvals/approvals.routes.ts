import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import { moneyHandler } from '../../http/idempotency';
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
    {
      method: 'POST',
      url: '/api/admin/approvals/:id/approve',
      access: 'admin',
      handler: moneyHandler(ctx, (req, actor, transact) => approveRequest(ctx, actor, transact, parse(ApprovalIdParam, req.params).id)),
    },
    {
      method: 'POST',
      url: '/api/admin/approvals/:id/reject',
      access: 'admin',
      handler: moneyHandler(ctx, (req, actor, transact) => rejectRequest(ctx, actor, transact, parse(ApprovalIdParam, req.params).id, parse(RejectApprovalRequest, req.body ?? {}).reason)),
    },
  ];
}
