import { Link } from 'react-router';
import { Hourglass, PiggyBank, TrendingUp, Wallet } from 'lucide-react';
import { WALLET_MSG } from '@contracts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { QueryError } from '../../components/ui/query-error';
import { StatCard } from '../../components/ui/stat-card';
import { formatMoney, toPaise } from '../../lib/money';
import { useWalletSummary } from './api';
import { LedgerCard } from './ledger-card';
import { WithdrawalDialog } from './withdrawal-dialog';
import { WithdrawalsCard } from './withdrawals-card';
import { PayoutNotice } from './payout-notice';
import { TopUpDialog } from './top-up-dialog';
import { TopUpsCard } from './top-ups-card';
import { useTopUps } from './top-up-api';
import { SplitColumns } from '../../components/ui/columns';

/** M11 Wallet (decisions §6, doc 3 §5.2): balance and totals, the ledger, withdrawal requests. */
export function WalletPage() {
  const { data: summary, isPending, isError, error, refetch, isFetching } = useWalletSummary();
  const topUps = useTopUps();
  const kycApproved = summary?.kycStatus === 'approved';
  const empty = summary ? (toPaise(summary.balance) ?? 0n) <= 0n : true;
  const show = (v: string | undefined) => (isPending ? '…' : v === undefined ? '—' : formatMoney(v, { decimals: 2 }));
  const payout = summary?.payout;
  // Withdrawals go only to verified payout details, 24 hours after a change (issue 13): closed when neither type is open.
  const payoutClosed = Boolean(payout && !payout.canWithdraw.bank && !payout.canWithdraw.usdt);
  const blocked = !summary ? null : !kycApproved ? 'kyc' : empty ? 'empty' : payoutClosed ? 'payout' : null;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Wallet</h1>
          <p className="mt-1 text-sm text-slate-500">Your balance, every credit and debit, your withdrawal and top-up requests.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <TopUpDialog limits={topUps.data?.limits} />
          <WithdrawalDialog summary={summary} disabled={!summary || blocked !== null} describedBy={blocked ? 'withdraw-blocked' : undefined} />
        </div>
      </div>

      {isError ? <QueryError title="Could not load your wallet" error={error} onRetry={() => void refetch()} retrying={isFetching} /> : null}

      {blocked === 'kyc' ? (
        <Alert
          tone="warning"
          title="Withdrawals need approved KYC"
          action={
            <Button asChild size="sm" variant="outline">
              <Link to="/kyc-upload">Complete KYC</Link>
            </Button>
          }
        >
          <span id="withdraw-blocked">{WALLET_MSG.kycRequired}</span>
        </Alert>
      ) : blocked === 'empty' ? (
        <p id="withdraw-blocked" className="text-sm text-slate-500">
          Your wallet balance is {formatMoney('0', { decimals: 2 })}, so there is nothing to withdraw yet.
        </p>
      ) : null}
      {kycApproved && payout ? <PayoutNotice payout={payout} id={blocked === 'payout' ? 'withdraw-blocked' : undefined} /> : null}

      <div className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
        <StatCard label="Available Balance" value={show(summary?.balance)} icon={Wallet} />
        <StatCard label="Total Earnings" value={show(summary?.totalEarnings)} icon={TrendingUp} tone="emerald" hint="Income before deductions" />
        <StatCard label="Total Withdrawals" value={show(summary?.totalWithdrawals)} icon={PiggyBank} tone="sky" hint="Approved payouts" />
        <StatCard label="Held in Pending Withdrawals" value={show(summary?.pendingWithdrawals)} icon={Hourglass} tone="amber" hint="Returned if rejected" />
      </div>

      <SplitColumns
        left={<LedgerCard />}
        right={
          <div className="space-y-6">
            <WithdrawalsCard />
            <TopUpsCard />
          </div>
        }
      />
    </div>
  );
}
