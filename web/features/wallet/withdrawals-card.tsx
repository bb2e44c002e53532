import type { WithdrawalView } from '@contracts';
import { Landmark } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { formatDateTime } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { useWithdrawals } from './api';
import { withdrawalTypeLabel } from './labels';
import { termOf } from '../../components/ui/term';
import { RequestHead, WalletListCard } from './wallet-list-card';

const Detail = termOf({ row: 'flex gap-2 text-sm', term: 'shrink-0 text-slate-500', value: 'min-w-0 break-words text-slate-800' });

function payoutTo(w: WithdrawalView): string {
  if (w.withdrawalType === 'usdt') return w.usdtWalletAddress ?? '—';
  const b = w.bankDetails;
  return b ? `${b.bankName} · ${b.accountNumber}` : '—';
}

function WithdrawalItem({ w }: { w: WithdrawalView }) {
  const title = `${formatMoney(w.amount, { decimals: 2 })} ${withdrawalTypeLabel(w)}`;
  return (
    <li aria-label={title} className="space-y-2 rounded-xl border border-slate-200 p-4">
      <RequestHead amount={formatMoney(w.amount, { decimals: 2 })} kind={withdrawalTypeLabel(w)} createdAt={w.createdAt} status={w.status} />
      <dl className="space-y-1">
        <Detail term="To">{payoutTo(w)}</Detail>
        {w.status === 'pending' ? <Detail term="Status">Held from your wallet until an admin processes it.</Detail> : null}
        {w.rejectionReason ? <Detail term="Reason">{w.rejectionReason}</Detail> : null}
        {w.adminNotes ? <Detail term="Admin notes">{w.adminNotes}</Detail> : null}
        {w.transactionId ? <Detail term="Reference">{w.transactionId}</Detail> : null}
        {w.processedAt ? <Detail term="Processed">{formatDateTime(w.processedAt)}</Detail> : null}
      </dl>
    </li>
  );
}

/** The member's withdrawal requests with their status, reason, notes and dates. */
export function WithdrawalsCard() {
  const withdrawals = useWithdrawals();
  const data = withdrawals.data;
  return (
    <WalletListCard
      title="Withdrawal Requests"
      description="Requests you have made and what happened to them."
      query={withdrawals}
      loadingLabel="Loading withdrawal requests..."
      errorTitle="Could not load your withdrawal requests"
      empty={data?.length === 0 && <EmptyState icon={Landmark} title="No withdrawal requests yet" description="When you request a withdrawal it appears here with its status." />}
    >
      <ul aria-label="Withdrawal requests" className="space-y-3">
        {data?.map((w) => (
          <WithdrawalItem key={w.id} w={w} />
        ))}
      </ul>
    </WalletListCard>
  );
}
