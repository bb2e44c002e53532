import { CheckCircle2, Circle, FileImage, HardDrive, ScanEye, ShieldCheck } from 'lucide-react';
import { KYC_DEADLINE_DAYS, KYC_DOCUMENT_TYPES, KYC_TYPE_LABELS, type KycDocumentView } from '@contracts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TitledCard } from '../../components/ui/card';
import { InlineLoader } from '../../components/ui/spinner';
import { formatDate } from '../../lib/format';
import { KYC_STATUS_LABELS, useSignedInUser } from '../account';
import { Badge } from '../../components/ui/badge';
import { IconPoint } from '../../components/ui/icon-point';
import { useKycDocuments } from './api';
import { KycDocumentList } from './document-list';
import { DocumentStatusBadge } from './status-badge';
import { KycUploadForm } from './upload-form';

const REQUIREMENTS = [
  { icon: FileImage, title: 'Accepted formats', text: 'JPEG, PNG or PDF files only.' },
  { icon: HardDrive, title: 'File size', text: 'Each file must be smaller than 5MB.' },
  { icon: ScanEye, title: 'Clear and readable', text: 'All four corners visible, text sharp, no glare.' },
  { icon: ShieldCheck, title: 'Deadline', text: `Complete KYC within ${KYC_DEADLINE_DAYS} days of approval.` },
];

/** The newest document of each canonical type. */
function newestByType(docs: KycDocumentView[]) {
  const map = new Map<string, KycDocumentView>();
  for (const d of docs) if (!map.has(d.documentType)) map.set(d.documentType, d);
  return map;
}

/** M10 KYC Verification (doc 1 §2). */
export function KycUploadPage() {
  const user = useSignedInUser();
  const { data: documents, isPending, isError, refetch } = useKycDocuments();
  const overall = KYC_STATUS_LABELS[user.kycStatus] ?? KYC_STATUS_LABELS.pending;
  const byType = newestByType(documents ?? []);

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">KYC Verification</h1>
          <p className="mt-1 text-sm text-slate-500">Upload your identity and bank documents for verification.</p>
        </div>
        <div className="flex items-center gap-2 text-sm text-slate-600">
          Overall status <Badge tone={overall.tone}>{overall.label}</Badge>
        </div>
      </div>

      {user.kycDeadline && user.kycStatus !== 'approved' ? (
        Date.parse(user.kycDeadline) < Date.now() ? (
          <Alert tone="danger" title="The KYC deadline has passed">
            The deadline was {formatDate(user.kycDeadline)}. Withdrawals stay locked until your documents are approved.
          </Alert>
        ) : (
          <Alert tone="warning" title="KYC deadline">
            Complete your KYC by {formatDate(user.kycDeadline)}.
          </Alert>
        )
      ) : null}

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <TitledCard title="Upload Document" description="Only rejected documents can be replaced; a document under review or approved stays as it is.">
            <KycUploadForm />
          </TitledCard>

          <TitledCard title="Your Documents" description="Documents you have submitted and their review status.">
            {isPending ? (
              <InlineLoader label="Loading documents..." />
            ) : isError ? (
              <Alert
                tone="danger"
                title="Could not load your documents"
                action={
                  <Button size="sm" variant="outline" onClick={() => void refetch()}>
                    Try again
                  </Button>
                }
              />
            ) : (
              <KycDocumentList documents={documents} emptyText="Upload your first document with the form above." />
            )}
          </TitledCard>
        </div>

        <aside className="space-y-6">
          <TitledCard title="Required Documents">
            <ul className="space-y-3">
              {KYC_DOCUMENT_TYPES.map((t) => {
                const doc = byType.get(t);
                return (
                  <li key={t} className="flex items-center justify-between gap-3 text-sm">
                    <span className="flex items-center gap-2 text-slate-700">
                      {doc?.status === 'approved' ? <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-600" /> : <Circle aria-hidden="true" className="size-4 text-slate-300" />}
                      {KYC_TYPE_LABELS[t]}
                    </span>
                    {doc ? <DocumentStatusBadge status={doc.status} /> : <Badge>Not uploaded</Badge>}
                  </li>
                );
              })}
            </ul>
          </TitledCard>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
            {REQUIREMENTS.map(({ icon, title, text }) => (
              <IconPoint key={title} icon={icon} title={title} text={text} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" badgeClassName="rounded-lg" />
            ))}
          </div>
        </aside>
      </div>
    </div>
  );
}
