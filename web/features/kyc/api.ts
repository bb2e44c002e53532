import { useQuery } from '@tanstack/react-query';
import type { KycDocumentView, KycInfo } from '@contracts';
import { getRoute } from '../../lib/api';
import { anyPending, pollWhile, REVIEW_POLL_MS } from '../../lib/poll';

export const KYC_KEY = ['/api/kyc'] as const;

function asList(data: unknown): KycDocumentView[] {
  if (Array.isArray(data)) return data as KycDocumentView[];
  const inner = (data as { documents?: unknown } | null)?.documents;
  return Array.isArray(inner) ? (inner as KycDocumentView[]) : [];
}

/** GET /api/kyc: the user's own documents, newest first. */
export function useKycDocuments() {
  return useQuery({
    queryKey: KYC_KEY,
    refetchInterval: pollWhile((data: unknown) => anyPending(asList(data)), REVIEW_POLL_MS),
    select: (data: unknown) =>
      asList(data)
        .slice()
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  });
}

/** View and download addresses: /api/... addresses are used as they are. */
export function documentHref(url: string, download = false): string {
  if (!download) return url;
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}

export const KYC_INFO_KEY = ['/api/user/kyc-info'] as const;

/** GET /api/user/kyc-info (doc 3 §2.2): overall status, the four tiles and the deadline; re-read on every visit. */
export function useKycInfo() {
  // Documents under review turn approved or rejected while the member looks (issue 30): asked again until settled.
  return useQuery({
    queryKey: KYC_INFO_KEY,
    queryFn: () => getRoute('GET /api/user/kyc-info'),
    staleTime: 0,
    refetchInterval: pollWhile((d: KycInfo) => d.overallStatus === 'pending', REVIEW_POLL_MS),
  });
}
