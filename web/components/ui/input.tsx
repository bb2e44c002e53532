import type { ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn';

export const inputClass = cn(
  'block w-full h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs',
  'placeholder:text-slate-400 transition-colors',
  'focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-500/20',
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500',
  'aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:ring-red-500/20',
);

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClass, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(inputClass, 'h-auto min-h-20 py-2', className)} {...props} />;
}

export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select className={cn(inputClass, 'cursor-pointer appearance-none pr-9', className)} {...props}>
        {children}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" />
    </div>
  );
}

/** The options of a Select: one per value with its label, after an optional blank one ('All types', or a prompt). */
export function Options<T extends string>({ values, label, blank, blankValue = '' }: { values: readonly T[]; label?: (value: T) => string; blank?: string; blankValue?: string }) {
  return (
    <>
      {blank === undefined ? null : <option value={blankValue}>{blank}</option>}
      {values.map((v) => (
        <option key={v} value={v}>
          {label ? label(v) : v}
        </option>
      ))}
    </>
  );
}
