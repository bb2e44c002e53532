import type { RouteContract } from '../route-contract';
import { file } from '../route-contract';
import { ALLOWED_CONTENT_TYPES, DocumentQuery } from '../kyc';
import { AdminFundRequests, FundRequestAnswer, FundRequestCreate, FundRequestIdParam, FundRequestsQuery, MemberFundRequests, RejectFundRequest } from '../fund-requests';

/** Wallet top-ups by bank transfer or UPI (issue 16): the member's requests, the admin's Manage Fund and Pending Fund Requests. */
export const FUND_REQUESTS_API = {
  'GET /api/fund-requests': { summary: "Own top-up requests, newest first, with the limits and today's use", response: { 200: MemberFundRequests } },
  'POST /api/fund-requests': {
    summary: 'Ask to top up the wallet: method (bank or upi), amount, reference number and a proof (JPEG, PNG or PDF, 5 MB)',
    body: FundRequestCreate,
    response: { 201: FundRequestAnswer },
  },
  'GET /api/fund-requests/:id/proof': {
    summary: "A request's proof: to its member or an admin (sandboxed)",
    params: FundRequestIdParam,
    query: DocumentQuery,
    response: { 200: file(ALLOWED_CONTENT_TYPES, 'The proof as stored (re-encoded image or PDF)') },
  },
  'GET /api/admin/fund-requests': {
    summary: 'Every top-up request (or those of one status), newest first, with counts and the limits',
    query: FundRequestsQuery,
    response: { 200: AdminFundRequests },
  },
  'POST /api/admin/fund-requests/:id/approve': {
    summary: 'Approve a pending top-up: the wallet is credited through the ledger (step-up; Idempotency-Key)',
    params: FundRequestIdParam,
    response: { 200: FundRequestAnswer },
  },
  'POST /api/admin/fund-requests/:id/reject': {
    summary: 'Reject a pending top-up with a reason; nothing is credited',
    params: FundRequestIdParam,
    body: RejectFundRequest,
    response: { 200: FundRequestAnswer },
  },
} as const satisfies Record<string, RouteContract>;
