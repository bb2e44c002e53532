import { useQueryClient } from '@tanstack/react-query';
import { KYC_TYPE_LABELS, type KycDocumentType, type KycDocumentView } from '@contracts';
import { apiRequest, errorMessage } from '../../lib/api';
import { failureMessage, useApiMutation, type ApiFailure } from '../../lib/mutation';
import { CURRENT_USER_KEY } from '../account';
import { KYC_INFO_KEY, KYC_KEY } from './api';

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

/** A failed upload's text: the server's message, else 'Failed to read file' when the file could not be read, else the fallback. */
function uploadFailure(fallback: string) {
  return (failure: ApiFailure | null, thrown: unknown) => {
    if (failure) return failureMessage(failure, fallback);
    return errorMessage(thrown, thrown instanceof Error && thrown.message === 'Failed to read file' ? 'Failed to read file' : fallback);
  };
}

/** After an upload: the documents, the KYC overview (its status, issue 30) and the current user (its KYC status) re-read. */
function useInvalidateKyc() {
  const queryClient = useQueryClient();
  return () => Promise.all([KYC_KEY, KYC_INFO_KEY, CURRENT_USER_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export const UPLOAD_FAILED = 'Failed to upload document. Please try again.';

/** POST /api/kyc/upload: 201 a new document, 200 the rejected one of that type updated (doc 1 §4). */
export function useUploadKycDocument() {
  const invalidate = useInvalidateKyc();
  return useApiMutation<KycPayload, KycDocumentView>({
    request: (payload) => apiRequest<KycDocumentView>('POST', '/api/kyc/upload', uploadForm(payload)),
    errorTitle: 'Upload Failed',
    describeError: uploadFailure(UPLOAD_FAILED),
    successToast: (_data, { documentType }, status) =>
      status === 201
        ? { title: 'Document Uploaded', description: `Your ${KYC_TYPE_LABELS[documentType]} has been uploaded successfully and is under review.` }
        : { title: 'Document Updated', description: `Your ${KYC_TYPE_LABELS[documentType]} has been updated and is under review.` },
    invalidate,
  });
}

/** PUT /api/kyc/:id: a rejected document replaced (the dialog names the success toast: it moves its progress bar). */
export function useReplaceKycDocument(id: string) {
  const invalidate = useInvalidateKyc();
  return useApiMutation<KycPayload, KycDocumentView>({
    request: (payload) => apiRequest<KycDocumentView>('PUT', `/api/kyc/${encodeURIComponent(id)}`, uploadForm(payload)),
    errorTitle: 'Replacement Failed',
    describeError: uploadFailure('Failed to process document. Please try again.'),
    invalidate,
  });
}
