import type { AppContext } from '../../context';
import { del, get, post, type RouteDef } from '../../http/routes';
import { actorOf } from '../../http/actor';
import { parse } from '../../http/validate';
import { ApproveRecruitRequest, RejectRecruitRequest, RecruitIdParam as IdParam, RecruitListQuery as ListQuery } from '../../../contracts/team';
import { adminRecruitList, adminRecruitDocuments, approveRecruit, rejectRecruit } from './recruits.service';

/** Pending Recruits (doc 2 §2.6): admins and founders. The referral link generator and placement parents are the team's (team.routes.ts). */
export function recruitmentRoutes(ctx: AppContext): RouteDef[] {
  return [
    get('/api/admin/pending-recruits', 'reviewer', async (req) => adminRecruitList(ctx, parse(ListQuery, req.query).status)),
    post('/api/admin/pending-recruits/:id/approve', 'reviewer', async (req) => approveRecruit(ctx, actorOf(req), parse(IdParam, req.params).id, parse(ApproveRecruitRequest, req.body ?? {}))),
    del('/api/admin/pending-recruits/:id', 'reviewer', async (req) => rejectRecruit(ctx, actorOf(req), parse(IdParam, req.params).id, parse(RejectRecruitRequest, req.body ?? {}).reason)),
    get('/api/admin/pending-recruits/:id/documents', 'reviewer', async (req) => adminRecruitDocuments(ctx, parse(IdParam, req.params).id)),
  ];
}
