import { z } from 'zod';
import type { RouteContract } from '../route-contract';
import {
  ActivityItem, AdminFranchiseRequestList, AdminTicketList, FounderStats, FranchiseDashboard, FranchiseDecided, FranchiseDecision, FranchiseRequestIdParam,
  FranchiseRequestInput, FranchiseRequestView, FranchiseStatusQuery, HiddenIdCreated, HiddenIdInput, HiddenIdItem, KycInfo, NewsIdParam, NewsInput, NewsPatch,
  NewsView, TicketIdParam, TicketInput, TicketQuery, TicketUpdate, TicketUpdated, TicketView,
} from '../engagement';

/** Franchise requests, support tickets, news, the founder's portal and the member's dashboard cards. */
export const ENGAGEMENT_API = {
  'GET /api/franchise-requests': { summary: 'Own franchise requests', response: { 200: z.array(FranchiseRequestView) } },
  'POST /api/franchise-requests': { summary: 'Apply for a franchise', body: FranchiseRequestInput, response: { 201: FranchiseRequestView } },
  'GET /api/admin/franchise-requests': { summary: 'Franchise requests by status, with counts', query: FranchiseStatusQuery, response: { 200: AdminFranchiseRequestList } },
  'PATCH /api/admin/franchise-requests/:id': {
    summary: "Approve (sets the member's franchise role) or reject", params: FranchiseRequestIdParam, body: FranchiseDecision, response: { 200: FranchiseDecided },
  },
  'GET /api/support-tickets': { summary: 'Own support tickets', response: { 200: z.array(TicketView) } },
  'POST /api/support-tickets': { summary: 'Open a support ticket', body: TicketInput, response: { 201: TicketView } },
  'GET /api/admin/support-tickets': { summary: 'Tickets with the admins to assign and counts by status', query: TicketQuery, response: { 200: AdminTicketList } },
  'PATCH /api/admin/support-tickets/:id': { summary: 'Status, priority, assignee and resolution of a ticket', params: TicketIdParam, body: TicketUpdate, response: { 200: TicketUpdated } },
  'GET /api/news': { summary: 'Live news: active, published, not expired', response: { 200: z.array(NewsView) } },
  'GET /api/admin/news': { summary: 'Every news item with its state', response: { 200: z.array(NewsView) } },
  'POST /api/admin/news': { summary: 'Write a news item', body: NewsInput, response: { 201: NewsView } },
  'PATCH /api/admin/news/:id': { summary: 'Edit a news item', params: NewsIdParam, body: NewsPatch, response: { 200: NewsView } },
  'GET /api/founder/stats': { summary: "The founder's figures", response: { 200: FounderStats } },
  'GET /api/founder/hidden-ids': { summary: "The founder's hidden IDs", response: { 200: z.array(HiddenIdItem) } },
  'POST /api/founder/create-hidden-id': { summary: 'A hidden ID in a leg of the founder (at most 20)', body: HiddenIdInput, response: { 201: HiddenIdCreated } },
  'GET /api/user/kyc-info': { summary: 'Own KYC summary: the four tiles and the deadline', response: { 200: KycInfo } },
  'GET /api/dashboard/activity': { summary: 'Own recent activity', response: { 200: z.array(ActivityItem) } },
  'GET /api/franchise/dashboard': { summary: "A franchise holder's sales, team and wallet figures", response: { 200: FranchiseDashboard } },
} as const satisfies Record<string, RouteContract>;
