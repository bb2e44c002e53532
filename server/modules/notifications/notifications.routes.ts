import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import { identityOf } from '../../http/routes';
import { parse } from '../../http/validate';
import { notFound } from '../../core/app-error';
import { NotificationListQuery, IdParam } from '../../../contracts/notifications';
import { MSG } from '../../../contracts/messages';
import { countUnread, listNotifications, markAllRead, markRead, toNotificationView } from './notifications.service';

export function notificationRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/api/notifications',
      access: 'session',
      handler: async (req) => {
        const q = parse(NotificationListQuery, req.query);
        const rows = await listNotifications(ctx, identityOf(req).user.id, q.limit, q.unreadOnly === 'true');
        return rows.map(toNotificationView);
      },
    },
    {
      method: 'GET',
      url: '/api/notifications/unread-count',
      access: 'session',
      handler: async (req) => ({ count: await countUnread(ctx, identityOf(req).user.id) }),
    },
    {
      method: 'POST',
      url: '/api/notifications/:id/read',
      access: 'session',
      handler: async (req) => {
        const { id } = parse(IdParam, req.params);
        if (!(await markRead(ctx, identityOf(req).user.id, id))) throw notFound();
        return { message: MSG.notificationRead };
      },
    },
    {
      method: 'POST',
      url: '/api/notifications/read-all',
      access: 'session',
      handler: async (req) => ({ message: 'All notifications marked as read', count: await markAllRead(ctx, identityOf(req).user.id) }),
    },
  ];
}
