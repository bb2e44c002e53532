import type { ReactNode } from 'react';
import { Check, ExternalLink, FileImage, FileText, X } from 'lucide-react';
import { KYC_TYPE_LABELS } from '@contracts';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { InlineLoader } from '../../../components/ui/spinner';
import { titleCase } from '../../../lib/format';
import { formatDateTimeUS, formatINR } from '../../../lib/admin/format';
import { KycBadge } from '../../../components/admin/badges';
import { QueryError } from '../../../components/ui/query-error';
import { RecruitBadges } from './recruit-badges';
import { SubmittedAt } from '../../../components/admin/submitted-at';
import type { RecruitAction } from './recruit-list';
import { sideLabel, uplineDecided, useRecruitDocuments, type AdminPendingRecruit, type RecruitDocument } from './recruits-api';

const PLACEMENT: Record<string, string> = { sponsor: 'Under the recruiter', strategic: 'Strategic (named parent)', auto: 'Auto (weaker leg)', root: 'Root' };

const docLabel = (type: string) => KYC_TYPE_LABELS[type as keyof typeof KYC_TYPE_LABELS] ?? titleCase(type.replace(/([a-z])([A-Z])/g, '$1_$2'));
/** Sizes in KB as doc 2 §2.6 asks, one decimal. */
const sizeInKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** Lets a long address break after the @ rather than mid-word. */
const email = (value: string) => {
  const at = value.indexOf('@');
  return at < 0 ? (
    value
  ) : (
    <>
      {value.slice(0, at)}
      <wbr />
      {value.slice(at)}
    </>
  );
};
const mono = (value: string | null) => (value ? <span className="font-mono">{value}</span> : null);

function Group({ title, rows }: { title: string; rows: Array<[string, ReactNode]> }) {
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 p-3.5">
      <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-3 gap-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="min-w-0 font-medium break-words text-slate-900">{value === null || value === undefined || value === '' ? <span className="font-normal text-slate-400">—</span> : value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Documents({ recruit }: { recruit: AdminPendingRecruit }) {
  const docs = useRecruitDocuments(recruit.id);
  if (docs.isError) return <QueryError title="Failed to fetch documents. Please try again." error={docs.error} onRetry={() => void docs.refetch()} retrying={docs.isFetching} />;
  if (docs.isPending) return <InlineLoader label="Loading documents..." />;
  if (docs.data.length === 0) return <EmptyState icon={FileText} title="No documents were uploaded" description="The recruit can upload KYC documents after approval." className="py-6" />;
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Documents">
      {docs.data.map((d: RecruitDocument) => {
        const Icon = d.documentContentType.startsWith('image/') ? FileImage : FileText;
        return (
          <li key={d.id} className="flex flex-wrap items-center gap-3 px-3.5 py-2.5">
            <Icon aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium text-slate-900">{docLabel(d.documentType)}</p>
              <p className="truncate text-xs text-slate-500">{[d.documentFilename, d.documentContentType, sizeInKb(d.documentSize)].filter(Boolean).join(' · ')}</p>
            </div>
            <KycBadge status={d.status} />
            <Button asChild size="sm" variant="outline">
              <a href={d.url} target="_blank" rel="noopener noreferrer" aria-label={`Open ${docLabel(d.documentType)} in a new tab`}>
                <ExternalLink aria-hidden="true" className="size-3.5" /> Open
              </a>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** Complete Registration Details (doc 2 §2.6): everything the recruit entered, the placement so far, and the documents. */
export function RecruitDetailsDialog({ recruit: r, onClose, onAction }: { recruit: AdminPendingRecruit; onClose: () => void; onAction: (a: RecruitAction) => void }) {
  const decidable = r.status === 'awaiting_admin' || r.status === 'awaiting_upline';
  const address = [r.address, r.city, r.state, r.pincode].filter(Boolean).join(', ');
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent title="Complete Registration Details" description={`${r.fullName} · ${r.email}`} className="sm:max-w-3xl">
        <div className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <RecruitBadges recruit={r} />
            <p className="text-xs text-slate-500">
              Submitted <SubmittedAt value={r.createdAt} /> · {formatDateTimeUS(r.createdAt)}
            </p>
          </div>
          {r.status === 'rejected' ? (
            <p className="rounded-xl bg-red-50 px-3.5 py-2.5 text-sm text-red-800 ring-1 ring-red-200">
              <span className="font-semibold">Rejection reason: </span>
              {r.rejectionReason || 'No reason provided'}
            </p>
          ) : null}
          <div className="grid gap-3 md:grid-cols-2">
            <Group
              title="Personal"
              rows={[
                ['Full name', r.fullName],
                ['Email', email(r.email)],
                ['Mobile', r.mobile],
                ['Nominee', r.nominee],
                ['Address', address],
              ]}
            />
            <Group
              title="Placement"
              rows={[
                ['Placement', PLACEMENT[r.placementType] ?? titleCase(r.placementType)],
                ['Parent', r.placementParent ? `${r.placementParent.name} · ${r.placementParent.userId}` : null],
                ['Position', r.position ? `${sideLabel(r.position)}${uplineDecided(r) ? ' (upline chose)' : ''}` : 'Not chosen'],
                ['Upline', r.uplineName ? `${r.uplineName}${r.uplineDecisionAt ? ` · decided ${formatDateTimeUS(r.uplineDecisionAt)}` : ''}` : null],
                ['Recruiter', r.recruiterName ? `${r.recruiterName}${r.recruiterUserId ? ` · ${r.recruiterUserId}` : ''}${r.recruiterRole ? ` (${titleCase(r.recruiterRole)})` : ''}` : null],
                ['Package', r.packageAmount ? formatINR(r.packageAmount) : null],
              ]}
            />
            <Group
              title="Identity"
              rows={[
                ['PAN', mono(r.panNumber)],
                ['Aadhaar', mono(r.aadhaarNumber)],
                ['KYC status', <KycBadge status={r.kycStatus} />],
              ]}
            />
            <Group
              title="Bank"
              rows={[
                ['Bank', r.bankName],
                ['Account holder', r.bankAccountHolderName],
                ['Account no.', mono(r.bankAccountNumber)],
                ['IFSC', mono(r.bankIFSC)],
              ]}
            />
          </div>
          <section aria-labelledby="recruit-docs-title" className="space-y-2">
            <h3 id="recruit-docs-title" className="text-sm font-semibold text-slate-900">
              Documents
            </h3>
            <Documents recruit={r} />
          </section>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {decidable ? (
            <>
              <Button variant="outline" className="border-red-200 text-red-700 hover:border-red-300 hover:bg-red-50" onClick={() => onAction('reject')}>
                <X aria-hidden="true" className="size-4" /> Reject
              </Button>
              <Button onClick={() => onAction('approve')}>
                <Check aria-hidden="true" className="size-4" /> Approve
              </Button>
            </>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
