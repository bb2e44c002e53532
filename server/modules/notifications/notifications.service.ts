import type { DbOrTx } from '../../db/client';
import type { NotificationView } from '../../../contracts/notifications';
import { insertNotifications, activeAdminIds, markWorkNotificationsRead, type NotificationRow } from './notifications.repo';
import type { AppContext } from '../../context';
import type { ArgsAfterDb } from '../../core/repo-args';
import * as notificationsRepo from './notifications.repo';

export interface NewNotification {
  type: string;
  title: string;
  message: string;
  priority?: 'low' | 'normal' | 'high';
  data?: unknown;
}

/** Written in the caller's transaction, with the event it announces (docs/spec/decisions.md §9). */
export async function notify(db: DbOrTx, userIds: (string | null | undefined)[], n: NewNotification) {
  const unique = [...new Set(userIds.filter((id): id is string => Boolean(id)))];
  await insertNotifications(
    db,
    unique.map((userId) => ({ userId, type: n.type, title: n.title, message: n.message, priority: n.priority ?? 'normal', data: n.data ?? null })),
  );
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

/**
 * The staff notifications that asked for a piece of work, by what the work is about: once it is done (by any admin),
 * every admin's bell entry for it is read (issue 15: a withdrawal approved stayed unread in the other bells).
 */
const WORK = {
  withdrawal: { types: ['withdrawal_requested'], key: 'withdrawalId' },
  recruit: { types: ['recruit_awaiting_admin'], key: 'pendingRecruitId' },
  kyc: { types: ['kyc_submitted'], key: 'userId' },
  order: { types: ['order_awaiting_payment'], key: 'purchaseId' },
  approval: {
    types: [
      'fund_approval_requested',
      'payout_details_approval_requested',
      'role_change_approval_requested',
      'admin_invite_approval_requested',
      'credential_change_approval_requested',
      'comp_adjustment_approval_requested',
    ],
    key: 'approvalId',
  },
  franchise: { types: ['franchise_requested'], key: 'franchiseRequestId' },
  ticket: { types: ['ticket_opened'], key: 'ticketId' },
  fundRequest: { types: ['fund_request_submitted'], key: 'fundRequestId' },
  stockRequest: { types: ['stock_requested'], key: 'stockRequestId' },
} as const;

export async function workDone(db: DbOrTx, kind: keyof typeof WORK, id: string) {
  await markWorkNotificationsRead(db, WORK[kind].types, WORK[kind].key, id);
}

/** Reads and marks for the routes (a route calls its module's services, never a repo). */
export const listNotifications = (ctx: AppContext, ...args: ArgsAfterDb<typeof notificationsRepo.listNotifications>) => notificationsRepo.listNotifications(ctx.db, ...args);
export const countUnread = (ctx: AppContext, ...args: ArgsAfterDb<typeof notificationsRepo.countUnread>) => notificationsRepo.countUnread(ctx.db, ...args);
export const markRead = (ctx: AppContext, ...args: ArgsAfterDb<typeof notificationsRepo.markRead>) => notificationsRepo.markRead(ctx.db, ...args);
export const markAllRead = (ctx: AppContext, ...args: ArgsAfterDb<typeof notificationsRepo.markAllRead>) => notificationsRepo.markAllRead(ctx.db, ...args);
