import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { lookOf, type StatusMap } from '../../lib/status-looks';

const tones = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  brand: 'bg-brand-50 text-brand-800 ring-brand-200',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
  danger: 'bg-red-50 text-red-700 ring-red-200',
  info: 'bg-sky-50 text-sky-800 ring-sky-200',
} as const;

export type BadgeTone = keyof typeof tones;

export function Badge({ tone = 'neutral', className, ...props }: ComponentProps<'span'> & { tone?: BadgeTone }) {
  return <span className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset', tones[tone], className)} {...props} />;
}

/** A status in its map's words and colour (web/lib/status-looks.ts); `prefix` is read by screen readers only. */
export function StatusBadge({ map, value, fallback, prefix }: { map: StatusMap; value: string; fallback?: string; prefix?: string }) {
  const look = lookOf(map, value, fallback);
  return (
    <Badge tone={look.tone} title={look.hint}>
      {prefix ? <span className="sr-only">{prefix}: </span> : null}
      {look.label}
    </Badge>
  );
}
