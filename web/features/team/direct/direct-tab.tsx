import { useState } from 'react';
import { Users } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { InlineLoader, Spinner } from '../../../components/ui/spinner';
import { useTeamMembers, useTeamPendingRecruits } from '../api';
import { QueryError } from '../../../components/ui/query-error';
import { SearchInput } from '../ui/search-input';
import { useDebounced } from '../ui/use-debounced';
import { DirectTable } from './direct-table';
import { PendingRecruitsPanel } from './pending-recruits-panel';

/** Direct: pending recruits, then the direct recruits with a server-side search (doc 3 §2.4). */
export function DirectTab() {
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), 300);
  const pending = useTeamPendingRecruits();
  const members = useTeamMembers(term);
  const settling = term !== search.trim() || (members.isFetching && members.isPlaceholderData);

  return (
    <div className="space-y-5">
      {pending.isError ? (
        <QueryError title="Could not load pending recruits" error={pending.error} onRetry={() => void pending.refetch()} retrying={pending.isFetching} />
      ) : (
        <PendingRecruitsPanel recruits={pending.data ?? []} />
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h3 className="text-base font-semibold text-slate-900">Direct Recruits</h3>
        <div className="flex items-center gap-2 sm:w-80">
          <div className="flex-1">
            <SearchInput id="direct-search" label="Search direct recruits" value={search} onChange={setSearch} placeholder="Search by name or email" />
          </div>
          {settling ? <Spinner label="Searching" /> : null}
        </div>
      </div>

      {members.isPending ? (
        <InlineLoader label="Loading direct recruits..." />
      ) : members.isError ? (
        <QueryError title="Could not load direct recruits" error={members.error} onRetry={() => void members.refetch()} retrying={members.isFetching} />
      ) : members.data.length === 0 ? (
        <EmptyState
          icon={Users}
          className="bg-white"
          title={term ? 'No recruits found matching your search.' : 'No direct recruits yet. Start building your team!'}
          description={term ? 'Try another name or email.' : 'Use Add Recruit to send your first referral link.'}
        />
      ) : (
        <DirectTable rows={members.data} />
      )}
    </div>
  );
}
