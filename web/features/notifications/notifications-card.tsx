import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import type { NotificationView } from '@contracts';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';

export const NOTIFICATIONS_KEY = ['/api/notifications'] as const;

function asList(data: unknown): NotificationView[] {
  if (Array.isArray(data)) return data as NotificationView[];
  const inner = (data as { notifications?: unknown; items?: unknown } | null) ?? {};
  const list = inner.notifications ?? inner.items;
  return Array.isArray(list) ? (list as NotificationView[]) : [];
}

/** GET /api/notifications, shown only when there is at least one (doc 1 §2). */
export function NotificationsCard() {
  const { data } = useQuery({ queryKey: NOTIFICATIONS_KEY, select: asList });
  if (!data || data.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Bell aria-hidden="true" className="size-5 text-brand-600" /> Notifications
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3">
          {data.map((n) => {
            const high = n.priority === 'high' || n.priority === 'urgent';
            return (
              <li key={n.id} className={cn('rounded-xl border p-4', high ? 'border-red-200 bg-red-50/60' : 'border-slate-200 bg-white', !n.read && 'shadow-sm')}>
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-medium text-slate-900">{n.subject}</p>
                  {high ? <Badge tone="danger">High priority</Badge> : null}
                  {!n.read ? <Badge tone="brand">New</Badge> : null}
                </div>
                <p className="mt-1 text-sm whitespace-pre-line text-slate-600">{n.content}</p>
                <p className="mt-2 text-xs text-slate-400">{formatDateTime(n.createdAt)}</p>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
