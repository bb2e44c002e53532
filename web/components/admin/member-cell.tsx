import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** The member of an admin list's row (a wallet movement, a withdrawal, a balance): name, user ID, email, and more below. */
export function MemberCell({
  row,
  strong,
  children,
}: {
  row: { userName: string | null; userDisplayId: string; userEmail: string | null };
  /** Semibold, where the name heads a phone card. */
  strong?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <p className={cn('truncate text-slate-900', strong ? 'font-semibold' : 'font-medium')}>{row.userName || '—'}</p>
      <p className="font-mono text-xs text-slate-500">{row.userDisplayId}</p>
      <p className="truncate text-xs text-slate-500" title={row.userEmail ?? undefined}>
        {row.userEmail}
      </p>
      {children}
    </div>
  );
}
