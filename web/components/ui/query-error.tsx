import type { ReactNode } from 'react';
import { RotateCw } from 'lucide-react';
import { Alert } from './alert';
import { Button } from './button';
import { InlineLoader } from './spinner';
import { errorMessage } from '../../lib/api';

/** The error state of a read: a title, the server's message and a retry. */
export function QueryError({ title, error, onRetry, retrying }: { title: string; error: unknown; onRetry: () => void; retrying?: boolean }) {
  return (
    <Alert
      tone="danger"
      role="alert"
      title={title}
      action={
        <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
          {retrying ? null : <RotateCw aria-hidden="true" className="size-3.5" />} Try again
        </Button>
      }
    >
      {errorMessage(error, '') || 'The server could not be reached. Check your connection and try again.'}
    </Alert>
  );
}

export interface ListQuery {
  data: unknown;
  error: unknown;
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The states of a list in one place: the error with a retry (above the last good rows when a refresh
 * failed), the loading line, the empty state the caller passes when there is nothing, then the rows.
 */
export function QueryStates({
  query,
  what,
  verb = 'load',
  errorTitle = `Failed to ${verb} ${what}`,
  loadingLabel = `Loading ${what}...`,
  empty,
  children,
}: {
  query: ListQuery;
  /** What the list holds ('news', 'KYC requests'): the error title and the loading line are made of it unless named. */
  what?: string;
  verb?: 'load' | 'fetch';
  errorTitle?: string;
  loadingLabel?: string;
  empty?: ReactNode;
  children: ReactNode;
}) {
  const error = query.isError ? <QueryError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} /> : null;
  if (error && query.data === undefined) return error;
  if (query.isPending) return <InlineLoader label={loadingLabel} />;
  return (
    <>
      {error}
      {empty || children}
    </>
  );
}

/** The next page of a keyset list, while there is one. */
export function LoadMore({ query }: { query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown } }) {
  if (!query.hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button variant="outline" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
        {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}
