import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A list row's name with a second line under it: a user ID (`mono`) or an email. */
export function NameCell({ name, sub, mono }: { name: ReactNode; sub: ReactNode; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <p className="font-medium text-slate-900">{name}</p>
      <p className={cn('truncate text-xs text-slate-500', mono && 'font-mono')}>{sub}</p>
    </div>
  );
}
