import { useQuery } from '@tanstack/react-query';
import type { BrandingInput, BrandingView } from '@contracts';
import { apiRequest, getRoute } from '../../../lib/api';
import { refreshBranding } from '../../../lib/branding';
import { BRANDING_MSG } from '@contracts';
import { useAuditedWrite } from '../../../lib/admin/writes';

export const BRANDING_KEY = '/api/admin/settings/branding';

/** GET /api/admin/settings/branding: the company settings with the seller's tax details (issue 15). */
export function useBrandingSettings() {
  return useQuery({ queryKey: [BRANDING_KEY], queryFn: () => getRoute('GET /api/admin/settings/branding') });
}

/** PUT /api/admin/settings/branding; then the page title, headers and sign-in page read the new branding. */
export function useSaveBranding() {
  return useAuditedWrite({
    request: (body: BrandingInput) => apiRequest<BrandingView>('PUT', BRANDING_KEY, body),
    errorFallback: 'Failed to save the company settings',
    successToast: () => ({ title: BRANDING_MSG.saved }),
    paths: [BRANDING_KEY],
    invalidate: refreshBranding,
  });
}
