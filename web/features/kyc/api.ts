import { useQuery } from '@tanstack/react-query';
import type { KycDocumentView, KycInfo, KycUploadRequest } from '@contracts';
import { apiGet, apiRequest, type WriteResult } from '../../lib/api';

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
    select: (data: unknown) => asList(data).slice().sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  });
}

export interface KycPayload {
  documentType: KycUploadRequest['documentType'];
  documentData: string;
  documentContentType: string;
  documentFilename: string;
  documentNumber?: string;
}

export function uploadKycDocument(payload: KycPayload): Promise<WriteResult<KycDocumentView>> {
  return apiRequest<KycDocumentView>('POST', '/api/kyc/upload', payload);
}

export function replaceKycDocument(id: string, payload: KycPayload): Promise<WriteResult<KycDocumentView>> {
  return apiRequest<KycDocumentView>('PUT', `/api/kyc/${encodeURIComponent(id)}`, payload);
}

/** View and download addresses: /api/... addresses are used as they are. */
export function documentHref(url: string, download = false): string {
  if (!download) return url;
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}

export const KYC_INFO_KEY = ['/api/user/kyc-info'] as const;

/** GET /api/user/kyc-info (doc 3 §2.2): overall status, the four tiles and the deadline; re-read on every visit. */
export function useKycInfo() {
  return useQuery({ queryKey: KYC_INFO_KEY, queryFn: () => apiGet<KycInfo>(KYC_INFO_KEY[0]), staleTime: 0 });
}
