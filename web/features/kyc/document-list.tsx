import { useState } from 'react';
import { Download, Eye, FileText, RefreshCw } from 'lucide-react';
import { KYC_TYPE_LABELS, maskTail, type KycDocumentView } from '@contracts';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { toastError } from '../../components/ui/toast';
import { formatDate } from '../../lib/format';
import { documentHref } from './api';
import { ReplaceDocumentDialog } from './replace-document-dialog';
import { DocumentStatusBadge } from './status-badge';

function viewDocument(doc: KycDocumentView) {
  const label = KYC_TYPE_LABELS[doc.documentType];
  if (!doc.documentUrl) {
    toastError(`No document available for ${label}. Please upload a document first.`, 'No Document');
    return;
  }
  try {
    const win = window.open(documentHref(doc.documentUrl), '_blank');
    if (!win) {
      window.alert('Please allow popups to view documents.');
      return;
    }
    win.opener = null;
  } catch {
    toastError(`Error opening ${label} document. Please try again.`);
  }
}

/** The user's uploaded documents with View, Download and (rejected only) Replace. */
export function KycDocumentList({ documents, emptyText }: { documents: KycDocumentView[]; emptyText?: string }) {
  const [replacing, setReplacing] = useState<KycDocumentView | null>(null);

  if (documents.length === 0) {
    return <EmptyState icon={FileText} title="No documents uploaded yet" description={emptyText} />;
  }

  return (
    <>
      <ul className="@container divide-y divide-slate-100 rounded-xl border border-slate-200">
        {documents.map((doc) => {
          const label = KYC_TYPE_LABELS[doc.documentType];
          return (
            <li key={doc.id} className="flex flex-col gap-3 p-4 @xl:flex-row @xl:items-center @xl:justify-between" aria-label={label}>
              <div className="flex min-w-0 gap-3">
                <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500">
                  <FileText aria-hidden="true" className="size-5" />
                </div>
                <div className="min-w-0 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <p className="font-medium text-slate-900">{label}</p>
                    <DocumentStatusBadge status={doc.status} />
                  </div>
                  <p className="text-xs text-slate-500">
                    {doc.documentNumber ? <span className="font-mono">{maskTail(doc.documentNumber)} · </span> : null}
                    Uploaded {formatDate(doc.createdAt)}
                    {doc.reviewedAt ? ` · Reviewed ${formatDate(doc.reviewedAt)}` : ''}
                  </p>
                  {doc.status === 'rejected' && doc.rejectionReason ? (
                    <p className="text-sm text-red-700">
                      <span className="font-semibold">Reason:</span> {doc.rejectionReason}
                    </p>
                  ) : null}
                </div>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2 pl-13 @xl:justify-end @xl:pl-0">
                <Button size="sm" variant="outline" onClick={() => viewDocument(doc)} aria-label={`View ${label}`}>
                  <Eye aria-hidden="true" className="size-4" /> View
                </Button>
                <Button size="sm" variant="outline" asChild>
                  <a href={documentHref(doc.documentUrl, true)} download aria-label={`Download ${label}`}>
                    <Download aria-hidden="true" className="size-4" /> Download
                  </a>
                </Button>
                {doc.status === 'rejected' ? (
                  <Button size="sm" variant="destructive" onClick={() => setReplacing(doc)} aria-label={`Replace ${label}`}>
                    <RefreshCw aria-hidden="true" className="size-4" /> Replace
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {replacing ? <ReplaceDocumentDialog document={replacing} open onOpenChange={(open) => !open && setReplacing(null)} /> : null}
    </>
  );
}
