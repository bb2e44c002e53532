import type { ComponentProps, ReactNode } from 'react';
import { LoadMore, QueryStates, type ListQuery } from '../ui/query-error';
import { DataTable } from '../ui/table';
import { ListRows } from './filter-bar';

/** The line over a list that counts its rows (read out when the count changes). */
export function CountLine({ children }: { children: ReactNode }) {
  return (
    <p className="text-sm text-slate-500" aria-live="polite">
      {children}
    </p>
  );
}

type Paged = ComponentProps<typeof LoadMore>['query'];

/** A list's read: a plain query, or a keyset one whose next page a Load more button fetches. */
type ListRead = ListQuery & { isPlaceholderData?: boolean } & Partial<Paged>;

const isPaged = (query: ListRead): query is ListRead & Paged => typeof query.fetchNextPage === 'function';

type StateProps = Pick<ComponentProps<typeof QueryStates>, 'what' | 'verb' | 'errorTitle' | 'loadingLabel'>;

interface ListProps extends StateProps {
  query: ListRead;
  /** Whether the read holds no row: the empty state then stands in for the list. */
  none: boolean;
  empty: ReactNode;
  /** The count line over the rows, if the list has one. */
  count?: ReactNode;
  /** The spacing of the rows (ListRows). */
  className?: string;
}

/**
 * An admin list in its states (QueryStates): the error, the loading line, the empty state, else the rows, dimmed while
 * the previous filter's stand in (ListRows), under their count line and over Load more where the read has pages.
 */
export function QueriedList({ query, none, empty, count, className, children, ...states }: ListProps & { children: ReactNode }) {
  return (
    <QueryStates query={query} empty={none && empty} {...states}>
      <ListRows stale={Boolean(query.isPlaceholderData)} className={className}>
        {count === undefined ? null : <CountLine>{count}</CountLine>}
        {children}
        {isPaged(query) ? <LoadMore query={query} /> : null}
      </ListRows>
    </QueryStates>
  );
}

/**
 * A queried admin list shown as a table on desktop and as cards on a phone (DataTable), in its states (QueriedList):
 * the caller gives the read, the empty state, the count line and the table's own props.
 */
export function QueriedTable<T>({ query, what, verb, errorTitle, loadingLabel, empty, count, className, ...table }: Omit<ListProps, 'none'> & ComponentProps<typeof DataTable<T>>) {
  return (
    <QueriedList query={query} none={table.rows.length === 0} empty={empty} count={count} className={className} {...{ what, verb, errorTitle, loadingLabel }}>
      <DataTable {...table} />
    </QueriedList>
  );
}
