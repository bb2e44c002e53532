import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { formatCount } from '../../lib/admin/format';
import { sectionHref, type SectionId } from '../../lib/admin/sections';

/**
 * Segmented controls above a list: the status filters (toggle buttons, aria-pressed) and the links
 * between the sections of one queue (aria-current) look alike and share these pieces.
 */
export const segmentGroupClass = 'gap-1 rounded-xl bg-slate-200/60 p-1';

export function segmentClass(active: boolean) {
  return cn(
    'flex cursor-pointer items-center justify-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium whitespace-nowrap transition-colors sm:px-3',
    active ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
  );
}

/** How many the segment holds; nothing until the figure is known. */
export function SegmentCount({ count, active }: { count: number | undefined; active: boolean }) {
  if (count === undefined) return null;
  return <span className={cn('rounded-full px-1.5 text-xs tabular-nums', active ? 'bg-slate-100 text-slate-700' : 'bg-white/70 text-slate-600')}>{formatCount(count)}</span>;
}

type Icon = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;

export function SegmentIcon({ icon: I }: { icon: Icon }) {
  return <I aria-hidden="true" className="hidden size-4 sm:block" />;
}

export interface SectionLinkDef<T extends string> {
  id: T;
  label: string;
  section: SectionId;
  icon: Icon;
}

/** Links between the sections of one queue (pending, approved, rejected), each its own sidebar section. */
export function SectionLinks<T extends string>({ label, links, current, counts }: { label: string; links: SectionLinkDef<T>[]; current: T; counts: Partial<Record<T, number | undefined>> }) {
  return (
    <nav aria-label={label}>
      <ul className={cn('grid grid-cols-3 sm:inline-grid', segmentGroupClass)}>
        {links.map((t) => (
          <li key={t.id}>
            <Link to={sectionHref(t.section)} aria-current={t.id === current ? 'page' : undefined} className={segmentClass(t.id === current)}>
              <SegmentIcon icon={t.icon} />
              {t.label}
              <SegmentCount count={counts[t.id]} active={t.id === current} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The tabs of one page as links (aria-current) in the same segmented look: a tab's link is the page's search from
 * `hrefOf`; `badge` draws something after a tab's label (a count).
 */
export function TabLinks<T extends string>({
  label,
  tabs,
  current,
  hrefOf,
  badge,
}: {
  label: string;
  tabs: { id: T; label: string; icon: Icon }[];
  current: T;
  hrefOf: (id: T) => string;
  badge?: (id: T) => ReactNode;
}) {
  return (
    <nav aria-label={label}>
      <ul className={cn('grid grid-cols-2 sm:inline-grid', segmentGroupClass)}>
        {tabs.map((t) => (
          <li key={t.id}>
            <Link to={{ search: hrefOf(t.id) }} aria-current={t.id === current ? 'page' : undefined} className={cn(segmentClass(t.id === current), 'sm:px-5')}>
              <t.icon aria-hidden="true" className="size-4" />
              {t.label}
              {badge?.(t.id)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
