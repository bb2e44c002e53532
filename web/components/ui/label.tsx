import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/**
 * A native label with what Radix's Label adds (a double click on it does not select its text), without the
 * dependency: it is on the sign-in page's first load (issue 14).
 */
export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  return (
    <label
      className={cn('block text-sm font-medium text-slate-700', className)}
      onMouseDown={(event) => {
        // A click inside a control the label wraps keeps its own behaviour.
        if ((event.target as HTMLElement).closest('button, input, select, textarea')) return;
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
}
