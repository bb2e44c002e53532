import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import { approvedWithdrawals, sponsorIncome } from './admin-reports.repo';

const name = (r: { firstName: string | null; lastName: string | null; userUserId: string }) => [r.firstName, r.lastName].filter(Boolean).join(' ') || r.userUserId;

/** Income reports that have a data source: payouts (approved withdrawals) and direct income (sponsor income ledger). */
export function adminReportRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET', url: '/api/admin/reports/payout-summary', access: 'admin',
      handler: async () => {
        const { totals, items } = await approvedWithdrawals(ctx.db, 500);
        return {
          totals,
          items: items.map((r) => ({
            id: r.w.id, userUserId: r.userUserId, userName: name(r), userEmail: r.email, type: r.w.withdrawalType, currency: r.w.currency,
            amount: r.w.amount, adminNotes: r.w.adminNotes, transactionId: r.w.transactionId, processedAt: r.w.processedAt?.toISOString() ?? null,
          })),
        };
      },
    },
    {
      method: 'GET', url: '/api/admin/reports/direct-income', access: 'admin',
      handler: async () => {
        const { totals, items } = await sponsorIncome(ctx.db, 500);
        return {
          totals,
          items: items.map((r) => ({
            id: r.t.id, userUserId: r.userUserId, userName: name(r), userEmail: r.email, amount: r.t.amount, description: r.t.description,
            referenceId: r.t.referenceId, createdAt: r.t.createdAt.toISOString(),
          })),
        };
      },
    },
  ];
}
