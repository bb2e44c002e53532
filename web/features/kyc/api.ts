import { useQuery } from '@tanstack/react-query';
import type { KycDocumentType, KycDocumentView } from '@contracts';
import { apiRequest, type WriteResult, getRoute } from '../../lib/api';

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
    select: (data: unknown) =>
      asList(data)
        .slice()
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  });
}

export interface KycPayload {
  documentType: KycDocumentType;
  file: File;
  documentNumber?: string;
}

/**
 * The upload as a form: the file goes as its own bytes (no base64, a quarter smaller) and the server reads it as a
 * stream, stopping at 5 MB. The JSON body with base64 (doc 1 §7) stays accepted for other clients.
 */
function uploadForm(payload: KycPayload): FormData {
  const form = new FormData();
  form.set('documentType', payload.documentType);
  form.set('documentFilename', payload.file.name);
  if (payload.file.type) form.set('documentContentType', payload.file.type);
  if (payload.documentNumber) form.set('documentNumber', payload.documentNumber);
  // The file last: the fields are read before its bytes arrive.
  form.set('documentData', payload.file, payload.file.name);
  return form;
}

export function uploadKycDocument(payload: KycPayload): Promise<WriteResult<KycDocumentView>> {
  return apiRequest<KycDocumentView>('POST', '/api/kyc/upload', uploadForm(payload));
}

export function replaceKycDocument(id: string, payload: KycPayload): Promise<WriteResult<KycDocumentView>> {
  return apiRequest<KycDocumentView>('PUT', `/api/kyc/${encodeURIComponent(id)}`, uploadForm(payload));
}

/** View and download addresses: /api/... addresses are used as they are. */
export function documentHref(url: string, download = false): string {
  if (!download) return url;
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}

export const KYC_INFO_KEY = ['/api/user/kyc-info'] as const;

/** GET /api/user/kyc-info (doc 3 §2.2): overall status, the four tiles and the deadline; re-read on every visit. */
export function useKycInfo() {
  return useQuery({ queryKey: KYC_INFO_KEY, queryFn: () => getRoute('GET /api/user/kyc-info'), staleTime: 0 });
}
