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
import { SIGNED_IN_ONLY_PATHS } from '../paths';

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
      {/* A visitor on a signed-in route sees 'Please log in' and goes to /api/login after 1.5 s. */}
      {SIGNED_IN_ONLY_PATHS.map((path) => (
        <Route key={path} path={path} element={<PleaseLogIn />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
