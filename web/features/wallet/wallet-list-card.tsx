import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { QueryError } from '../../components/ui/query-error';
import { InlineLoader } from '../../components/ui/spinner';

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
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="pt-3">
        {query.isPending ? (
          <InlineLoader label={loadingLabel} />
        ) : query.isError ? (
          <QueryError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : (
          empty || children
        )}
      </CardContent>
    </Card>
  );
}
