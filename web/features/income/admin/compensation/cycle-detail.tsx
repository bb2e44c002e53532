import { useState } from 'react';
import { ArrowLeft, Calculator, CheckCheck, Download, SearchX, Send, Trophy } from 'lucide-react';
import { ledgerTypeLabel } from '@contracts';
import { useSignedInUser } from '../../../account';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { EmptyState } from '../../../../components/ui/empty-state';
import { toast } from '../../../../components/ui/toast';
import { isNotFound } from '../../../../lib/record-param';
import { titleCase } from '../../../../lib/format';
import { plural, pluralPossessive } from '../../../../lib/format-plural';
import { compareMoney } from '../../../../lib/money';
import { cycleKindLabel, formatCycleMoment, formatCyclePeriod } from '../../../../lib/cycles';
import { formatBV, formatCount, formatINR } from '../../../../lib/admin/format';
import { ConfirmDialog } from '../../../../components/admin/confirm-dialog';
import { QueryStates } from '../../../../components/ui/query-error';
import { SectionHeader } from '../../../../components/admin/section-header';
import { CycleStatusBadge } from './compensation-badges';
import { cycleExportHref, deductionsOf, formatPayoutRatio, hasFigures, orderedTypes, useCycle, useCycleAction, type CycleAction, type CycleDetail } from './compensation-api';
import { Figure, MemberName } from './compensation-ui';
import { CycleLines } from './cycle-lines';
import { Term, type TermLook } from '../../../../components/ui/term';

const POOL_LABEL = (type: string) => ledgerTypeLabel(type);

/** What each state allows (docs/spec/compensation.md §2): closed|calculated → calculate; calculated → approve; approved → post. */
export function allowedActions(status: CycleDetail['status']): Record<CycleAction, boolean> {
  return {
    calculate: status === 'closed' || status === 'calculated',
    approve: status === 'calculated',
    post: status === 'approved',
  };
}

/** Who acted, as far as this admin can tell: the server names the admin by account id. */
function useActorName() {
  const me = useSignedInUser();
  return (by: string | null) => (!by ? null : by === me.id ? 'by you' : 'by another admin');
}

function Timeline({ c }: { c: CycleDetail }) {
  const actor = useActorName();
  const rows: Array<[string, string | null, string | null]> = [
    ['Closed', c.closedAt, null],
    ['Calculated', c.calculatedAt, c.calculatedBy],
    ['Approved', c.approvedAt, c.approvedBy],
    ['Posted', c.postedAt, null],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm lg:grid-cols-4">
      {rows.map(([label, at, by]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium text-slate-500">{label}</dt>
          <dd className="mt-0.5 font-medium break-words text-slate-900">
            {at ? formatCycleMoment(at) : <span className="font-normal text-slate-500">Not yet</span>}
            {at && by ? <span className="block text-xs font-normal text-slate-500">{actor(by)}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Actions({ c }: { c: CycleDetail }) {
  const me = useSignedInUser();
  const action = useCycleAction();
  const [posting, setPosting] = useState(false);
  const allowed = allowedActions(c.status);
  // The calculation's author cannot approve it (docs/spec/compensation.md §2): the server refuses, so the button says so first.
  const ownCalculation = c.status === 'calculated' && c.calculatedBy === me.id;
  // Nor does the calculation's author post it (issue 29); an admin who made an adjustment in the cycle is refused by the server.
  const ownPosting = c.status === 'approved' && c.calculatedBy === me.id;
  const busy = action.isPending ? action.variables?.action : undefined;
  const figures = hasFigures(c);

  const run = (what: CycleAction) =>
    action.mutate(
      { id: c.id, action: what },
      {
        onSuccess: (done) => {
          setPosting(false);
          if (what === 'calculate') {
            toast({
              title: 'Cycle calculated',
              description: `${plural(done.membersPaid, 'member paid', 'members paid')}: gross ${formatINR(done.gross)}, net ${formatINR(done.net)}.`,
              variant: 'success',
            });
          } else if (what === 'approve') {
            toast({ title: 'Cycle approved', description: 'It can now be posted to the members’ wallets.', variant: 'success' });
          } else {
            toast({ title: 'Cycle posted', description: `${formatINR(done.net)} credited to ${pluralPossessive(done.membersPaid, 'member', 'wallet')}.`, variant: 'success' });
          }
        },
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Actions</CardTitle>
        <CardDescription>
          Calculate from the cycle’s frozen snapshot (again replaces the lines), then another admin approves, then post to the wallets. Only the oldest unposted cycle of a kind can be posted.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <Button variant={allowed.calculate ? 'primary' : 'outline'} disabled={!allowed.calculate || action.isPending} loading={busy === 'calculate'} onClick={() => run('calculate')}>
          {busy === 'calculate' ? null : <Calculator aria-hidden="true" className="size-4" />}
          {c.status === 'calculated' ? 'Calculate again' : 'Calculate'}
        </Button>
        <Button
          variant={allowed.approve && !ownCalculation ? 'primary' : 'outline'}
          disabled={!allowed.approve || ownCalculation || action.isPending}
          loading={busy === 'approve'}
          onClick={() => run('approve')}
          aria-describedby={c.status === 'calculated' ? 'cycle-approval-note' : undefined}
        >
          {busy === 'approve' ? null : <CheckCheck aria-hidden="true" className="size-4" />} Approve
        </Button>
        <Button
          variant={allowed.post && !ownPosting ? 'primary' : 'outline'}
          disabled={!allowed.post || ownPosting || action.isPending}
          onClick={() => setPosting(true)}
          aria-describedby={c.status === 'approved' ? 'cycle-posting-note' : undefined}
        >
          <Send aria-hidden="true" className="size-4" /> Post
        </Button>
        {figures ? (
          <Button asChild variant="outline" className="sm:ml-auto">
            <a href={cycleExportHref(c.id)} download>
              <Download aria-hidden="true" className="size-4" /> Export CSV
            </a>
          </Button>
        ) : (
          <Button variant="outline" className="sm:ml-auto" disabled title="The cycle has no lines until it is calculated" icon={Download}>
            Export CSV
          </Button>
        )}
      </CardContent>
      {c.status === 'calculated' ? (
        <p id="cycle-approval-note" className="border-t border-slate-100 px-5 py-3 text-xs text-slate-500 sm:px-6">
          {ownCalculation ? 'You calculated this cycle, so another admin must approve it.' : 'The approval must come from an admin who neither calculated the cycle nor made an adjustment in it.'}
        </p>
      ) : null}
      {c.status === 'approved' ? (
        <p id="cycle-posting-note" className="border-t border-slate-100 px-5 py-3 text-xs text-slate-500 sm:px-6">
          {ownPosting ? 'You calculated this cycle, so another admin must post it.' : 'Posting must come from an admin who neither calculated the cycle nor made an adjustment in it.'}
        </p>
      ) : null}
      <ConfirmDialog
        open={posting}
        onOpenChange={setPosting}
        title="Post this cycle?"
        description={`Credits ${formatINR(c.net)} net to ${pluralPossessive(c.membersPaid, 'member', 'wallet')} (gross ${formatINR(c.gross)}, deductions ${formatINR(deductionsOf(c))}).`}
        confirmLabel="Post to wallets"
        onConfirm={() => run('post')}
        busy={busy === 'post'}
      >
        <p className="text-sm text-slate-600">Posted lines never change; a correction is an adjustment in a later cycle.</p>
      </ConfirmDialog>
    </Card>
  );
}

/** A deduction: "−₹3.05" in red, or a plain "₹0.00" when nothing was taken. */
function Deduction({ value }: { value: string }) {
  return compareMoney(value, '0') > 0 ? <span className="text-red-600">−{formatINR(value)}</span> : <span className="text-slate-500">{formatINR(value)}</span>;
}

// The lines of Income by type: a figure per type, the totals in bold, the deductions.
const LINE = 'flex items-baseline justify-between gap-3 py-2';
const FIGURE: TermLook = { row: LINE, term: 'text-slate-600', value: 'font-medium whitespace-nowrap text-slate-900 tabular-nums' };
const TOTAL: TermLook = { row: LINE, term: 'font-semibold text-slate-900', value: 'font-semibold whitespace-nowrap text-slate-900 tabular-nums' };
const DEDUCTION: TermLook = { row: LINE, term: 'text-slate-600', value: 'whitespace-nowrap tabular-nums' };

function IncomeByType({ c }: { c: CycleDetail }) {
  const types = orderedTypes(c.totals);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Income by type</CardTitle>
        <CardDescription>Gross income of the cycle per income type, then the deductions.</CardDescription>
      </CardHeader>
      <CardContent className="pt-3">
        <dl className="divide-y divide-slate-100 text-sm">
          {types.length === 0 ? <p className="py-2 text-slate-500">No income in this cycle.</p> : null}
          {types.map((t) => (
            <Term key={t.type} look={FIGURE} term={t.label}>
              {formatINR(c.totals[t.type])}
            </Term>
          ))}
          <Term look={TOTAL} term="Gross">
            {formatINR(c.gross)}
          </Term>
          <Term look={DEDUCTION} term="Admin charge">
            <Deduction value={c.adminCharge} />
          </Term>
          <Term look={DEDUCTION} term="TDS">
            <Deduction value={c.tds} />
          </Term>
          <Term look={{ ...TOTAL, value: 'font-bold whitespace-nowrap text-emerald-700 tabular-nums' }} term="Net">
            {formatINR(c.net)}
          </Term>
        </dl>
      </CardContent>
    </Card>
  );
}

function TopEarners({ c }: { c: CycleDetail }) {
  const left = Object.entries(c.poolsLeft ?? {}).filter(([, v]) => compareMoney(v, '0') > 0);
  return (
    <div className="space-y-5">
      <Card>
        <CardHeader>
          <CardTitle>Top earners</CardTitle>
          <CardDescription>By gross income in this cycle.</CardDescription>
        </CardHeader>
        <CardContent className="pt-3">
          {c.topEarners.length === 0 ? (
            <EmptyState icon={Trophy} title="Nobody earned in this cycle" />
          ) : (
            <ol className="divide-y divide-slate-100">
              {c.topEarners.map((e, i) => (
                <li key={e.userId} className="flex items-center gap-3 py-2.5">
                  <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-600 tabular-nums">{i + 1}</span>
                  <div className="min-w-0 flex-1">
                    <MemberName userId={e.userId} name={e.name} />
                  </div>
                  <div className="text-right text-sm tabular-nums">
                    <p className="font-semibold whitespace-nowrap text-slate-900">{formatINR(e.gross)}</p>
                    <p className="text-xs whitespace-nowrap text-slate-500">net {formatINR(e.net)}</p>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
      {left.length ? (
        <Card>
          <CardHeader>
            <CardTitle>Left with the company</CardTitle>
            <CardDescription>What the pools did not pay out (caps and rounding).</CardDescription>
          </CardHeader>
          <CardContent className="pt-3">
            <dl className="divide-y divide-slate-100 text-sm">
              {left.map(([type, amount]) => (
                <div key={type} className="flex items-baseline justify-between gap-3 py-2">
                  <dt className="text-slate-600">{POOL_LABEL(type)}</dt>
                  <dd className="font-medium whitespace-nowrap text-slate-900 tabular-nums">{formatINR(amount)}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

/** One cycle: its state and actions, totals per income type, deductions, ratio, top earners and every member's lines. */
export function CycleDetailView({ id, onBack }: { id: string; onBack: () => void }) {
  const cycle = useCycle(id);
  const c = cycle.data;
  const back = (
    <Button variant="outline" onClick={onBack} icon={ArrowLeft}>
      All cycles
    </Button>
  );
  // A link to a cycle that is not there (a wrong or shortened id): say so instead of a load error.
  if (cycle.isError && isNotFound(cycle.error)) {
    return (
      <div className="space-y-5" data-record-not-found={id}>
        <SectionHeader eyebrow="Compensation · Cycles" title="Cycle not found" actions={back} />
        <EmptyState icon={SearchX} title="Cycle not found" description={`No payout cycle has the id “${id}”. The link may be wrong, or the cycle is not there any more.`} action={back} />
      </div>
    );
  }
  return (
    <div className="space-y-5">
      <SectionHeader
        eyebrow="Compensation · Cycles"
        title={c ? `${cycleKindLabel(c.kind)} cycle ${formatCyclePeriod(c.startsAt, c.endsAt)}` : 'Cycle'}
        description={
          c ? `${titleCase(c.period)}${c.planVersion !== null ? ` · computed with plan version ${c.planVersion}` : ''} · ${formatCycleMoment(c.startsAt)} to ${formatCycleMoment(c.endsAt)}` : undefined
        }
        actions={back}
      />
      <QueryStates query={cycle} what="the cycle">
        {c ? (
          <div className="space-y-5">
            <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm font-medium text-slate-500">Status</span>
                <CycleStatusBadge status={c.status} />
              </div>
              <Timeline c={c} />
            </div>

            <Actions c={c} />

            {hasFigures(c) ? (
              <>
                <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
                  <Figure label="Gross" value={formatINR(c.gross)} />
                  <Figure label="Deductions" value={formatINR(deductionsOf(c))} sub={`Admin charge ${formatINR(c.adminCharge)} · TDS ${formatINR(c.tds)}`} />
                  <Figure label="Net" value={formatINR(c.net)} />
                  <Figure label="Sales" value={formatINR(c.sales)} sub={formatBV(c.salesBV, { unit: true })} />
                  <Figure label="Payout ratio" value={formatPayoutRatio(c.payoutRatio)} sub="Net paid / sales of the cycle" />
                  <Figure label="Flushed BV" value={formatBV(c.flushedBV)} sub="Over the pairs cap or the carry cap" />
                  <Figure label="Members paid" value={formatCount(c.membersPaid)} />
                  <Figure label="Plan version" value={c.planVersion !== null ? `v${c.planVersion}` : '—'} />
                </div>
                <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
                  <IncomeByType c={c} />
                  <TopEarners c={c} />
                </div>
                <CycleLines cycleId={c.id} />
              </>
            ) : (
              <EmptyState
                icon={Calculator}
                className="bg-white"
                title={c.status === 'open' ? 'This cycle is still open' : 'This cycle has not been calculated yet'}
                description={
                  c.status === 'open'
                    ? `It closes at ${formatCycleMoment(c.endsAt)}, or when you close it from the cycle list. Then it can be calculated.`
                    : 'Calculate it to see the totals per income type, the deductions and every member’s lines.'
                }
              />
            )}
          </div>
        ) : null}
      </QueryStates>
    </div>
  );
}
