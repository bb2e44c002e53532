import { useState } from 'react';
import type { GenealogySearchResult } from '@contracts';
import { InlineLoader } from '../../../components/ui/spinner';
import { SearchInput } from '../ui/search-input';
import { useDebounced } from '../ui/use-debounced';
import { useGenealogySearch, type ExplorerScope } from './explorer-api';

/** "You › Neha › Priya": the path from the viewer to a match, the middle shortened on deep matches. */
function PathText({ r }: { r: GenealogySearchResult }) {
  const names = r.path.map((p) => p.name);
  if (r.pathOmitted > 0 && names.length > 1) names.splice(1, 0, `… ${r.pathOmitted} more`);
  return <span className="block truncate text-xs text-slate-600">{names.join(' › ')}</span>;
}

/** Search by user ID or name (the viewer's downline for a member, anyone for an admin); a match opens its tree. */
export function ExplorerSearch({ scope, onPick }: { scope: ExplorerScope; onPick: (r: GenealogySearchResult) => void }) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 300);
  const search = useGenealogySearch(scope, q);
  const results = q.length >= 2 ? search.data : undefined;
  return (
    <div className="relative">
      <SearchInput id={`${scope}-explorer-search`} label="Search by user ID or name" labelVisible value={text} onChange={setText} placeholder="MB1234567 or a name" />
      {q.length >= 2 ? (
        <div className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg">
          {search.isFetching && !results ? (
            <InlineLoader label="Searching..." />
          ) : search.isError ? (
            <p className="p-3 text-sm text-red-700">The search failed. Please try again.</p>
          ) : results && results.length === 0 ? (
            <p className="p-3 text-sm text-slate-600">No member found for “{q}”.</p>
          ) : (
            <ul aria-label="Search results">
              {results?.map((r) => (
                <li key={r.id}>
                  <button
                    type="button"
                    onClick={() => {
                      onPick(r);
                      setText('');
                    }}
                    className="w-full rounded-lg px-3 py-2 text-left hover:bg-slate-50 focus-visible:bg-slate-50"
                  >
                    <span className="flex items-baseline justify-between gap-2">
                      <span className="truncate text-sm font-semibold text-slate-900">{r.name}</span>
                      <span className="shrink-0 font-mono text-xs text-slate-600">{r.userId}</span>
                    </span>
                    <PathText r={r} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
