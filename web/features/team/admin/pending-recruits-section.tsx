import { useState } from 'react';
import { Ban, Hourglass, Inbox, Link2, UserCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { InlineLoader } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useKeptRecord, useRecordParam } from '../../../lib/record-param';
import { RecordNotFound } from '../../../components/ui/record-not-found';
import { formatCount } from '../../../lib/admin/format';
import { QueryError } from '../../../components/ui/query-error';
import { SectionHeader } from '../../../components/admin/section-header';
import { SegmentCount, SegmentIcon, segmentClass, segmentGroupClass } from '../../../components/admin/segments';
import { ApproveRecruitDialog } from './approve-recruit-dialog';
import { RecruitDetailsDialog } from './recruit-details-dialog';
import { RecruitList, type RecruitAction } from './recruit-list';
import { usePendingRecruits, type AdminPendingRecruit, type RecruitFilter } from './recruits-api';
import { ReferralLinkDialog } from './referral-link-dialog';
import { RejectRecruitDialog } from './reject-recruit-dialog';
import { ListRows } from '../../../components/admin/filter-bar';

const FILTERS: Array<{ id: RecruitFilter; label: string; icon: typeof Inbox; empty: string; hint: string }> = [
  {
    id: 'open',
    label: 'All open',
    icon: Inbox,
    empty: 'No recruits are in the pipeline',
    hint: 'Registrations through referral links and signups appear here until they are approved.',
  },
  {
    id: 'awaiting_admin',
    label: 'Awaiting admin',
    icon: UserCheck,
    empty: 'Nothing is waiting for your approval',
    hint: 'Recruits whose side is decided, and those from admin links, wait here.',
  },
  {
    id: 'awaiting_upline',
    label: 'Awaiting upline',
    icon: Hourglass,
    empty: 'No recruit is waiting for an upline',
    hint: 'Recruits whose upline has not chosen the left or right side yet appear here.',
  },
  {
    id: 'rejected',
    label: 'Rejected',
    icon: Ban,
    empty: 'No recruit has been rejected',
    hint: 'Rejected registrations stay here for reference; they cannot be decided again.',
  },
];

/** A8 Pending Recruits (doc 2 §2.6): the approval queue, its dialogs and a referral link generator. */
export function PendingRecruitsSection() {
  const [filter, setFilter] = useState<RecruitFilter>('open');
  const [generating, setGenerating] = useState(false);
  const list = usePendingRecruits(filter);
  const current = FILTERS.find((f) => f.id === filter)!;
  const { counts, items } = list;
  const countOf = (id: RecruitFilter) =>
    id === 'open'
      ? counts.awaitingAdmin + counts.awaitingUpline + counts.rejected
      : id === 'awaiting_admin'
        ? counts.awaitingAdmin
        : id === 'awaiting_upline'
          ? counts.awaitingUpline
          : counts.rejected;
  // The recruit and its dialog are in the address (?id=&action=details|approve|reject): a reload or a shared link opens them again.
  const record = useRecordParam<RecruitAction>();
  const onAction = (recruit: AdminPendingRecruit, action: RecruitAction) => record.open(recruit.id, action);
  const setOpen = ({ recruit, action }: { recruit: AdminPendingRecruit; action: RecruitAction }) => record.open(recruit.id, action);
  const close = record.close;
  const found = useKeptRecord(record.id, record.id ? items.find((r) => r.id === record.id) : undefined);
  const open = found ? { recruit: found, action: record.action ?? ('details' as RecruitAction) } : null;

  return (
    <div className="space-y-5">
      <SectionHeader
        title="Pending Recruits"
        description="Registrations waiting to join the tree. Approve with the package, side and KYC decision, or reject with a reason."
        actions={
          <Button variant="outline" onClick={() => setGenerating(true)}>
            <Link2 aria-hidden="true" className="size-4" /> Generate Referral Link
          </Button>
        }
      />

      <div role="group" aria-label="Filter by status" className={cn('grid grid-cols-2 sm:inline-flex', segmentGroupClass)}>
        {FILTERS.map((f) => {
          const pressed = f.id === filter;
          return (
            <button key={f.id} type="button" aria-pressed={pressed} onClick={() => setFilter(f.id)} className={segmentClass(pressed)}>
              <SegmentIcon icon={f.icon} />
              {f.label}
              <SegmentCount count={list.data ? countOf(f.id) : undefined} active={pressed} />
            </button>
          );
        })}
      </div>

      {list.isError && !list.data ? (
        <QueryError title="Failed to load pending recruits" error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : list.isPending ? (
        <InlineLoader label="Loading pending recruits..." />
      ) : (
        <ListRows stale={list.isPlaceholderData} className="space-y-3">
          <p className="text-sm text-slate-500" aria-live="polite">
            {items.length === 1 ? '1 recruit' : `${formatCount(items.length)} recruits`}
            {filter === 'open' ? ' in the pipeline' : ` ${current.label.toLowerCase()}`}
          </p>
          {items.length === 0 ? (
            <EmptyState icon={current.icon} title={current.empty} description={current.hint} />
          ) : (
            <RecruitList rows={items} label={`Pending recruits: ${current.label}`} onAction={onAction} />
          )}
        </ListRows>
      )}

      {open?.action === 'details' ? <RecruitDetailsDialog recruit={open.recruit} onClose={close} onAction={(action) => setOpen({ recruit: open.recruit, action })} /> : null}
      {open?.action === 'approve' ? <ApproveRecruitDialog recruit={open.recruit} onClose={close} /> : null}
      {open?.action === 'reject' ? <RejectRecruitDialog recruit={open.recruit} onClose={close} /> : null}
      {record.id && list.data && !list.isPlaceholderData && !found ? (
        <RecordNotFound what="recruit" id={record.id} onClose={close} hint={`No registration with this id is among the ${current.label.toLowerCase()} recruits.`} />
      ) : null}
      <ReferralLinkDialog open={generating} onOpenChange={setGenerating} />
    </div>
  );
}
