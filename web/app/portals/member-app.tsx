import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useSignedInUser } from '../../features/account';
import { ProductsPage, PurchasesPage } from '../../features/commerce';
import { KycUploadPage } from '../../features/kyc';
import { DashboardPage } from '../../features/member';
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
};

/** Member portal: /dashboard, /kyc-upload, /my-team, /products, /my-purchases (doc 1 §2) and /wallet (screens M11). */
export default function MemberApp() {
  const user = useSignedInUser();
  const { pathname } = useLocation();
  const page = PAGES[pathname]?.() ?? <DashboardPage />;
  return <MemberLayout user={user}>{page}</MemberLayout>;
}
