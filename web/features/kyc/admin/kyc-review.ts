import { KYC_TYPE_LABELS } from '@contracts';
import { toast, toastError } from '../../../components/ui/toast';
import { apiRequest, errorMessage, getRoute } from '../../../lib/api';
import type { KycQueueEntry, ReviewDocument, UserDocumentsData } from '../../../lib/admin/types';

export type Decision = 'approved' | 'rejected';

export interface DocumentOutcome {
  document: ReviewDocument;
  ok: boolean;
  error?: string;
}

export type DecisionResult =
  { kind: 'fetch-failed'; message: string } | { kind: 'none'; message: string } | { kind: 'nothing-to-change'; documents: ReviewDocument[] } | { kind: 'done'; outcomes: DocumentOutcome[] };

export const typeLabel = (type: string) => KYC_TYPE_LABELS[type as keyof typeof KYC_TYPE_LABELS] ?? type;

/** The newest document of each type (the list comes newest first; older ones are history). */
export function latestPerType(documents: ReviewDocument[]): ReviewDocument[] {
  const sorted = documents.slice().sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const seen = new Map<string, ReviewDocument>();
  for (const d of sorted) if (!seen.has(d.documentType)) seen.set(d.documentType, d);
  const order = Object.keys(KYC_TYPE_LABELS);
  return [...seen.values()].sort((a, b) => order.indexOf(a.documentType) - order.indexOf(b.documentType));
}

/**
 * Approve or reject all of a user's documents (doc 2 §4, §7): fetch the user's documents, then
 * PATCH each latest one that is not already in that state, one by one, reporting each outcome.
 */
export async function decideAll(
  userId: string,
  status: Decision,
  rejectionReason: string | undefined,
  onProgress: (outcomes: DocumentOutcome[], pending: ReviewDocument[]) => void,
): Promise<DecisionResult> {
  let data: UserDocumentsData;
  try {
    data = await getRoute('GET /api/admin/kyc/:userId/documents', { params: { userId } });
  } catch {
    return { kind: 'fetch-failed', message: 'Failed to fetch user documents. Please try again.' };
  }
  const latest = latestPerType(data?.documents ?? []);
  if (latest.length === 0) return { kind: 'none', message: 'No KYC documents found for this user.' };
  const targets = latest.filter((d) => d.status !== status);
  if (targets.length === 0) return { kind: 'nothing-to-change', documents: latest };

  const outcomes: DocumentOutcome[] = [];
  onProgress(outcomes, targets);
  for (const document of targets) {
    try {
      const res = await apiRequest('PATCH', `/api/admin/kyc/${encodeURIComponent(document.id)}`, { status, rejectionReason });
      outcomes.push(res.ok ? { document, ok: true } : { document, ok: false, error: res.error.message || `Failed to update ${typeLabel(document.documentType)}` });
    } catch (err) {
      outcomes.push({ document, ok: false, error: errorMessage(err, `Failed to update ${typeLabel(document.documentType)}`) });
    }
    onProgress([...outcomes], targets);
  }
  return { kind: 'done', outcomes };
}

/**
 * View All (doc 2 §7): each document in its own tab, 100 ms apart, then one notice saying how
 * many opened ('Please allow popups to view documents.' when none did).
 */
export function viewAllDocuments(entry: Pick<KycQueueEntry, 'documents'>) {
  const documents = latestPerType(entry.documents).filter((d) => d.documentUrl);
  if (documents.length === 0) {
    toastError('No documents found for this user.', 'No documents');
    return;
  }
  let opened = 0;
  const failed: string[] = [];
  const open = (doc: ReviewDocument) => {
    try {
      const win = window.open(doc.documentUrl, '_blank');
      if (!win) return;
      opened += 1;
      try {
        win.opener = null;
      } catch {
        // Some browsers refuse; the document is served with nosniff and an attachment-safe type anyway.
      }
    } catch {
      failed.push(typeLabel(doc.documentType));
    }
  };
  documents.forEach((doc, i) => (i === 0 ? open(doc) : setTimeout(() => open(doc), i * 100)));
  setTimeout(
    () => {
      if (failed.length) {
        toastError(`Error opening ${failed.join(', ')}. Please try again.`, 'Error opening documents');
      } else if (opened === 0) {
        toastError('Please allow popups to view documents.', 'Popup blocked');
      } else {
        toast({
          title: opened === documents.length ? 'Documents opened' : 'Some documents were blocked',
          description: `Opened ${opened} of ${documents.length} documents.${opened < documents.length ? ' Please allow popups to view documents.' : ''}`,
          variant: opened === documents.length ? 'success' : 'destructive',
        });
      }
    },
    documents.length * 100 + 50,
  );
}
