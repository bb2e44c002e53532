import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import { actorOf } from '../../http/actor';
import { parse } from '../../http/validate';
import { AdminKycQuery, KycReviewRequest } from '../../../contracts/admin';
import { DocumentIdParam } from '../../../contracts/kyc';
import { KycUserParam } from '../../../contracts/admin-kyc';
import { kycQueue, userDocuments, decideDocument } from './review.service';

export function adminKycRoutes(ctx: AppContext): RouteDef[] {
  return [
    { method: 'GET', url: '/api/admin/kyc', access: 'reviewer', handler: async (req) => kycQueue(ctx, parse(AdminKycQuery, req.query).status) },
    {
      method: 'GET',
      url: '/api/admin/kyc/:userId/documents',
      access: 'reviewer',
      handler: async (req) => userDocuments(ctx, parse(KycUserParam, req.params).userId),
    },
    {
      method: 'PATCH',
      url: '/api/admin/kyc/:documentId',
      access: 'reviewer',
      handler: async (req) => {
        const { documentId } = parse(DocumentIdParam, req.params);
        const input = parse(KycReviewRequest, req.body);
        return decideDocument(ctx, actorOf(req), documentId, input.status, input.rejectionReason);
      },
    },
  ];
}
