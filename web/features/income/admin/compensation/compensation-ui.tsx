import type { ReactNode } from 'react';
import { ChevronRight } from 'lucide-react';
import { ledgerTypeLabel } from '@contracts';
import type { IncomeLine } from '../../../../../contracts/compensation';
import { cn } from '../../../../lib/cn';
import { formatINR } from '../../../../lib/admin/format';

/** A labelled figure of a cycle (the Income Reports' total cards). */
export function Figure({ label, value, sub, className }: { label: string; value: ReactNode; sub?: ReactNode; className?: string }) {
  return (
    <div role="group" aria-label={label} className={cn('min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5', className)}>
      <p className="text-sm font-medium text-slate-500">{label}</p>
      <p className="mt-2 truncate text-xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-2xl">{value}</p>
      {sub ? <p className="mt-1 text-xs text-slate-500">{sub}</p> : null}
    </div>
  );
}

/** A member as the cycle lists name them: name over the public Member ID. */
export function MemberName({ userId, name }: { userId: string; name: string }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-medium text-slate-900">{name || '—'}</p>
      <p className="font-mono text-xs text-slate-500">{userId}</p>
    </div>
  );
}

/** One income line: its label and amount, the explanation opened on demand. */
export function LineDetails({ line }: { line: IncomeLine }) {
  return (
    <details className="group/line rounded-lg border border-slate-200 bg-white open:bg-slate-50/60">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-3 py-2 text-sm [&::-webkit-details-marker]:hidden">
        <span className="flex min-w-0 items-center gap-1.5 font-medium text-slate-800">
          <ChevronRight aria-hidden="true" className="size-3.5 shrink-0 text-slate-500 transition-transform group-open/line:rotate-90" />
          <span className="truncate">{line.label || ledgerTypeLabel(line.type)}</span>
        </span>
        <span className="shrink-0 font-semibold whitespace-nowrap text-slate-900 tabular-nums">{formatINR(line.amount)}</span>
      </summary>
      <div className="space-y-1 border-t border-slate-200 px-3 py-2 text-sm">
        <p className="break-words text-slate-700">{line.explanation?.text || 'No explanation was recorded.'}</p>
        <p className="text-xs text-slate-500">Plan version {line.planVersion}</p>
      </div>
    </details>
  );
}
