import type { FormEventHandler, ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** The rows of a list, dimmed while the previous filter's rows stand in for the next ones (className: the spacing). */
export function ListRows({ stale, className = 'space-y-4', children }: { stale: boolean; className?: string; children: ReactNode }) {
  return <div className={cn(className, 'transition-opacity', stale && 'opacity-60')}>{children}</div>;
}

/**
 * The white box of an admin list's filters, a search form (role "search", named by label). className replaces the
 * default layout: the fields in a row from sm up, aligned on their bottoms.
 */
export function FilterBar({
  label,
  onSubmit,
  className = 'flex flex-col gap-3 sm:flex-row sm:items-end',
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form noValidate role="search" aria-label={label} onSubmit={onSubmit} className={cn('rounded-2xl border border-slate-200 bg-white p-4 shadow-sm', className)}>
      {children}
    </form>
  );
}

/** Applies submitted filters; submitting the same ones again reloads the list instead (a plain refresh). */
export function applyOrRefetch<V>(next: V, current: V, apply: (v: V) => void, refetch: () => unknown) {
  if (JSON.stringify(next) === JSON.stringify(current)) void refetch();
  else apply(next);
}
