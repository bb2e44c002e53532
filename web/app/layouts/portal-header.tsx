import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LogOut } from 'lucide-react';
import type { CurrentUser } from '@contracts';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { fullName, initials } from '../../lib/format';
import { useLogout } from '../../features/account';
import { impersonationToken } from '../../lib/storage';
import { useDocumentTitle } from '../../lib/branding';

/** Top bar of the member, pending, founder and franchise portals: portal name, greeting, avatar, logout. */
/** logoutHref: a plain link instead of the POST (the franchise portal's GET /api/logout, doc 3 §2.7). */
export function PortalHeader({ user, caption, homePath, badge, logoutHref }: { user: CurrentUser; caption: string; homePath: string; badge?: ReactNode; logoutHref?: string }) {
  const logout = useLogout();
  useDocumentTitle(caption);
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link to={homePath} className="flex min-w-0 items-center gap-3 rounded-lg">
          <Logo caption={caption} />
          {badge ? <span className="hidden sm:inline-flex">{badge}</span> : null}
        </Link>
        <div className="flex items-center gap-2 sm:gap-3">
          <div className="hidden text-right leading-tight sm:block">
            <p className="text-sm font-semibold text-slate-900">Hello, {user.firstName || fullName(user, user.userId)}</p>
            <p className="font-mono text-xs text-slate-500">{user.userId}</p>
          </div>
          <Avatar text={initials(user)} />
          {/* While impersonating, the POST flow only revokes the token; a plain link would end the admin's own session. */}
          {logoutHref && !impersonationToken.get() ? (
            <Button asChild variant="ghost" size="sm">
              <a href={logoutHref} aria-label="Logout">
                <LogOut aria-hidden="true" className="size-4" />
                <span className="hidden sm:inline">Logout</span>
              </a>
            </Button>
          ) : (
            <Button variant="ghost" size="sm" onClick={() => logout.mutate()} loading={logout.isPending} aria-label="Logout">
              {logout.isPending ? null : <LogOut aria-hidden="true" className="size-4" />}
              <span className="hidden sm:inline">Logout</span>
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
