import { volumeOf } from '../volume';
import type { AppContext } from '../../context';
import { bvText, rupees } from '../../lib/format';
import { AppError } from '../../core/app-error';
import { KYC_TYPE_LABELS, type KycDocumentType } from '../../../contracts/kyc';
import { ENGAGEMENT_MSG, type ActivityItem, type FranchiseDashboard, type KycInfo, type KycInfoDocument } from '../../../contracts/engagement';
import { DOWNLINE_MAX_LEVELS } from '../../../contracts/team';
import { ledgerActivityTitle } from '../../../contracts/income-types';
import { findUserFields } from '../users';
import type { Principal } from '../../core/actor';
import { walletOf } from '../wallet';
import { listRecruiterPipeline } from '../recruitment';
import { addMoney } from '../../lib/money';
import { kycDocumentsOf, recentEvents, counterSales, teamSales, recentTeamOrders } from './member.repo';

type Doc = Awaited<ReturnType<typeof kycDocumentsOf>>[number];
const tile = (docs: (Doc | undefined)[]): KycInfoDocument => {
  const present = docs.filter((d): d is Doc => Boolean(d));
  if (!present.length) return { status: 'not_submitted', url: null, documentData: null, documentType: null, reason: null };
  const rejected = present.find((d) => d.status === 'rejected');
  const status = rejected ? 'rejected' : present.length === docs.length && present.every((d) => d.status === 'approved') ? 'approved' : 'pending';
  const main = rejected ?? present[0];
  return {
    status,
    url: `/api/documents/${main.id}`,
    documentData: null,
    documentType: KYC_TYPE_LABELS[main.documentType as KycDocumentType] ?? main.documentType,
    reason: rejected?.rejectionReason ?? null,
  };
};

/** GET /api/user/kyc-info (doc 3 §2.2, §3.1), with the 7-day deadline of docs/spec/decisions.md §3 and §7. */
export async function kycInfo(ctx: AppContext, principal: Principal): Promise<KycInfo> {
  const [docs, user] = await Promise.all([kycDocumentsOf(ctx.db, principal.id), findUserFields(ctx.db, principal.id, ['kycStatus', 'kycDeadline', 'kycLocked']).then((u) => u!)]);
  const newest = new Map<string, Doc>();
  for (const d of docs) if (!newest.has(d.documentType)) newest.set(d.documentType, d);
  const rejected = [...newest.values()].find((d) => d.status === 'rejected');
  const times = docs.flatMap((d) => [d.createdAt.getTime(), d.reviewedAt?.getTime() ?? 0]);
  const approved = user.kycStatus === 'approved';
  const deadline = !approved && user.kycDeadline ? user.kycDeadline : null;
  return {
    // Nothing uploaded yet is not "pending" (there is nothing to review; the admin's Pending KYC count agrees, issue 15).
    overallStatus: user.kycStatus === 'pending' && newest.size === 0 ? 'not_submitted' : user.kycStatus,
    overallReason: rejected ? `${KYC_TYPE_LABELS[rejected.documentType as KycDocumentType] ?? rejected.documentType}: ${rejected.rejectionReason ?? 'rejected'}` : null,
    lastUpdated: times.length ? new Date(Math.max(...times)).toISOString() : null,
    documents: {
      panCard: tile([newest.get('pan')]),
      aadhaarCard: tile([newest.get('aadhaar_front'), newest.get('aadhaar_back')]),
      bankStatement: tile([newest.get('bank_cancelled_cheque')]),
      photo: tile([newest.get('photo')]),
    },
    deadline: deadline?.toISOString() ?? null,
    deadlinePassed: Boolean(deadline && deadline.getTime() < ctx.clock.now().getTime()),
    locked: user.kycLocked,
  };
}

/** Recent activity from the member's real events (issue: not static items). */
export async function recentActivity(ctx: AppContext, user: Principal): Promise<ActivityItem[]> {
  const e = await recentEvents(ctx.db, user.id, 8);
  const ledger: ActivityItem[] = e.ledger.map((t) => ({
    kind: 'ledger' as const,
    title: ledgerActivityTitle(t.type),
    detail: `${t.amount.startsWith('-') ? '−' : '+'}${rupees(t.amount.replace('-', ''))} · balance ${rupees(t.balanceAfter)}`,
    at: t.createdAt.toISOString(),
    link: '/wallet',
  }));
  const items: ActivityItem[] = [
    ...e.decisions.map((r) => ({
      kind: 'decision' as const,
      title: 'Position decision waiting',
      detail: `${r.fullName} waits for you to choose left or right.`,
      at: r.createdAt.toISOString(),
      link: '/my-team?tab=decisions',
    })),
    ...e.joins.map((j) => ({
      kind: 'join' as const,
      title: 'New member in your team',
      detail: `${[j.firstName, j.lastName].filter(Boolean).join(' ') || j.userId} joined your ${j.position ?? ''} side.`.replace('  ', ' '),
      at: j.placedAt!.toISOString(),
      link: '/my-team?tab=direct',
    })),
    ...e.orders.map((o) => ({
      kind: 'purchase' as const,
      title: o.p.paymentStatus === 'completed' ? 'Purchase completed' : 'Order placed',
      detail: `${o.productName} x ${o.p.quantity} · ${rupees(o.p.totalAmount)} · ${bvText(o.p.totalBV)}`,
      at: o.p.createdAt.toISOString(),
      link: '/my-purchases',
    })),
    ...ledger,
    ...e.ranks.map((r) => ({
      kind: 'rank' as const,
      title: `Rank achieved: ${r.rank}`,
      detail: `Team ${bvText(r.teamBV)} (left ${bvText(r.leftBV)}, right ${bvText(r.rightBV)})`,
      at: r.achievedAt.toISOString(),
      link: '/my-team?tab=business',
    })),
    ...e.withdrawals
      .filter((w) => w.status !== 'pending')
      .map((w) => ({
        kind: 'withdrawal' as const,
        title: `Withdrawal ${w.status}`,
        detail: `${rupees(w.amount)}${w.rejectionReason ? ` · ${w.rejectionReason}` : ''}`,
        at: (w.processedAt ?? w.updatedAt).toISOString(),
        link: '/wallet',
      })),
  ];
  items.sort((a, b) => b.at.localeCompare(a.at));
  // Among themselves ledger rows keep ledger order (seq, as read): where concurrent movements left their
  // created_at out of that order, the ledger slots of the time-sorted list are filled in seq order.
  let next = 0;
  return items.map((item) => (item.kind === 'ledger' ? ledger[next++] : item)).slice(0, 12);
}

/** The franchise portal's figures (doc 3 §2.7; docs/spec/decisions.md §10: real, never samples). */
export async function franchiseDashboard(ctx: AppContext, user: Principal): Promise<FranchiseDashboard> {
  if (user.role !== 'mini_franchise' && user.role !== 'basic_franchise') throw new AppError('FORBIDDEN', 403, ENGAGEMENT_MSG.franchiseOnly);
  const [counter, team, wallet, pending, orders, bv] = await Promise.all([
    counterSales(ctx.db, user.id),
    teamSales(ctx.db, user.id, DOWNLINE_MAX_LEVELS),
    walletOf(ctx.db, user.id),
    listRecruiterPipeline(ctx.db, user.id),
    recentTeamOrders(ctx.db, user.id, DOWNLINE_MAX_LEVELS, 10),
    volumeOf(ctx.db, user.id),
  ]);
  return {
    role: user.role,
    counterSales: counter,
    teamSales: team,
    teamBV: addMoney(bv.leftBV, bv.rightBV),
    leftBV: bv.leftBV,
    rightBV: bv.rightBV,
    wallet: { balance: wallet?.balance ?? '0.00', totalEarnings: wallet?.totalEarnings ?? '0.00', totalWithdrawals: wallet?.totalWithdrawals ?? '0.00' },
    recruits: { direct: bv.totalDirects, pending: pending.length, teamSize: bv.leftCount + bv.rightCount, activeTeam: bv.leftActive + bv.rightActive },
    recentOrders: orders.map((o) => ({
      id: o.id,
      productName: o.product_name,
      quantity: o.quantity,
      totalAmount: o.total_amount,
      paymentStatus: o.payment_status,
      createdAt: new Date(o.created_at).toISOString(),
      buyerName: [o.first_name, o.last_name].filter(Boolean).join(' ') || o.user_id,
    })),
  };
}
