import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import type { DownlineLevel, DownlineMember } from '@contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { bv, count } from '../format';
import { MemberCard } from './member-card';

// Deep downlines can hold thousands of members: show a page of cards and let the member ask for the rest.
const PAGE = 60;

/** One collapsible level of the downline with its member count, active count, BV and left/right counts. */
export function LevelSection({
  summary,
  members,
  open,
  onToggle,
  filtered,
  onPickLevel,
}: {
  summary: DownlineLevel;
  members: DownlineMember[];
  open: boolean;
  onToggle: () => void;
  filtered: boolean;
  onPickLevel: () => void;
}) {
  const bodyId = useId();
  const [limit, setLimit] = useState(PAGE);
  const shown = members.slice(0, limit);
  return (
    <section className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={onToggle}
          className="flex w-full cursor-pointer flex-col gap-2 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 sm:flex-row sm:items-center sm:justify-between sm:px-5"
        >
          <span className="flex items-center gap-2 font-semibold text-slate-900">
            <ChevronDown aria-hidden="true" className={cn('size-4 text-slate-500 transition-transform', !open && '-rotate-90')} />
            Level {summary.level}
            <span className="text-sm font-normal text-slate-500">
              {count(summary.count)} {summary.count === 1 ? 'member' : 'members'}
            </span>
          </span>
          <span className="flex flex-wrap gap-1.5 pl-6 sm:pl-0">
            <Badge tone="success">{count(summary.active)} active</Badge>
            <Badge tone="brand">BV {bv(summary.bv)}</Badge>
            <Badge tone="neutral">
              L {count(summary.left)} · R {count(summary.right)}
            </Badge>
          </span>
        </button>
      </h3>
      <div id={bodyId} hidden={!open} className="border-t border-slate-100 bg-slate-50/60 p-3 sm:p-4">
        <LevelNote summary={summary} listed={members.length} filtered={filtered} onPickLevel={onPickLevel} />
        <ul aria-label={`Level ${summary.level} members`} className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((m) => (
            <MemberCard key={m.id} member={m} />
          ))}
        </ul>
        {members.length > limit ? (
          <div className="mt-3 text-center">
            <Button variant="outline" size="sm" onClick={() => setLimit((l) => l + PAGE * 5)}>
              Show more ({count(members.length - limit)} left)
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** Says when the cards are not the whole level: a filter is on, or the server listed only the first members. */
function LevelNote({ summary, listed, filtered, onPickLevel }: { summary: DownlineLevel; listed: number; filtered: boolean; onPickLevel: () => void }) {
  if (listed >= summary.count) return null;
  if (filtered) {
    return (
      <p className="mb-3 text-xs text-slate-500">
        {count(listed)} of {count(summary.count)} members of this level match your filters.
      </p>
    );
  }
  return (
    <p className="mb-3 text-xs text-slate-500">
      Showing the first {count(listed)} of {count(summary.count)} members.{' '}
      <button type="button" onClick={onPickLevel} className="cursor-pointer font-medium text-brand-700 underline-offset-2 hover:underline">
        Show only level {summary.level}
      </button>{' '}
      or search to find others.
    </p>
  );
}
