import { Route, Routes } from 'react-router';
import { CompleteInvitationPage } from '../../features/auth/complete-invitation-page';
import { ForgotPasswordPage } from '../../features/auth/forgot-password-page';
import { LoginPage } from '../../features/auth/login-page';
import { NotFoundPage } from '../../features/auth/not-found-page';
import { ResetPasswordPage } from '../../features/auth/reset-password-page';
import { SignupPage } from '../../features/auth/signup-page';
import { VerifyEmailPage } from '../../features/auth/verify-email-page';
import { ReferralRegisterPage } from '../../features/referral';
import { PleaseLogIn } from '../guards';

/** Routes a signed-in user has and a visitor does not: the visitor is asked to log in. */
const SIGNED_IN_ONLY = [
  '/dashboard', '/kyc-upload', '/my-team', '/products', '/my-purchases', '/wallet',
  '/founder', '/admin', '/franchise', '/change-password', '/pending-dashboard',
];

/** Signed-out route table (doc 1 §2). */
export default function SignedOutApp() {
  return (
    <Routes>
      <Route path="/" element={<LoginPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/signup" element={<SignupPage />} />
      <Route path="/verify-email" element={<VerifyEmailPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/complete-invitation" element={<CompleteInvitationPage />} />
      <Route path="/referral-register" element={<ReferralRegisterPage />} />
      <Route path="/recruit" element={<ReferralRegisterPage />} />
      {SIGNED_IN_ONLY.map((path) => (
        <Route key={path} path={path} element={<PleaseLogIn />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
