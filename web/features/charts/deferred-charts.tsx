import { useDeferredValue } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryError } from '../../components/ui/query-error';

/**
 * A dashboard's charts read as its charts draw it: the figures render in a background pass React splits into short
 * slices, not in the task their answer arrives in (issue 14); `error` is what to show in their place when it failed.
 */
export function useDeferredCharts<T>(q: UseQueryResult<T>) {
  const d = useDeferredValue(q.data);
  const error = q.isError ? <QueryError title="Failed to load the charts" error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} /> : null;
  return { d, loading: !d, error };
}
