import type { ComponentProps } from 'react';
import { Check } from 'lucide-react';
import { cn } from '../../lib/cn';

/**
 * The kit's Checkbox drawn on a native input: the same box, without Radix (about 5 KB gzipped), for the sign-in
 * page's first load (issue 14). Takes the native `checked` / `onChange`.
 */
export function NativeCheckbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <span className={cn('relative inline-flex size-4.5 shrink-0', className)}>
      <input
        type="checkbox"
        className={cn(
          'peer size-4.5 shrink-0 cursor-pointer appearance-none rounded border border-slate-400 bg-white shadow-xs transition-colors',
          'checked:border-primary checked:bg-primary',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
        )}
        {...props}
      />
      <Check aria-hidden="true" strokeWidth={3} className="pointer-events-none absolute top-0.5 left-0.5 hidden size-3.5 text-primary-foreground peer-checked:block" />
    </span>
  );
}
