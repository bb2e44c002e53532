import { useMemo, useState } from 'react';
import { Activity, Layers, Network, SearchX, TrendingUp } from 'lucide-react';
import type { DownlineLevel, DownlineMember } from '@contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { InlineLoader, Spinner } from '../../../components/ui/spinner';
import { useDownline, type DownlineFilters as Filters } from '../api';
import { bv, count } from '../format';
import { QueryError } from '../../../components/ui/query-error';
import { StatCard } from '../ui/stat-card';
import { useDebounced } from '../ui/use-debounced';
import { DownlineFilters } from './downline-filters';
import { LevelSection } from './level-section';

const INITIAL: Filters = { search: '', level: 'all', status: 'all' };

/** The levels that have members on screen, with the server's summary for each (computed when absent). */
function groupByLevel(members: DownlineMember[], levels: DownlineLevel[]) {
  const byLevel = new Map<number, DownlineMember[]>();
  for (const m of members) {
    const l = Number(m.level);
    byLevel.set(l, [...(byLevel.get(l) ?? []), m]);
  }
  const summaries = new Map(levels.map((s) => [s.level, s]));
  return [...byLevel.keys()]
    .sort((a, b) => a - b)
    .map((level) => {
      const list = byLevel.get(level)!;
      const summary = summaries.get(level) ?? {
        level,
        count: list.length,
        active: list.filter((m) => m.status === 'active').length,
        bv: '0',
        left: list.filter((m) => m.leg === 'left').length,
        right: list.filter((m) => m.leg === 'right').length,
        shown: list.length,
      };
      return { summary, members: list };
    });
}

/** Downline to 10 levels: summary cards, server-side search and filters, collapsible levels (doc 3 §2.4). */
export function DownlineTab() {
  const [filters, setFilters] = useState<Filters>(INITIAL);
  const search = useDebounced(filters.search.trim(), 300);
  const applied = useMemo(() => ({ ...filters, search }), [filters, search]);
  const { data, isPending, isError, error, refetch, isFetching, isPlaceholderData } = useDownline(applied);
  // Levels toggled by the member; the first two are open until then.
  const [toggled, setToggled] = useState<Record<number, boolean>>({});
  const filtered = applied.search !== '' || applied.level !== 'all' || applied.status !== 'all';
  const groups = useMemo(() => (data ? groupByLevel(data.members, data.levels) : []), [data]);

  if (isPending) return <InlineLoader label="Loading downline data..." />;
  if (isError) return <QueryError title="Could not load your downline" error={error} onRetry={() => void refetch()} retrying={isFetching} />;

  const s = data.summary;
  const settling = search !== filters.search.trim() || (isFetching && isPlaceholderData);
  return (
    <div className="space-y-5">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Total Downline" value={count(s.totalDownline)} icon={Network} />
        <StatCard label="Active Members" value={count(s.activeMembers)} icon={Activity} tone="emerald" />
        <StatCard label="Total Levels" value={count(s.totalLevels)} icon={Layers} tone="sky" />
        <StatCard label="Total BV" value={bv(s.totalBV)} icon={TrendingUp} tone="amber" />
      </div>

      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <DownlineFilters value={filters} onChange={setFilters} />
        <p aria-live="polite" className="mt-3 flex items-center gap-2 text-xs text-slate-500 empty:mt-0">
          {settling ? (
            <>
              <Spinner /> Updating...
            </>
          ) : filtered ? (
            `${count(data.members.length)} ${data.members.length === 1 ? 'member matches' : 'members match'} your filters`
          ) : null}
        </p>
      </div>

      {groups.length === 0 ? (
        filtered ? (
          <EmptyState icon={SearchX} className="bg-white" title="No members match your filters" description="Try another search or clear the level and status filters." />
        ) : (
          <EmptyState icon={Network} className="bg-white" title="No downline members yet" description="Members placed below you appear here, level by level." />
        )
      ) : (
        <div className="space-y-3">
          {groups.map(({ summary, members }, index) => (
            <LevelSection
              key={summary.level}
              summary={summary}
              members={members}
              filtered={filtered}
              onPickLevel={() => setFilters((f) => ({ ...f, level: summary.level }))}
              open={toggled[summary.level] ?? index < 2}
              onToggle={() => setToggled((t) => ({ ...t, [summary.level]: !(t[summary.level] ?? index < 2) }))}
            />
          ))}
        </div>
      )}
    </div>
  );
}
