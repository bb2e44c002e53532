import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import type { CurrentUser } from '@contracts';
import { Button } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { PageLoader } from '../components/ui/spinner';
import { homePathOf, isFranchiseRole, isPendingStatus, sessionSwitch, useCurrentUser } from '../features/account';
import { ImpersonationBanner } from '../features/impersonation';
import { PORTALS } from './portals/portal-chunks';
import { Unauthorized } from './guards';
import { MEMBER_PATHS } from './paths';
// Part of the first load already (app.tsx).
import SignedOutApp from './portals/signed-out-app';

// One chunk per portal (architecture guide: code split per portal).
const NotFoundPage = lazy(() => import('../features/auth/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const PendingApp = PORTALS.pending.Component;
const MemberApp = PORTALS.member.Component;
const AdminApp = PORTALS.admin.Component;
const FounderApp = PORTALS.founder.Component;
const FranchiseApp = PORTALS.franchise.Component;
const ChangePasswordPage = lazy(() => import('../features/account/change-password-page'));
const ReferralRegisterPage = lazy(() => import('../features/referral/referral-register-page'));
const TwoFactorSetupPage = lazy(() => import('../features/two-factor/setup-page'));
const GrievancePage = lazy(() => import('../features/grievance/grievance-page').then((m) => ({ default: m.GrievancePage })));

export { MEMBER_PATHS };

function signedInRoutes(user: CurrentUser) {
  const always = [
    <Route key="cp" path="/change-password" element={<ChangePasswordPage />} />,
    <Route key="rr" path="/referral-register" element={<ReferralRegisterPage />} />,
    <Route key="rc" path="/recruit" element={<ReferralRegisterPage />} />,
    <Route key="2fa" path="/two-factor-setup" element={<TwoFactorSetupPage />} />,
    <Route key="grv" path="/grievance" element={<GrievancePage />} />,
    <Route key="grvc" path="/grievance/confirm" element={<GrievancePage />} />,
  ];

  // A temporary password must be changed before anything else (decisions §2).
  if (user.firstLogin) {
    return [<Route key="cp" path="/change-password" element={<ChangePasswordPage />} />, <Route key="any" path="*" element={<Navigate to="/change-password" replace />} />];
  }

  // Admins and founders set up two-factor sign-in before anything else (issue 13); an impersonated member is not asked.
  if (user.twoFactor.required && !user.twoFactor.enabled && !user.impersonatedBy) {
    return [<Route key="2fa" path="/two-factor-setup" element={<TwoFactorSetupPage />} />, <Route key="any" path="*" element={<Navigate to="/two-factor-setup" replace />} />];
  }

  if (isPendingStatus(user)) {
    return [
      ...always,
      <Route key="home" path="/" element={<PendingApp />} />,
      <Route key="pd" path="/pending-dashboard" element={<PendingApp />} />,
      // The member portal's home is the pending dashboard until approval (issue 15: /dashboard answered 404).
      <Route key="dash" path="/dashboard" element={<PendingApp />} />,
      ...MEMBER_PATHS.filter((path) => path !== '/dashboard').map((path) => <Route key={path} path={path} element={<Navigate to="/" replace />} />),
    ];
  }

  const franchise = isFranchiseRole(user.role);
  return [
    ...always,
    <Route key="home" path="/" element={<Navigate to={homePathOf(user)} replace />} />,
    ...MEMBER_PATHS.map((path) => <Route key={path} path={path} element={user.role === 'admin' ? <Navigate to="/" replace /> : <MemberApp />} />),
    <Route key="founder" path="/founder" element={user.role === 'founder' ? <FounderApp /> : <Unauthorized portal="Founder" />} />,
    <Route key="admin" path="/admin" element={user.role === 'admin' || user.role === 'founder' ? <AdminApp /> : <Unauthorized portal="Admin" />} />,
    <Route key="franchise" path="/franchise" element={franchise ? <FranchiseApp /> : <Unauthorized portal="Franchise" />} />,
  ];
}

/** The route table of doc 1 §2, chosen from the current user. */
export function AppRouter() {
  // Read field by field: the query re-renders this (the top of every screen) only for what it reads here, and
  // `isFetching` only on the error screen (issue 30: a refetch must not re-render the whole app at start).
  const current = useCurrentUser();
  const user = current.data;
  const { pathname } = useLocation();
  useEffect(() => sessionSwitch.arrived(pathname), [pathname]);

  if (current.isPending) return <PageLoader />;
  if (current.isError) {
    return (
      <div className="mx-auto flex min-h-dvh max-w-md items-center px-4">
        <EmptyState
          className="w-full bg-white"
          title="We could not reach the server"
          description="Please check your connection and try again."
          action={
            <Button onClick={() => void current.refetch()} loading={current.isFetching}>
              Try again
            </Button>
          }
        />
      </div>
    );
  }

  // Just signed in or out: go where that leads before rendering the new user's routes at the old address.
  const heading = sessionSwitch.pending();
  if (heading !== null && heading !== pathname) return <Navigate to={heading} replace />;

  return (
    <>
      <ImpersonationBanner />
      <Suspense fallback={<PageLoader />}>
        {user ? (
          <Routes>
            {signedInRoutes(user)}
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        ) : (
          <SignedOutApp />
        )}
      </Suspense>
    </>
  );
}
