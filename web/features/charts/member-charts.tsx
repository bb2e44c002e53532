import { memo } from 'react';
import { ChartCard } from '../../components/charts/chart-card';
import { chartSpec } from '../../components/charts/chart-spec';
import { useMemberCharts } from './api';
import { useDeferredCharts } from './deferred-charts';
import { bvOf, COLORS, cycleName, instantLabel, monthLabel, rupees, sum, whole } from './labels';

/** The member dashboard's trends (issue 15): BV per leg per cycle, income per cycle, team growth. */
export const MemberCharts = memo(function MemberCharts() {
  const { d, loading, error } = useDeferredCharts(useMemberCharts());
  if (error) return error;

  const cycles = d?.legs.map((l) => (l.open ? 'Now' : instantLabel(l.endsAt))) ?? [];
  const paidCycles = d?.income.map((c) => instantLabel(c.endsAt)) ?? [];
  const months = d?.teamGrowth.map((m) => monthLabel(m.month)) ?? [];
  const legsSpec = d && chartSpec('bars', cycles, bvOf, ['Left leg', COLORS.brand, d.legs.map((l) => Number(l.left))], ['Right leg', COLORS.emerald, d.legs.map((l) => Number(l.right))]);
  const legs = legsSpec && d && { ...legsSpec, rowLabels: d.legs.map((l) => (l.open ? `Open cycle to ${instantLabel(l.endsAt)}` : `Cycle to ${instantLabel(l.endsAt)}`)) };
  const income = d && { ...chartSpec('bars', paidCycles, rupees, ['Net income', COLORS.emerald, d.income.map((c) => Number(c.net))]), rowLabels: d.income.map(cycleName) };
  const growth = d && chartSpec('line', months, whole, ['New direct recruits', COLORS.brand, d.teamGrowth.map((m) => m.directs)]);
  const open = d?.legs.find((l) => l.open);
  const net = income?.series[0].values ?? [];

  return (
    <div className="grid gap-4 lg:grid-cols-3" role="group" aria-label="Trends">
      <ChartCard
        title="BV per leg"
        description="Business volume added to each leg in the last pairing cycles."
        loading={loading}
        spec={legs}
        empty="No BV in your legs in these cycles yet."
        summary={
          d &&
          (open
            ? `This cycle: ${bvOf(Number(open.left))} left and ${bvOf(Number(open.right))} right.`
            : `Across ${cycles.length} cycles: ${bvOf(sum(legs?.series[0].values ?? []))} left and ${bvOf(sum(legs?.series[1].values ?? []))} right.`)
        }
      />
      <ChartCard
        title="Income per cycle"
        description="Net income paid to you in the last posted cycles."
        loading={loading}
        spec={income}
        empty="No income has been paid to you yet."
        summary={d && (net.length ? `${rupees(sum(net))} over ${net.length} cycles; the last cycle paid ${rupees(net.at(-1) ?? 0)}.` : 'No income has been paid to you yet.')}
      />
      <ChartCard
        title="Team growth"
        description="Members you recruited each month, and your team now."
        loading={loading}
        spec={growth}
        empty="No new recruits in the last 12 months."
        summary={d && `${whole(sum(growth?.series[0].values ?? []))} recruited in 12 months. Your team now: ${whole(d.team.left)} left, ${whole(d.team.right)} right.`}
      />
    </div>
  );
});
