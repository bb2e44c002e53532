import { z } from 'zod';
import type { RouteContract } from '../route-contract';
import { created, file, ok } from '../route-contract';
import { okOrApproval } from '../approvals';
import {
  AdminReturnCreate,
  AdminReturnsQuery,
  OwnReturns,
  ReturnApprove,
  ReturnCreate,
  ReturnIdParam,
  ReturnPage,
  ReturnReceive,
  ReturnRefund,
  ReturnReject,
  ReturnsReport,
  ReturnsReportQuery,
  ReturnView,
} from '../returns';

const Done = z.strictObject({ message: z.string(), return: ReturnView });
const PDF = file(['application/pdf'], 'The GST credit note (PDF)');
/** What an admin's step on a return takes: the return's id in the path and the step's body; each answers `Done`. */
const step = <B extends z.ZodType>(body: B) => ({ params: ReturnIdParam, body });

/** Returns, refunds and credit notes (docs/spec/returns.md §7; issue 32). */
export const RETURNS_API = {
  'GET /api/returns': ok("Own returns (a franchise holder's counter-sale returns too) and what can still be returned", OwnReturns),
  'POST /api/returns': created('Ask to return part or all of an own purchase, or of a counter sale the franchise made, within the cooling-off window', Done, { body: ReturnCreate }),
  'GET /api/returns/:id': ok('An own return with its history, refund and credit note', ReturnView, { params: ReturnIdParam }),
  'GET /api/returns/:id/credit-note': ok('The credit note of an own refunded return', PDF, { params: ReturnIdParam }),
  'GET /api/admin/returns': ok('Every return, newest first, by status and search', ReturnPage, { query: AdminReturnsQuery }),
  'POST /api/admin/returns': created("A return for anyone's sale; after the window for defective, damaged or wrong goods", Done, { body: AdminReturnCreate }),
  'GET /api/admin/returns/report': ok('Returns by product and reason and the rate of returns', ReturnsReport, { query: ReturnsReportQuery }),
  'GET /api/admin/returns/:id': ok('A return with its timeline', ReturnView, { params: ReturnIdParam }),
  'GET /api/admin/returns/:id/credit-note': ok("A refunded return's credit note", PDF, { params: ReturnIdParam }),
  'POST /api/admin/returns/:id/approve': okOrApproval('Approve a requested return: its BV leaves the tree; above RETURN_APPROVAL_ABOVE it waits for a second admin (202)', Done, step(ReturnApprove)),
  'POST /api/admin/returns/:id/reject': ok('Reject a requested return with the reason', Done, step(ReturnReject)),
  'POST /api/admin/returns/:id/receive': ok("The goods are back: into the company's or the franchise's stock", Done, step(ReturnReceive)),
  'POST /api/admin/returns/:id/refund': ok('Refund to the wallet or record an external refund (step-up); issues the credit note', Done, step(ReturnRefund)),
} as const satisfies Record<string, RouteContract>;
