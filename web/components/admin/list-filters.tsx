import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import { Filter, RotateCcw, Search } from 'lucide-react';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { cn } from '../../lib/cn';

/** A search input with the magnifier inside (ref and register() pass through to the input). */
export function SearchBox({ className, ...props }: ComponentProps<'input'>) {
  return (
    <div className="relative">
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <Input type="search" autoComplete="off" className={cn('pl-9', className)} {...props} />
    </div>
  );
}

/** The end of a filter form: Clear while a filter is applied, then Apply (the form's submit). */
export function FilterActions({ filtered, onClear, applyLabel = 'Apply', className }: { filtered: boolean; onClear: () => void; applyLabel?: string; className?: string }) {
  return (
    <div className={cn('flex gap-2', className)}>
      {filtered ? (
        <Button variant="ghost" onClick={onClear} icon={RotateCcw}>
          Clear
        </Button>
      ) : null}
      <Button type="submit" className="flex-1 sm:flex-none">
        <Filter aria-hidden="true" className="size-4" /> {applyLabel}
      </Button>
    </div>
  );
}

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
