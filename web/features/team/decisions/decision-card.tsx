import { useId, type ReactNode } from 'react';
import { ArrowLeft, ArrowRight, Clock, Lightbulb, Scale, UserRound, XCircle } from 'lucide-react';
import type { Side, UplinePendingRecruit } from '@contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import { formatDate } from '../../../lib/format';
import { count, rupees, sideLabel } from '../format';
import { SpilloverNotice } from './spillover-notice';
import { termOf } from '../../../components/ui/term';

function Panel({ icon: Icon, title, children }: { icon: typeof Scale; title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-slate-50/60 p-4">
      <h4 className="mb-3 flex items-center gap-2 text-sm font-semibold text-slate-800">
        <Icon aria-hidden="true" className="size-4 text-brand-600" /> {title}
      </h4>
      {children}
    </section>
  );
}

const Pair = termOf({ row: 'flex items-baseline justify-between gap-3 py-1 text-sm', term: 'text-slate-500', value: 'text-right font-medium text-slate-900' });

/** One recruit awaiting this upline's choice (doc 3 §2.4, Position Decisions). */
export function DecisionCard({ recruit, onChoose }: { recruit: UplinePendingRecruit; onChoose: (decision: 'rejected' | Side) => void }) {
  const titleId = useId();
  const { legBalance: lb, recruiterInfo: ri, strategicRecommendation: rec, availablePositions: free } = recruit;
  const occupied = (['left', 'right'] as const).filter((s) => !free[s]);
  const ratio = Math.round(Math.min(1, Math.max(0, lb.balanceRatio)) * 100);
  const recommended = rec.recommendedPosition;

  return (
    <article aria-labelledby={titleId} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <header className="flex flex-col gap-3 border-b border-slate-100 p-5 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h3 id={titleId} className="text-lg font-semibold text-slate-900">
            {recruit.fullName}
          </h3>
          <p className="text-sm break-all text-slate-600">
            {recruit.email}
            {recruit.mobile ? <> · {recruit.mobile}</> : null}
          </p>
          <p className="text-xs text-slate-500">
            Recruited by <span className="font-medium text-slate-700">{ri.name}</span> · {formatDate(recruit.createdAt)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:flex-col sm:items-end">
          <Badge tone="brand">Package {rupees(recruit.packageAmount)}</Badge>
          <Badge tone="warning">
            <Clock aria-hidden="true" className="size-3" /> Time remaining: 24h
          </Badge>
          {recruit.suggestedPosition ? <Badge tone="neutral">Link side: {recruit.suggestedPosition.toUpperCase()}</Badge> : null}
        </div>
      </header>

      <div className="grid gap-4 p-5 lg:grid-cols-3">
        <Panel icon={Scale} title="Leg Balance">
          <dl>
            <Pair term="Left leg">
              {count(lb.leftLeg.count)} members · {rupees(lb.leftLeg.volume)}
            </Pair>
            <Pair term="Right leg">
              {count(lb.rightLeg.count)} members · {rupees(lb.rightLeg.volume)}
            </Pair>
            <Pair term="Balance ratio">{ratio}%</Pair>
          </dl>
          <Progress value={ratio} label="Balance ratio" className="mt-2" />
          <p className="mt-2 text-xs text-slate-500">{lb.weakerLeg === 'balanced' ? 'Both legs are balanced.' : `Your ${lb.weakerLeg} leg is the weaker one.`}</p>
        </Panel>

        <Panel icon={UserRound} title="Recruiter Details">
          <dl>
            <Pair term="Name">{ri.name}</Pair>
            <Pair term="Level">{ri.level}</Pair>
            <Pair term="Position">{ri.position ? sideLabel(ri.position) : '—'}</Pair>
            <Pair term="Package">{rupees(ri.packageAmount)}</Pair>
            <Pair term="Activated">{formatDate(ri.activationDate)}</Pair>
          </dl>
        </Panel>

        <Panel icon={Lightbulb} title="Recommendation">
          <p className="text-sm">
            <span className="text-slate-500">Recommended position: </span>
            <Badge tone={recommended === 'none' ? 'neutral' : 'success'}>{recommended === 'none' ? 'No preference' : recommended.toUpperCase()}</Badge>
          </p>
          <p className="mt-2 text-sm text-slate-700">{rec.reason}</p>
          <dl className="mt-3 space-y-2 text-sm">
            <div>
              <dt className="font-medium text-slate-800">If LEFT</dt>
              <dd className="text-slate-600">{rec.impactAnalysis.leftChoice}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-800">If RIGHT</dt>
              <dd className="text-slate-600">{rec.impactAnalysis.rightChoice}</dd>
            </div>
          </dl>
        </Panel>
      </div>

      {occupied.length ? (
        <div className="px-5 pb-1">
          <SpilloverNotice sides={occupied} />
        </div>
      ) : null}

      <footer className="flex flex-col-reverse gap-2 p-5 sm:flex-row sm:items-center sm:justify-between">
        <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => onChoose('rejected')}>
          <XCircle aria-hidden="true" className="size-4" /> Reject
        </Button>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button variant={recommended === 'left' ? 'primary' : 'outline'} onClick={() => onChoose('left')}>
            <ArrowLeft aria-hidden="true" className="size-4" /> LEFT
          </Button>
          <Button variant={recommended === 'right' ? 'primary' : 'outline'} onClick={() => onChoose('right')}>
            RIGHT <ArrowRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </footer>
    </article>
  );
}
