import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { QueryError } from '../../../components/ui/query-error';
import { formatBV, formatCount, formatDateTimeIN } from '../../../lib/admin/format';
import { useQuarantine, useRetryEntry, useSettleEntry } from './quarantine-api';

const KIND = { purchase: 'Purchase', placement: 'Placement', activity: 'Activity', reversal: 'Return' } as const;

/**
 * The journal entries set aside after failing alone (ADR 0029), under the dashboard's volume card: each with its error,
 * retried once the cause is fixed, or settled with a reason (marked applied without adding its BV anywhere).
 */
export function QuarantineList({ count }: { count: number }) {
  const list = useQuarantine(count > 0);
  const retry = useRetryEntry();
  const settle = useSettleEntry();
  const [settling, setSettling] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  if (count === 0) return null;
  if (list.error) return <QueryError title="The quarantined entries could not be loaded" error={list.error} onRetry={() => void list.refetch()} />;
  const data = list.data;
  return (
    <div className="mt-4 rounded-xl border border-amber-200 bg-amber-50/40 p-3">
      <p className="text-sm font-semibold text-slate-900">Quarantined journal entries</p>
      <p className="mt-0.5 text-xs text-slate-600">
        Each failed alone and is skipped; every other entry keeps flowing. Retry one once its cause is fixed: it is applied once. Settle one only when it must not be applied: it is marked applied
        without its BV, with your reason.
      </p>
      {!data ? (
        <div className="mt-3 h-10 animate-pulse rounded bg-slate-100" aria-hidden="true" />
      ) : (
        <ul className="mt-3 divide-y divide-amber-100">
          {data.entries.map((e) => (
            <li key={e.id} className="py-2 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-slate-900">
                  #{e.id} · {KIND[e.kind]}
                  {e.kind === 'purchase' || e.kind === 'reversal' ? ` · ${formatBV(e.bv, { unit: true })}` : ''}
                  <span className="ml-2 text-xs font-normal text-slate-500">{formatDateTimeIN(e.quarantinedAt)}</span>
                </span>
                <span className="flex gap-2">
                  <Button size="sm" variant="outline" loading={retry.isPending} onClick={() => void retry.run(e.id)}>
                    Retry
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => (setSettling(settling === e.id ? null : e.id), setReason(''))}>
                    Settle
                  </Button>
                </span>
              </div>
              <p className="mt-1 text-xs break-words text-red-700">{e.error}</p>
              {settling === e.id ? (
                <form
                  className="mt-2 flex flex-col gap-2"
                  onSubmit={async (ev) => {
                    ev.preventDefault();
                    if ((await settle.run({ id: e.id, reason })).ok) setSettling(null);
                  }}
                >
                  <label className="text-xs font-medium text-slate-600" htmlFor={`settle-${e.id}`}>
                    Reason for settling without applying
                  </label>
                  <Textarea id={`settle-${e.id}`} rows={2} maxLength={500} value={reason} onChange={(ev) => setReason(ev.target.value)} />
                  <span>
                    <Button size="sm" variant="destructive" type="submit" loading={settle.isPending} disabled={reason.trim().length < 10}>
                      Settle entry
                    </Button>
                  </span>
                </form>
              ) : null}
            </li>
          ))}
          {data.total > data.entries.length ? <li className="py-2 text-xs text-slate-500">and {formatCount(data.total - data.entries.length)} more</li> : null}
        </ul>
      )}
    </div>
  );
}
