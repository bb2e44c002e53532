import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { KeyRound, LayoutDashboard, LogOut, Menu, X } from 'lucide-react';
import type { CurrentUser } from '@contracts';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { cn } from '../../lib/cn';
import { fullName, initials } from '../../lib/format';
import { useLogout } from '../../features/account';

export interface AdminSection {
  id: string;
  label: string;
  icon: typeof LayoutDashboard;
}

/** Admin portal shell (doc 2 §2): one page at /admin with a sidebar. */
export function AdminLayout({
  user,
  sections,
  active,
  onSelect,
  children,
}: {
  user: CurrentUser;
  sections: AdminSection[];
  active: string;
  onSelect: (id: string) => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const logout = useLogout();

  const sidebar = (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center justify-between px-5">
        <Logo caption="Admin Portal" tone="light" />
        <button type="button" className="rounded-md p-1.5 text-slate-300 hover:bg-white/10 lg:hidden" onClick={() => setOpen(false)}>
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Close menu</span>
        </button>
      </div>
      <nav aria-label="Admin sections" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {sections.map(({ id, label, icon: Icon }) => (
            <li key={id}>
              <button
                type="button"
                aria-current={active === id ? 'page' : undefined}
                onClick={() => {
                  onSelect(id);
                  setOpen(false);
                }}
                className={cn(
                  'flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                  active === id ? 'bg-white/10 text-white' : 'text-slate-300 hover:bg-white/5 hover:text-white',
                )}
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="space-y-3 border-t border-white/10 p-4">
        <div className="flex items-center gap-3">
          <Avatar text={initials(user)} className="ring-slate-900" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-white">{fullName(user, user.userId)}</p>
            <p className="truncate font-mono text-xs text-slate-400">{user.userId}</p>
          </div>
        </div>
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
    <div className="min-h-dvh bg-slate-50">
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 bg-slate-900 lg:block">{sidebar}</aside>
      {open ? (
        <div className="fixed inset-0 z-40 lg:hidden">
          <div className="absolute inset-0 bg-slate-950/50" onClick={() => setOpen(false)} aria-hidden="true" />
          <aside className="absolute inset-y-0 left-0 w-72 max-w-[85vw] bg-slate-900 shadow-2xl">{sidebar}</aside>
        </div>
      ) : null}
      <div className="lg:pl-64">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur lg:hidden">
          <Button variant="ghost" size="icon" onClick={() => setOpen(true)}>
            <Menu aria-hidden="true" className="size-5" />
            <span className="sr-only">Open menu</span>
          </Button>
          <Logo caption="Admin Portal" />
        </header>
        <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">{children}</main>
      </div>
    </div>
  );
}
