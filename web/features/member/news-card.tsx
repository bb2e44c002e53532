import { useState } from 'react';
import { Megaphone } from 'lucide-react';
import type { NewsView } from '@contracts';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { TitledCard } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { QueryStates } from '../../components/ui/query-error';
import { cn } from '../../lib/cn';
import { formatDate, titleCase } from '../../lib/format';
import { useNews } from './api';

const TYPE_TONES: Record<string, BadgeTone> = { announcement: 'brand', promotion: 'success', update: 'info', warning: 'warning' };
const PRIORITY: Record<string, { label: string; tone: BadgeTone; edge: string }> = {
  urgent: { label: 'Urgent priority', tone: 'danger', edge: 'border-l-red-500' },
  high: { label: 'High priority', tone: 'warning', edge: 'border-l-amber-500' },
  normal: { label: 'Normal', tone: 'neutral', edge: 'border-l-slate-200' },
  low: { label: 'Low priority', tone: 'neutral', edge: 'border-l-slate-200' },
};
const LONG = 160;

function NewsItem({ item }: { item: NewsView }) {
  const [open, setOpen] = useState(false);
  const priority = PRIORITY[item.priority] ?? PRIORITY.normal;
  const long = item.content.length > LONG;
  const contentId = `news-${item.id}`;
  return (
    <li aria-label={item.title} className={cn('rounded-xl border border-l-4 border-slate-200 bg-white p-4', priority.edge)}>
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge tone={TYPE_TONES[item.type] ?? 'neutral'}>{titleCase(item.type)}</Badge>
        {item.priority !== 'normal' ? <Badge tone={priority.tone}>{priority.label}</Badge> : null}
        <time dateTime={item.publishedAt ?? item.createdAt} className="ml-auto text-xs text-slate-500">
          {formatDate(item.publishedAt ?? item.createdAt)}
        </time>
      </div>
      <h3 className="mt-2 text-sm font-semibold text-slate-900">{item.title}</h3>
      <p id={contentId} className={cn('mt-1 text-sm leading-relaxed whitespace-pre-line text-slate-600', long && !open && 'line-clamp-3')}>
        {item.content}
      </p>
      {long ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen((v) => !v)}
          className="mt-1 cursor-pointer rounded text-sm font-semibold text-brand-700 hover:underline"
        >
          {open ? 'Show less' : 'Read more'}
        </button>
      ) : null}
    </li>
  );
}

/** News and announcements (doc 3 §3.2 news): urgent and high first, as the server orders them. */
export function NewsCard() {
  const news = useNews();
  const data = news.data;
  const empty = <EmptyState icon={Megaphone} title="No news right now" description="Announcements and promotions will appear here." />;
  return (
    <TitledCard id="news-title" icon={Megaphone} title="News & Announcements" description="Updates from the company." className="h-full" contentClassName="pt-3">
      <QueryStates query={news} errorTitle="Could not load the news" loadingLabel="Loading news..." empty={data?.length === 0 && empty}>
        <ul aria-label="News" className="space-y-3">
          {data?.map((item) => (
            <NewsItem key={item.id} item={item} />
          ))}
        </ul>
      </QueryStates>
    </TitledCard>
  );
}
