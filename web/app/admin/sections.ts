import {
  Activity,
  Ban,
  BadgeCheck,
  BadgeIndianRupee,
  Bell,
  CalendarCheck,
  FileCheck2,
  FileClock,
  FileX2,
  Gift,
  HandCoins,
  LayoutDashboard,
  Percent,
  ShieldCheck,
  UserPlus,
  UserRound,
  Users,
  UsersRound,
  Wallet,
  Briefcase,
  Banknote,
  CalendarRange,
  Calculator,
  FileSliders,
  Hourglass,
  Landmark,
  Package,
  PenLine,
  ReceiptText,
  ScrollText,
  Send,
  ShoppingCart,
  Undo2,
  WalletCards,
} from 'lucide-react';
import { FileSignature, Gavel, LifeBuoy, LockKeyhole, Megaphone, MessagesSquare, Network, Palette, Scale, Settings, Store, UserCog } from 'lucide-react';
import type { ComponentType } from 'react';
import { KEYS } from '../../lib/admin/keys';
import type { SectionId } from '../../lib/admin/sections';

export { SECTION_IDS, sectionHref, type SectionId } from '../../lib/admin/sections';

type Icon = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;

export interface SectionDef {
  id: SectionId;
  /** Sidebar label. */
  label: string;
  group: string;
  icon: Icon;
  /** admin: role admin only; reviewer: admin or founder (docs/spec/decisions.md §1). */
  access: 'admin' | 'reviewer';
  /** Paths of the queries F5 / Ctrl+R refetches; empty = not a data section. */
  refreshKeys: string[];
  /** Not listed in the sidebar (reached from the bell). */
  hidden?: boolean;
}

export const GROUP_ICONS: Record<string, Icon> = {
  Dashboard: LayoutDashboard,
  Approvals: ShieldCheck,
  'User Details': Users,
  'Income Reports': BadgeIndianRupee,
  Compensation: Calculator,
  'Pending Recruits': UserPlus,
  'KYC Details': ShieldCheck,
  'Withdraw Management': Banknote,
  'Fund Management': Landmark,
  'Products & Orders': Package,
  Engagement: MessagesSquare,
  Notifications: Bell,
  Account: UserCog,
  Settings,
};

const WITHDRAWAL_KEYS: string[] = [KEYS.pendingWithdrawals, KEYS.approvedWithdrawals, KEYS.rejectedWithdrawals];

/** The sidebar of doc 2 §2.2, in its order, plus Approvals (issue 13), Compensation (docs/spec/compensation.md §6), Products & Orders and Engagement. */
export const SECTIONS: SectionDef[] = [
  { id: 'dashboard', label: 'Dashboard', group: 'Dashboard', icon: LayoutDashboard, access: 'admin', refreshKeys: [KEYS.stats] },
  // Maker-checker (issue 13): every kind of request that waits for a second admin.
  { id: 'approvals', label: 'Approvals', group: 'Approvals', icon: ShieldCheck, access: 'admin', refreshKeys: [KEYS.approvals] },
  { id: 'all-members', label: 'All Members', group: 'User Details', icon: UsersRound, access: 'admin', refreshKeys: [KEYS.userSearch, KEYS.placementParents] },
  { id: 'paid-members', label: 'Paid Members', group: 'User Details', icon: BadgeCheck, access: 'admin', refreshKeys: [KEYS.paidMembers] },
  { id: 'today-joinings', label: 'View Today Joinings', group: 'User Details', icon: CalendarCheck, access: 'admin', refreshKeys: [KEYS.todayJoinings] },
  // Issue 15: the genealogy explorer over the whole tree.
  { id: 'genealogy', label: 'Genealogy', group: 'User Details', icon: Network, access: 'admin', refreshKeys: ['/api/admin/binary-tree'] },
  { id: 'free-users', label: 'Free Users', group: 'User Details', icon: UserRound, access: 'admin', refreshKeys: [KEYS.freeUsers] },
  { id: 'users-activities', label: 'Users Activities', group: 'User Details', icon: Activity, access: 'admin', refreshKeys: [KEYS.auditLog] },
  { id: 'direct-income', label: 'Direct Income', group: 'Income Reports', icon: HandCoins, access: 'admin', refreshKeys: [KEYS.directIncome] },
  { id: 'roi-income', label: 'ROI Income', group: 'Income Reports', icon: Percent, access: 'admin', refreshKeys: [] },
  { id: 'salary-income', label: 'Salary Income', group: 'Income Reports', icon: Briefcase, access: 'admin', refreshKeys: [] },
  { id: 'payout-summary', label: 'Payout Summary', group: 'Income Reports', icon: Wallet, access: 'admin', refreshKeys: [KEYS.payoutSummary] },
  { id: 'holiday-reward', label: 'Holiday Reward Summary', group: 'Income Reports', icon: Gift, access: 'admin', refreshKeys: [KEYS.holidayReward] },
  { id: 'comp-cycles', label: 'Cycles', group: 'Compensation', icon: CalendarRange, access: 'admin', refreshKeys: [KEYS.compCycles] },
  { id: 'comp-plan', label: 'Plan', group: 'Compensation', icon: FileSliders, access: 'admin', refreshKeys: [KEYS.compPlans, KEYS.compCycles] },
  {
    id: 'pending-recruits',
    label: 'Pending Recruits',
    group: 'Pending Recruits',
    icon: UserPlus,
    access: 'reviewer',
    refreshKeys: [KEYS.pendingRecruits, KEYS.placementParents],
  },
  { id: 'kyc-pending', label: 'Pending KYC Requests', group: 'KYC Details', icon: FileClock, access: 'reviewer', refreshKeys: [KEYS.kyc] },
  { id: 'kyc-approved', label: 'Approved KYC Requests', group: 'KYC Details', icon: FileCheck2, access: 'reviewer', refreshKeys: [KEYS.kyc] },
  { id: 'kyc-rejected', label: 'Rejected KYC Requests', group: 'KYC Details', icon: FileX2, access: 'reviewer', refreshKeys: [KEYS.kyc] },
  { id: 'withdrawals-pending', label: 'Pending Withdraw Requests', group: 'Withdraw Management', icon: Hourglass, access: 'admin', refreshKeys: WITHDRAWAL_KEYS },
  { id: 'withdrawals-approved', label: 'Approved Withdraw Requests', group: 'Withdraw Management', icon: BadgeCheck, access: 'admin', refreshKeys: WITHDRAWAL_KEYS },
  { id: 'withdrawals-rejected', label: 'Rejected Withdraw Requests', group: 'Withdraw Management', icon: Ban, access: 'admin', refreshKeys: WITHDRAWAL_KEYS },
  { id: 'withdraw-personally', label: 'Withdraw Personally', group: 'Withdraw Management', icon: PenLine, access: 'admin', refreshKeys: [] },
  { id: 'send-fund', label: 'Send Fund', group: 'Fund Management', icon: Send, access: 'admin', refreshKeys: [] },
  { id: 'manage-fund', label: 'Manage Fund', group: 'Fund Management', icon: Landmark, access: 'admin', refreshKeys: [KEYS.fundRequests] },
  { id: 'pending-fund-requests', label: 'Pending Fund Requests', group: 'Fund Management', icon: Hourglass, access: 'admin', refreshKeys: [KEYS.fundRequests] },
  { id: 'fund-history', label: 'Fund History', group: 'Fund Management', icon: ScrollText, access: 'admin', refreshKeys: [KEYS.fundHistory] },
  { id: 'wallet-balances', label: 'Wallet Balances', group: 'Fund Management', icon: WalletCards, access: 'admin', refreshKeys: [KEYS.walletBalances] },
  { id: 'products', label: 'Products', group: 'Products & Orders', icon: ShoppingCart, access: 'admin', refreshKeys: [KEYS.products] },
  { id: 'orders', label: 'Orders', group: 'Products & Orders', icon: ReceiptText, access: 'admin', refreshKeys: [KEYS.purchases] },
  // Issue 32: returns, refunds and credit notes, and the returns report.
  { id: 'returns', label: 'Returns', group: 'Products & Orders', icon: Undo2, access: 'admin', refreshKeys: [KEYS.returns] },
  { id: 'franchise-stock', label: 'Franchise Stock', group: 'Products & Orders', icon: Package, access: 'admin', refreshKeys: [KEYS.franchiseStock] },
  { id: 'franchise-requests', label: 'Franchise Requests', group: 'Engagement', icon: Store, access: 'admin', refreshKeys: [KEYS.franchiseRequests] },
  { id: 'support-tickets', label: 'Support Tickets', group: 'Engagement', icon: LifeBuoy, access: 'admin', refreshKeys: [KEYS.supportTickets] },
  { id: 'grievances', label: 'Grievances', group: 'Engagement', icon: Scale, access: 'admin', refreshKeys: ['/api/admin/grievances'] },
  { id: 'news', label: 'News', group: 'Engagement', icon: Megaphone, access: 'admin', refreshKeys: [KEYS.news] },
  {
    id: 'notifications',
    label: 'Notifications',
    group: 'Notifications',
    icon: Bell,
    access: 'reviewer',
    hidden: true,
    refreshKeys: [KEYS.notifications, KEYS.unreadCount],
  },
  { id: 'my-security', label: 'My Security', group: 'Account', icon: LockKeyhole, access: 'admin', refreshKeys: ['/api/auth/two-factor'] },
  // Issue 15: company branding (ADR 0013).
  { id: 'branding', label: 'Branding', group: 'Settings', icon: Palette, access: 'admin', refreshKeys: ['/api/admin/settings/branding'] },
  { id: 'grievance-settings', label: 'Grievance Redressal', group: 'Settings', icon: Gavel, access: 'admin', refreshKeys: ['/api/admin/settings/grievance', '/api/admin/settings/holidays'] },
  // Issue 32: the Direct Seller Agreement's versions.
  { id: 'seller-agreement', label: 'Seller Agreement', group: 'Settings', icon: FileSignature, access: 'admin', refreshKeys: ['/api/admin/agreements'] },
];

export const sectionById = (id: string): SectionDef | undefined => SECTIONS.find((s) => s.id === id);

/**
 * Section names of the older single-page admin (doc 2 §2.1). They show a notice pointing to the
 * sidebar; where a successor exists here the notice links to it.
 */
export const LEGACY_SECTIONS: Record<string, { name: string; successor?: SectionId }> = {
  users: { name: 'Users', successor: 'all-members' },
  kyc: { name: 'KYC', successor: 'kyc-pending' },
  withdrawals: { name: 'Withdrawals', successor: 'withdrawals-pending' },
  reports: { name: 'Reports', successor: 'payout-summary' },
  franchise: { name: 'Franchise', successor: 'franchise-requests' },
  'fund-approvals': { name: 'Fund Approvals', successor: 'approvals' },
};
