import { z } from 'zod';
import { id, instant } from './route-contract';
import { TicketView } from './engagement';
import { MSG } from './messages';

/** Support conversations (issue 15): a ticket's thread of replies and status changes, with attachments. */

export const SUPPORT_MSG = {
  replyRequired: 'Please write your reply',
  replyMax: 'A reply can be at most 5000 characters',
  ticketClosed: 'This ticket is closed. Please open a new ticket.',
  attachmentNotFound: 'Attachment not found',
  replySent: 'Reply sent',
} as const;

/**
 * A reply: its text and, optionally, one attachment (an image or a PDF, checked like a KYC document). As JSON the file
 * is base64 or a data URL in `attachment`; as `multipart/form-data` it is the part named `attachment`.
 */
export const SupportReplyInput = z.object({
  message: z.string({ error: SUPPORT_MSG.replyRequired }).trim().min(1, { error: SUPPORT_MSG.replyRequired }).max(5000, { error: SUPPORT_MSG.replyMax }),
  attachment: z.string({ error: MSG.kycFileType }).min(1, { error: MSG.kycFileRequired }).optional(),
  attachmentFilename: z.string().max(255).optional(),
});
export type SupportReplyInput = z.input<typeof SupportReplyInput>;

export const SupportAttachmentParam = z.object({ id: z.uuid({ error: SUPPORT_MSG.attachmentNotFound }) });

export const ThreadAttachment = z.strictObject({ url: z.string(), name: z.string(), contentType: z.string(), size: z.number().int() });
export type ThreadAttachment = z.infer<typeof ThreadAttachment>;

export const ThreadMessage = z.strictObject({
  id,
  kind: z.enum(['reply', 'status']),
  authorRole: z.enum(['member', 'staff']),
  authorName: z.string().nullable(),
  body: z.string().nullable(),
  statusFrom: z.string().nullable(),
  statusTo: z.string().nullable(),
  attachment: ThreadAttachment.nullable(),
  createdAt: instant,
});
export type ThreadMessage = z.infer<typeof ThreadMessage>;

export const TicketThread = z.strictObject({ ticket: TicketView, messages: z.array(ThreadMessage) });
export type TicketThread = z.infer<typeof TicketThread>;

export const ReplySent = z.strictObject({ message: z.string(), reply: ThreadMessage });
export type ReplySent = z.infer<typeof ReplySent>;

/** The status words the thread shows. */
export const TICKET_STATUS_WORDS: Record<string, string> = { open: 'Open', in_progress: 'In Progress', resolved: 'Resolved', closed: 'Closed' };
