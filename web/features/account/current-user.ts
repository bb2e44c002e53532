import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@contracts';
import { CURRENT_USER_GC_MS, CURRENT_USER_KEY, fetchCurrentUser } from './current-user-data';

export { CURRENT_USER_KEY, fetchCurrentUser, homePathOf, isFranchiseRole, isPendingStatus } from './current-user-data';

/**
 * The current-user query (gcTime 5 min, staleTime 0, no retry, no refetch on focus). Only the
 * router's observer fetches on mount; screens below it read what it fetched (`passive`).
 */
const FRESH_MS = 1_000;

export function useCurrentUser({ passive = false }: { passive?: boolean } = {}) {
  return useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: fetchCurrentUser,
    gcTime: CURRENT_USER_GC_MS,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    // The router asks again as it mounts, unless the answer is a second old at most (the page's own, or a sign-in's).
    refetchOnMount: passive ? false : (query) => Date.now() - query.state.dataUpdatedAt > FRESH_MS,
  });
}

/** The signed-in user inside signed-in screens (the router renders them only when there is one). */
export function useSignedInUser(): CurrentUser {
  const { data } = useCurrentUser({ passive: true });
  if (!data) throw new Error('useSignedInUser outside a signed-in screen');
  return data;
}
