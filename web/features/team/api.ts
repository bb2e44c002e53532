import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { DOWNLINE_MAX_LEVELS } from '@contracts';
import { getRoute } from '../../lib/api';

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

/** A team read whose last answer stays on screen while the next one loads (another search, filter or root). */
function useTeamRead<T>(queryKey: readonly unknown[], queryFn: () => Promise<T>) {
  return useQuery({ queryKey, queryFn, placeholderData: keepPreviousData, staleTime: STALE_MS });
}

export function useTeamStats() {
  return useQuery({ queryKey: [TEAM_KEYS.stats], queryFn: () => getRoute('GET /api/team/stats'), staleTime: STALE_MS });
}

export function usePendingDecisions() {
  return useQuery({ queryKey: [TEAM_KEYS.decisions], queryFn: () => getRoute('GET /api/upline/pending-recruits'), staleTime: STALE_MS });
}

/** Direct recruits; the server filters on first name, last name and email. */
export function useTeamMembers(search: string) {
  return useTeamRead([TEAM_KEYS.members, search], () => getRoute('GET /api/team/members', { query: { search } }));
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
  const query = { levels: DOWNLINE_MAX_LEVELS, search: filters.search, level: filters.level === 'all' ? undefined : filters.level, status: filters.status === 'all' ? undefined : filters.status };
  return useTeamRead([TEAM_KEYS.downline, filters], () => getRoute('GET /api/team/downline', { query }));
}

/** Two levels below rootId (the viewer when absent). */
export function useBinaryTree(rootId: string | null) {
  return useTeamRead([TEAM_KEYS.tree, rootId], () => getRoute('GET /api/binary-tree', { query: { rootId } }));
}

/** Marks the team reads under these paths stale; the ones on screen refetch. */
export function useInvalidateTeam() {
  const queryClient = useQueryClient();
  return (paths: readonly string[]) => queryClient.invalidateQueries({ predicate: (q) => paths.includes(String(q.queryKey[0])) });
}
