import { FileText, PlusCircle } from 'lucide-react';
import { FUND_REQUEST_METHOD_LABELS, type FundRequestView } from '@contracts';
import { EmptyState } from '../../components/ui/empty-state';
import { formatDateTime } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { useTopUps } from './top-up-api';
import { RequestHead, WalletListCard } from './wallet-list-card';

function TopUpItem({ r }: { r: FundRequestView }) {
  const amount = formatMoney(r.amount, { decimals: 2 });
  return (
    <li aria-label={`${amount} ${FUND_REQUEST_METHOD_LABELS[r.method]}`} data-fund-request-id={r.id} className="space-y-2 rounded-xl border border-slate-200 p-4">
      <RequestHead amount={amount} kind={FUND_REQUEST_METHOD_LABELS[r.method]} createdAt={r.createdAt} status={r.status} />
      <p className="text-sm text-slate-700">
        Ref. <span className="font-mono">{r.reference}</span>
        {' · '}
        <a href={r.proofUrl} target="_blank" rel="noopener" className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2">
          <FileText aria-hidden="true" className="size-3.5" /> Proof
        </a>
      </p>
      {r.status === 'pending' ? <p className="text-sm text-slate-600">Waiting for an admin to check the payment.</p> : null}
      {r.rejectionReason ? <p className="text-sm text-red-700">Reason: {r.rejectionReason}</p> : null}
      {r.processedAt ? <p className="text-xs text-slate-500">Decided {formatDateTime(r.processedAt)}</p> : null}
    </li>
  );
}

/** The member's top-up requests (issue 16) and what happened to them. */
export function TopUpsCard() {
  const topUps = useTopUps();
  const data = topUps.data;
  return (
    <WalletListCard
      title="Top-up Requests"
      description="Payments you asked to have credited to your wallet."
      query={topUps}
      loadingLabel="Loading top-up requests..."
      errorTitle="Could not load your top-up requests"
      empty={
        data?.items.length === 0 && <EmptyState icon={PlusCircle} title="No top-up requests yet" description="After paying by bank transfer or UPI, use Top Up Wallet to have the amount credited." />
      }
    >
      <ul aria-label="Top-up requests" className="space-y-3">
        {data?.items.map((r) => (
          <TopUpItem key={r.id} r={r} />
        ))}
      </ul>
    </WalletListCard>
  );
}
