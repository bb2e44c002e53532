import { useState } from 'react';
import { CalendarClock, CalendarRange, Eye, Lock, SlidersHorizontal } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { toast } from '../../../../components/ui/toast';
import { cn } from '../../../../lib/cn';
import { useRecordParam } from '../../../../lib/record-param';
import { titleCase } from '../../../../lib/format';
import { cycleKindLabel, formatCycleMoment, formatCyclePeriod } from '../../../../lib/cycles';
import { formatCount, formatINR } from '../../../../lib/admin/format';
import { ConfirmDialog } from '../../../../components/admin/confirm-dialog';
import { ListRows } from '../../../../components/admin/filter-bar';
import { LoadMore, QueryStates } from '../../../../components/ui/query-error';
import { SectionHeader } from '../../../../components/admin/section-header';
import { segmentClass, segmentGroupClass } from '../../../../components/admin/segments';
import { DataTable, RowCard } from '../../../../components/ui/table';
import { CycleStatusBadge } from './compensation-badges';
import { deductionsOf, formatPayoutRatio, hasFigures, useCloseCycle, useCycles, useOpenCycle, type CycleKind, type CycleSummary } from './compensation-api';
import { CycleDetailView } from './cycle-detail';
import { AdjustmentDialog } from './adjustment-dialog';

const KINDS: Array<{ id: CycleKind; label: string; hint: string }> = [
  { id: 'pairing', label: 'Pairing', hint: 'Sales incentive, direct income, sales bonus, franchise income and rank bonuses' },
  { id: 'monthly', label: 'Monthly', hint: 'Consistency bonus and the six pools' },
];

/** The period on the cycle calendar, over the cycle's length and plan version. */
function Period({ c }: { c: CycleSummary }) {
  return (
    <div className="min-w-0">
      <p className="font-medium text-slate-900">{formatCyclePeriod(c.startsAt, c.endsAt)}</p>
      <p className="text-xs text-slate-500">
        {titleCase(c.period)}
        {c.planVersion !== null ? ` · Plan v${c.planVersion}` : ''}
      </p>
    </div>
  );
}

const NUM = 'text-right whitespace-nowrap tabular-nums';
const money = (c: CycleSummary, v: string) => (hasFigures(c) ? formatINR(v) : '—');

/** A-comp-1 Cycles (docs/spec/compensation.md §2, §6): each cycle's state and figures; close the open one early; add an adjustment. */
export function CyclesSection() {
  const [kind, setKind] = useState<CycleKind>('pairing');
  // The opened cycle is in the address (?id=): a reload or a shared link opens it again, Back returns to the list.
  const record = useRecordParam();
  if (record.id) return <CycleDetailView id={record.id} onBack={record.close} />;
  return <CycleList kind={kind} onKind={setKind} onOpen={(id) => record.open(id)} />;
}

function CycleList({ kind, onKind, onOpen }: { kind: CycleKind; onKind: (k: CycleKind) => void; onOpen: (id: string) => void }) {
  const cycles = useCycles(kind);
  const open = useOpenCycle(kind);
  const close = useCloseCycle();
  const [confirming, setConfirming] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  const items = cycles.data?.pages.flatMap((p) => p.items) ?? [];
  const openCycle = open.data ?? null;
  const current = KINDS.find((k) => k.id === kind)!;

  const view = (c: CycleSummary, className?: string) => (
    <Button
      size="sm"
      variant={c.status === 'closed' || c.status === 'calculated' || c.status === 'approved' ? 'primary' : 'outline'}
      className={className}
      onClick={() => onOpen(c.id)}
      aria-label={`View cycle ${formatCyclePeriod(c.startsAt, c.endsAt)}`}
    >
      <Eye aria-hidden="true" className="size-3.5" /> View
    </Button>
  );

  const onClose = () => {
    close.mutate(kind, {
      onSuccess: (closed) => {
        setConfirming(false);
        toast({
          title: 'Cycle closed',
          description: `The ${cycleKindLabel(closed.kind).toLowerCase()} cycle ${formatCyclePeriod(closed.startsAt, closed.endsAt)} is closed and the next one is open. Calculate it when you are ready.`,
          variant: 'success',
        });
      },
    });
  };

  const empty = (
    <EmptyState icon={CalendarRange} title={`No ${current.label.toLowerCase()} cycles yet`} description="The first cycle opens when the compensation plan starts; it is listed here with its state." />
  );
  return (
    <div className="space-y-5">
      <SectionHeader
        eyebrow="Compensation"
        title="Cycles"
        description="Each cycle's state and figures, newest first. Open a cycle to calculate, approve and post it, and to read every member's lines."
        actions={
          <>
            <Button variant="outline" onClick={() => setAdjusting(true)}>
              <SlidersHorizontal aria-hidden="true" className="size-4" /> Add adjustment
            </Button>
            {openCycle ? (
              <Button variant="outline" onClick={() => setConfirming(true)}>
                <Lock aria-hidden="true" className="size-4" /> Close now
              </Button>
            ) : null}
          </>
        }
      />

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <div role="group" aria-label="Cycle kind" className={cn('grid grid-cols-2 sm:inline-grid', segmentGroupClass)}>
          {KINDS.map((k) => (
            <button key={k.id} type="button" aria-pressed={k.id === kind} onClick={() => onKind(k.id)} className={segmentClass(k.id === kind)}>
              {k.label}
            </button>
          ))}
        </div>
        <p className="text-sm text-slate-500">{current.hint}.</p>
      </div>

      {openCycle ? (
        <p className="flex items-start gap-2 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900" role="status">
          <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sky-600" />
          <span>
            The open {current.label.toLowerCase()} cycle ({formatCyclePeriod(openCycle.startsAt, openCycle.endsAt)}) closes on its own at {formatCycleMoment(openCycle.endsAt)}.
          </span>
        </p>
      ) : null}

      <QueryStates query={cycles} errorTitle="Failed to load the cycles" loadingLabel="Loading cycles..." empty={items.length === 0 && empty}>
        <ListRows stale={cycles.isPlaceholderData}>
          <DataTable
            rows={items}
            rowKey={(c) => c.id}
            rowData={(c) => ({ 'data-cycle-id': c.id })}
            label={`${current.label} cycles`}
            columns={[
              { header: 'Period', className: 'max-w-60 min-w-44', cell: (c) => <Period c={c} /> },
              { header: 'Status', cell: (c) => <CycleStatusBadge status={c.status} /> },
              { header: 'Gross', headerClassName: 'text-right', className: 'text-right font-medium whitespace-nowrap text-slate-900 tabular-nums', cell: (c) => money(c, c.gross) },
              {
                header: 'Deductions',
                headerClassName: 'text-right',
                className: NUM,
                cell: (c) => (hasFigures(c) ? <span title={`Admin charge ${formatINR(c.adminCharge)} · TDS ${formatINR(c.tds)}`}>{formatINR(deductionsOf(c))}</span> : '—'),
              },
              { header: 'Net', headerClassName: 'text-right', className: 'text-right font-semibold whitespace-nowrap text-emerald-700 tabular-nums', cell: (c) => money(c, c.net) },
              { header: 'Payout ratio', headerClassName: 'text-right', className: NUM, cell: (c) => (hasFigures(c) ? formatPayoutRatio(c.payoutRatio) : '—') },
              { header: 'Members paid', headerClassName: 'text-right', className: 'text-right tabular-nums', cell: (c) => (hasFigures(c) ? formatCount(c.membersPaid) : '—') },
              { header: <span className="sr-only">Actions</span>, stickyEnd: true, headerClassName: 'text-right', className: 'text-right', cell: (c) => view(c) },
            ]}
            card={(c) => (
              <RowCard
                head={<Period c={c} />}
                aside={
                  <span className="shrink-0">
                    <CycleStatusBadge status={c.status} />
                  </span>
                }
                fields={{
                  Gross: money(c, c.gross),
                  Deductions: money(c, deductionsOf(c)),
                  Net: money(c, c.net),
                  'Payout ratio': hasFigures(c) ? formatPayoutRatio(c.payoutRatio) : '—',
                  'Members paid': hasFigures(c) ? formatCount(c.membersPaid) : '—',
                }}
                actions={view(c, 'w-full')}
              />
            )}
          />

          <LoadMore query={cycles} />
        </ListRows>
      </QueryStates>

      {adjusting ? <AdjustmentDialog onClose={() => setAdjusting(false)} /> : null}

      {openCycle ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Close the ${current.label.toLowerCase()} cycle now?`}
          description={`The cycle ${formatCyclePeriod(openCycle.startsAt, openCycle.endsAt)} ends now instead of at ${formatCycleMoment(openCycle.endsAt)}.`}
          confirmLabel="Close now"
          onConfirm={onClose}
          busy={close.isPending}
        >
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
            <li>The next {current.label.toLowerCase()} cycle opens at once; purchases completed from now on count in it.</li>
            <li>A closed cycle never gains purchases again. It can then be calculated, approved and posted.</li>
          </ul>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
