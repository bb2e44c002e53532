import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { get, post, identityOf, type RouteDef } from '../../http/routes';
import { actorOf } from '../../http/actor';
import { approveRejectRoutes } from '../../http/decision-routes';
import { parse } from '../../http/validate';
import { isUploadForm, readUploadForm } from '../../http/upload-form';
import { DOCUMENT_CSP } from '../../http/security';
import { notFound } from '../../core/app-error';
import { MSG } from '../../../contracts/messages';
import { KYC_MAX_BYTES } from '../../../contracts/constants';
import { DocumentQuery } from '../../../contracts/kyc';
import { FUND_PROOF_SIZE_MESSAGE, FUND_REQUEST_MSG, FundRequestCreate, FundRequestIdParam, FundRequestsQuery, RejectFundRequest } from '../../../contracts/fund-requests';
import { adminFundRequestList, approveFundRequest, createFundRequest, mayViewProof, ownFundRequests, rejectFundRequest, fundRequestWithProof } from './fund-requests.service';

/** A 5 MB proof is about 6.7 MB as base64, plus the JSON around it (as the KYC upload). */
const PROOF_BODY_LIMIT = 8 * 1024 * 1024;

/** The request's fields and proof: JSON with base64, or a multipart form with the file in `proofData`. */
async function requestFields(req: FastifyRequest) {
  if (!isUploadForm(req)) return parse(FundRequestCreate, req.body);
  const form = await readUploadForm(req, { proofData: { maxBytes: KYC_MAX_BYTES, sizeMessage: FUND_PROOF_SIZE_MESSAGE } });
  const file = form.files.proofData;
  const fields = parse(FundRequestCreate, { ...form.fields, proofData: file ? 'form' : '' });
  return { ...fields, proofData: file!.bytes, proofFilename: fields.proofFilename ?? (file!.filename || undefined) };
}

/** Wallet top-ups (issue 16): the member's requests and the admin's Manage Fund / Pending Fund Requests. */
export function fundRequestRoutes(ctx: AppContext): RouteDef[] {
  return [
    get('/api/fund-requests', 'member', async (req) => ownFundRequests(ctx, actorOf(req))),
    post('/api/fund-requests', { access: 'member', bodyLimit: PROOF_BODY_LIMIT, uploadForm: true, denyImpersonation: MSG.impersonationMoneyReadOnly }, async (req, reply) => {
      const a = await createFundRequest(ctx, actorOf(req), await requestFields(req));
      return reply.status(a.status).send(a.body);
    }),
    get('/api/fund-requests/:id/proof', 'session', async (req, reply) => {
      const { id } = parse(FundRequestIdParam, req.params);
      const { download } = parse(DocumentQuery, req.query);
      const found = await fundRequestWithProof(ctx, id);
      // Its member or an admin; anyone else is told it does not exist.
      if (!found || !mayViewProof(identityOf(req).user, found.r)) throw notFound(FUND_REQUEST_MSG.notFound);
      const type = found.r.proofContentType;
      const name = `top-up-${found.r.reference}.${type === 'application/pdf' ? 'pdf' : type === 'image/png' ? 'png' : 'jpg'}`;
      return reply
        .header('content-type', type)
        .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', DOCUMENT_CSP)
        .send(found.content);
    }),
    get('/api/admin/fund-requests', 'admin', async (req) => adminFundRequestList(ctx, parse(FundRequestsQuery, req.query))),
    ...approveRejectRoutes(ctx, '/api/admin/fund-requests', { idParam: FundRequestIdParam, rejectBody: RejectFundRequest }, approveFundRequest, rejectFundRequest),
  ];
}
