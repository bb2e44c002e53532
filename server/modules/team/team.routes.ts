import type { AppContext } from '../../context';
import { identityOf, type RouteDef } from '../../http/routes';
import { actorOf } from '../../http/actor';
import { parse } from '../../http/validate';
import { perUser } from '../../http/rate-limit';
import { MSG } from '../../../contracts/messages';
import { BinaryTreeQuery, DownlineQuery, RecruitRequest, TeamMembersQuery, UplineDecisionRequest, RecruitIdParam as IdParam } from '../../../contracts/team';
import { binaryTree, directRecruits, downline, ownPipeline, teamStats, uplineQueue, decide, recruitLink } from './team.service';

/** Member tree reads and upline decisions (doc 3 §7), each limited to the member's own records. */
export function teamRoutes(ctx: AppContext): RouteDef[] {
  const me = (req: Parameters<typeof identityOf>[0]) => identityOf(req).user;
  return [
    { method: 'GET', url: '/api/binary-tree', access: 'member', handler: async (req) => binaryTree(ctx, me(req), parse(BinaryTreeQuery, req.query).rootId) },
    { method: 'GET', url: '/api/direct-recruits', access: 'member', handler: async (req) => directRecruits(ctx, me(req)) },
    { method: 'GET', url: '/api/team/members', access: 'member', handler: async (req) => directRecruits(ctx, me(req), parse(TeamMembersQuery, req.query).search) },
    { method: 'GET', url: '/api/team/pending-recruits', access: 'member', handler: async (req) => ownPipeline(ctx, me(req)) },
    { method: 'GET', url: '/api/team/downline', access: 'member', handler: async (req) => downline(ctx, me(req), parse(DownlineQuery, req.query)) },
    { method: 'GET', url: '/api/team/stats', access: 'member', handler: async (req) => teamStats(ctx, me(req)) },
    { method: 'GET', url: '/api/upline/pending-recruits', access: 'member', handler: async (req) => uplineQueue(ctx, me(req)) },
    {
      method: 'POST', url: '/api/upline/pending-recruits/:id/decide', access: 'member',
      handler: async (req) => decide(ctx, actorOf(req), parse(IdParam, req.params).id, parse(UplineDecisionRequest, req.body)),
    },
    {
      method: 'POST', url: '/api/team/recruit', access: 'member',
      rateLimits: [{ name: 'team-recruit-user', max: 30, windowMs: 60 * 60_000, message: MSG.tooManyRequests, keyOf: perUser }],
      handler: async (req, reply) => reply.status(201).send(await recruitLink(ctx, actorOf(req), parse(RecruitRequest, req.body))),
    },
  ];
}
