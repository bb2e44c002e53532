import { memo } from 'react';
import { ChartCard } from '../../components/charts/chart-card';
import { chartSpec, dualAxisSpec } from '../../components/charts/chart-spec';
import { useAdminCharts } from './api';
import { useDeferredCharts } from './deferred-charts';
import { bvOf, COLORS, cycleName, dayLabel, instantLabel, peakOf, rupees, sum, whole } from './labels';

/** The admin dashboard's trends (issue 15): joinings and sales per day, income paid per cycle, withdrawals per week. */
export const AdminCharts = memo(function AdminCharts() {
  const { d, loading, error } = useDeferredCharts(useAdminCharts());
  if (error) return error;

  const days = d?.joinings.map((j) => dayLabel(j.day)) ?? [];
  const weeks = d?.withdrawalsPerWeek.map((w) => `Week of ${dayLabel(w.weekStart)}`) ?? [];
  const cycles = d?.incomePerCycle.map((c) => instantLabel(c.endsAt)) ?? [];
  const joinings = d && chartSpec('bars', days, whole, ['Joinings', COLORS.brand, d.joinings.map((j) => j.count)]);
  // Rupees on the left axis, BV on its own axis on the right (issue 30): one axis for both read BV as rupees.
  const sales =
    d &&
    dualAxisSpec(
      'line',
      days,
      { unit: '₹', format: rupees, series: ['Sales', COLORS.emerald, d.sales.map((s) => Number(s.amount))] },
      { unit: 'BV', format: bvOf, series: ['Business volume', COLORS.brand, d.sales.map((s) => Number(s.bv))] },
    );
  const incomeSpec =
    d && chartSpec('bars', cycles, rupees, ['Gross', COLORS.sky, d.incomePerCycle.map((c) => Number(c.gross))], ['Net paid', COLORS.emerald, d.incomePerCycle.map((c) => Number(c.net))]);
  const income = incomeSpec && d && { ...incomeSpec, rowLabels: d.incomePerCycle.map(cycleName) };
  const withdrawals =
    d &&
    chartSpec(
      'bars',
      weeks,
      rupees,
      ['Requested', COLORS.amber, d.withdrawalsPerWeek.map((w) => Number(w.requested))],
      ['Approved', COLORS.emerald, d.withdrawalsPerWeek.map((w) => Number(w.approved))],
    );
  const j = joinings?.series[0].values ?? [];
  const salesTotal = sum(sales?.series[0].values ?? []);
  const bvTotal = sum(sales?.series[1].values ?? []);
  const net = income?.series[1].values ?? [];
  const requested = withdrawals?.series[0].values ?? [];

  return (
    <div className="grid gap-4 lg:grid-cols-2" role="group" aria-label="Trends">
      <ChartCard
        title="Joinings per day"
        description="New registrations over the last 30 days."
        loading={loading}
        spec={joinings}
        empty="No one joined in the last 30 days."
        summary={d && `${whole(sum(j))} joined in 30 days; the busiest day was ${peakOf(days, j)} with ${whole(Math.max(0, ...j))}.`}
      />
      <ChartCard
        title="Sales and BV per day"
        description="Completed purchases over the last 30 days."
        loading={loading}
        spec={sales}
        empty="No completed purchases in the last 30 days."
        summary={d && `${rupees(salesTotal)} of sales and ${bvOf(bvTotal)} in 30 days.`}
      />
      <ChartCard
        title="Income paid per cycle"
        description="Gross income and the net paid in the last posted cycles."
        loading={loading}
        spec={income}
        empty="No cycle has been posted yet."
        summary={d && (net.length ? `${net.length} posted cycles paid ${rupees(sum(net))} net; the last paid ${rupees(net.at(-1) ?? 0)}.` : 'No cycle has been posted yet.')}
      />
      <ChartCard
        title="Withdrawals per week"
        description="Amounts requested and approved over the last 12 weeks."
        loading={loading}
        spec={withdrawals}
        empty="No withdrawals requested in the last 12 weeks."
        summary={d && `${rupees(sum(requested))} requested and ${rupees(sum(withdrawals?.series[1].values ?? []))} approved in 12 weeks.`}
      />
    </div>
  );
});
