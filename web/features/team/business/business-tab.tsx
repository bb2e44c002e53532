import type { ReactNode } from 'react';
import { Award, CheckCircle2, Circle, Target, TrendingUp } from 'lucide-react';
import { RANK_PHASES, type RankRequirementProgress, type TeamStats } from '@contracts';
import { Card, CardContent, TitledCard } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Progress } from '../../../components/ui/progress';
import { InlineLoader } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { useTeamStats } from '../api';
import { count } from '../format';
import { QueryError } from '../../../components/ui/query-error';
import { RankPath } from './rank-path';

const pct = (n: number) => `${Math.round(n * 10) / 10}%`;
const phaseOf = (rank: string) => RANK_PHASES.find((p) => (p.ranks as readonly string[]).includes(rank))?.name;

function Headline({ icon: Icon, title, tone, children }: { icon: typeof Award; title: string; tone: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex gap-4">
        <span className={`flex size-11 shrink-0 items-center justify-center rounded-xl ${tone}`}>
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
          {children}
        </div>
      </CardContent>
    </Card>
  );
}

function Meter({ label, req, unit }: { label: string; req: RankRequirementProgress; unit: string }) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <span className="text-slate-500 tabular-nums">
          <span className="font-semibold text-slate-900">{count(req.have)}</span> / {count(req.need)} {unit}
        </span>
      </div>
      <Progress value={Math.min(100, req.percent)} label={`${label} progress`} />
    </div>
  );
}

function Requirement({ label, req }: { label: string; req: RankRequirementProgress }) {
  const met = req.percent >= 100;
  const Icon = met ? CheckCircle2 : Circle;
  return (
    <li className="flex items-center gap-3 py-2.5">
      <Icon aria-hidden="true" className={`size-5 shrink-0 ${met ? 'text-emerald-600' : 'text-slate-300'}`} />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-800">{label}</p>
        <p className="text-xs text-slate-500 tabular-nums">
          Have {count(req.have)} · Need {count(req.need)}
        </p>
      </div>
      <span className={`text-sm font-semibold tabular-nums ${met ? 'text-emerald-700' : 'text-slate-700'}`}>
        {pct(req.percent)}
        <span className="sr-only">{met ? ' (met)' : ''}</span>
      </span>
    </li>
  );
}

function Metrics({ stats }: { stats: TeamStats }) {
  const { rank } = stats;
  const r = rank.requirements;
  const reachedAt = rank.achievements.find((a) => a.rank === rank.current)?.achievedAt;
  return (
    <div className="space-y-5">
      <div className="grid gap-4 md:grid-cols-3">
        <Headline icon={Award} title="Current Rank" tone="bg-brand-50 text-brand-700">
          <p className="text-xl font-bold text-slate-900">{rank.current}</p>
          <p className="text-sm text-slate-500">
            {phaseOf(rank.current)} phase{reachedAt ? ` · since ${formatDate(reachedAt)}` : ''}
          </p>
        </Headline>
        <Headline icon={Target} title="Next Rank Target" tone="bg-amber-50 text-amber-700">
          <p className="text-xl font-bold text-slate-900">{rank.next}</p>
          <p className="text-sm text-slate-500">{rank.atTop ? 'Maximum rank achieved!' : 'Keep growing to reach this rank'}</p>
        </Headline>
        <Headline icon={TrendingUp} title="Team Growth" tone="bg-emerald-50 text-emerald-700">
          <p className="text-xl font-bold text-slate-900 tabular-nums">
            {count(stats.totalDownline)} <span className="text-sm font-medium text-slate-500">members</span>
          </p>
          <p className="text-sm text-slate-500">
            {count(stats.activeMembers)} active · {count(stats.directRecruits)} direct · Left {count(stats.leftCount)} · Right {count(stats.rightCount)}
          </p>
        </Headline>
      </div>

      <div className="grid items-start gap-4 lg:grid-cols-2">
        <TitledCard title="Business Volume" description={rank.atTop ? 'Your BV against the top rank.' : `Your BV against the ${rank.next} requirement.`} contentClassName="space-y-4">
          <Meter label="Team BV" req={r.teamBV} unit="BV" />
          <Meter label="Left Leg BV" req={r.leftBV} unit="BV" />
          <Meter label="Right Leg BV" req={r.rightBV} unit="BV" />
        </TitledCard>
        <TitledCard title={rank.atTop ? 'Requirements' : `Requirements for ${rank.next}`} description="All four must be met for the promotion." contentClassName="pt-2">
          <ul className="divide-y divide-slate-100">
            <Requirement label="Team BV" req={r.teamBV} />
            <Requirement label="Left Leg BV" req={r.leftBV} />
            <Requirement label="Right Leg BV" req={r.rightBV} />
            <Requirement label="Direct Recruits" req={r.directRecruits} />
          </ul>
          <div className="mt-3 space-y-1.5 rounded-xl bg-brand-50/60 p-3">
            <div className="flex items-baseline justify-between text-sm">
              <span className="font-semibold text-brand-900">Overall Progress</span>
              <span className="font-bold text-brand-900 tabular-nums">{pct(rank.progress)}</span>
            </div>
            <Progress value={Math.min(100, rank.progress)} label="Overall rank progress" className="bg-white" />
          </div>
        </TitledCard>
      </div>

      <RankPath rank={rank} />
    </div>
  );
}

/** Team Business Stages (doc 3 §2.4): rank, next target, growth, BV against the next rank and the rank path. */
export function BusinessTab() {
  const { data, isPending, isError, error, refetch, isFetching } = useTeamStats();
  if (isPending) return <InlineLoader label="Loading business metrics..." />;
  if (isError) return <QueryError title="Could not load business metrics" error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  if (!data?.rank) return <EmptyState icon={TrendingUp} title="No business metrics available" />;
  return <Metrics stats={data} />;
}
