import { useQuery } from '@tanstack/react-query';
import { getRoute } from '../../lib/api';

export const CURRENT_AGREEMENT_KEY = ['/api/agreement/current'] as const;

/**
 * GET /api/agreement/current: the Direct Seller Agreement in force, shown on every joining form (issue 32). Its own
 * module, light, because the signup and referral pages load it in their first load (the bundle budget).
 */
export function useCurrentAgreement() {
  return useQuery({ queryKey: CURRENT_AGREEMENT_KEY, queryFn: () => getRoute('GET /api/agreement/current'), staleTime: 5 * 60_000 });
}
