import type { AppContext } from '../../context';
import { get, identityOf, post, type RouteDef } from '../../http/routes';
import { parse } from '../../http/validate';
import { notFound } from '../../core/app-error';
import { NotificationListQuery, IdParam } from '../../../contracts/notifications';
import { MSG } from '../../../contracts/messages';
import { countUnread, listNotifications, markAllRead, markRead, toNotificationView } from './notifications.service';

export function notificationRoutes(ctx: AppContext): RouteDef[] {
  return [
    get('/api/notifications', 'session', async (req) => {
      const q = parse(NotificationListQuery, req.query);
      const rows = await listNotifications(ctx, identityOf(req).user.id, q.limit, q.unreadOnly === 'true');
      return rows.map(toNotificationView);
    }),
    get('/api/notifications/unread-count', 'session', async (req) => ({ count: await countUnread(ctx, identityOf(req).user.id) })),
    post('/api/notifications/:id/read', 'session', async (req) => {
      const { id } = parse(IdParam, req.params);
      if (!(await markRead(ctx, identityOf(req).user.id, id))) throw notFound();
      return { message: MSG.notificationRead };
    }),
    post('/api/notifications/read-all', 'session', async (req) => ({ message: 'All notifications marked as read', count: await markAllRead(ctx, identityOf(req).user.id) })),
  ];
}
