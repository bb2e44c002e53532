import type { ReactNode } from 'react';
import type { CurrentUser } from '@contracts';
import { PortalHeader } from './portal-header';

/** Header and page body of the founder and franchise portals. */
export function PortalShell({
  user,
  caption,
  homePath,
  badge,
  logoutHref,
  children,
}: {
  user: CurrentUser;
  caption: string;
  homePath: string;
  badge?: ReactNode;
  logoutHref?: string;
  children: ReactNode;
}) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <PortalHeader user={user} caption={caption} homePath={homePath} badge={badge} logoutHref={logoutHref} />
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">{children}</main>
    </div>
  );
}
