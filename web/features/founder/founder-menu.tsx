import { Link } from 'react-router';
import { EyeOff, GitBranchPlus, LayoutDashboard, Store, type LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';

/**
 * The founder portal's sections (doc 3 §2.6), in the spec's words. Financial Override is left out on purpose
 * (ADR 0015: no meaning that keeps the money rules).
 */
export const FOUNDER_SECTIONS = [
  { id: '', label: 'Founder Control Center', icon: LayoutDashboard },
  { id: 'hidden-ids', label: 'Hidden IDs Management', icon: EyeOff },
  { id: 'network-override', label: 'Network Override', icon: GitBranchPlus },
  { id: 'franchise-master-control', label: 'Franchise Master Control', icon: Store },
] as const satisfies readonly { id: string; label: string; icon: LucideIcon }[];

export type FounderSectionId = (typeof FOUNDER_SECTIONS)[number]['id'];

export const founderSectionOf = (value: string | null): FounderSectionId => FOUNDER_SECTIONS.find((s) => s.id === value)?.id ?? '';
const hrefOf = (id: FounderSectionId) => (id ? `/founder?section=${id}` : '/founder');

export function FounderMenu({ current }: { current: FounderSectionId }) {
  return (
    <nav aria-label="Founder sections" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-2">
        {FOUNDER_SECTIONS.map(({ id, label, icon: Icon }) => {
          const active = id === current;
          return (
            <li key={id || 'home'}>
              <Link
                to={hrefOf(id)}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'inline-flex items-center gap-2 rounded-full border px-3.5 py-2 text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-3 focus-visible:ring-brand-500/30 focus-visible:outline-none',
                  active ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-200 bg-white text-slate-700 hover:border-slate-300 hover:bg-slate-50',
                )}
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
