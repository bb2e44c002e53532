import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { TitledCard } from '../../components/ui/card';
import { QueryError } from '../../components/ui/query-error';
import { InlineLoader } from '../../components/ui/spinner';
import { formatDate } from '../../lib/format';
import { WITHDRAWAL_STATUS_LOOK } from './labels';

/**
 * A card of the wallet page over one of the member's lists: the loading line, the error alone (a failed re-read hides
 * the list), the empty state, or the list.
 */
export function WalletListCard({
  title,
  description,
  query,
  loadingLabel,
  errorTitle,
  empty,
  children,
}: {
  title: string;
  description: string;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown; isFetching: boolean };
  loadingLabel: string;
  errorTitle: string;
  /** The empty state while the list has no rows; false otherwise. */
  empty: ReactNode;
  children: ReactNode;
}) {
  return (
    <TitledCard title={title} description={description} contentClassName="pt-3">
      {query.isPending ? (
        <InlineLoader label={loadingLabel} />
      ) : query.isError ? (
        <QueryError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        empty || children
      )}
    </TitledCard>
  );
}

/** The head of a request in these lists: its amount, kind and day, and its status badge. */
export function RequestHead({ amount, kind, createdAt, status }: { amount: string; kind: string; createdAt: string; status: string }) {
  const look = WITHDRAWAL_STATUS_LOOK[status] ?? WITHDRAWAL_STATUS_LOOK.pending;
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="text-base font-bold text-slate-900 tabular-nums">{amount}</p>
        <p className="text-sm text-slate-500">
          {kind} · {formatDate(createdAt)}
        </p>
      </div>
      <Badge tone={look.tone}>{look.label}</Badge>
    </div>
  );
}
