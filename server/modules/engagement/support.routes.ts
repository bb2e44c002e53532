import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { identityOf, type RouteDef } from '../../http/routes';
import { actorOf } from '../../http/actor';
import { parse } from '../../http/validate';
import { DOCUMENT_CSP } from '../../http/security';
import { isUploadForm, readUploadForm } from '../../http/upload-form';
import { TicketIdParam } from '../../../contracts/engagement';
import { KYC_MAX_BYTES } from '../../../contracts/constants';
import { MSG } from '../../../contracts/messages';
import { SupportAttachmentParam, SupportReplyInput } from '../../../contracts/support';
import { attachmentFor, replyToTicket, ticketThread, type ReplyInput } from './support.service';

/** A 5 MB file is about 6.7 MB as base64, plus the reply's text and the JSON around them. */
const REPLY_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * A reply as JSON (the file as base64 in `attachment`) or as a `multipart/form-data` form read as a stream, the file
 * in the part named `attachment` (upload-form.ts stops reading past 5 MB, as for the KYC documents).
 */
async function replyInput(req: FastifyRequest): Promise<ReplyInput> {
  if (!isUploadForm(req)) return parse(SupportReplyInput, req.body ?? {});
  const form = await readUploadForm(req, { attachment: { maxBytes: KYC_MAX_BYTES, sizeMessage: MSG.kycFileSize } }, 3);
  const file = form.files.attachment;
  const fields = parse(SupportReplyInput, { message: form.fields.message, attachmentFilename: form.fields.attachmentFilename ?? (file?.filename || undefined) });
  return { ...fields, ...(file ? { attachment: file.bytes } : {}) };
}

/** Support conversations (issue 15): the thread of a ticket, replies with attachments, the attachments themselves. */
export function supportRoutes(ctx: AppContext): RouteDef[] {
  // The member's side answers for their own tickets only; staff's for any (the service decides from the side).
  const sides = [
    { side: 'member', base: '/api/support-tickets', access: 'member' },
    { side: 'staff', base: '/api/admin/support-tickets', access: 'admin' },
  ] as const;
  return [
    ...sides.flatMap(({ side, base, access }): RouteDef[] => [
      { method: 'GET', url: `${base}/:id/thread`, access, handler: async (req) => ticketThread(ctx, actorOf(req), side, parse(TicketIdParam, req.params).id) },
      {
        method: 'POST',
        url: `${base}/:id/replies`,
        access,
        bodyLimit: REPLY_BODY_LIMIT,
        uploadForm: true,
        handler: async (req, reply) => {
          const { id } = parse(TicketIdParam, req.params);
          return reply.status(201).send(await replyToTicket(ctx, actorOf(req), side, id, await replyInput(req)));
        },
      },
    ]),
    {
      method: 'GET',
      url: '/api/support-attachments/:id',
      access: 'session',
      handler: async (req, reply) => {
        const { id } = parse(SupportAttachmentParam, req.params);
        const file = await attachmentFor(ctx, identityOf(req).user, id);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `inline; filename="${file.name.replace(/"/g, '')}"`)
          .header('cache-control', 'private, no-store')
          .header('content-security-policy', DOCUMENT_CSP)
          .send(file.content);
      },
    },
  ];
}
