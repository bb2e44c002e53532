import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '@contracts';
import { Avatar } from '../../components/ui/avatar';
import { Logo } from '../../components/ui/logo';
import { fullName, initials } from '../../lib/format';
import { LogoutButton } from './logout-button';
import { useDocumentTitle } from '../../lib/branding';

/** Top bar of the member, pending, founder and franchise portals: portal name, greeting, avatar, logout. */
/** logoutHref: a plain link instead of the POST (the franchise portal's GET /api/logout, doc 3 §2.7). */
export function PortalHeader({ user, caption, homePath, badge, logoutHref }: { user: CurrentUser; caption: string; homePath: string; badge?: ReactNode; logoutHref?: string }) {
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
          <LogoutButton href={logoutHref} />
        </div>
      </div>
    </header>
  );
}
