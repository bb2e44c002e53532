import { lazy, Suspense, type LazyExoticComponent, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { PageLoader } from '../../components/ui/spinner';
import { useSignedInUser } from '../../features/account';
import { MemberLayout } from '../layouts/member-layout';

// One chunk per page (issue 14: route-level splitting): the dashboard does not carry the wallet or the team tree.
const page = <M extends Record<K, ComponentType>, K extends keyof M & string>(load: () => Promise<M>, name: K): LazyExoticComponent<ComponentType> =>
  lazy(() => load().then((m) => ({ default: m[name] })));
// The dashboard is the portal's home: in the portal's own chunk, so the first screen does not wait for a second lazy
// level (React holds a nested lazy reveal about 300 ms; issue 30 item 7).
import { DashboardPage } from '../../features/member/dashboard-page';
const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  '/kyc-upload': page(() => import('../../features/kyc/kyc-upload-page'), 'KycUploadPage'),
  '/my-team': page(() => import('../../features/team/my-team-page'), 'MyTeamPage'),
  '/products': page(() => import('../../features/commerce/products-page'), 'ProductsPage'),
  '/my-purchases': page(() => import('../../features/commerce/purchases-page'), 'PurchasesPage'),
  '/wallet': page(() => import('../../features/wallet/wallet-page'), 'WalletPage'),
  '/income': page(() => import('../../features/income/income-page'), 'IncomePage'),
  '/support': page(() => import('../../features/support/support-page'), 'SupportPage'),
  '/settings': page(() => import('../../features/settings/settings-page'), 'SettingsPage'),
};

/** Member portal (doc 1 §2, doc 3 §2.1): the MEMBER_PATHS of web/app/paths.ts inside the member layout. */
export default function MemberApp() {
  const user = useSignedInUser();
  const { pathname } = useLocation();
  // Anything else (that is, /dashboard) is the dashboard.
  const Page = PAGES[pathname] ?? DashboardPage;
  return (
    <MemberLayout user={user}>
      <Suspense fallback={<PageLoader />}>
        <Page />
      </Suspense>
    </MemberLayout>
  );
}
