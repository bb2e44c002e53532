import type { RouteContract } from '../route-contract';
import { file, created, ok } from '../route-contract';
import { ALLOWED_CONTENT_TYPES, DocumentQuery } from '../kyc';
import { AdminFundRequests, FundRequestAnswer, FundRequestCreate, FundRequestIdParam, FundRequestsQuery, MemberFundRequests, RejectFundRequest } from '../fund-requests';

/** Wallet top-ups by bank transfer or UPI (issue 16): the member's requests, the admin's Manage Fund and Pending Fund Requests. */
export const FUND_REQUESTS_API = {
  'GET /api/fund-requests': ok("Own top-up requests, newest first, with the limits and today's use", MemberFundRequests),
  'POST /api/fund-requests': created('Ask to top up the wallet: method (bank or upi), amount, reference number and a proof (JPEG, PNG or PDF, 5 MB)', FundRequestAnswer, { body: FundRequestCreate }),
  'GET /api/fund-requests/:id/proof': ok("A request's proof: to its member or an admin (sandboxed)", file(ALLOWED_CONTENT_TYPES, 'The proof as stored (re-encoded image or PDF)'), {
    params: FundRequestIdParam,
    query: DocumentQuery,
  }),
  'GET /api/admin/fund-requests': ok('Every top-up request (or those of one status), newest first, with counts and the limits', AdminFundRequests, { query: FundRequestsQuery }),
  'POST /api/admin/fund-requests/:id/approve': ok('Approve a pending top-up: the wallet is credited through the ledger (step-up; Idempotency-Key)', FundRequestAnswer, { params: FundRequestIdParam }),
  'POST /api/admin/fund-requests/:id/reject': ok('Reject a pending top-up with a reason; nothing is credited', FundRequestAnswer, { params: FundRequestIdParam, body: RejectFundRequest }),
} as const satisfies Record<string, RouteContract>;
