import type { ComponentProps } from 'react';
import { Search } from 'lucide-react';
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
