import type { RouteContract } from '../route-contract';
import { file, created, ok } from '../route-contract';
import { TicketIdParam } from '../engagement';
import { ALLOWED_CONTENT_TYPES } from '../kyc';
import { ReplySent, SupportAttachmentParam, SupportReplyInput, TicketThread } from '../support';

/** Support conversations (issue 15). */
export const SUPPORT_API = {
  'GET /api/support-tickets/:id/thread': ok('An own ticket with its replies and status changes', TicketThread, { params: TicketIdParam }),
  'POST /api/support-tickets/:id/replies': created('Reply to an own ticket, optionally with an image or PDF (JSON with base64, or multipart/form-data)', ReplySent, {
    params: TicketIdParam,
    body: SupportReplyInput,
  }),
  'GET /api/admin/support-tickets/:id/thread': ok('Any ticket with its replies and status changes', TicketThread, { params: TicketIdParam }),
  'POST /api/admin/support-tickets/:id/replies': created('A staff reply; the member is told by notification and mail', ReplySent, { params: TicketIdParam, body: SupportReplyInput }),
  'GET /api/support-attachments/:id': ok("A reply's attachment: to the ticket's member or an admin (sandboxed)", file(ALLOWED_CONTENT_TYPES, 'The attachment as stored (re-encoded image or PDF)'), {
    params: SupportAttachmentParam,
  }),
} as const satisfies Record<string, RouteContract>;
