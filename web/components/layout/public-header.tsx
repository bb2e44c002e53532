import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { BrandMark, useCompanyName } from '../ui/logo';

/**
 * The header of a page anyone may open without signing in (Disclosures, Grievance Redressal): the company's mark and
 * name linking home, and the page's way back at the right. `className` sets the width to the page's own.
 */
export function PublicHeader({ className, children }: { className: string; children: ReactNode }) {
  const name = useCompanyName();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className={cn('mx-auto flex items-center justify-between gap-3 px-4 py-3 sm:px-6', className)}>
        <Link to="/" className="inline-flex min-w-0 items-center gap-2.5 rounded-lg">
          <BrandMark className="size-9" />
          <span className="truncate text-sm font-semibold text-slate-900 sm:text-base">{name}</span>
        </Link>
        {children}
      </div>
    </header>
  );
}
