import { Link } from 'react-router';
import { Activity, ArrowLeftRight, ArrowUpFromLine, ChevronRight, GitBranch, ShoppingBag, Trophy, UserPlus, type LucideIcon } from 'lucide-react';
import type { ActivityItem } from '@contracts';
import { TitledCard } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { QueryStates } from '../../components/ui/query-error';
import { formatDateTime, formatRelative } from '../../lib/format';
import { useRecentActivity } from './api';

const KINDS: Record<ActivityItem['kind'], { icon: LucideIcon; tone: string }> = {
  decision: { icon: GitBranch, tone: 'bg-amber-50 text-amber-700 ring-amber-200' },
  join: { icon: UserPlus, tone: 'bg-brand-50 text-brand-700 ring-brand-200' },
  purchase: { icon: ShoppingBag, tone: 'bg-sky-50 text-sky-700 ring-sky-200' },
  ledger: { icon: ArrowLeftRight, tone: 'bg-emerald-50 text-emerald-700 ring-emerald-200' },
  rank: { icon: Trophy, tone: 'bg-violet-50 text-violet-700 ring-violet-200' },
  withdrawal: { icon: ArrowUpFromLine, tone: 'bg-slate-100 text-slate-700 ring-slate-200' },
};

function ItemBody({ item }: { item: ActivityItem }) {
  const look = KINDS[item.kind] ?? KINDS.ledger;
  const Icon = look.icon;
  return (
    <>
      <span className={`flex size-9 shrink-0 items-center justify-center rounded-full ring-1 ring-inset ${look.tone}`}>
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="text-sm font-semibold text-slate-900">{item.title}</span>
          <time dateTime={item.at} title={formatDateTime(item.at)} className="text-xs whitespace-nowrap text-slate-500">
            {formatRelative(item.at)}
          </time>
        </span>
        <span className="mt-0.5 block text-sm break-words text-slate-600">{item.detail}</span>
      </span>
    </>
  );
}

/** Recent Activity from the member's real events (doc 3 §2.1; README: not static items). */
export function ActivityCard() {
  const activity = useRecentActivity();
  const data = activity.data;
  const empty = <EmptyState icon={Activity} title="No activity yet" description="New members in your team, your purchases and wallet movements will show up here." />;
  return (
    <TitledCard id="activity-title" icon={Activity} title="Recent Activity" description="Team joins, decisions, purchases, wallet movements and ranks." className="h-full" contentClassName="pt-3">
      <QueryStates query={activity} errorTitle="Could not load your recent activity" loadingLabel="Loading recent activity..." empty={data?.length === 0 && empty}>
        <ul aria-label="Recent activity" className="-mx-2 divide-y divide-slate-100">
          {data?.map((item) => (
            <li key={`${item.kind}-${item.at}-${item.title}-${item.detail}`}>
              {item.link ? (
                <Link to={item.link} className="group flex items-start gap-3 rounded-lg px-2 py-3 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500">
                  <ItemBody item={item} />
                  <ChevronRight aria-hidden="true" className="mt-2.5 size-4 shrink-0 text-slate-400 transition-transform group-hover:translate-x-0.5" />
                </Link>
              ) : (
                <div className="flex items-start gap-3 px-2 py-3">
                  <ItemBody item={item} />
                </div>
              )}
            </li>
          ))}
        </ul>
      </QueryStates>
    </TitledCard>
  );
}
