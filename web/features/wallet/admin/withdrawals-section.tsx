import { BadgeCheck, Ban, Hourglass, PenLine } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { sumMoney } from '../../../lib/money';
import { useKeptRecord, useRecordParam } from '../../../lib/record-param';
import { RecordNotFound } from '../../../components/ui/record-not-found';
import { plural } from '../../../lib/format-plural';
import { formatINR } from '../../../lib/admin/format';
import { QueryStates } from '../../../components/ui/query-error';
import { SectionHeader, SectionLinkButton } from '../../../components/admin/section-header';
import { SectionLinks, type SectionLinkDef } from '../../../components/admin/segments';
import { useWithdrawals, type AdminWithdrawal, type WithdrawalTab } from './money-api';
import { ApproveWithdrawalDialog, ReconsiderWithdrawalDialog, RejectWithdrawalDialog } from './withdrawal-dialogs';
import { WithdrawalList, type WithdrawalAction } from './withdrawal-list';

const TABS: SectionLinkDef<WithdrawalTab>[] = [
  { id: 'pending', label: 'Pending', section: 'withdrawals-pending', icon: Hourglass },
  { id: 'approved', label: 'Approved', section: 'withdrawals-approved', icon: BadgeCheck },
  { id: 'rejected', label: 'Rejected', section: 'withdrawals-rejected', icon: Ban },
];

const COPY: Record<WithdrawalTab, { title: string; description: string; empty: string; hint: string }> = {
  pending: {
    title: 'Pending Withdraw Requests',
    description: 'The amount of each request is already held from the member’s wallet. Approve once paid out, or reject to credit it back.',
    empty: 'No pending withdrawals',
    hint: 'Requests made by members, or created here with Withdraw Personally, wait here.',
  },
  approved: {
    title: 'Approved Withdraw Requests',
    description: 'Withdrawals approved and paid out. An approval is final.',
    empty: 'No approved withdrawals',
    hint: 'A withdrawal appears here once an administrator approves it.',
  },
  rejected: {
    title: 'Rejected Withdraw Requests',
    description: 'Rejected requests, their amount credited back. Reconsider moves one back to pending.',
    empty: 'No rejected withdrawals',
    hint: 'Rejected requests stay here with their reason.',
  },
};

/** The dialogs a request of each list opens (the first when a link names none); an approved request has none. */
const TAB_ACTIONS: Record<WithdrawalTab, WithdrawalAction[]> = { pending: ['approve', 'reject'], approved: [], rejected: ['reconsider'] };

/** A10 Withdraw Management (doc 2 §2.10): pending, approved and rejected requests. */
export function WithdrawalsSection({ tab }: { tab: WithdrawalTab }) {
  const lists = { pending: useWithdrawals('pending'), approved: useWithdrawals('approved'), rejected: useWithdrawals('rejected') };
  const list = lists[tab];
  const rows = list.data ?? [];
  const copy = COPY[tab];
  // The withdrawal and its dialog are in the address (?id=&action=): a reload or a shared link opens them again.
  const record = useRecordParam<WithdrawalAction>();
  const close = record.close;
  const setOpen = ({ w, action }: { w: AdminWithdrawal; action: WithdrawalAction }) => record.open(w.id, action);
  const action = record.action && TAB_ACTIONS[tab].includes(record.action) ? record.action : TAB_ACTIONS[tab][0];
  const found = useKeptRecord(record.id, record.id ? rows.find((w) => w.id === record.id) : undefined);
  const open = found && action ? { w: found, action } : null;

  const empty = <EmptyState icon={TABS.find((t) => t.id === tab)!.icon} title={copy.empty} description={copy.hint} />;
  return (
    <div className="space-y-5">
      <SectionHeader
        eyebrow="Withdraw Management"
        title={copy.title}
        description={copy.description}
        actions={
          tab === 'pending' ? (
            <SectionLinkButton section="withdraw-personally" icon={PenLine}>
              Withdraw Personally
            </SectionLinkButton>
          ) : undefined
        }
      />

      <SectionLinks
        label="Withdraw requests"
        links={TABS}
        current={tab}
        counts={{ pending: lists.pending.data?.length, approved: lists.approved.data?.length, rejected: lists.rejected.data?.length }}
      />

      <QueryStates query={list} what="withdrawal requests" empty={rows.length === 0 && empty}>
        <div className="space-y-3">
          <p className="text-sm text-slate-500" aria-live="polite">
            {plural(rows.length, 'request')}
            {' · '}
            {formatINR(sumMoney(rows.map((w) => w.amount)))} in total
          </p>
          <WithdrawalList rows={rows} tab={tab} label={copy.title} onAction={(w, action) => setOpen({ w, action })} />
        </div>
      </QueryStates>

      {record.id && list.data && !found ? (
        <RecordNotFound what="withdrawal request" id={record.id} onClose={close} hint={`No withdrawal request with this id is among the ${copy.title.toLowerCase()}.`} />
      ) : null}
      {open?.action === 'approve' ? <ApproveWithdrawalDialog withdrawal={open.w} onClose={close} /> : null}
      {open?.action === 'reject' ? <RejectWithdrawalDialog withdrawal={open.w} onClose={close} /> : null}
      {open?.action === 'reconsider' ? <ReconsiderWithdrawalDialog withdrawal={open.w} onClose={close} /> : null}
    </div>
  );
}
