import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatDistanceToNow } from 'date-fns';
import { Bell, BellOff, CheckCheck } from 'lucide-react';
import type { NotificationView } from '@contracts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { sectionHref } from '../../../lib/admin/sections';
import { useNotificationActions, useNotificationList, useUnreadCount } from './notifications-api';

/** Badge text: the count, or 99+ above 99 (doc 2 §9). */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/** Shown in the dropdown; more than this many turns on 'View all notifications'. */
const DROPDOWN_ITEMS = 5;

export function timeAgo(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : formatDistanceToNow(d, { addSuffix: true });
}

export function NotificationItem({ n, onOpen, busy, full = false }: { n: NotificationView; onOpen: (n: NotificationView) => void; busy?: boolean; full?: boolean }) {
  const high = n.priority === 'high' || n.priority === 'urgent';
  return (
    <button
      type="button"
      onClick={() => onOpen(n)}
      className={cn('flex w-full cursor-pointer gap-3 px-4 py-3 text-left transition-colors hover:bg-slate-50 focus-visible:bg-slate-50', !n.read && 'bg-brand-50/40', full && 'sm:pr-64')}
    >
      <span className="mt-1.5 flex size-2 shrink-0 items-center justify-center">
        {busy ? <Spinner className="size-3 text-brand-600" /> : <span className={cn('size-2 rounded-full', n.read ? 'bg-transparent' : high ? 'bg-red-500' : 'bg-brand-600')} />}
      </span>
      <span className="min-w-0 flex-1">
        {/* The button's name is its visible text; unread items say so first for screen readers. */}
        <span className={cn('block text-sm', n.read ? 'font-medium text-slate-700' : 'font-semibold text-slate-900')}>
          {n.read ? null : <span className="sr-only">Unread: </span>}
          {n.subject}
        </span>
        <span className={cn('mt-0.5 block text-sm text-slate-600', !full && 'line-clamp-2')}>{n.content}</span>
        <span className="mt-1 block text-xs text-slate-500">{timeAgo(n.createdAt)}</span>
      </span>
    </button>
  );
}

/** A14 bell (doc 2 §2.8): unread badge, the latest notifications, Mark all read, View all. Both poll every 30 s. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement | null>(null);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const unread = useUnreadCount();
  const list = useNotificationList(DROPDOWN_ITEMS + 1, { poll: true });
  const { markRead, markAll } = useNotificationActions();
  const count = unread.data?.count ?? 0;
  const items = list.data ?? [];

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const onOpenItem = (n: NotificationView) => {
    if (!n.read) markRead.mutate(n.id);
  };

  return (
    <div ref={rootRef} className="relative">
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        className="relative"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={count ? `Notifications, ${badgeText(count)} unread` : 'Notifications'}
        onClick={() => setOpen((v) => !v)}
      >
        <Bell aria-hidden="true" className="size-5" />
        {count > 0 ? (
          <span
            data-testid="unread-badge"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-bold text-white ring-2 ring-white tabular-nums"
          >
            {badgeText(count)}
          </span>
        ) : null}
      </Button>
      {open ? (
        <div
          id={panelId}
          role="dialog"
          aria-label="Notifications"
          className="fixed inset-x-2 top-16 z-40 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-slate-900/15 animate-fade-in sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
        >
          <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
            <div>
              <p className="text-sm font-semibold text-slate-900">Notifications</p>
              <p className="text-xs text-slate-500">{count ? `${badgeText(count)} unread` : 'All caught up'}</p>
            </div>
            <Button variant="ghost" size="sm" onClick={() => markAll.mutate()} loading={markAll.isPending} disabled={count === 0}>
              {markAll.isPending ? null : <CheckCheck aria-hidden="true" className="size-4" />} Mark all read
            </Button>
          </div>
          <div className="max-h-96 overflow-y-auto overscroll-contain">
            {list.isPending ? (
              <div className="flex justify-center py-8">
                <Spinner label="Loading notifications" className="size-5 text-brand-600" />
              </div>
            ) : list.isError ? (
              <p className="px-4 py-8 text-center text-sm text-slate-500">Notifications could not be loaded. They will be retried in a moment.</p>
            ) : items.length === 0 ? (
              <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
                <BellOff aria-hidden="true" className="size-6 text-slate-300" />
                <p className="text-sm font-medium text-slate-700">No notifications yet</p>
                <p className="text-xs text-slate-500">New registrations and other work for you will show up here.</p>
              </div>
            ) : (
              <ul className="divide-y divide-slate-100">
                {items.slice(0, DROPDOWN_ITEMS).map((n) => (
                  <li key={n.id}>
                    <NotificationItem n={n} onOpen={onOpenItem} busy={markRead.isPending && markRead.variables === n.id} />
                  </li>
                ))}
              </ul>
            )}
          </div>
          {items.length > DROPDOWN_ITEMS ? (
            <div className="border-t border-slate-100 p-2">
              <Link to={sectionHref('notifications')} onClick={() => setOpen(false)} className="block rounded-lg px-3 py-2 text-center text-sm font-semibold text-brand-700 hover:bg-brand-50">
                View all notifications
              </Link>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
