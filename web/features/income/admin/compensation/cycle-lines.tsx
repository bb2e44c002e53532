import { useState } from 'react';
import { ListChecks } from 'lucide-react';
import { TitledCard } from '../../../../components/ui/card';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Label } from '../../../../components/ui/label';
import { cn } from '../../../../lib/cn';
import { compareMoney } from '../../../../lib/money';
import { formatINR } from '../../../../lib/admin/format';
import { FilterActions } from '../../../../components/admin/list-filters';
import { ListRows } from '../../../../components/admin/filter-bar';
import { SearchBox } from '../../../../components/admin/search-box';
import { LoadMore, QueryStates } from '../../../../components/ui/query-error';
import { DataTable, RowCard } from '../../../../components/ui/table';
import { useCycleLines, type MemberCycleLines } from './compensation-api';
import { LineDetails, MemberName } from './compensation-ui';

// The member and the figures sit level with the first line's label (inside its bordered summary).
const top = 'pt-[1.3125rem] align-top';
const figure = 'text-right whitespace-nowrap tabular-nums';

function Lines({ m }: { m: MemberCycleLines }) {
  if (m.lines.length === 0) return <span className="text-slate-500">No lines</span>;
  // What the member owed or still owes (docs/spec/returns.md §5), only where there is something.
  const owed = [
    compareMoney(m.recovered, '0') > 0 && `${formatINR(m.recovered)} recovered from earlier cycles`,
    compareMoney(m.recovery, '0') > 0 && `${formatINR(m.recovery)} left to recover from later income`,
    compareMoney(m.tdsCarried, '0') > 0 && `${formatINR(m.tdsCarried)} of TDS carried to later cycles`,
  ].filter((n): n is string => Boolean(n));
  return (
    <>
      <ul className="space-y-1.5" aria-label={`Income lines of ${m.userId}`}>
        {m.lines.map((l, i) => (
          <li key={`${l.type}-${i}`}>
            <LineDetails line={l} />
          </li>
        ))}
      </ul>
      {owed.map((n) => (
        <p key={n} className="mt-1.5 text-xs font-medium text-amber-800">
          {n}
        </p>
      ))}
    </>
  );
}

/** Every member's lines in a cycle, with the explanation of each; filter by Member ID, 'Load more' for the rest. */
export function CycleLines({ cycleId }: { cycleId: string }) {
  const [input, setInput] = useState('');
  const [userId, setUserId] = useState('');
  const lines = useCycleLines(cycleId, userId);
  const items = lines.data?.pages.flatMap((p) => p.items) ?? [];

  const apply = (value: string) => {
    const next = value.trim().toUpperCase();
    if (next === userId) void lines.refetch();
    else setUserId(next);
  };

  const empty = (
    <EmptyState
      icon={ListChecks}
      title={userId ? `No lines for ${userId} in this cycle` : 'No member earned in this cycle'}
      description={userId ? 'Check the Member ID, or clear the filter to see every member.' : undefined}
    />
  );
  return (
    <TitledCard
      id="cycle-lines-title"
      title="Lines per member"
      description="Each member’s income lines with how they were computed (open a line to read it), then the deductions and the net."
      contentClassName="space-y-4 pt-4"
    >
      <form
        noValidate
        role="search"
        aria-label="Filter lines"
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          apply(input);
        }}
      >
        <div className="space-y-1.5 sm:w-72">
          <Label htmlFor="cl-user">Member ID</Label>
          <SearchBox
            id="cl-user"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            placeholder="e.g. MB1234567"
            spellCheck={false}
            maxLength={40}
            className="font-mono uppercase placeholder:font-sans placeholder:normal-case"
          />
        </div>
        <FilterActions
          filtered={Boolean(userId)}
          onClear={() => {
            setInput('');
            setUserId('');
          }}
        />
      </form>

      <QueryStates query={lines} errorTitle="Failed to load the lines" loadingLabel="Loading lines..." empty={items.length === 0 && empty}>
        <ListRows stale={lines.isPlaceholderData}>
          <DataTable
            rows={items}
            rowKey={(m) => m.userId}
            label="Lines per member"
            breakpoint="lg"
            rowData={(m) => ({ 'data-member-id': m.userId })}
            columns={[
              { header: 'Member', className: cn(top, 'max-w-56 min-w-40'), cell: (m) => <MemberName userId={m.userId} name={m.name} /> },
              { header: 'Lines', className: 'max-w-md min-w-72 align-top', cell: (m) => <Lines m={m} /> },
              { header: 'Gross', headerClassName: 'text-right', className: cn(top, figure, 'font-medium text-slate-900'), cell: (m) => formatINR(m.gross) },
              { header: 'Admin charge', headerClassName: 'text-right', className: cn(top, figure), cell: (m) => formatINR(m.adminCharge) },
              { header: 'TDS', headerClassName: 'text-right', className: cn(top, figure), cell: (m) => formatINR(m.tds) },
              { header: 'Net', headerClassName: 'text-right', className: cn(top, figure, 'font-semibold text-emerald-700'), cell: (m) => formatINR(m.net) },
            ]}
            card={(m) => (
              <RowCard
                head={<MemberName userId={m.userId} name={m.name} />}
                aside={
                  <p className="shrink-0 text-right">
                    <span className="block font-semibold whitespace-nowrap text-emerald-700 tabular-nums">{formatINR(m.net)}</span>
                    <span className="block text-xs text-slate-500">net</span>
                  </p>
                }
                grid="grid-cols-3 gap-3"
                fields={{ Gross: formatINR(m.gross), 'Admin charge': formatINR(m.adminCharge), TDS: formatINR(m.tds) }}
              >
                <Lines m={m} />
              </RowCard>
            )}
          />

          <LoadMore query={lines} />
        </ListRows>
      </QueryStates>
    </TitledCard>
  );
}
