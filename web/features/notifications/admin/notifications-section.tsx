import { BellOff, CheckCheck } from 'lucide-react';
import type { NotificationView } from '@contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatDateTimeUS } from '../../../lib/admin/format';
import { QueryStates } from '../../../components/ui/query-error';
import { SectionHeader } from '../../../components/admin/section-header';
import { badgeText, NotificationItem } from './notification-bell';
import { useNotificationActions, useNotificationList, useUnreadCount } from './notifications-api';

/** Every notification (up to 200), reached from 'View all notifications'. */
export function NotificationsSection() {
  const list = useNotificationList(200);
  const unread = useUnreadCount();
  const { markRead, markAll } = useNotificationActions();
  const items = list.data ?? [];
  const count = unread.data?.count ?? 0;
  const onOpen = (n: NotificationView) => {
    if (!n.read) markRead.mutate(n.id);
  };

  const empty = <EmptyState icon={BellOff} title="No notifications yet" description="New registrations and other work for you will show up here." />;
  return (
    <div className="space-y-5">
      <SectionHeader
        title="Notifications"
        description={count ? `${badgeText(count)} unread. Click a notification to mark it read.` : 'You are all caught up.'}
        actions={
          <Button variant="outline" onClick={() => markAll.mutate()} loading={markAll.isPending} disabled={count === 0}>
            {markAll.isPending ? null : <CheckCheck aria-hidden="true" className="size-4" />} Mark all read
          </Button>
        }
      />
      <QueryStates query={list} what="notifications" empty={items.length === 0 && empty}>
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" aria-label="All notifications">
          {items.map((n) => (
            <li key={n.id} className="relative">
              <NotificationItem n={n} onOpen={onOpen} full busy={markRead.isPending && markRead.variables === n.id} />
              <span className="pointer-events-none absolute top-3 right-4 hidden items-center gap-2 sm:flex">
                {n.priority === 'high' || n.priority === 'urgent' ? <Badge tone="danger">High priority</Badge> : null}
                <span className="text-xs text-slate-500">{formatDateTimeUS(n.createdAt)}</span>
              </span>
            </li>
          ))}
        </ul>
      </QueryStates>
      {items.length >= 200 ? <p className="text-center text-xs text-slate-500">The 200 most recent notifications are shown.</p> : null}
    </div>
  );
}
