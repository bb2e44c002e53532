import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useSignedInUser } from '../../features/account';
import { ProductsPage, PurchasesPage } from '../../features/commerce';
import { IncomePage } from '../../features/income';
import { KycUploadPage } from '../../features/kyc';
import { DashboardPage } from '../../features/member';
import { SettingsPage } from '../../features/settings';
import { SupportPage } from '../../features/support';
import { MyTeamPage } from '../../features/team';
import { WalletPage } from '../../features/wallet';
import { MemberLayout } from '../layouts/member-layout';

/** The page of each member path; anything else (that is, /dashboard) is the dashboard. */
const PAGES: Record<string, () => ReactNode> = {
  '/kyc-upload': () => <KycUploadPage />,
  '/my-team': () => <MyTeamPage />,
  '/products': () => <ProductsPage />,
  '/my-purchases': () => <PurchasesPage />,
  '/wallet': () => <WalletPage />,
  '/income': () => <IncomePage />,
  '/support': () => <SupportPage />,
  '/settings': () => <SettingsPage />,
};

/** Member portal (doc 1 §2, doc 3 §2.1): the MEMBER_PATHS of web/app/paths.ts inside the member layout. */
export default function MemberApp() {
  const user = useSignedInUser();
  const { pathname } = useLocation();
  const page = PAGES[pathname]?.() ?? <DashboardPage />;
  return <MemberLayout user={user}>{page}</MemberLayout>;
}
