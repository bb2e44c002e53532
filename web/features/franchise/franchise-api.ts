import { useQuery } from '@tanstack/react-query';
import type { FranchiseDashboard } from '@contracts';
import { getRoute } from '../../lib/api';

export type { FranchiseDashboard };
export const FRANCHISE_DASHBOARD_KEY = '/api/franchise/dashboard';

/** GET /api/franchise/dashboard: the holder's own figures (decisions §10: nothing hard-coded). */
export function useFranchiseDashboard() {
  return useQuery({ queryKey: [FRANCHISE_DASHBOARD_KEY], queryFn: () => getRoute('GET /api/franchise/dashboard') });
}
