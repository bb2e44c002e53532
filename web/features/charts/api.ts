import { useQuery } from '@tanstack/react-query';
import { getRoute } from '../../lib/api';
import { browserTimeZone } from '../../lib/format';
import { ADMIN_CHARTS_QUERY, MEMBER_CHARTS_QUERY } from './reads';

// Figures change with every purchase and payout, but a chart of days and cycles does not need them by the second.
const STALE_MS = 60_000;

/** A charts read in the browser's time zone, keyed by its path and the zone. */
function useChartsRead<T>(path: string, read: (timezone: string) => Promise<T>) {
  const timezone = browserTimeZone();
  return useQuery({ queryKey: [path, timezone], queryFn: () => read(timezone), staleTime: STALE_MS });
}

/** GET /api/admin/charts: the last 30 days, 12 posted cycles and 12 weeks, in the browser's time zone. */
export function useAdminCharts() {
  return useChartsRead('/api/admin/charts', (timezone) => getRoute('GET /api/admin/charts', { query: { timezone, ...ADMIN_CHARTS_QUERY } }));
}

/** GET /api/dashboard/charts: the member's own last 12 pairing cycles, payouts and team growth. */
export function useMemberCharts() {
  return useChartsRead('/api/dashboard/charts', (timezone) => getRoute('GET /api/dashboard/charts', { query: { timezone, ...MEMBER_CHARTS_QUERY } }));
}
