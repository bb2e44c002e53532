import type { ComponentType } from 'react';

type Loader = () => Promise<ComponentType>;
const pick =
  <M extends Record<K, ComponentType>, K extends keyof M & string>(load: () => Promise<M>, name: K): Loader =>
  () =>
    load().then((m) => m[name]);

/**
 * The member portal's pages by path, each its own chunk (issue 14). The portal renders them lazily; the first
 * load starts the page of its address at once (app/prefetch.ts). Any other member path is the dashboard.
 */
export const MEMBER_PAGES: Record<string, Loader> = {
  '/dashboard': pick(() => import('../../features/member/dashboard-page'), 'DashboardPage'),
  '/kyc-upload': pick(() => import('../../features/kyc/kyc-upload-page'), 'KycUploadPage'),
  '/my-team': pick(() => import('../../features/team/my-team-page'), 'MyTeamPage'),
  '/products': pick(() => import('../../features/commerce/products-page'), 'ProductsPage'),
  '/my-purchases': pick(() => import('../../features/commerce/purchases-page'), 'PurchasesPage'),
  '/wallet': pick(() => import('../../features/wallet/wallet-page'), 'WalletPage'),
  '/income': pick(() => import('../../features/income/income-page'), 'IncomePage'),
  '/support': pick(() => import('../../features/support/support-page'), 'SupportPage'),
  '/settings': pick(() => import('../../features/settings/settings-page'), 'SettingsPage'),
};
