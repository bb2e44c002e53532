import type { ReactNode } from 'react';
import { CheckCircle2, CircleDot, Clock, PackageCheck, ShieldCheck, Undo2, XCircle } from 'lucide-react';
import type { ReturnView } from '@contracts/returns';
import { StatusBadge } from '../../components/ui/badge';
import { CloseFooter, Dialog, DialogContent } from '../../components/ui/dialog';
import { DownloadButton } from '../../components/ui/download-button';
import { QueryError } from '../../components/ui/query-error';
import { InlineLoader } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { formatDate, formatDateTime } from '../../lib/format';
import { formatBV, formatMoney } from '../../lib/money';
import { buyerOf, creditNoteFileName, EVENT_LABELS, reasonLabel, RETURN_STATUS } from './labels';

export function ReturnStatusBadge({ status }: { status: ReturnView['status'] }) {
  return <StatusBadge map={RETURN_STATUS} value={status} prefix="Status" />;
}

const EVENT_ICONS = { requested: Undo2, approval_requested: ShieldCheck, approved: CheckCircle2, rejected: XCircle, received: PackageCheck, refunded: CheckCircle2 } as const;
const EVENT_TONES = {
  requested: 'bg-amber-100 text-amber-700',
  approval_requested: 'bg-sky-100 text-sky-700',
  approved: 'bg-sky-100 text-sky-700',
  rejected: 'bg-red-100 text-red-700',
  received: 'bg-brand-100 text-brand-700',
  refunded: 'bg-emerald-100 text-emerald-700',
} as const;

/** A return's history, oldest first: what happened, when and by whom, with the note given. */
export function ReturnTimeline({ events, showBy = true }: { events: ReturnView['events']; showBy?: boolean }) {
  if (events.length === 0) return <p className="text-sm text-slate-500">No history yet.</p>;
  return (
    <ol aria-label="Return history" className="space-y-0">
      {events.map((e, i) => {
        const Icon = EVENT_ICONS[e.action] ?? CircleDot;
        const last = i === events.length - 1;
        return (
          <li key={`${e.action}-${e.at}-${i}`} className="relative flex gap-3 pb-4 last:pb-0">
            {last ? null : <span aria-hidden="true" className="absolute top-8 bottom-0 left-4 w-px bg-slate-200" />}
            <span className={cn('relative flex size-8 shrink-0 items-center justify-center rounded-full', EVENT_TONES[e.action])}>
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <div className="min-w-0 pt-1">
              <p className="text-sm font-semibold text-slate-900">{EVENT_LABELS[e.action]}</p>
              <p className="text-xs text-slate-500">
                <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                {showBy && e.by ? ` · ${e.by.name}` : null}
              </p>
              {e.note ? <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{e.note}</p> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function Fact({ term, children, wide }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn('min-w-0', wide && 'col-span-2')}>
      <dt className="text-xs font-medium text-slate-500">{term}</dt>
      <dd className="mt-0.5 text-sm font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** What a return is: the product and units, the refund and its tax split, the reason, the order and its invoice. */
export function ReturnFacts({ r, admin = false }: { r: ReturnView; admin?: boolean }) {
  const tax = Number(r.igst) > 0 ? `IGST ${formatMoney(r.igst, { decimals: 2 })}` : `CGST ${formatMoney(r.cgst, { decimals: 2 })} + SGST ${formatMoney(r.sgst, { decimals: 2 })}`;
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-xl border border-slate-200 bg-slate-50/60 p-4">
      <Fact term="Product" wide>
        {r.productName} <span className="font-normal text-slate-500">× {r.quantity}</span>
        <span className="block text-xs font-normal text-slate-500">
          {r.quantity} of {r.boughtQuantity} bought · {formatBV(r.bv, { unit: true })}
        </span>
      </Fact>
      <Fact term="Refund">
        <span className="tabular-nums">{formatMoney(r.refundAmount, { decimals: 2 })}</span>
        <span className="block text-xs font-normal text-slate-500">Taxable {formatMoney(r.taxableValue, { decimals: 2 })}</span>
      </Fact>
      <Fact term="Status">
        <ReturnStatusBadge status={r.status} />
        {r.awaitingSecondAdmin ? <span className="mt-1 block text-xs font-normal text-sky-700">Waiting for a second admin</span> : null}
      </Fact>
      <Fact term="Reason">{reasonLabel(r.reason)}</Fact>
      <Fact term="Requested">{formatDate(r.requestedAt)}</Fact>
      {admin ? <Fact term={r.member ? 'Member' : 'Customer'}>{buyerOf(r)}</Fact> : null}
      {r.franchise ? <Fact term="Franchise">{r.franchise.name}</Fact> : null}
      <Fact term="Invoice">{r.invoiceNumber ?? '—'}</Fact>
      <Fact term="Tax">{tax}</Fact>
      {r.refund ? (
        <Fact term="Refunded" wide>
          {r.refund.method === 'wallet' ? 'To the wallet' : 'Outside the platform'}
          {r.refund.reference ? <span className="font-mono text-xs"> · {r.refund.reference}</span> : null}
          <span className="block text-xs font-normal text-slate-500">{formatDate(r.refund.at)}</span>
        </Fact>
      ) : null}
      {admin && r.outsideWindow ? (
        <Fact term="Return window" wide>
          <span className="inline-flex items-center gap-1 text-amber-800">
            <Clock aria-hidden="true" className="size-3.5" /> Created after the window ended on {formatDate(r.windowEndsAt)}
          </span>
        </Fact>
      ) : null}
      {r.note ? (
        <Fact term="Note" wide>
          <span className="font-normal whitespace-pre-line">{r.note}</span>
        </Fact>
      ) : null}
    </dl>
  );
}

/** The credit note of a refunded return, downloaded as a PDF (the member's route or the admin's). */
export function CreditNoteButton({ r, href, className }: { r: ReturnView; href: string; className?: string }) {
  if (!r.creditNote) return null;
  return (
    <DownloadButton
      href={href}
      fileName={creditNoteFileName(r.creditNote.number)}
      label="Download credit note"
      aria-label={`Download credit note ${r.creditNote.number}`}
      errorTitle="Credit note not available"
      className={className}
    />
  );
}

/** What a return dialog needs of its query: whether it failed, why, and how to try again. */
interface ReturnLoad {
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The dialog of one return read by its id (the member's and the admin's): titled by the return's number once it is
 * there, its body drawn by `children`; until then the load's error (with Retry) or a loader. Close at the foot.
 */
export function ReturnDialogFrame<R extends ReturnView>({
  r,
  q,
  description,
  className,
  onClose,
  children,
}: {
  r: R | undefined;
  q: ReturnLoad;
  description?: (r: R) => string;
  className?: string;
  onClose: () => void;
  children: (r: R) => ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={r ? `Return ${r.number}` : 'Return'} description={r && description ? description(r) : undefined} className={className}>
        {r ? (
          children(r)
        ) : q.isError ? (
          <QueryError title="Could not load this return" error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />
        ) : (
          <InlineLoader label="Loading the return..." />
        )}
        <CloseFooter onClose={onClose} />
      </DialogContent>
    </Dialog>
  );
}
