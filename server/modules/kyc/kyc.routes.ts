import type { AppContext } from '../../context';
import { get, post, put, identityOf, type RouteDef } from '../../http/routes';
import { actorOf } from '../../http/actor';
import { parse } from '../../http/validate';
import { notFound } from '../../core/app-error';
import { DOCUMENT_CSP } from '../../http/security';
import { KycUploadRequest, KycReplaceRequest, DocumentIdParam, DocumentQuery, IdParam } from '../../../contracts';
import { findDocumentWithBlob, listOwnDocuments, uploadDocument, replaceOwnDocument } from './kyc.service';
import type { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { isUploadForm, readUploadForm } from '../../http/upload-form';
import { badRequest } from '../../core/app-error';
import { KYC_MAX_BYTES } from '../../../contracts/constants';
import { MSG } from '../../../contracts/messages';

/** A 5 MB file is about 6.7 MB as base64, plus the JSON around it. */
const KYC_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * The upload's fields and file: a JSON body with the file as base64 (doc 1 §7), or a `multipart/form-data` form
 * read as a stream (the file in a part named `documentData`; upload-form.ts stops reading past 5 MB).
 */
type UploadFields = { documentData: string | Buffer; documentFilename?: string };
async function uploadFields<S extends z.ZodType>(req: FastifyRequest, schema: S): Promise<z.output<S> & UploadFields> {
  if (!isUploadForm(req)) return parse(schema, req.body) as z.output<S> & UploadFields;
  const form = await readUploadForm(req, { documentData: { maxBytes: KYC_MAX_BYTES, sizeMessage: MSG.kycFileSize } });
  const fields = parse(schema, { ...form.fields, documentData: 'form' }) as z.output<S> & UploadFields;
  const file = form.files.documentData;
  if (!file) throw badRequest(MSG.kycFileRequired, { documentData: [MSG.kycFileRequired] });
  return { ...fields, documentData: file.bytes, documentFilename: fields.documentFilename ?? (file.filename || undefined) };
}

export function kycRoutes(ctx: AppContext): RouteDef[] {
  return [
    get('/api/kyc', 'session', async (req) => listOwnDocuments(ctx, actorOf(req))),
    post('/api/kyc/upload', { access: 'session', bodyLimit: KYC_BODY_LIMIT, uploadForm: true }, async (req, reply) => {
      const input = await uploadFields(req, KycUploadRequest);
      const result = await uploadDocument(ctx, actorOf(req), input);
      return reply.status(result.created ? 201 : 200).send(result.view);
    }),
    put('/api/kyc/:documentId', { access: 'session', bodyLimit: KYC_BODY_LIMIT, uploadForm: true }, async (req) => {
      const { documentId } = parse(DocumentIdParam, req.params);
      const input = await uploadFields(req, KycReplaceRequest);
      return replaceOwnDocument(ctx, actorOf(req), documentId, { ...input, documentType: input.documentType ?? 'pan' });
    }),
    get('/api/documents/:id', 'session', async (req, reply) => {
      const { id } = parse(IdParam, req.params);
      const { download } = parse(DocumentQuery, req.query);
      const viewer = identityOf(req).user;
      const found = await findDocumentWithBlob(ctx, id);
      const isReviewer = viewer.status === 'active' && (viewer.role === 'admin' || viewer.role === 'founder');
      // Owner or reviewer only; anyone else is told it does not exist.
      if (!found || (found.doc.userId !== viewer.id && !isReviewer)) throw notFound();
      const ext = found.doc.documentContentType === 'application/pdf' ? 'pdf' : found.doc.documentContentType === 'image/png' ? 'png' : 'jpg';
      const name = `${found.doc.documentType}-${found.doc.id.slice(0, 8)}.${ext}`;
      return reply
        .header('content-type', found.doc.documentContentType)
        .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', DOCUMENT_CSP)
        .send(found.content);
    }),
  ];
}
