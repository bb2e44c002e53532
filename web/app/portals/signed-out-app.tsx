import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { PageLoader } from '../../components/ui/spinner';
import { LoginPage } from '../../features/auth/login-page';
import { PleaseLogIn } from '../guards';
import { SIGNED_IN_ONLY_PATHS } from '../paths';

// The sign-in page comes with the first load, with a stylesheet of its own classes only (signed-out.css); every
// other screen is its own chunk and brings the whole stylesheet, styles.css (issue 14: the sign-in page loads only
// what it needs). styles.css is a superset in the same order, so loading it after signed-out.css changes nothing.
// Each such screen also brings its query cache (WithQueries): the same data-layer hooks as the signed-in app.
const screen = <M extends Record<K, ComponentType<object>>, K extends keyof M & string>(load: () => Promise<M>, name: K) =>
  lazy(() =>
    Promise.all([load(), import('../../styles.css'), import('./with-queries')]).then(([m, , q]) => {
      const Screen = m[name] as ComponentType<object>;
      return {
        default: () => (
          <q.WithQueries>
            <Screen />
          </q.WithQueries>
        ),
      };
    }),
  );
const ForgotPasswordPage = screen(() => import('../../features/auth/forgot-password-page'), 'ForgotPasswordPage');
const SignupPage = screen(() => import('../../features/auth/signup-page'), 'SignupPage');
const VerifyEmailPage = screen(() => import('../../features/auth/verify-email-page'), 'VerifyEmailPage');
const ResetPasswordPage = screen(() => import('../../features/auth/reset-password-page'), 'ResetPasswordPage');
const CompleteInvitationPage = screen(() => import('../../features/auth/complete-invitation-page'), 'CompleteInvitationPage');
const NotFoundPage = lazy(() => import('../../features/auth/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const GrievancePage = screen(() => import('../../features/grievance/grievance-page'), 'GrievancePage');
const ReferralRegisterPage = screen(() => import('../../features/referral/referral-register-page'), 'ReferralRegisterPage');

/** Signed-out route table (doc 1 §2). */
export default function SignedOutApp() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route path="/" element={<LoginPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/complete-invitation" element={<CompleteInvitationPage />} />
        <Route path="/referral-register" element={<ReferralRegisterPage />} />
        <Route path="/recruit" element={<ReferralRegisterPage />} />
        <Route path="/grievance" element={<GrievancePage />} />
        <Route path="/grievance/confirm" element={<GrievancePage />} />
        {/* A visitor on a signed-in route sees 'Please log in' and goes to /api/login after 1.5 s. */}
        {SIGNED_IN_ONLY_PATHS.map((path) => (
          <Route key={path} path={path} element={<PleaseLogIn />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
