import type { AppContext } from '../../context';
import { identityOf, type RouteDef } from '../../http/routes';
import { actorOf } from '../../http/actor';
import { parse } from '../../http/validate';
import { perUser } from '../../http/rate-limit';
import { MSG } from '../../../contracts/messages';
import {
  BinaryTreeQuery,
  DownlineQuery,
  RecruitRequest,
  TeamMembersQuery,
  UplineDecisionRequest,
  RecruitIdParam as IdParam,
  GenealogySearchQuery,
  GenealogyExtremeQuery,
  PlacementParentsQuery,
  ReferralGenerateRequest,
} from '../../../contracts/team';
import { directRecruits, downline, teamStats } from './team.service';
import { binaryTree, extremeOf, ownScope, searchTree, type TreeScope } from './genealogy.service';
import { decide, generateLink, ownPipeline, parentsForPlacement, recruitLink, uplineQueue } from './recruiting.service';
import { findRootFounder } from '../users';
import { notFound } from '../../core/app-error';

/** Member tree reads and upline decisions (doc 3 §7), each limited to the member's own records. */
export function teamRoutes(ctx: AppContext): RouteDef[] {
  const me = (req: Parameters<typeof identityOf>[0]) => identityOf(req).user;
  const mine = (req: Parameters<typeof identityOf>[0]): Promise<TreeScope> => ownScope(ctx, me(req));
  // An admin explores the whole tree, from its root.
  const whole = async (req: Parameters<typeof identityOf>[0]): Promise<TreeScope> => {
    const root = await findRootFounder(ctx.db);
    if (!root) throw notFound(MSG.memberNotFound);
    return { viewer: me(req), top: root };
  };
  const treeOf = async (scope: TreeScope, query: unknown) => {
    const q = parse(BinaryTreeQuery, query);
    return binaryTree(ctx, scope, q.rootId, q.depth);
  };
  const extreme = async (scope: TreeScope, query: unknown) => {
    const q = parse(GenealogyExtremeQuery, query);
    return extremeOf(ctx, scope, q.rootId, q.side);
  };
  return [
    // The genealogy explorer (issue 15): deeper levels, search with the path, the extreme left or right; members in
    // their own downline, admins in the whole tree.
    { method: 'GET', url: '/api/binary-tree/search', access: 'member', handler: async (req) => searchTree(ctx, await mine(req), parse(GenealogySearchQuery, req.query).q) },
    { method: 'GET', url: '/api/binary-tree/extreme', access: 'member', handler: async (req) => extreme(await mine(req), req.query) },
    { method: 'GET', url: '/api/admin/binary-tree', access: 'admin', handler: async (req) => treeOf(await whole(req), req.query) },
    { method: 'GET', url: '/api/admin/binary-tree/search', access: 'admin', handler: async (req) => searchTree(ctx, await whole(req), parse(GenealogySearchQuery, req.query).q) },
    { method: 'GET', url: '/api/admin/binary-tree/extreme', access: 'admin', handler: async (req) => extreme(await whole(req), req.query) },
    { method: 'GET', url: '/api/binary-tree', access: 'member', handler: async (req) => treeOf(await mine(req), req.query) },
    { method: 'GET', url: '/api/direct-recruits', access: 'member', handler: async (req) => directRecruits(ctx, me(req)) },
    { method: 'GET', url: '/api/team/members', access: 'member', handler: async (req) => directRecruits(ctx, me(req), parse(TeamMembersQuery, req.query).search) },
    { method: 'GET', url: '/api/team/pending-recruits', access: 'member', handler: async (req) => ownPipeline(ctx, me(req)) },
    { method: 'GET', url: '/api/team/downline', access: 'member', handler: async (req) => downline(ctx, me(req), parse(DownlineQuery, req.query)) },
    { method: 'GET', url: '/api/team/stats', access: 'member', handler: async (req) => teamStats(ctx, me(req)) },
    { method: 'GET', url: '/api/upline/pending-recruits', access: 'member', handler: async (req) => uplineQueue(ctx, me(req)) },
    {
      method: 'POST',
      url: '/api/upline/pending-recruits/:id/decide',
      access: 'member',
      handler: async (req) => decide(ctx, actorOf(req), parse(IdParam, req.params).id, parse(UplineDecisionRequest, req.body)),
    },
    {
      method: 'POST',
      url: '/api/team/recruit',
      access: 'member',
      rateLimits: [{ name: 'team-recruit-user', max: 30, windowMs: 60 * 60_000, message: MSG.tooManyRequests, keyOf: perUser }],
      handler: async (req, reply) => reply.status(201).send(await recruitLink(ctx, actorOf(req), parse(RecruitRequest, req.body))),
    },
    // The admin's referral link generator and the parents a placement may go under (doc 2 §2.7).
    {
      method: 'GET',
      url: '/api/admin/users-for-placement',
      access: 'reviewer',
      handler: async (req) => {
        const q = parse(PlacementParentsQuery, req.query);
        return parentsForPlacement(ctx, q.search, q.limit);
      },
    },
    {
      method: 'POST',
      url: '/api/referral/generate',
      access: 'reviewer',
      handler: async (req, reply) => reply.status(201).send(await generateLink(ctx, actorOf(req), parse(ReferralGenerateRequest, req.body))),
    },
  ];
}
