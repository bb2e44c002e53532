import { DOWNLINE_MAX_LEVELS } from '@contracts';
import { Select } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import type { DownlineFilters as Filters, DownlineStatusFilter } from '../api';
import { SearchInput } from '../ui/search-input';

const STATUSES: { value: DownlineStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'pending', label: 'Pending' },
];

/** Search (name, email, user ID), level and status; the server applies them (decisions §11). */
export function DownlineFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_10rem_10rem] sm:items-end">
      <SearchInput id="downline-search" label="Search members" labelVisible value={value.search} onChange={(search) => onChange({ ...value, search })} placeholder="Name, email or user ID" />
      <div className="grid grid-cols-2 gap-3 sm:contents">
        <div className="space-y-1.5">
          <Label htmlFor="downline-level">Level</Label>
          <Select id="downline-level" value={String(value.level)} onChange={(e) => onChange({ ...value, level: e.target.value === 'all' ? 'all' : Number(e.target.value) })}>
            <option value="all">All levels</option>
            {Array.from({ length: DOWNLINE_MAX_LEVELS }, (_, i) => i + 1).map((l) => (
              <option key={l} value={l}>
                Level {l}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="downline-status">Status</Label>
          <Select id="downline-status" value={value.status} onChange={(e) => onChange({ ...value, status: e.target.value as DownlineStatusFilter })}>
            {STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </Select>
        </div>
      </div>
    </div>
  );
}
