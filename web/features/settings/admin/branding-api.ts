import { useQuery } from '@tanstack/react-query';
import type { BrandingInput, BrandingView } from '@contracts';
import { getRoute } from '../../../lib/api';
import { refreshBranding } from '../../../lib/branding';
import { BRANDING_MSG } from '@contracts';
import { usePathWrite } from '../../../lib/admin/path-write';

export const BRANDING_KEY = '/api/admin/settings/branding';

/** GET /api/admin/settings/branding: the company settings with the seller's tax details (issue 15). */
export function useBrandingSettings() {
  return useQuery({ queryKey: [BRANDING_KEY], queryFn: () => getRoute('GET /api/admin/settings/branding') });
}

/** PUT /api/admin/settings/branding; then the page title, headers and sign-in page read the new branding. */
export function useSaveBranding() {
  return usePathWrite<BrandingInput, BrandingView>('PUT', BRANDING_KEY, { failed: 'Failed to save the company settings', done: BRANDING_MSG.saved, invalidate: refreshBranding });
}
