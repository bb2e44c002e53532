import { useState } from 'react';
import { CalendarClock, CalendarX2, Eye, EyeOff, Megaphone, Pencil, Plus } from 'lucide-react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { titleCase } from '../../../lib/format';
import { useRecordParam } from '../../../lib/record-param';
import { RecordNotFound } from '../../../components/ui/record-not-found';
import { formatDateTimeUS } from '../../../lib/admin/format';
import { QueryStates } from '../../../components/ui/query-error';
import { CountLine } from '../../../components/admin/queried-list';
import { SectionHeader } from '../../../components/admin/section-header';
import { useAdminNews, useToggleNews, type NewsView } from './news-api';
import { PriorityBadge } from '../../support';
import { NewsDialog } from './news-dialog';
import { newsState, type NewsState } from './news-state';

const STATE: Record<NewsState, { label: string; tone: BadgeTone; hint: string }> = {
  live: { label: 'Live', tone: 'success', hint: 'Members see it now' },
  scheduled: { label: 'Scheduled', tone: 'info', hint: 'Shown from its publication time' },
  expired: { label: 'Expired', tone: 'neutral', hint: 'Past its expiry; no longer shown' },
  inactive: { label: 'Inactive', tone: 'danger', hint: 'Deactivated; never shown' },
};
const TYPE_TONE: Record<string, BadgeTone> = { announcement: 'brand', promotion: 'success', update: 'info', warning: 'warning' };

function NewsCard({ item, onEdit, onToggle, toggling }: { item: NewsView; onEdit: () => void; onToggle: () => void; toggling: boolean }) {
  const state = STATE[newsState(item)];
  return (
    <li data-news-id={item.id} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge tone={state.tone} title={state.hint}>
          {state.label}
        </Badge>
        <Badge tone={TYPE_TONE[item.type] ?? 'neutral'}>{titleCase(item.type)}</Badge>
        <PriorityBadge priority={item.priority} />
      </div>
      <div className="min-w-0">
        <h2 className="text-base font-semibold break-words text-slate-900">{item.title}</h2>
        <p className="mt-1 line-clamp-3 text-sm leading-relaxed whitespace-pre-line text-slate-600">{item.content}</p>
      </div>
      <dl className="mt-auto grid gap-1 text-xs text-slate-500">
        <div className="flex items-center gap-1.5">
          <CalendarClock aria-hidden="true" className="size-3.5 shrink-0" />
          <dt>Published:</dt>
          <dd className="text-slate-700">{item.publishedAt ? formatDateTimeUS(item.publishedAt) : `at creation (${formatDateTimeUS(item.createdAt)})`}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <CalendarX2 aria-hidden="true" className="size-3.5 shrink-0" />
          <dt>Expires:</dt>
          <dd className="text-slate-700">{item.expiresAt ? formatDateTimeUS(item.expiresAt) : 'never'}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${item.title}`}>
          <Pencil aria-hidden="true" className="size-3.5" /> Edit
        </Button>
        <Button size="sm" variant="outline" onClick={onToggle} loading={toggling} aria-label={`${item.isActive ? 'Deactivate' : 'Activate'} ${item.title}`}>
          {toggling ? null : item.isActive ? <EyeOff aria-hidden="true" className="size-3.5" /> : <Eye aria-hidden="true" className="size-3.5" />}
          {item.isActive ? 'Deactivate' : 'Activate'}
        </Button>
      </div>
    </li>
  );
}

/** A16 News (doc 3 §5.2): what members read from GET /api/news, written, scheduled and switched off here. */
export function NewsSection() {
  const news = useAdminNews();
  const toggleNews = useToggleNews();
  const [toggling, setToggling] = useState<string | null>(null);
  const items = news.data ?? [];
  const [creating, setCreating] = useState(false);
  // The item being edited is in the address (?id=, issue 30): a reload or a shared link opens it again.
  const record = useRecordParam();
  const found = record.id ? items.find((n) => n.id === record.id) : undefined;
  const editing: NewsView | 'new' | null = creating ? 'new' : (found ?? null);
  const setEditing = (n: NewsView | 'new' | null) => (n === 'new' ? setCreating(true) : n ? record.open(n.id) : creating ? setCreating(false) : record.close());
  const live = items.filter((n) => newsState(n) === 'live').length;

  async function toggle(item: NewsView) {
    setToggling(item.id);
    try {
      await toggleNews.run(item);
    } finally {
      setToggling(null);
    }
  }

  const empty = <EmptyState icon={Megaphone} title="No news yet" description="Write the first announcement; members read it on their dashboard." />;
  return (
    <div className="space-y-5">
      <SectionHeader
        eyebrow="Engagement"
        title="News"
        description="Announcements, promotions, updates and warnings for members. Members see an item while it is active, published and not expired."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" /> Write News
          </Button>
        }
      />

      <QueryStates query={news} what="news" empty={items.length === 0 && empty}>
        <>
          <CountLine>
            {items.length === 1 ? '1 item' : `${items.length} items`}, {live} live
          </CountLine>
          <ul className="grid gap-4 lg:grid-cols-2" aria-label="News items">
            {items.map((n) => (
              <NewsCard key={n.id} item={n} onEdit={() => setEditing(n)} onToggle={() => void toggle(n)} toggling={toggling === n.id} />
            ))}
          </ul>
        </>
      </QueryStates>

      {record.id && news.data && !found ? <RecordNotFound what="news item" id={record.id} onClose={record.close} /> : null}
      {editing ? <NewsDialog key={editing === 'new' ? 'new' : editing.id} item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
