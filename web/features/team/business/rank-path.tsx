import { Check, Flag } from 'lucide-react';
import { RANK_PHASES, RANK_REQUIREMENTS, RANKS, type RankProgress } from '@contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';
import { fullBV } from '../format';

const indexOf = (rank: string) => Math.max(0, RANKS.indexOf(rank as (typeof RANKS)[number]));

/** The rank ladder in its five phases (doc 3 §2.4): achieved ranks highlighted, the current and next marked. */
export function RankPath({ rank }: { rank: RankProgress }) {
  const current = indexOf(rank.current);
  const achievedAt = new Map(rank.achievements.map((a) => [a.rank, a.achievedAt]));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Rank Path</CardTitle>
        <CardDescription>Twelve ranks in five phases. Each needs its team BV, left and right leg BV and direct recruits.</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {RANK_PHASES.map((phase, p) => {
            const reached = phase.ranks.some((r) => indexOf(r) <= current);
            return (
              <li key={phase.name} aria-label={`${phase.name} phase`} className={cn('rounded-xl border p-3', reached ? 'border-brand-200 bg-brand-50/50' : 'border-slate-200 bg-slate-50/50')}>
                <p className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  Phase {p + 1} · {phase.name}
                </p>
                <ul className="space-y-2">
                  {phase.ranks.map((r) => {
                    const i = indexOf(r);
                    const achieved = i <= current;
                    const isCurrent = i === current;
                    const isNext = !rank.atTop && r === rank.next;
                    const need = RANK_REQUIREMENTS[r];
                    const when = achievedAt.get(r);
                    return (
                      <li
                        key={r}
                        aria-current={isCurrent ? 'step' : undefined}
                        className={cn(
                          'flex items-start gap-2.5 rounded-lg border bg-white p-2.5',
                          isCurrent ? 'border-brand-500 ring-2 ring-brand-500/20' : isNext ? 'border-dashed border-amber-400' : 'border-slate-200',
                        )}
                      >
                        <span
                          className={cn(
                            'mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                            achieved ? 'bg-emerald-500 text-white' : isNext ? 'bg-amber-100 text-amber-700' : 'bg-slate-100 text-slate-500',
                          )}
                        >
                          {achieved ? <Check aria-hidden="true" className="size-3.5" strokeWidth={3} /> : isNext ? <Flag aria-hidden="true" className="size-3" /> : i + 1}
                        </span>
                        <span className="min-w-0">
                          <span className={cn('block text-sm font-semibold', achieved ? 'text-slate-900' : 'text-slate-600')}>{r}</span>
                          {achieved || isNext ? <span className="sr-only">{isCurrent ? 'Current rank' : achieved ? 'Achieved' : 'Next rank'}</span> : null}
                          <span className="block text-xs text-slate-500">{i === 0 ? 'Starting rank' : `${fullBV(need.teamBV)} · ${need.directs} directs`}</span>
                          {when ? <span className="block text-xs text-emerald-700">Achieved {formatDate(when)}</span> : null}
                          {isCurrent ? <span className="mt-1 inline-block rounded-full bg-brand-600 px-2 py-px text-[11px] font-semibold text-white">Current</span> : null}
                          {isNext ? <span className="mt-1 inline-block rounded-full bg-amber-100 px-2 py-px text-[11px] font-semibold text-amber-800">Next</span> : null}
                        </span>
                      </li>
                    );
                  })}
                </ul>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
