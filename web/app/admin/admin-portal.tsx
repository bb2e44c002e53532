import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ChevronRight, RefreshCw } from 'lucide-react';
import { AdminLayout, type AdminNavGroup } from '../layouts/admin-layout';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PageLoader } from '../../components/ui/spinner';
import { toast, toastError } from '../../components/ui/toast';
import { useDocumentTitle } from '../../lib/branding';
import { useSignedInUser } from '../../features/account';
import { GROUP_ICONS, LEGACY_SECTIONS, SECTIONS, sectionById, sectionHref, type SectionDef, type SectionId } from './sections';
import { NotificationBell } from '../../features/notifications';
import { SectionHeader } from '../../components/admin/section-header';
// The dashboard is /admin's first screen: in the portal's chunk, not a second lazy level (React holds a nested lazy
// reveal about 300 ms; issue 30 item 7).
import { DashboardSection } from './dashboard-section';

// One chunk per section (issue 14: route-level splitting): /admin opens with the dashboard's code only.
function section<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}
const UsersActivitiesSection = section(() => import('../../features/users/admin/users-activities-section'), 'UsersActivitiesSection');
const ApprovalsSection = section(() => import('../../features/approvals/admin/approvals-section'), 'ApprovalsSection');
const CyclesSection = section(() => import('../../features/income/admin/compensation/cycles-section'), 'CyclesSection');
const PlanSection = section(() => import('../../features/income/admin/compensation/plan-section'), 'PlanSection');
const FranchiseRequestsSection = section(() => import('../../features/franchise/admin/franchise-requests-section'), 'FranchiseRequestsSection');
const NewsSection = section(() => import('../../features/news/admin/news-section'), 'NewsSection');
const SupportTicketsSection = section(() => import('../../features/support/admin/support-tickets-section'), 'SupportTicketsSection');
const KycSection = section(() => import('../../features/kyc/admin/kyc-section'), 'KycSection');
const AllMembersSection = section(() => import('../../features/users/admin/all-members-section'), 'AllMembersSection');
const FreeUsersSection = section(() => import('../../features/users/admin/member-lists'), 'FreeUsersSection');
const PaidMembersSection = section(() => import('../../features/users/admin/member-lists'), 'PaidMembersSection');
const TodayJoiningsSection = section(() => import('../../features/users/admin/member-lists'), 'TodayJoiningsSection');
const FundRequestsSection = section(() => import('../../features/wallet/admin/fund-requests-section'), 'FundRequestsSection');
const FranchiseStockSection = section(() => import('../../features/franchise/admin/franchise-stock-section'), 'FranchiseStockSection');
const FundHistorySection = section(() => import('../../features/wallet/admin/fund-history-section'), 'FundHistorySection');
const SendFundSection = section(() => import('../../features/wallet/admin/send-fund-section'), 'SendFundSection');
const WalletBalancesSection = section(() => import('../../features/wallet/admin/wallet-balances-section'), 'WalletBalancesSection');
const WithdrawPersonallySection = section(() => import('../../features/wallet/admin/withdraw-personally-section'), 'WithdrawPersonallySection');
const WithdrawalsSection = section(() => import('../../features/wallet/admin/withdrawals-section'), 'WithdrawalsSection');
const NotificationsSection = section(() => import('../../features/notifications/admin/notifications-section'), 'NotificationsSection');
const OrdersSection = section(() => import('../../features/commerce/admin/orders-section'), 'OrdersSection');
const ReturnsSection = section(() => import('../../features/returns/admin/returns-section'), 'ReturnsSection');
const ProductsSection = section(() => import('../../features/commerce/admin/products-section'), 'ProductsSection');
const PendingRecruitsSection = section(() => import('../../features/team/admin/pending-recruits-section'), 'PendingRecruitsSection');
const DirectIncomeSection = section(() => import('../../features/income/admin/reports'), 'DirectIncomeSection');
const HolidayRewardSection = section(() => import('../../features/income/admin/reports'), 'HolidayRewardSection');
const NotOfferedReportSection = section(() => import('../../features/income/admin/reports'), 'NotOfferedReportSection');
const PayoutSummarySection = section(() => import('../../features/income/admin/reports'), 'PayoutSummarySection');
const MySecuritySection = section(() => import('../../features/two-factor/admin/my-security-section'), 'MySecuritySection');
const BrandingSection = section(() => import('../../features/settings/admin/branding-section'), 'BrandingSection');
const GrievancesSection = section(() => import('../../features/grievance/admin/grievances-section'), 'GrievancesSection');
const GrievanceSettingsSection = section(() => import('../../features/grievance/admin/grievance-settings-section'), 'GrievanceSettingsSection');
const AgreementsSection = section(() => import('../../features/agreement/admin/agreements-section'), 'AgreementsSection');
const GenealogySection = section(() => import('../../features/team/admin/genealogy-section'), 'GenealogySection');

function SectionBody({ id }: { id: SectionId }) {
  switch (id) {
    case 'dashboard':
      return <DashboardSection />;
    case 'all-members':
      return <AllMembersSection />;
    case 'paid-members':
      return <PaidMembersSection />;
    case 'today-joinings':
      return <TodayJoiningsSection />;
    case 'free-users':
      return <FreeUsersSection />;
    case 'users-activities':
      return <UsersActivitiesSection />;
    case 'direct-income':
      return <DirectIncomeSection />;
    case 'payout-summary':
      return <PayoutSummarySection />;
    case 'comp-cycles':
      return <CyclesSection />;
    case 'comp-plan':
      return <PlanSection />;
    case 'holiday-reward':
      return <HolidayRewardSection />;
    case 'roi-income':
    case 'salary-income':
      return <NotOfferedReportSection kind={id} />;
    case 'kyc-pending':
      return <KycSection tab="pending" />;
    case 'kyc-approved':
      return <KycSection tab="approved" />;
    case 'kyc-rejected':
      return <KycSection tab="rejected" />;
    case 'withdrawals-pending':
      return <WithdrawalsSection tab="pending" />;
    case 'withdrawals-approved':
      return <WithdrawalsSection tab="approved" />;
    case 'withdrawals-rejected':
      return <WithdrawalsSection tab="rejected" />;
    case 'withdraw-personally':
      return <WithdrawPersonallySection />;
    case 'send-fund':
      return <SendFundSection />;
    case 'approvals':
      return <ApprovalsSection />;
    case 'manage-fund':
      return <FundRequestsSection view="manage" />;
    case 'pending-fund-requests':
      return <FundRequestsSection view="pending" />;
    case 'fund-history':
      return <FundHistorySection />;
    case 'wallet-balances':
      return <WalletBalancesSection />;
    case 'products':
      return <ProductsSection />;
    case 'orders':
      return <OrdersSection />;
    case 'returns':
      return <ReturnsSection />;
    case 'franchise-stock':
      return <FranchiseStockSection />;
    case 'franchise-requests':
      return <FranchiseRequestsSection />;
    case 'support-tickets':
      return <SupportTicketsSection />;
    case 'news':
      return <NewsSection />;
    case 'notifications':
      return <NotificationsSection />;
    case 'pending-recruits':
      return <PendingRecruitsSection />;
    case 'my-security':
      return <MySecuritySection />;
    case 'branding':
      return <BrandingSection />;
    case 'grievances':
      return <GrievancesSection />;
    case 'grievance-settings':
      return <GrievanceSettingsSection />;
    case 'seller-agreement':
      return <AgreementsSection />;
    case 'genealogy':
      return <GenealogySection />;
  }
}

/** ?section=users and the other names of the older admin page: a pointer to the sidebar. */
function LegacyNotice({ name, successor }: { name: string; successor?: SectionDef }) {
  return (
    <div className="space-y-5">
      <SectionHeader title="This page has moved" />
      <Alert
        tone="info"
        role="status"
        title={`The “${name}” section is now part of the sidebar`}
        action={
          successor ? (
            <Button asChild size="sm">
              <Link to={sectionHref(successor.id)}>
                Open {successor.label} <ChevronRight aria-hidden="true" className="size-4" />
              </Link>
            </Button>
          ) : undefined
        }
      >
        Choose a section from the sidebar{successor ? `, or go straight to ${successor.label}` : ''}. Update any bookmark that pointed here.
      </Alert>
    </div>
  );
}

/**
 * The admin portal (doc 2 §2): one page at /admin, the section in ?section= so reloads and links
 * work. Founders see only the reviewer sections (docs/spec/decisions.md §1). F5 and Ctrl+R on a data section
 * refetch that section's data instead of reloading the page.
 */
export function AdminPortal() {
  const user = useSignedInUser();
  const reviewerOnly = user.role !== 'admin';
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);

  const allowed = useMemo(() => SECTIONS.filter((s) => !reviewerOnly || s.access === 'reviewer'), [reviewerOnly]);
  const fallback: SectionId = reviewerOnly ? 'kyc-pending' : 'dashboard';
  const requested = params.get('section') ?? '';
  const legacy = Object.hasOwn(LEGACY_SECTIONS, requested) ? LEGACY_SECTIONS[requested] : undefined;
  const section = allowed.find((s) => s.id === requested) ?? (legacy ? null : sectionById(fallback)!);

  // An unknown section, or one this role does not have, becomes the default in the address too.
  useEffect(() => {
    if (requested && !legacy && !allowed.some((s) => s.id === requested)) setParams({ section: fallback }, { replace: true });
  }, [requested, legacy, allowed, fallback, setParams]);

  useDocumentTitle(`${section?.label ?? 'Page moved'} · ${reviewerOnly ? 'Reviewer Tools' : 'Admin Portal'}`);

  const refreshKeys = useMemo(() => section?.refreshKeys ?? [], [section]);
  const refresh = useCallback(async () => {
    if (!refreshKeys.length) return;
    setRefreshing(true);
    try {
      await queryClient.refetchQueries({ predicate: (q) => refreshKeys.includes(String(q.queryKey[0])), type: 'active' }, { throwOnError: true });
      toast({ title: 'Refreshed', variant: 'success' });
    } catch {
      toastError('Failed to refresh data. Please try again.');
    } finally {
      setRefreshing(false);
    }
  }, [queryClient, refreshKeys]);

  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  }, [refresh]);
  const isDataSection = refreshKeys.length > 0;

  // F5 / Ctrl+R (Cmd+R) refresh the section's data; Shift still forces a real reload.
  useEffect(() => {
    if (!isDataSection) return;
    const onKey = (e: KeyboardEvent) => {
      const reload = e.key === 'F5' || ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'r');
      if (!reload || e.shiftKey) return;
      e.preventDefault();
      void refreshRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isDataSection]);

  const groups: AdminNavGroup[] = useMemo(() => {
    const out: AdminNavGroup[] = [];
    for (const s of allowed) {
      if (s.hidden) continue;
      let group = out.find((g) => g.label === s.group);
      if (!group) {
        group = { label: s.group, icon: GROUP_ICONS[s.group] ?? s.icon, items: [] };
        out.push(group);
      }
      group.items.push({ id: s.id, label: s.label, icon: s.icon, href: sectionHref(s.id) });
    }
    return out;
  }, [allowed]);

  const breadcrumb = section ? (
    <span className="flex items-center gap-1.5">
      {section.group !== section.label ? (
        <>
          <span>{section.group}</span>
          <ChevronRight aria-hidden="true" className="size-3.5 text-slate-500" />
        </>
      ) : null}
      <span className="font-medium text-slate-900">{section.label}</span>
    </span>
  ) : (
    <span className="font-medium text-slate-900">Page moved</span>
  );

  return (
    <AdminLayout
      user={user}
      caption={reviewerOnly ? 'Reviewer Tools' : 'Admin Portal'}
      groups={groups}
      active={section?.id ?? ''}
      breadcrumb={breadcrumb}
      backLink={user.role === 'founder' ? { href: '/founder', label: 'Back to Founder Portal' } : undefined}
      headerTools={
        <>
          {isDataSection ? (
            <Button variant="ghost" size="icon" onClick={() => void refresh()} disabled={refreshing} title="Refresh (F5)">
              <RefreshCw aria-hidden="true" className={refreshing ? 'size-4.5 animate-spin' : 'size-4.5'} />
              <span className="sr-only">Refresh section</span>
            </Button>
          ) : null}
          <NotificationBell />
        </>
      }
    >
      {section ? (
        <Suspense fallback={<PageLoader />}>
          <SectionBody key={section.id} id={section.id} />
        </Suspense>
      ) : (
        <LegacyNotice name={legacy!.name} successor={allowed.find((s) => s.id === legacy?.successor)} />
      )}
    </AdminLayout>
  );
}
