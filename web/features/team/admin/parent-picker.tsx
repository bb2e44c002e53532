import { useEffect, useState } from 'react';
import { Search, UsersRound } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { QueryError } from '../../../components/ui/query-error';
import { usePlacementParents, type PlacementParent } from './recruits-api';

function FreeSides({ parent }: { parent: PlacementParent }) {
  return (
    <span className="flex shrink-0 gap-1">
      <Badge tone={parent.leftFree ? 'success' : 'neutral'} className={cn(!parent.leftFree && 'line-through')}>
        Left<span className="sr-only">{parent.leftFree ? ' free' : ' taken'}</span>
      </Badge>
      <Badge tone={parent.rightFree ? 'success' : 'neutral'} className={cn(!parent.rightFree && 'line-through')}>
        Right<span className="sr-only">{parent.rightFree ? ' free' : ' taken'}</span>
      </Badge>
    </span>
  );
}

/**
 * The parent of a strategic link (doc 2 §5): a search over GET /api/admin/users-for-placement,
 * which lists only members with a free side. Each result is a radio button.
 */
export function ParentPicker({ value, onChange, error }: { value: PlacementParent | null; onChange: (parent: PlacementParent) => void; error?: string }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setSearch(text.trim()), 250);
    return () => clearTimeout(id);
  }, [text]);
  const parents = usePlacementParents(search, true);
  const rows = parents.data ?? [];
  // The chosen parent stays visible even when a new search no longer lists it.
  const shown = value && !rows.some((p) => p.id === value.id) ? [value, ...rows] : rows;

  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={error ? 'parent-error' : 'parent-hint'} aria-invalid={error ? true : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">Parent</legend>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
        <Input type="search" aria-label="Search parents" placeholder="Name, user ID or email" className="pl-9" value={text} onChange={(e) => setText(e.target.value)} />
        {parents.isFetching ? (
          <span className="absolute top-1/2 right-3 -translate-y-1/2 text-slate-500">
            <Spinner label="Searching parents" />
          </span>
        ) : null}
      </div>
      {parents.isError ? (
        <QueryError title="Failed to load parents" error={parents.error} onRetry={() => void parents.refetch()} retrying={parents.isFetching} />
      ) : parents.isPending ? (
        <p className="px-1 py-3 text-sm text-slate-500">Loading parents...</p>
      ) : shown.length === 0 ? (
        <p className="flex items-center gap-2 rounded-lg border border-dashed border-slate-300 px-3 py-4 text-sm text-slate-500">
          <UsersRound aria-hidden="true" className="size-4 shrink-0" />
          {search ? `No member with a free side matches “${search}”.` : 'No member has a free side.'}
        </p>
      ) : (
        <div className={cn('max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-lg border', error ? 'border-red-400' : 'border-slate-300')}>
          {shown.map((p) => {
            const id = `parent-${p.id}`;
            return (
              <label
                key={p.id}
                htmlFor={id}
                className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-slate-50 has-checked:bg-brand-50/70 has-focus-visible:outline-2 has-focus-visible:-outline-offset-2 has-focus-visible:outline-brand-500"
              >
                <input id={id} type="radio" name="placement-parent" checked={value?.id === p.id} onChange={() => onChange(p)} className="size-4 shrink-0 accent-brand-700" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-slate-900">{p.name}</span>
                  <span className="block truncate text-xs text-slate-600">
                    <span className="font-mono">{p.userId}</span> · Level {p.level} · {p.email}
                  </span>
                </span>
                <FreeSides parent={p} />
              </label>
            );
          })}
        </div>
      )}
      {error ? (
        <p id="parent-error" className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : (
        <p id="parent-hint" className="text-xs text-slate-500">
          Only members with a free left or right position are listed.
        </p>
      )}
    </fieldset>
  );
}
