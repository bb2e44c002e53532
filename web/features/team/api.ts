import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DownlineResponse } from '@contracts';
import { DOWNLINE_MAX_LEVELS } from '@contracts';
import { apiGet, getRoute } from '../../lib/api';

/** First element of every team query key: the path it reads (invalidation matches on it). */
export const TEAM_KEYS = {
  stats: '/api/team/stats',
  decisions: '/api/upline/pending-recruits',
  members: '/api/team/members',
  pending: '/api/team/pending-recruits',
  downline: '/api/team/downline',
  tree: '/api/binary-tree',
} as const;

// Team data changes when others act (admin approvals, new registrations): a visit after 30 s re-reads it.
const STALE_MS = 30_000;

function withQuery(path: string, params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export function useTeamStats() {
  return useQuery({ queryKey: [TEAM_KEYS.stats], queryFn: () => getRoute('GET /api/team/stats'), staleTime: STALE_MS });
}

export function usePendingDecisions() {
  return useQuery({ queryKey: [TEAM_KEYS.decisions], queryFn: () => getRoute('GET /api/upline/pending-recruits'), staleTime: STALE_MS });
}

/** Direct recruits; the server filters on first name, last name and email. */
export function useTeamMembers(search: string) {
  return useQuery({
    queryKey: [TEAM_KEYS.members, search],
    queryFn: () => getRoute('GET /api/team/members', { query: { search } }),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });
}

export function useTeamPendingRecruits() {
  return useQuery({ queryKey: [TEAM_KEYS.pending], queryFn: () => getRoute('GET /api/team/pending-recruits'), staleTime: STALE_MS });
}

export type DownlineStatusFilter = 'all' | 'active' | 'inactive' | 'pending';
export interface DownlineFilters {
  search: string;
  level: 'all' | number;
  status: DownlineStatusFilter;
}

/** The downline to 10 levels; search, level and status are applied by the server (decisions §11). */
export function useDownline(filters: DownlineFilters) {
  return useQuery({
    queryKey: [TEAM_KEYS.downline, filters],
    queryFn: () =>
      apiGet<DownlineResponse>(
        withQuery(TEAM_KEYS.downline, {
          levels: DOWNLINE_MAX_LEVELS,
          search: filters.search,
          level: filters.level === 'all' ? undefined : filters.level,
          status: filters.status === 'all' ? undefined : filters.status,
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });
}

/** Two levels below rootId (the viewer when absent). */
export function useBinaryTree(rootId: string | null) {
  return useQuery({
    queryKey: [TEAM_KEYS.tree, rootId],
    queryFn: () => getRoute('GET /api/binary-tree', { query: { rootId } }),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });
}

/** Marks the team reads under these paths stale; the ones on screen refetch. */
export function useInvalidateTeam() {
  const queryClient = useQueryClient();
  return (paths: readonly string[]) => queryClient.invalidateQueries({ predicate: (q) => paths.includes(String(q.queryKey[0])) });
}
