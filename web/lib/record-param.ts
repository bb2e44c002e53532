import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorStatus } from './api';

/**
 * The one convention for a record or sub-view in the address (issue 30): the opened record's id in `?id=`, and the
 * dialog it opened in, when a record has more than one, in `?action=`; every other parameter (`?section=`, `?tab=`)
 * is kept. Opening pushes a history entry, so Back closes the record; closing a record this page opened goes back
 * to that entry, and closing one the page was loaded with (a shared link, a reload) drops the parameters in place.
 */
export const RECORD_PARAM = 'id';
export const ACTION_PARAM = 'action';

interface OpenedHere {
  recordOpenedHere?: boolean;
}

export function useRecordParam<A extends string = string>() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const id = params.get(RECORD_PARAM) || null;
  const action = (id ? params.get(ACTION_PARAM) || null : null) as A | null;
  const openedHere = Boolean((location.state as OpenedHere | null)?.recordOpenedHere);

  const open = useCallback(
    (next: string, nextAction?: A) =>
      setParams(
        (p) => {
          const n = new URLSearchParams(p);
          n.set(RECORD_PARAM, next);
          if (nextAction) n.set(ACTION_PARAM, nextAction);
          else n.delete(ACTION_PARAM);
          return n;
        },
        { state: { recordOpenedHere: true } satisfies OpenedHere },
      ),
    [setParams],
  );

  const close = useCallback(() => {
    if (openedHere) {
      void navigate(-1);
      return;
    }
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        n.delete(RECORD_PARAM);
        n.delete(ACTION_PARAM);
        return n;
      },
      { replace: true },
    );
  }, [openedHere, navigate, setParams]);

  return { id, action, open, close };
}

/** A read of one record by id answered that there is none (404), or that the id is not one at all (400). */
export const isNotFound = (err: unknown) => [400, 404].includes(errorStatus(err) ?? 0);

interface PagedQuery {
  data?: { pages: unknown[] };
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isPending: boolean;
  fetchNextPage: () => unknown;
}

/**
 * A linked record of a list read page by page, where no read by id exists: the next pages are fetched (up to
 * maxPages) until the record is among them. Answers whether the record is still being looked for; false with the
 * record not found means it is not in the list.
 */
export function useSeekInPages(id: string | null, found: boolean, query: PagedQuery, maxPages = 20): boolean {
  const pages = query.data?.pages.length ?? 0;
  const more = Boolean(id) && !found && query.hasNextPage && pages < maxPages;
  const { isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (more && !isFetchingNextPage) void fetchNextPage();
  }, [more, isFetchingNextPage, fetchNextPage, pages]);
  return Boolean(id) && !found && (query.isPending || more || isFetchingNextPage);
}

/**
 * The linked record as last found: a decision can move the record out of the list it was found in (a withdrawal
 * approved leaves the pending list) while its dialog still shows the outcome, and the dialog keeps its record then.
 */
export function useKeptRecord<T>(id: string | null, found: T | undefined): T | undefined {
  const [kept, setKept] = useState<{ id: string; value: T } | null>(null);
  if (id && found !== undefined && (kept?.id !== id || kept.value !== found)) setKept({ id, value: found });
  return found ?? (id && kept?.id === id ? kept.value : undefined);
}
