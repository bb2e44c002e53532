import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import { actorOf } from '../../http/actor';
import { parse } from '../../http/validate';
import { ApproveRecruitRequest, RejectRecruitRequest, RecruitIdParam as IdParam, RecruitListQuery as ListQuery } from '../../../contracts/team';
import { adminRecruitList, adminRecruitDocuments, approveRecruit, rejectRecruit } from './recruits.service';

/** Pending Recruits (doc 2 §2.6): admins and founders. The referral link generator and placement parents are the team's (team.routes.ts). */
export function recruitmentRoutes(ctx: AppContext): RouteDef[] {
  return [
    { method: 'GET', url: '/api/admin/pending-recruits', access: 'reviewer', handler: async (req) => adminRecruitList(ctx, parse(ListQuery, req.query).status) },
    {
      method: 'POST',
      url: '/api/admin/pending-recruits/:id/approve',
      access: 'reviewer',
      handler: async (req) => approveRecruit(ctx, actorOf(req), parse(IdParam, req.params).id, parse(ApproveRecruitRequest, req.body ?? {})),
    },
    {
      method: 'DELETE',
      url: '/api/admin/pending-recruits/:id',
      access: 'reviewer',
      handler: async (req) => rejectRecruit(ctx, actorOf(req), parse(IdParam, req.params).id, parse(RejectRecruitRequest, req.body ?? {}).reason),
    },
    { method: 'GET', url: '/api/admin/pending-recruits/:id/documents', access: 'reviewer', handler: async (req) => adminRecruitDocuments(ctx, parse(IdParam, req.params).id) },
  ];
}
