import { MSG, type CurrentUser, type LoginResponse } from '@contracts';
import { apiRequest, errorMessage, errorStatus } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';

type Answer = { message?: string };

/** POST /api/login: signed in, or the second factor is asked for next. */
export function useLogin() {
  return useApiMutation({
    request: (body: { userId: string; password: string }) => apiRequest<LoginResponse>('POST', '/api/login', body),
    errorTitle: 'Login failed',
    errorFallback: MSG.invalidCredentials,
  });
}

/** POST /api/login/two-factor: the code step of a sign-in (CodeForm shows its own errors). */
export const submitLoginCode = (code: string) => apiRequest<{ user: CurrentUser }>('POST', '/api/login/two-factor', { code });

/** POST /api/auth/forgot-password: the same answer whether or not the address is known. */
export function useForgotPassword() {
  return useApiMutation({
    request: (body: { email: string }) => apiRequest<{ message?: string; password?: string }>('POST', '/api/auth/forgot-password', body),
    errorTitle: 'Failed to process password reset',
    describeError: (failure, thrown) => (failure ? failure.error.message : errorMessage(thrown, MSG.internalError)),
  });
}

/** POST /api/auth/reset-password with the token of the mail. */
export function useResetPassword() {
  return useApiMutation({
    request: (body: { token: string; newPassword: string }) => apiRequest<Answer>('POST', '/api/auth/reset-password', body),
    errorTitle: 'Password reset failed',
    describeError: (failure, thrown) => (failure ? failure.error.message || MSG.invalidResetToken : errorMessage(thrown, MSG.internalError)),
  });
}

const EMAIL_SERVICE_FAILED = "Account created but email verification couldn't be sent. Please contact support.";

/** The toast text of a refused signup (doc 1 §8); the title is always "Signup failed". */
function signupFailure(status: number | null, message: string | undefined): string | undefined {
  if (status === 409) return MSG.duplicateEmail;
  if (status === 429) return MSG.tooManySignups;
  if (message && /email service/i.test(message)) return EMAIL_SERVICE_FAILED;
  return message || undefined;
}

/** POST /api/auth/signup. */
export function useSignup() {
  return useApiMutation({
    request: (body: { fullName: string; email: string; password: string; sponsorCode?: string }) => apiRequest<Answer>('POST', '/api/auth/signup', body),
    errorTitle: 'Signup failed',
    describeError: (failure, thrown) => (failure ? signupFailure(failure.status, failure.error.message) : signupFailure(errorStatus(thrown), errorMessage(thrown, ''))),
  });
}

/** POST /api/auth/verify-email with the token of the mail. */
export function useVerifyEmail() {
  return useApiMutation({
    request: (token: string) => apiRequest<Answer>('POST', '/api/auth/verify-email', { token }),
    errorTitle: 'Email verification failed',
    describeError: (failure, thrown) => (failure ? failure.error.message || MSG.invalidVerificationToken : errorMessage(thrown, MSG.internalError)),
  });
}

/** POST /api/auth/validate-invitation: the invited user's first name and email, when the token is good. */
export const validateInvitation = (token: string) => apiRequest<{ user?: { firstName: string; email: string }; agreementRequired?: boolean }>('POST', '/api/auth/validate-invitation', { token });

const SETUP_FAILED = 'Failed to complete account setup.';

/** POST /api/auth/complete-invitation: the invited user's password. */
export function useCompleteInvitation() {
  return useApiMutation({
    request: (body: { token: string; password: string; agreementVersion?: number }) => apiRequest<Answer>('POST', '/api/auth/complete-invitation', body),
    errorTitle: 'Setup Failed',
    describeError: (failure) => (failure ? failure.error.message || SETUP_FAILED : MSG.internalError),
    successToast: () => ({ title: MSG.invitationComplete, description: 'You can now sign in with your new password.' }),
  });
}
