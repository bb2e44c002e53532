import { Check, Clock, RotateCcw, X } from 'lucide-react';
import { MemberCell } from '../../../components/admin/member-cell';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatDateTimeUS, formatDateUS, formatINR } from '../../../lib/admin/format';
import { DataTable, type Column, RowCard } from '../../../components/ui/table';
import { currencySign, withdrawalCurrency, type AdminWithdrawal, type WithdrawalTab } from './money-api';

export type WithdrawalAction = 'approve' | 'reject' | 'reconsider';
type OnAction = (w: AdminWithdrawal, action: WithdrawalAction) => void;

function Member({ w, withDate }: { w: AdminWithdrawal; withDate?: boolean }) {
  return (
    <MemberCell row={w}>
      {withDate ? (
        <p className="mt-1 flex items-center gap-1.5 text-xs text-slate-500 2xl:hidden">
          <Clock aria-hidden="true" className="size-3.5 shrink-0" />
          <span>
            <span className="sr-only">Date: </span>
            {formatDateTimeUS(w.date || w.createdAt)}
          </span>
        </p>
      ) : null}
    </MemberCell>
  );
}

/** The type with its currency sign: ₹ for a bank transfer, $ for USDT (doc 2 §2.10). */
export function TypeLabel({ w }: { w: AdminWithdrawal }) {
  const usd = withdrawalCurrency(w) === 'USD';
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap text-slate-700">
      <span aria-hidden="true" className={cn('flex size-5 items-center justify-center rounded-full text-[11px] font-bold', usd ? 'bg-emerald-100 text-emerald-800' : 'bg-brand-50 text-brand-800')}>
        {currencySign(w)}
      </span>
      {w.typeLabel}
      <span className="sr-only"> ({usd ? 'USD' : 'INR'})</span>
    </span>
  );
}

function TypeCell({ w }: { w: AdminWithdrawal }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <TypeLabel w={w} />
      {w.createdByAdmin ? <Badge tone="brand">Admin created</Badge> : null}
    </div>
  );
}

export const Amount = ({ w, className }: { w: AdminWithdrawal; className?: string }) => (
  <span className={cn('font-semibold whitespace-nowrap text-slate-900 tabular-nums', className)}>{formatINR(w.amount)}</span>
);

/** What happened after the request: the reason of a rejection, the notes and reference of an approval. */
function Outcome({ w, tab }: { w: AdminWithdrawal; tab: WithdrawalTab }) {
  if (tab === 'rejected') return <span className="text-red-700">{w.reason || w.rejectionReason || 'No reason provided'}</span>;
  if (tab === 'approved')
    return (
      <div className="space-y-0.5 text-xs">
        <p className="text-slate-700">{w.adminNotes || 'Approved by admin'}</p>
        <p className="text-slate-500">
          Ref: <span className="font-mono">{w.transactionId || '—'}</span>
        </p>
        {w.processedAt ? <p className="text-slate-500">{formatDateTimeUS(w.processedAt)}</p> : null}
      </div>
    );
  return null;
}

function Actions({ w, tab, onAction, className, stacked }: { w: AdminWithdrawal; tab: WithdrawalTab; onAction: OnAction; className?: string; stacked?: boolean }) {
  const layout = stacked ? 'ml-auto grid w-32 gap-2 [&>button]:w-full' : 'flex gap-2';
  const who = `${w.userName || w.userDisplayId} (${formatINR(w.amount)})`;
  if (tab === 'rejected') {
    return (
      <div className={cn(layout, className)}>
        <Button size="sm" variant="outline" onClick={() => onAction(w, 'reconsider')} aria-label={`Reconsider the withdrawal of ${who}`}>
          <RotateCcw aria-hidden="true" className="size-3.5" /> Reconsider
        </Button>
      </div>
    );
  }
  // Approved is final (doc 2 §4): the actions stay visible but disabled.
  const done = tab === 'approved';
  const title = done ? 'An approved withdrawal is final' : undefined;
  return (
    <div className={cn(layout, className)}>
      <Button size="sm" disabled={done} title={title} onClick={() => onAction(w, 'approve')} aria-label={`Approve the withdrawal of ${who}`}>
        <Check aria-hidden="true" className="size-3.5" /> Approve
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={done}
        title={title}
        className="border-red-200! text-red-700! hover:border-red-300! hover:bg-red-50!"
        onClick={() => onAction(w, 'reject')}
        aria-label={`Reject the withdrawal of ${who}`}
      >
        <X aria-hidden="true" className="size-3.5" /> Reject
      </Button>
    </div>
  );
}

const OUTCOME_LABEL: Record<WithdrawalTab, string | null> = { pending: null, approved: 'Approval', rejected: 'Reason' };

/** Withdrawal requests (doc 2 §2.10): a table from 768 px, cards below. */
export function WithdrawalList({ rows, tab, label, onAction }: { rows: AdminWithdrawal[]; tab: WithdrawalTab; label: string; onAction: OnAction }) {
  const outcome = OUTCOME_LABEL[tab];
  const columns: Column<AdminWithdrawal>[] = [
    { header: 'Member', className: 'max-w-52 min-w-40', cell: (w) => <Member w={w} withDate /> },
    {
      header: 'Amount and type',
      cell: (w) => (
        <>
          <Amount w={w} className="block text-base" />
          <div className="mt-1">
            <TypeCell w={w} />
          </div>
        </>
      ),
    },
    { header: 'Details', className: 'max-w-56 min-w-40 text-xs break-words text-slate-600', cell: (w) => w.details || '—' },
    { header: 'Date', headerClassName: 'hidden 2xl:table-cell', className: 'hidden whitespace-nowrap text-slate-600 2xl:table-cell', cell: (w) => formatDateTimeUS(w.date || w.createdAt) },
    ...(outcome ? [{ header: outcome, className: 'max-w-52 min-w-36', cell: (w: AdminWithdrawal) => <Outcome w={w} tab={tab} /> }] : []),
    { header: 'Actions', stickyEnd: true, headerClassName: 'text-right', cell: (w) => <Actions w={w} tab={tab} onAction={onAction} stacked /> },
  ];
  return (
    <DataTable
      rows={rows}
      rowKey={(w) => w.id}
      rowData={(w) => ({ 'data-withdrawal-id': w.id })}
      label={label}
      columns={columns}
      card={(w) => (
        <RowCard
          head={<Member w={w} />}
          aside={<Amount w={w} className="shrink-0 text-base" />}
          grid="grid-cols-2 gap-x-4 gap-y-3"
          fields={{
            Type: <TypeCell w={w} />,
            Date: formatDateUS(w.date || w.createdAt),
            Details: <span className="text-xs font-normal text-slate-700">{w.details || '—'}</span>,
            ...(outcome ? { [outcome]: <Outcome w={w} tab={tab} /> } : {}),
          }}
          wide={['Details', outcome ?? '']}
          after={<Actions w={w} tab={tab} onAction={onAction} className="border-t border-slate-100 pt-3 [&>button]:flex-1" />}
        />
      )}
    />
  );
}
