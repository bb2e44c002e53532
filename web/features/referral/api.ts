import { apiRequest, errorMessage } from '../../lib/api';
import { useApiMutation, type ApiFailure } from '../../lib/mutation';
import { COPY } from './documents';

/** An address already registered: its own toast and message on the email field. */
export const isEmailTaken = (failure: ApiFailure) => failure.error.code === 'DUPLICATE_EMAIL' || /already exists/i.test(failure.error.message ?? '');

/**
 * POST /api/referral/complete-registration?token= with a multipart form: the link goes in the address
 * too, so the server checks it before it reads the documents (issue 13).
 */
export function useCompleteRegistration(token: string) {
  return useApiMutation({
    request: (body: FormData) => apiRequest<{ message?: string }>('POST', `/api/referral/complete-registration?token=${encodeURIComponent(token)}`, body),
    errorToast: (failure, thrown) =>
      failure && isEmailTaken(failure)
        ? { title: COPY.emailTakenTitle, description: COPY.emailTaken }
        : { title: COPY.failedTitle, description: failure ? failure.error.message || COPY.failed : errorMessage(thrown, COPY.failed) },
  });
}
