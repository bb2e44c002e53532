import type { TicketView } from '../../../contracts/engagement';
import type { TicketRow } from './engagement.repo';

/** A support ticket as its member and the staff see it (the list, the admin's table, the conversation's header). */
export const toTicket = (t: TicketRow, assigneeName: string | null): TicketView => ({
  id: t.id,
  category: t.category,
  subject: t.subject,
  description: t.description,
  status: t.status,
  priority: t.priority,
  resolution: t.resolution,
  resolvedAt: t.resolvedAt?.toISOString() ?? null,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
  assignedToName: assigneeName,
});
