import { Award, Network, TrendingUp, Wallet } from 'lucide-react';
import { StatCard } from '../../components/ui/stat-card';
import { formatBV, formatMoney } from '../../lib/money';
import { useTeamStats } from '../team';
import { useWalletSummary } from '../wallet';
import { onFirstUse } from '../../lib/intl';

const COUNT = onFirstUse(() => new Intl.NumberFormat('en-IN'));

/** Wallet balance, team size, rank and team BV: the figures a member checks first. */
export function KeyFigures() {
  const wallet = useWalletSummary();
  const team = useTeamStats();
  const show = (q: { isPending: boolean; isError: boolean }, value: string | undefined) => (q.isPending ? '…' : q.isError || value === undefined ? '—' : value);
  const stats = team.data;
  return (
    <div className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
      <StatCard label="Wallet Balance" value={show(wallet, wallet.data && formatMoney(wallet.data.balance, { decimals: 2 }))} icon={Wallet} hint="Available to spend or withdraw" />
      <StatCard
        label="Team Size"
        value={show(team, stats && COUNT().format(stats.totalDownline))}
        icon={Network}
        tone="sky"
        hint={stats ? `Left ${COUNT().format(stats.leftCount)} · Right ${COUNT().format(stats.rightCount)}` : undefined}
      />
      <StatCard
        label="Current Rank"
        value={show(team, stats?.currentRank)}
        icon={Award}
        tone="amber"
        hint={stats ? (stats.rank.atTop ? 'Highest rank reached' : `Next: ${stats.rank.next}`) : undefined}
      />
      <StatCard
        label="Team BV"
        value={show(team, stats && formatBV(stats.teamBV))}
        icon={TrendingUp}
        tone="emerald"
        hint={stats ? `Left ${formatBV(stats.leftBV)} · Right ${formatBV(stats.rightBV)}` : undefined}
      />
    </div>
  );
}
