import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { AppError, notFound } from '../../core/app-error';
import { ENGAGEMENT_MSG } from '../../../contracts/engagement';
import { KYC_MAX_BYTES } from '../../../contracts/constants';
import { MSG } from '../../../contracts/messages';
import { SUPPORT_MSG, type SupportReplyInput, type ThreadMessage, type TicketThread } from '../../../contracts/support';
import { decodeDocument, type SniffedType } from '../kyc';
import { safeDocument } from '../kyc';
import { storeBlob } from '../kyc';
import { notify, notifyAdmins, workDone } from '../notifications';
import { queueMail } from '../mail';
import { audit } from '../audit';
import { findUserById } from '../users';
import { displayName } from '../users';
import { ticketForUpdate, updateTicket } from './engagement.repo';
import { attachmentWithBlob, insertMessage, threadOf, ticketWithAssignee, touchTicket, type SupportMessageRow } from './support.repo';
import { toTicket } from './ticket-view';

export type ReplyInput = Omit<z.output<typeof SupportReplyInput>, 'attachment'> & { attachment?: string | Buffer };
type Side = 'member' | 'staff';

const toMessage = (m: SupportMessageRow, authorName: string | null): ThreadMessage => ({
  id: m.id,
  kind: m.kind as ThreadMessage['kind'],
  authorRole: m.authorRole as ThreadMessage['authorRole'],
  authorName,
  body: m.body,
  statusFrom: m.statusFrom,
  statusTo: m.statusTo,
  createdAt: m.createdAt.toISOString(),
  attachment: m.attachmentKey
    ? { url: `/api/support-attachments/${m.id}`, name: m.attachmentName ?? 'attachment', contentType: m.attachmentType ?? 'application/octet-stream', size: m.attachmentSize ?? 0 }
    : null,
});

/** A member sees only their own tickets: another member's is "not found", as if it did not exist. */
export async function ticketThread(ctx: AppContext, actor: Actor, side: Side, ticketId: string): Promise<TicketThread> {
  const found = await ticketWithAssignee(ctx.db, ticketId);
  if (!found || (side === 'member' && found.t.userId !== actor.user.id)) throw notFound(ENGAGEMENT_MSG.ticketNotFound);
  const rows = await threadOf(ctx.db, ticketId);
  return { ticket: toTicket(found.t, found.assigneeName), messages: rows.map((r) => toMessage(r.m, r.authorName)) };
}

/** The attachment's bytes as they will be stored: the KYC documents' checks (type sniffed, images re-encoded, active PDFs refused). */
async function checkedAttachment(input: ReplyInput): Promise<{ bytes: Buffer; contentType: SniffedType } | null> {
  if (input.attachment === undefined) return null;
  const bytes = decodeDocument(input.attachment, 'attachment');
  return safeDocument(bytes, { maxBytes: KYC_MAX_BYTES, isPhoto: false, field: 'attachment', sizeMessage: MSG.kycFileSize });
}

const EXT: Record<SniffedType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };
const safeName = (name: string | undefined, type: SniffedType) => {
  const base =
    (name ?? '')
      .replace(/[^\w.\- ]+/g, '_')
      .replace(/\.[^.]*$/, '')
      .slice(0, 200) || 'attachment';
  return `${base}.${EXT[type]}`;
};

/** A status change as a line of the thread (written by the admin's ticket update and by a staff reply). */
export async function recordStatusChange(db: DbOrTx, ticketId: string, authorId: string, from: string, to: string, at: Date) {
  await insertMessage(db, { ticketId, authorId, authorRole: 'staff', kind: 'status', statusFrom: from, statusTo: to, createdAt: at });
}

/**
 * A reply in a ticket's thread. A staff reply to an open ticket takes it up (In Progress, shown in the thread) and the
 * member is told by notification and mail; a member's reply is announced to the assignee, or to the admins when no one
 * has it. A closed ticket takes no replies.
 */
export async function replyToTicket(ctx: AppContext, actor: Actor, side: Side, ticketId: string, input: ReplyInput) {
  const file = await checkedAttachment(input);
  return ctx.db.transaction(async (tx) => {
    const t = await ticketForUpdate(tx, ticketId);
    if (!t || (side === 'member' && t.userId !== actor.user.id)) throw notFound(ENGAGEMENT_MSG.ticketNotFound);
    if (t.status === 'closed') throw new AppError('INVALID_STATE', 409, SUPPORT_MSG.ticketClosed);
    const now = ctx.clock.now();
    const blob = file ? await storeBlob(tx, file.bytes) : null;
    const row = await insertMessage(tx, {
      ticketId,
      authorId: actor.user.id,
      authorRole: side,
      kind: 'reply',
      body: input.message,
      createdAt: now,
      ...(file && blob
        ? { attachmentKey: blob.storageKey, attachmentName: safeName(input.attachmentFilename, file.contentType), attachmentType: file.contentType, attachmentSize: file.bytes.length }
        : {}),
    });
    const subject = t.subject;
    if (side === 'staff') {
      if (t.status === 'open') {
        await updateTicket(tx, ticketId, { status: 'in_progress' });
        await recordStatusChange(tx, ticketId, actor.user.id, 'open', 'in_progress', new Date(now.getTime() + 1));
        await workDone(tx, 'ticket', ticketId);
      } else {
        await touchTicket(tx, ticketId, now);
      }
      const member = await findUserById(tx, t.userId);
      await notify(tx, [t.userId], {
        type: 'ticket_reply',
        title: `Reply to your ticket: ${subject}`.slice(0, 200),
        message: `Our support team replied: ${input.message.slice(0, 300)}`,
        data: { ticketId },
      });
      if (member) {
        await queueMail(ctx, tx, member.email, {
          template: 'ticket_reply',
          params: { name: displayName(member), subject, reply: input.message, link: `${ctx.config.appUrl}/support?ticket=${ticketId}` },
        });
      }
      await audit(tx, actor, { entityType: 'support_ticket', entityId: ticketId, action: 'ticket.reply', newState: { messageId: row.id, attachment: Boolean(file) } });
    } else {
      await touchTicket(tx, ticketId, now);
      const note = { type: 'ticket_reply', title: `Member replied: ${subject}`.slice(0, 200), message: `${displayName(actor.user)}: ${input.message.slice(0, 300)}`, data: { ticketId } };
      if (t.assignedTo) await notify(tx, [t.assignedTo], note);
      else await notifyAdmins(tx, note);
    }
    return { message: SUPPORT_MSG.replySent, reply: toMessage(row, displayName(actor.user)) };
  });
}

/** An attachment for the ticket's member or an admin; anyone else is told it does not exist. */
export async function attachmentFor(ctx: AppContext, viewer: { id: string; role: string; status: string }, messageId: string) {
  const found = await attachmentWithBlob(ctx.db, messageId);
  const isStaff = viewer.status === 'active' && viewer.role === 'admin';
  if (!found || (found.ownerId !== viewer.id && !isStaff)) throw notFound(SUPPORT_MSG.attachmentNotFound);
  return { name: found.m.attachmentName ?? 'attachment', contentType: found.m.attachmentType ?? 'application/octet-stream', content: found.content };
}
