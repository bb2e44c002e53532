import { useState } from 'react';
import { Filter, ListChecks, RotateCcw, Search } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/cn';
import { formatINR } from '../format';
import { LoadMore, QueryStates } from '../ui/query-error';
import { CardField, TableFrame, Td, Th, Tr } from '../ui/table';
import { useCycleLines, type MemberCycleLines } from './compensation-api';
import { LineDetails, MemberName } from './compensation-ui';

function Lines({ m }: { m: MemberCycleLines }) {
  if (m.lines.length === 0) return <span className="text-slate-500">No lines</span>;
  return (
    <ul className="space-y-1.5" aria-label={`Income lines of ${m.userId}`}>
      {m.lines.map((l, i) => (
        <li key={`${l.type}-${i}`}>
          <LineDetails line={l} />
        </li>
      ))}
    </ul>
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

  return (
    <Card aria-labelledby="cycle-lines-title">
      <CardHeader>
        <CardTitle id="cycle-lines-title">Lines per member</CardTitle>
        <CardDescription>Each member’s income lines with how they were computed (open a line to read it), then the deductions and the net.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 pt-4">
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
            <div className="relative">
              <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
              <Input
                id="cl-user"
                type="search"
                value={input}
                onChange={(e) => setInput(e.target.value)}
                placeholder="e.g. MB1234567"
                autoComplete="off"
                spellCheck={false}
                maxLength={40}
                className="pl-9 font-mono uppercase placeholder:font-sans placeholder:normal-case"
              />
            </div>
          </div>
          <div className="flex gap-2">
            {userId ? (
              <Button
                variant="ghost"
                onClick={() => {
                  setInput('');
                  setUserId('');
                }}
              >
                <RotateCcw aria-hidden="true" className="size-4" /> Clear
              </Button>
            ) : null}
            <Button type="submit" className="flex-1 sm:flex-none">
              <Filter aria-hidden="true" className="size-4" /> Apply
            </Button>
          </div>
        </form>

        <QueryStates
          query={lines}
          errorTitle="Failed to load the lines"
          loadingLabel="Loading lines..."
          empty={items.length === 0 ? (
            <EmptyState icon={ListChecks} title={userId ? `No lines for ${userId} in this cycle` : 'No member earned in this cycle'} description={userId ? 'Check the Member ID, or clear the filter to see every member.' : undefined} />
          ) : null}
        >
          <div className={cn('space-y-4 transition-opacity', lines.isPlaceholderData && 'opacity-60')}>
            <TableFrame label="Lines per member" className="hidden lg:block">
              <thead>
                <tr>
                  <Th>Member ID</Th>
                  <Th>Name</Th>
                  <Th>Lines</Th>
                  <Th className="text-right">Gross</Th>
                  <Th className="text-right">Admin charge</Th>
                  <Th className="text-right">TDS</Th>
                  <Th className="text-right">Net</Th>
                </tr>
              </thead>
              <tbody>
                {items.map((m) => (
                  <Tr key={m.userId} data-member-id={m.userId}>
                    <Td className="align-top font-mono text-xs font-semibold whitespace-nowrap text-slate-900">{m.userId}</Td>
                    <Td className="max-w-48 min-w-32 align-top text-slate-800">{m.name || '—'}</Td>
                    <Td className="max-w-md min-w-72 align-top">
                      <Lines m={m} />
                    </Td>
                    <Td className="text-right align-top font-medium whitespace-nowrap text-slate-900 tabular-nums">{formatINR(m.gross)}</Td>
                    <Td className="text-right align-top whitespace-nowrap tabular-nums">{formatINR(m.adminCharge)}</Td>
                    <Td className="text-right align-top whitespace-nowrap tabular-nums">{formatINR(m.tds)}</Td>
                    <Td className="text-right align-top font-semibold whitespace-nowrap text-emerald-700 tabular-nums">{formatINR(m.net)}</Td>
                  </Tr>
                ))}
              </tbody>
            </TableFrame>

            <ul className="space-y-3 lg:hidden" aria-label="Lines per member">
              {items.map((m) => (
                <li key={m.userId} data-member-id={m.userId} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                  <div className="flex items-start justify-between gap-3">
                    <MemberName userId={m.userId} name={m.name} />
                    <p className="shrink-0 font-semibold whitespace-nowrap text-emerald-700 tabular-nums">{formatINR(m.net)}</p>
                  </div>
                  <Lines m={m} />
                  <dl className="grid grid-cols-3 gap-3 border-t border-slate-100 pt-3">
                    <CardField label="Gross">{formatINR(m.gross)}</CardField>
                    <CardField label="Admin charge">{formatINR(m.adminCharge)}</CardField>
                    <CardField label="TDS">{formatINR(m.tds)}</CardField>
                  </dl>
                </li>
              ))}
            </ul>

            <LoadMore query={lines} />
          </div>
        </QueryStates>
      </CardContent>
    </Card>
  );
}
