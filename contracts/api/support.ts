import type { RouteContract } from '../route-contract';
import { file } from '../route-contract';
import { TicketIdParam } from '../engagement';
import { ALLOWED_CONTENT_TYPES } from '../kyc';
import { ReplySent, SupportAttachmentParam, SupportReplyInput, TicketThread } from '../support';

/** Support conversations (issue 15). */
export const SUPPORT_API = {
  'GET /api/support-tickets/:id/thread': { summary: 'An own ticket with its replies and status changes', params: TicketIdParam, response: { 200: TicketThread } },
  'POST /api/support-tickets/:id/replies': {
    summary: 'Reply to an own ticket, optionally with an image or PDF (JSON with base64, or multipart/form-data)',
    params: TicketIdParam,
    body: SupportReplyInput,
    response: { 201: ReplySent },
  },
  'GET /api/admin/support-tickets/:id/thread': { summary: 'Any ticket with its replies and status changes', params: TicketIdParam, response: { 200: TicketThread } },
  'POST /api/admin/support-tickets/:id/replies': {
    summary: 'A staff reply; the member is told by notification and mail',
    params: TicketIdParam,
    body: SupportReplyInput,
    response: { 201: ReplySent },
  },
  'GET /api/support-attachments/:id': {
    summary: "A reply's attachment: to the ticket's member or an admin (sandboxed)",
    params: SupportAttachmentParam,
    response: { 200: file(ALLOWED_CONTENT_TYPES, 'The attachment as stored (re-encoded image or PDF)') },
  },
} as const satisfies Record<string, RouteContract>;
