import { useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, KeyRound, LogOut, Menu, X } from 'lucide-react';
import type { CurrentUser } from '@contracts';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { cn } from '../../lib/cn';
import { fullName, initials } from '../../lib/format';
import { useLogout } from '../../features/account';

type Icon = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;

export interface AdminNavItem {
  id: string;
  label: string;
  icon: Icon;
  href: string;
}

export interface AdminNavGroup {
  label: string;
  icon: Icon;
  items: AdminNavItem[];
}

// Tailwind's md breakpoint, where the sidebar column shows.
const WIDE = '(min-width: 48rem)';
const isWide = () => window.matchMedia(WIDE).matches;
function subscribeWide(onChange: () => void) {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Admin portal shell (doc 2 §2.1): one page at /admin with a grouped sidebar that collapses into a
 * drawer below 768 px, and a top bar with the current place and the header tools (bell, refresh).
 */
export function AdminLayout({
  user,
  caption,
  groups,
  active,
  breadcrumb,
  headerTools,
  backLink,
  children,
}: {
  user: CurrentUser;
  caption: string;
  groups: AdminNavGroup[];
  active: string;
  breadcrumb?: ReactNode;
  headerTools?: ReactNode;
  backLink?: { href: string; label: string };
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const logout = useLogout();
  const wide = useSyncExternalStore(subscribeWide, isWide, () => true);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const sidebar = (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center justify-between px-5">
        <Logo caption={caption} tone="light" />
        <button type="button" className="cursor-pointer rounded-md p-1.5 text-slate-300 hover:bg-white/10 md:hidden" onClick={() => setOpen(false)}>
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Close menu</span>
        </button>
      </div>
      <nav aria-label="Admin sections" className="flex-1 overflow-y-auto px-3 pt-2 pb-4 [scrollbar-color:var(--color-slate-700)_transparent] [scrollbar-width:thin]">
        {groups.map((group) => {
          const single = group.items.length === 1 && group.items[0].label === group.label;
          return (
            <div key={group.label} className="mb-3 last:mb-0">
              {single ? null : (
                <p className="flex items-center gap-2 px-3 pb-1.5 text-[11px] font-semibold tracking-wider text-slate-400 uppercase">
                  <group.icon aria-hidden="true" className="size-3.5" />
                  {group.label}
                </p>
              )}
              <ul className="space-y-0.5">
                {group.items.map(({ id, label, icon: ItemIcon, href }) => (
                  <li key={id}>
                    <Link
                      to={href}
                      aria-current={active === id ? 'page' : undefined}
                      onClick={() => setOpen(false)}
                      className={cn(
                        'flex items-center gap-3 rounded-lg px-3 py-1.5 text-sm font-medium transition-colors',
                        active === id ? 'bg-white/10 text-white shadow-[inset_2px_0_0_var(--color-brand-400)]' : 'text-slate-300 hover:bg-white/5 hover:text-white',
                      )}
                    >
                      <ItemIcon aria-hidden="true" className={cn('size-4 shrink-0', active === id ? 'text-brand-300' : 'text-slate-400')} />
                      <span className="truncate">{label}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </nav>
      <div className="shrink-0 space-y-1 border-t border-white/10 p-3">
        <div className="flex items-center gap-3 px-2 pt-1 pb-2">
          <Avatar text={initials(user)} className="ring-slate-900" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-white">{fullName(user, user.userId)}</p>
            <p className="truncate font-mono text-xs text-slate-400">{user.userId}</p>
          </div>
        </div>
        {backLink ? (
          <Link to={backLink.href} className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-300 hover:bg-white/5 hover:text-white">
            <ArrowLeft aria-hidden="true" className="size-4" /> {backLink.label}
          </Link>
        ) : null}
        <Link to="/change-password" className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-300 hover:bg-white/5 hover:text-white">
          <KeyRound aria-hidden="true" className="size-4" /> Change Password
        </Link>
        <button
          type="button"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          className="flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-300 hover:bg-white/5 hover:text-white disabled:opacity-60"
        >
          <LogOut aria-hidden="true" className="size-4" /> Logout
        </button>
      </div>
    </div>
  );

  return (
    <div className="flex min-h-dvh bg-slate-50">
      {/* The dark column runs the page's full height; the sidebar itself stays in view while scrolling. */}
      {/* Below md the column is not shown: its links (forty, with their icons) are built only when the drawer opens (issue 14). */}
      <div className="hidden w-68 shrink-0 bg-slate-900 md:block">{wide ? <aside className="sticky top-0 h-dvh">{sidebar}</aside> : null}</div>
      {open ? (
        <div className="fixed inset-0 z-40 md:hidden">
          <div className="absolute inset-0 bg-slate-950/50 animate-fade-in" onClick={() => setOpen(false)} aria-hidden="true" />
          <aside aria-label="Menu" className="absolute inset-y-0 left-0 w-72 max-w-[85vw] bg-slate-900 shadow-2xl">
            {sidebar}
          </aside>
        </div>
      ) : null}
      <div className="min-w-0 flex-1">
        <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
          <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
            <Button variant="ghost" size="icon" className="-ml-2 md:hidden" onClick={() => setOpen(true)}>
              <Menu aria-hidden="true" className="size-5" />
              <span className="sr-only">Open menu</span>
            </Button>
            <div className="min-w-0 flex-1">
              <span className="md:hidden">
                <Logo caption={caption} />
              </span>
              {breadcrumb ? <div className="hidden truncate text-sm text-slate-500 md:block">{breadcrumb}</div> : null}
            </div>
            {headerTools ? <div className="flex items-center gap-1 sm:gap-2">{headerTools}</div> : null}
          </div>
        </header>
        <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">{children}</main>
      </div>
    </div>
  );
}
