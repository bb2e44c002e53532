import { useQuery } from '@tanstack/react-query';
import { getRoute } from '../../lib/api';

export const DISCLOSURES_KEY = '/api/disclosures';

/** GET /api/disclosures: the company's details, the plan in force in plain words and the income disclosure (public). */
export function useDisclosures() {
  return useQuery({ queryKey: [DISCLOSURES_KEY], queryFn: () => getRoute('GET /api/disclosures'), staleTime: 5 * 60_000 });
}
