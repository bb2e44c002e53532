import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import { actorWithTransactor } from '../../http/idempotency';
import { parse } from '../../http/validate';
import type { Answer } from '../../core/transactor';
import { ApprovalIdParam, ApprovalsQuery, RejectApprovalRequest } from '../../../contracts/approvals';
import { approveRequest, listRequests, rejectRequest } from './approvals.service';

const send = async (reply: FastifyReply, answer: Promise<Answer<unknown>>) => {
  const a = await answer;
  return reply.status(a.status).send(a.body);
};

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
      handler: async (req, reply) => {
        const { actor, transact } = actorWithTransactor(ctx, req);
        return send(reply, approveRequest(ctx, actor, transact, parse(ApprovalIdParam, req.params).id));
      },
    },
    {
      method: 'POST',
      url: '/api/admin/approvals/:id/reject',
      access: 'admin',
      handler: async (req, reply) => {
        const { actor, transact } = actorWithTransactor(ctx, req);
        return send(reply, rejectRequest(ctx, actor, transact, parse(ApprovalIdParam, req.params).id, parse(RejectApprovalRequest, req.body ?? {}).reason));
      },
    },
  ];
}
