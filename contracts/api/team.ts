import { z } from 'zod';
import type { RouteContract } from '../route-contract';
import { Message } from '../route-contract';
import {
  AdminPendingRecruitList, ApproveRecruitRequest, BinaryTreeQuery, BinaryTreeResponse, DirectRecruit, DownlineQuery, DownlineResponse, PlacementParent,
  PlacementParentsQuery, RecruitApproved, RecruitDocument, RecruitIdParam, RecruitListQuery, RecruitRequest, RecruitResponse, ReferralGenerateRequest,
  ReferralGenerateResponse, RejectRecruitRequest, TeamMembersQuery, TeamPendingRecruit, TeamStats, UplineDecisionRequest, UplinePendingRecruit,
  GenealogySearchQuery, GenealogySearchResult, GenealogyExtremeQuery, GenealogyExtremeResult,
} from '../team';

/** The member's tree and recruits; the reviewers' pending recruits and referral links. */
export const TEAM_API = {
  'GET /api/binary-tree': { summary: 'Own tree (or a subtree of it), two levels deep or up to five (?depth)', query: BinaryTreeQuery, response: { 200: BinaryTreeResponse } },
  'GET /api/binary-tree/search': { summary: 'Members of the own downline by user ID or name, with the path to each', query: GenealogySearchQuery, response: { 200: z.array(GenealogySearchResult) } },
  'GET /api/binary-tree/extreme': { summary: 'The last member down one side (where spillover lands)', query: GenealogyExtremeQuery, response: { 200: GenealogyExtremeResult } },
  'GET /api/admin/binary-tree': { summary: 'The whole tree from its root (or any subtree), up to five levels', query: BinaryTreeQuery, response: { 200: BinaryTreeResponse } },
  'GET /api/admin/binary-tree/search': { summary: 'Any member by user ID or name, with the path from the root', query: GenealogySearchQuery, response: { 200: z.array(GenealogySearchResult) } },
  'GET /api/admin/binary-tree/extreme': { summary: 'The last member down one side of any subtree', query: GenealogyExtremeQuery, response: { 200: GenealogyExtremeResult } },
  'GET /api/direct-recruits': { summary: 'Own sponsored members', response: { 200: z.array(DirectRecruit) } },
  'GET /api/team/members': { summary: 'Own sponsored members, searchable', query: TeamMembersQuery, response: { 200: z.array(DirectRecruit) } },
  'GET /api/team/pending-recruits': { summary: 'Own recruits in the pipeline', response: { 200: z.array(TeamPendingRecruit) } },
  'GET /api/team/downline': { summary: 'Own downline, up to 10 levels, with figures per level', query: DownlineQuery, response: { 200: DownlineResponse } },
  'GET /api/team/stats': { summary: 'Own team figures and rank progress', response: { 200: TeamStats } },
  'GET /api/upline/pending-recruits': { summary: "Recruits awaiting this member's placement decision", response: { 200: z.array(UplinePendingRecruit) } },
  'POST /api/upline/pending-recruits/:id/decide': { summary: 'Approve with a position, or reject', params: RecruitIdParam, body: UplineDecisionRequest, response: { 200: Message } },
  'POST /api/team/recruit': { summary: 'A referral link for a new recruit', body: RecruitRequest, response: { 201: RecruitResponse } },
  'GET /api/admin/pending-recruits': { summary: 'Registrations in the pipeline, with counts', query: RecruitListQuery, response: { 200: AdminPendingRecruitList } },
  'POST /api/admin/pending-recruits/:id/approve': {
    summary: 'Place, activate and decide KYC; the credentials are mailed', params: RecruitIdParam, body: ApproveRecruitRequest, response: { 200: RecruitApproved },
  },
  'DELETE /api/admin/pending-recruits/:id': { summary: 'Reject a registration with a reason', params: RecruitIdParam, body: RejectRecruitRequest, response: { 200: Message } },
  'GET /api/admin/pending-recruits/:id/documents': { summary: "A registration's documents", params: RecruitIdParam, response: { 200: z.array(RecruitDocument) } },
  'GET /api/admin/users-for-placement': { summary: 'Members with a free side to place under', query: PlacementParentsQuery, response: { 200: z.array(PlacementParent) } },
  'POST /api/referral/generate': { summary: 'A referral link with a placement', body: ReferralGenerateRequest, response: { 201: ReferralGenerateResponse } },
} as const satisfies Record<string, RouteContract>;
