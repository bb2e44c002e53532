import type { ComponentType, ReactNode } from 'react';
import { cn } from '../../lib/cn';

const tones = {
  brand: 'bg-brand-50 text-brand-700',
  emerald: 'bg-emerald-50 text-emerald-700',
  sky: 'bg-sky-50 text-sky-700',
  amber: 'bg-amber-50 text-amber-700',
  violet: 'bg-violet-50 text-violet-700',
} as const;

/** A labelled figure with an icon; the label is the accessible name of the group. */
export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  tone = 'brand',
  className,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  tone?: keyof typeof tones;
  className?: string;
}) {
  return (
    <div role="group" aria-label={label} className={cn('flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4', className)}>
      {/* Phones keep the figures readable by dropping the decorative icon. */}
      <span className={cn('hidden size-10 shrink-0 items-center justify-center rounded-xl sm:flex', tones[tone])}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="text-xs leading-tight font-medium text-slate-500">{label}</p>
        <p className="mt-0.5 text-lg font-bold break-words text-slate-900 tabular-nums sm:text-xl">{value}</p>
        {hint ? <p className="hidden truncate text-xs text-slate-500 sm:block">{hint}</p> : null}
      </div>
    </div>
  );
}
