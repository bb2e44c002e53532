import type { AppContext } from '../../context';
import { get, patch, type RouteDef } from '../../http/routes';
import { actorOf } from '../../http/actor';
import { parse } from '../../http/validate';
import { AdminKycQuery, KycReviewRequest } from '../../../contracts/admin';
import { DocumentIdParam } from '../../../contracts/kyc';
import { KycUserParam } from '../../../contracts/admin-kyc';
import { kycQueue, userDocuments, decideDocument } from './review.service';

export function adminKycRoutes(ctx: AppContext): RouteDef[] {
  return [
    get('/api/admin/kyc', 'reviewer', async (req) => kycQueue(ctx, parse(AdminKycQuery, req.query).status)),
    get('/api/admin/kyc/:userId/documents', 'reviewer', async (req) => userDocuments(ctx, parse(KycUserParam, req.params).userId)),
    patch('/api/admin/kyc/:documentId', 'reviewer', async (req) => {
      const { documentId } = parse(DocumentIdParam, req.params);
      const input = parse(KycReviewRequest, req.body);
      return decideDocument(ctx, actorOf(req), documentId, input.status, input.rejectionReason);
    }),
  ];
}
