import { CheckCircle2, CircleDashed, Clock, PackageCheck, Truck, XCircle, Ban } from 'lucide-react';
import { cn } from '../../lib/cn';
import { titleCase } from '../../lib/format';

/** The payment and order status colours of doc 3 §2.3, each with its own icon; unknown ones look neutral. */
const LOOK: Record<string, { className: string; icon: typeof Clock }> = {
  completed: { className: 'bg-emerald-50 text-emerald-800 ring-emerald-200', icon: CheckCircle2 },
  delivered: { className: 'bg-teal-50 text-teal-800 ring-teal-200', icon: PackageCheck },
  pending: { className: 'bg-amber-50 text-amber-800 ring-amber-200', icon: Clock },
  processing: { className: 'bg-sky-50 text-sky-800 ring-sky-200', icon: CircleDashed },
  shipped: { className: 'bg-violet-50 text-violet-800 ring-violet-200', icon: Truck },
  failed: { className: 'bg-red-50 text-red-700 ring-red-200', icon: XCircle },
  cancelled: { className: 'bg-slate-100 text-slate-600 ring-slate-200', icon: Ban },
};

export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const look = LOOK[status] ?? { className: 'bg-slate-100 text-slate-700 ring-slate-200', icon: CircleDashed };
  const Icon = look.icon;
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset', look.className, className)}>
      <Icon aria-hidden="true" className="size-3" />
      {titleCase(status)}
    </span>
  );
}
