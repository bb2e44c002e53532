import { useState, type ReactNode } from 'react';
import { FlaskConical, Play } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Select } from '../../../../components/ui/input';
import { Label } from '../../../../components/ui/label';
import { cn } from '../../../../lib/cn';
import { cycleKindLabel, formatCyclePeriod } from '../../../../lib/cycles';
import { compareMoney } from '../../../../lib/money';
import { toastError } from '../../../../lib/mutation';
import { formatINR, formatSignedINR } from '../../../../lib/admin/format';
import { CardField, DataTable } from '../../../../components/ui/table';
import { CYCLE_STATUS } from '../../../../lib/status-looks';
import { failureText, formatPayoutRatio, orderedTypes, simulate, subtractMoney, useCycles, type CycleKind, type PlanVersion, type SimulationResult } from './compensation-api';
import { MemberName } from './compensation-ui';

/** The cycles a simulation can run against: their snapshot is frozen. */
const SIMULATABLE = new Set(['closed', 'calculated', 'approved', 'posted']);

function Delta({ value, className }: { value: string; className?: string }) {
  const sign = compareMoney(value, '0');
  return <span className={cn('font-semibold whitespace-nowrap tabular-nums', sign > 0 ? 'text-emerald-700' : sign < 0 ? 'text-red-600' : 'text-slate-500', className)}>{formatSignedINR(value)}</span>;
}

/** One row of a base-against-draft table: what it is, the two figures, the change. */
interface CompareRow {
  key: string;
  head: ReactNode;
  base: string;
  draft: string;
  change: ReactNode;
  strong?: boolean;
  memberId?: string;
}

/**
 * Version N (the cycle's) against version M (the draft), one row per income type or member: a table from
 * 768 px, below it a list with the change beside each name and the two figures under it.
 */
function CompareTable({ label, head, r, rows }: { label: string; head: string; r: SimulationResult; rows: CompareRow[] }) {
  return (
    <>
      <DataTable
        rows={rows}
        rowKey={(row) => row.key}
        label={label}
        cards="divided"
        rowData={(row) => ({ 'data-member-id': row.memberId })}
        columns={[
          { header: head, className: (row) => cn(typeof row.head === 'string' && 'whitespace-nowrap', row.strong && 'font-semibold text-slate-900'), cell: (row) => row.head },
          { header: `Version ${r.basePlanVersion}`, headerClassName: 'text-right', className: 'text-right whitespace-nowrap tabular-nums', cell: (row) => row.base },
          {
            header: `Version ${r.planVersion}`,
            headerClassName: 'text-right',
            className: (row) => cn('text-right whitespace-nowrap tabular-nums', row.strong && 'font-semibold text-slate-900'),
            cell: (row) => row.draft,
          },
          { header: 'Change', headerClassName: 'text-right', className: 'text-right whitespace-nowrap', cell: (row) => row.change },
        ]}
        card={(row) => (
          <>
            <div className="flex items-start justify-between gap-3 text-sm">
              <div className={cn('min-w-0', row.strong ? 'font-semibold text-slate-900' : 'text-slate-700')}>{row.head}</div>
              <div className="shrink-0">{row.change}</div>
            </div>
            <dl className="grid grid-cols-2 gap-3">
              <CardField label={`Version ${r.basePlanVersion}`}>
                <span className="tabular-nums">{row.base}</span>
              </CardField>
              <CardField label={`Version ${r.planVersion}`}>
                <span className="tabular-nums">{row.draft}</span>
              </CardField>
            </dl>
          </>
        )}
      />
    </>
  );
}

function ResultView({ r, cycleLabel }: { r: SimulationResult; cycleLabel: string }) {
  const money = (key: string, head: string, base: string, draft: string, strong?: boolean): CompareRow => ({
    key,
    head,
    base: formatINR(base),
    draft: formatINR(draft),
    change: <Delta value={subtractMoney(draft, base)} />,
    strong,
  });
  const totals: CompareRow[] = [
    ...orderedTypes(r.base.totals, r.draft.totals).map((t) => money(t.type, t.label, r.base.totals[t.type] ?? '0', r.draft.totals[t.type] ?? '0')),
    money('_gross', 'Gross', r.base.gross, r.draft.gross, true),
    money('_net', 'Net', r.base.net, r.draft.net, true),
    {
      key: '_ratio',
      head: 'Payout ratio',
      base: formatPayoutRatio(r.base.payoutRatio),
      draft: formatPayoutRatio(r.draft.payoutRatio),
      change: <span className="text-slate-500">—</span>,
      strong: true,
    },
  ];
  const members: CompareRow[] = r.changes.map((c) => ({
    key: c.userId,
    memberId: c.userId,
    head: <MemberName userId={c.userId} name={c.name} />,
    base: formatINR(c.base),
    draft: formatINR(c.draft),
    change: <Delta value={c.delta} />,
  }));
  return (
    <div className="space-y-5" aria-live="polite">
      <p className="text-sm text-slate-600">
        {cycleLabel}: draft version <strong className="font-semibold text-slate-900">{r.planVersion}</strong> against version{' '}
        <strong className="font-semibold text-slate-900">{r.basePlanVersion}</strong>, the one the cycle uses. Nothing was posted.
      </p>
      <CompareTable label="Totals, base against draft" head="Income" r={r} rows={totals} />

      <div className="space-y-3">
        <h3 className="text-sm font-semibold text-slate-900">Members whose income changes most</h3>
        {r.changes.length === 0 ? <p className="text-sm text-slate-500">No member’s income changes with this draft.</p> : <CompareTable label="Biggest changes" head="Member" r={r} rows={members} />}
      </div>
    </div>
  );
}

/**
 * The simulator (docs/spec/compensation.md §6): a saved draft run against a closed, calculated or posted cycle's frozen
 * snapshot; totals, payout ratio and the biggest changes against the version the cycle used. Posts nothing.
 */
export function PlanSimulator({ plans, preferredPlanId, unsaved }: { plans: PlanVersion[]; preferredPlanId?: string; unsaved: boolean }) {
  const drafts = plans.filter((p) => p.status === 'draft');
  const [planPick, setPlanPick] = useState('');
  const [kind, setKind] = useState<CycleKind>('pairing');
  const [cyclePick, setCyclePick] = useState('');
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<{ r: SimulationResult; cycleLabel: string } | null>(null);
  const cycles = useCycles(kind);
  const usable = (cycles.data?.pages.flatMap((p) => p.items) ?? []).filter((c) => SIMULATABLE.has(c.status));

  const planId = drafts.some((d) => d.id === planPick) ? planPick : ((drafts.find((d) => d.id === preferredPlanId) ?? drafts[0])?.id ?? '');
  const cycleId = usable.some((c) => c.id === cyclePick) ? cyclePick : (usable[0]?.id ?? '');
  const cycle = usable.find((c) => c.id === cycleId);
  const plan = drafts.find((d) => d.id === planId);

  const run = async () => {
    if (!planId || !cycle) return;
    setRunning(true);
    try {
      const r = await simulate(planId, cycle.id);
      setResult({ r, cycleLabel: `${cycleKindLabel(cycle.kind)} cycle ${formatCyclePeriod(cycle.startsAt, cycle.endsAt)}` });
    } catch (e) {
      toastError(failureText(e, 'Failed to run the simulation'));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Card aria-labelledby="plan-sim-title">
      <CardHeader>
        <CardTitle id="plan-sim-title" className="flex items-center gap-2">
          <FlaskConical aria-hidden="true" className="size-5 text-brand-600" /> Simulator
        </CardTitle>
        <CardDescription>Run a saved draft against a past cycle’s frozen snapshot and compare it with the version that cycle used. Nothing is posted.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5 pt-4">
        {drafts.length === 0 ? (
          <EmptyState icon={FlaskConical} title="No draft to simulate" description="Create a draft from a version above; it can then be run against any closed or posted cycle." />
        ) : (
          <>
            <form
              noValidate
              aria-label="Simulation"
              className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_10rem_minmax(0,1.4fr)_auto] lg:items-end"
              onSubmit={(e) => {
                e.preventDefault();
                void run();
              }}
            >
              <div className="space-y-1.5">
                <Label htmlFor="sim-plan">Draft</Label>
                <Select id="sim-plan" value={planId} onChange={(e) => setPlanPick(e.target.value)}>
                  {drafts.map((d) => (
                    <option key={d.id} value={d.id}>
                      Version {d.version} (draft)
                    </option>
                  ))}
                </Select>
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="sim-kind">Cycle kind</Label>
                <Select id="sim-kind" value={kind} onChange={(e) => setKind(e.target.value as CycleKind)}>
                  <option value="pairing">Pairing</option>
                  <option value="monthly">Monthly</option>
                </Select>
              </div>
              <div className="space-y-1.5 sm:col-span-2 lg:col-span-1">
                <Label htmlFor="sim-cycle">Cycle</Label>
                <Select id="sim-cycle" value={cycleId} onChange={(e) => setCyclePick(e.target.value)} disabled={usable.length === 0} aria-describedby="sim-cycle-hint">
                  {usable.length === 0 ? <option value="">{cycles.isPending ? 'Loading cycles...' : 'No closed cycle yet'}</option> : null}
                  {usable.map((c) => (
                    <option key={c.id} value={c.id}>
                      {formatCyclePeriod(c.startsAt, c.endsAt)} · {CYCLE_STATUS[c.status]?.label ?? c.status}
                    </option>
                  ))}
                </Select>
                <p id="sim-cycle-hint" className="text-xs text-slate-500">
                  Closed, calculated, approved or posted cycles, newest first.
                </p>
              </div>
              <Button type="submit" loading={running} disabled={!plan || !cycle} className="sm:col-span-2 lg:col-span-1 lg:mb-5">
                {running ? null : <Play aria-hidden="true" className="size-4" />} Run
              </Button>
            </form>
            {unsaved && plan?.id === preferredPlanId ? <p className="text-xs text-amber-700">The draft has unsaved changes: the simulator runs the saved version {plan?.version}.</p> : null}
            {result ? <ResultView r={result.r} cycleLabel={result.cycleLabel} /> : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
