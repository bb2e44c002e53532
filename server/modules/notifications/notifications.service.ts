import type { DbOrTx } from '../../db/client';
import type { NotificationView } from '../../../contracts/notifications';
import { insertNotifications, activeAdminIds, type NotificationRow } from './notifications.repo';

export interface NewNotification {
  type: string;
  title: string;
  message: string;
  priority?: 'low' | 'normal' | 'high';
  data?: unknown;
}

/** Written in the caller's transaction, with the event it announces (decisions.md §9). */
export async function notify(db: DbOrTx, userIds: (string | null | undefined)[], n: NewNotification) {
  const unique = [...new Set(userIds.filter((id): id is string => Boolean(id)))];
  await insertNotifications(db, unique.map((userId) => ({ userId, type: n.type, title: n.title, message: n.message, priority: n.priority ?? 'normal', data: n.data ?? null })));
}

export async function notifyAdmins(db: DbOrTx, n: NewNotification) {
  await notify(db, await activeAdminIds(db), n);
}

export function toNotificationView(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    type: row.type,
    subject: row.title,
    content: row.message,
    priority: row.priority,
    read: row.read,
    data: row.data ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
