import { useQuery } from '@tanstack/react-query';
import { Check, Eye, FileCheck2, FileClock, FileX2, X } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { getRoute } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useKeptRecord, useRecordParam } from '../../../lib/record-param';
import { RecordNotFound } from '../../../components/ui/record-not-found';
import { fullName } from '../../../lib/format';
import { formatDateTimeUS, formatDateUS } from '../../../lib/admin/format';
import { KEYS } from '../../../lib/admin/queries';
import type { KycQueueEntry, ReviewDocument } from '../../../lib/admin/types';
import { QueryStates } from '../../../components/ui/query-error';
import { SectionHeader } from '../../../components/admin/section-header';
import { SectionLinks, type SectionLinkDef } from '../../../components/admin/segments';
import { DataTable, type Column, RowCard } from '../../../components/ui/table';
import { KycDecisionDialog } from './kyc-decision-dialog';
import { latestPerType, typeLabel, viewAllDocuments, type Decision } from './kyc-review';

type Tab = 'pending' | 'approved' | 'rejected';

const TABS: SectionLinkDef<Tab>[] = [
  { id: 'pending', label: 'Pending', section: 'kyc-pending', icon: FileClock },
  { id: 'approved', label: 'Approved', section: 'kyc-approved', icon: FileCheck2 },
  { id: 'rejected', label: 'Rejected', section: 'kyc-rejected', icon: FileX2 },
];

const COPY: Record<Tab, { title: string; description: string; empty: string; emptyHint: string }> = {
  pending: {
    title: 'Pending KYC Requests',
    description: 'Members with documents waiting for review. Approve or reject all of a member’s documents at once.',
    empty: 'No KYC documents are waiting for review',
    emptyHint: 'When a member uploads or replaces a document it appears here.',
  },
  approved: {
    title: 'Approved KYC Requests',
    description: 'Members whose five KYC documents are all approved.',
    empty: 'No member has a fully approved KYC yet',
    emptyHint: 'A member is listed here once all five documents are approved.',
  },
  rejected: {
    title: 'Rejected KYC Requests',
    description: 'Members with a rejected document. They can upload replacements from their KYC page.',
    empty: 'No KYC requests have been rejected',
    emptyHint: 'Members with a rejected document appear here until they upload a replacement.',
  },
};

const DOC_TONE: Record<ReviewDocument['status'], string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200 hover:bg-amber-100',
  approved: 'bg-emerald-50 text-emerald-800 ring-emerald-200 hover:bg-emerald-100',
  rejected: 'bg-red-50 text-red-700 ring-red-200 hover:bg-red-100',
};
const DOC_STATUS_WORD: Record<ReviewDocument['status'], string> = { pending: 'under review', approved: 'approved', rejected: 'rejected' };

/** One chip per document: its type, coloured by status; a link that opens the file. */
function DocumentChips({ documents }: { documents: ReviewDocument[] }) {
  if (documents.length === 0) return <span className="text-slate-500">None</span>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {latestPerType(documents).map((d) => (
        <li key={d.id}>
          <a
            href={d.documentUrl}
            target="_blank"
            rel="noopener noreferrer"
            title={`${typeLabel(d.documentType)}: ${DOC_STATUS_WORD[d.status]}${d.documentNumber ? ` · ${d.documentNumber}` : ''}`}
            className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset', DOC_TONE[d.status] ?? DOC_TONE.pending)}
          >
            {typeLabel(d.documentType)}
            <span className="sr-only"> ({DOC_STATUS_WORD[d.status]})</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Full numbers: this is the reviewer's detail view (docs/spec/decisions.md §7). */
function IdentityDetails({ entry }: { entry: KycQueueEntry }) {
  const rows: Array<[string, string | null]> = [
    ['PAN', entry.panNumber],
    ['Aadhaar', entry.aadhaarNumber],
    ['Bank', [entry.bankName, entry.bankAccountNumber].filter(Boolean).join(' · ') || null],
    ['IFSC', entry.bankIFSC],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className={cn('font-mono', value ? 'text-slate-800' : 'text-slate-500')}>{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The newest upload among the user's documents. */
function lastUpload(entry: KycQueueEntry): string | null {
  return entry.documents.reduce<string | null>((max, d) => (!max || d.createdAt > max ? d.createdAt : max), null) ?? entry.updatedAt;
}

function EntryActions({ entry, tab, onDecide, stacked = false }: { entry: KycQueueEntry; tab: Tab; onDecide: (entry: KycQueueEntry, d: Decision) => void; stacked?: boolean }) {
  const name = fullName(entry, entry.email);
  return (
    <div className={stacked ? 'ml-auto grid w-32 gap-2 [&>button]:w-full' : 'flex flex-wrap gap-2'}>
      {tab === 'pending' ? (
        <>
          <Button size="sm" onClick={() => onDecide(entry, 'approved')} aria-label={`Approve ${name}`}>
            <Check aria-hidden="true" className="size-3.5" /> Approve
          </Button>
          <Button size="sm" variant="destructive" onClick={() => onDecide(entry, 'rejected')} aria-label={`Reject ${name}`}>
            <X aria-hidden="true" className="size-3.5" /> Reject
          </Button>
        </>
      ) : null}
      <Button size="sm" variant="outline" onClick={() => viewAllDocuments(entry)} aria-label={`View all documents of ${name}`}>
        <Eye aria-hidden="true" className="size-3.5" /> View All
      </Button>
    </div>
  );
}

function columns(tab: Tab, onDecide: (entry: KycQueueEntry, d: Decision) => void): Column<KycQueueEntry>[] {
  return [
    {
      header: 'Member',
      className: 'max-w-60 min-w-44',
      cell: (entry) => (
        <>
          <p className="font-medium text-slate-900">{fullName(entry, entry.email)}</p>
          <p className="font-mono text-xs text-slate-500">{entry.userUserId}</p>
          <p className="truncate text-xs text-slate-500" title={entry.email}>
            {entry.email}
          </p>
        </>
      ),
    },
    {
      header: 'Documents',
      className: 'min-w-56',
      cell: (entry) => (
        <>
          <DocumentChips documents={entry.documents} />
          <p className="mt-1.5 text-xs text-slate-500">
            {tab === 'pending' ? (
              <>
                {entry.pendingCount} of {entry.documents.length} waiting · uploaded {formatDateTimeUS(lastUpload(entry))}
              </>
            ) : (
              <>Reviewed {formatDateUS(entry.reviewedAt)}</>
            )}
          </p>
        </>
      ),
    },
    { header: 'Identity and bank', className: 'min-w-48', cell: (entry) => <IdentityDetails entry={entry} /> },
    ...(tab === 'rejected' ? [{ header: 'Reason', className: 'max-w-64 min-w-40 text-red-700', cell: (entry: KycQueueEntry) => entry.rejectionReason || 'No reason provided' }] : []),
    { header: 'Actions', stickyEnd: true, headerClassName: 'text-right', cell: (entry) => <EntryActions entry={entry} tab={tab} onDecide={onDecide} stacked /> },
  ];
}

function useKycList(status: Tab) {
  return useQuery({
    queryKey: [KEYS.kyc, status],
    queryFn: () => getRoute('GET /api/admin/kyc', { query: { status } }),
  });
}

/** A9 KYC Details (doc 2 §2.9): pending / approved / rejected. */
export function KycSection({ tab }: { tab: Tab }) {
  const lists = { pending: useKycList('pending'), approved: useKycList('approved'), rejected: useKycList('rejected') };
  const list = lists[tab];
  const copy = COPY[tab];
  const rows = list.data ?? [];
  // The member's submission and the decision being made are in the address (?id=<member's id>&action=approved|rejected).
  const record = useRecordParam<Decision>();
  const onDecide = (entry: KycQueueEntry, decision: Decision) => record.open(entry.userId, decision);
  const found = useKeptRecord(record.id, record.id ? rows.find((entry) => entry.userId === record.id) : undefined);
  const deciding = found && record.action && (['approved', 'rejected'] as const).includes(record.action) ? { entry: found, decision: record.action } : null;

  const empty = <EmptyState icon={TABS.find((t) => t.id === tab)!.icon} title={copy.empty} description={copy.emptyHint} />;
  return (
    <div className="space-y-5">
      <SectionHeader eyebrow="KYC Details" title={copy.title} description={copy.description} />

      <SectionLinks label="KYC requests" links={TABS} current={tab} counts={{ pending: lists.pending.data?.length, approved: lists.approved.data?.length, rejected: lists.rejected.data?.length }} />

      <QueryStates query={list} what="KYC requests" empty={rows.length === 0 && empty}>
        <DataTable
          rows={rows}
          rowKey={(entry) => entry.userId}
          rowData={(entry) => ({ 'data-user-id': entry.userUserId })}
          label={copy.title}
          columns={columns(tab, onDecide)}
          card={(entry) => (
            <RowCard
              head={
                <div className="min-w-0">
                  <p className="truncate font-semibold text-slate-900">{fullName(entry, entry.email)}</p>
                  <p className="font-mono text-xs text-slate-500">{entry.userUserId}</p>
                  <p className="truncate text-xs text-slate-500">{entry.email}</p>
                </div>
              }
              aside={tab === 'pending' && entry.pendingCount ? <Badge tone="warning">{entry.pendingCount} waiting</Badge> : null}
              grid="grid-cols-2 gap-x-4 gap-y-3"
              fields={{
                'Identity and bank': <IdentityDetails entry={entry} />,
                [tab === 'pending' ? 'Last upload' : 'Reviewed']: tab === 'pending' ? formatDateTimeUS(lastUpload(entry)) : formatDateUS(entry.reviewedAt),
                Reason: tab === 'rejected' ? <span className="text-red-700">{entry.rejectionReason || 'No reason provided'}</span> : undefined,
              }}
              wide={['Identity and bank', 'Last upload', 'Reviewed', 'Reason']}
              after={<EntryActions entry={entry} tab={tab} onDecide={onDecide} />}
            >
              <DocumentChips documents={entry.documents} />
            </RowCard>
          )}
        />
      </QueryStates>

      {deciding ? <KycDecisionDialog key={`${deciding.entry.userId}-${deciding.decision}`} entry={deciding.entry} decision={deciding.decision} onClose={record.close} /> : null}
      {record.id && list.data && !found ? (
        <RecordNotFound what="KYC submission" id={record.id} onClose={record.close} hint={`No member with this id is among the ${copy.title.toLowerCase()}.`} />
      ) : null}
    </div>
  );
}
