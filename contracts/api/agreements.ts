import { z } from 'zod';
import type { RouteContract } from '../route-contract';
import { created, file, ok } from '../route-contract';
import { AcceptAgreementRequest, AdminAgreements, AgreementVersionView, CurrentAgreement, MemberAcceptances, MyAgreement, PublishAgreementRequest } from '../agreements';

const UserIdParam = z.object({ id: z.uuid() });
const PdfQuery = z.object({ download: z.enum(['1', 'true']).optional() });

/** The Direct Seller Agreement (issue 32): its versions, the members' acceptances and the accepted text as a PDF. */
export const AGREEMENTS_API = {
  'GET /api/agreement/current': ok('The Direct Seller Agreement in force, for the joining forms (null before any is published)', CurrentAgreement),
  'GET /api/agreement': ok("The agreement in force, the member's latest acceptance and whether they must accept now", MyAgreement),
  'POST /api/agreement/accept': ok('Accept the version in force (recorded with time, address and browser)', MyAgreement, { body: AcceptAgreementRequest }),
  'GET /api/agreement/pdf': ok('The agreement the member last accepted, as a PDF with the acceptance', file(['application/pdf'], 'The accepted agreement'), { query: PdfQuery }),
  'GET /api/admin/agreements': ok('Every version of the agreement, newest first, and the one in force', AdminAgreements),
  'POST /api/admin/agreements': created('Publish a new version of the agreement, in force at once (audited); members accept it at their next sign-in', AgreementVersionView, {
    body: PublishAgreementRequest,
  }),
  'GET /api/admin/users/:id/agreements': ok("A member's acceptances of the agreement, newest first", MemberAcceptances, { params: UserIdParam }),
} as const satisfies Record<string, RouteContract>;
