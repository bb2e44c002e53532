import { useQuery } from '@tanstack/react-query';
import type { NewsView } from '@contracts';
import { getRoute } from '../../lib/api';

export const MEMBER_KEYS = {
  activity: '/api/dashboard/activity',
  news: '/api/news',
} as const;

// Others act while the member looks (recruits join, admins credit and publish): a visit after 30 s re-reads.
const STALE_MS = 30_000;

/** GET /api/dashboard/activity: the member's own recent events, newest first. */
export function useRecentActivity() {
  return useQuery({ queryKey: [MEMBER_KEYS.activity], queryFn: () => getRoute('GET /api/dashboard/activity'), staleTime: STALE_MS });
}

const PRIORITY_ORDER: Record<string, number> = { urgent: 0, high: 1, normal: 2, low: 3 };
/** Urgent and high first; within a priority the server's order (newest first) is kept, as the sort is stable. */
const byPriority = (items: NewsView[]) => [...items].sort((a, b) => (PRIORITY_ORDER[a.priority] ?? 2) - (PRIORITY_ORDER[b.priority] ?? 2));

/** GET /api/news: published, unexpired news, urgent and high first. */
export function useNews() {
  return useQuery({ queryKey: [MEMBER_KEYS.news], queryFn: () => getRoute('GET /api/news'), select: byPriority, staleTime: STALE_MS });
}
