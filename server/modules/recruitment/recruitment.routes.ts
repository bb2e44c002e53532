import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import { actorOf } from '../../http/actor';
import { parse } from '../../http/validate';
import {
  ApproveRecruitRequest, PlacementParentsQuery, ReferralGenerateRequest, RejectRecruitRequest, RecruitIdParam as IdParam, RecruitListQuery as ListQuery,
} from '../../../contracts/team';
import { adminRecruitList, adminRecruitDocuments, approveRecruit, rejectRecruit } from './recruits.service';
import { generateLink, parentsForPlacement } from '../team/team.service';

/** Pending Recruits and the referral link generator (doc 2 §2.6-2.7): admins and founders. */
export function recruitmentRoutes(ctx: AppContext): RouteDef[] {
  return [
    { method: 'GET', url: '/api/admin/pending-recruits', access: 'reviewer', handler: async (req) => adminRecruitList(ctx, parse(ListQuery, req.query).status) },
    {
      method: 'POST', url: '/api/admin/pending-recruits/:id/approve', access: 'reviewer',
      handler: async (req) => approveRecruit(ctx, actorOf(req), parse(IdParam, req.params).id, parse(ApproveRecruitRequest, req.body ?? {})),
    },
    {
      method: 'DELETE', url: '/api/admin/pending-recruits/:id', access: 'reviewer',
      handler: async (req) => rejectRecruit(ctx, actorOf(req), parse(IdParam, req.params).id, parse(RejectRecruitRequest, req.body ?? {}).reason),
    },
    { method: 'GET', url: '/api/admin/pending-recruits/:id/documents', access: 'reviewer', handler: async (req) => adminRecruitDocuments(ctx, parse(IdParam, req.params).id) },
    {
      method: 'GET', url: '/api/admin/users-for-placement', access: 'reviewer',
      handler: async (req) => {
        const q = parse(PlacementParentsQuery, req.query);
        return parentsForPlacement(ctx, q.search, q.limit);
      },
    },
    {
      method: 'POST', url: '/api/referral/generate', access: 'reviewer',
      handler: async (req, reply) => reply.status(201).send(await generateLink(ctx, actorOf(req), parse(ReferralGenerateRequest, req.body))),
    },
  ];
}
