import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BinaryTreeResponse, GenealogyExtremeResult, GenealogySearchResult } from '@contracts';
import { getRoute } from '../../../lib/api';

/**
 * The genealogy explorer's reads (issue 15): a member explores their own downline, an admin the whole tree. Each
 * view and each expansion is one request of up to five levels; search and the extreme left/right are the server's.
 */
export type ExplorerScope = 'member' | 'admin';

const TREE = { member: 'GET /api/binary-tree', admin: 'GET /api/admin/binary-tree' } as const;
const SEARCH = { member: 'GET /api/binary-tree/search', admin: 'GET /api/admin/binary-tree/search' } as const;
const EXTREME = { member: 'GET /api/binary-tree/extreme', admin: 'GET /api/admin/binary-tree/extreme' } as const;
const STALE_MS = 30_000;

/** The first element of every explorer query key: the path it reads (refresh and invalidation match on it). */
export const explorerPath = (scope: ExplorerScope) => TREE[scope].slice(4);

const treeQuery = (scope: ExplorerScope, rootId: string | null, depth: number) => ({
  queryKey: [explorerPath(scope), 'explorer', rootId, depth] as const,
  queryFn: (): Promise<BinaryTreeResponse> => getRoute(TREE[scope], { query: { rootId: rootId ?? undefined, depth } }),
  staleTime: STALE_MS,
});

/** The viewed root (the viewer, or the tree's root for an admin, when null) and `depth` levels below it. */
export function useExplorerTree(scope: ExplorerScope, rootId: string | null, depth: number) {
  return useQuery({ ...treeQuery(scope, rootId, depth), placeholderData: keepPreviousData });
}

/** Loads the levels below a node at the edge of the view: one request. */
export function useExpandNode(scope: ExplorerScope, depth: number) {
  const queryClient = useQueryClient();
  return (id: string) => queryClient.fetchQuery(treeQuery(scope, id, depth));
}

/** Members by user ID or name (the viewer's downline for a member), each with the path to it. */
export function useGenealogySearch(scope: ExplorerScope, q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: [SEARCH[scope].slice(4), text],
    queryFn: (): Promise<GenealogySearchResult[]> => getRoute(SEARCH[scope], { query: { q: text } }),
    enabled: text.length >= 2,
    staleTime: STALE_MS,
  });
}

/** The last member down one side of the viewed subtree: where spillover lands. */
export function useFindExtreme(scope: ExplorerScope) {
  const queryClient = useQueryClient();
  return (side: 'left' | 'right', rootId: string | null) =>
    queryClient.fetchQuery({
      queryKey: [EXTREME[scope].slice(4), side, rootId],
      queryFn: (): Promise<GenealogyExtremeResult> => getRoute(EXTREME[scope], { query: { side, rootId: rootId ?? undefined } }),
      staleTime: 0,
    });
}
