import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AGREEMENT_MSG, type AgreementVersionView, type CurrentUser, type MyAgreement, type PublishAgreementRequest } from '@contracts';
import { apiRequest, getRoute } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import { CURRENT_USER_KEY } from '../account';

import { CURRENT_AGREEMENT_KEY } from './current-agreement';

export { CURRENT_AGREEMENT_KEY, useCurrentAgreement } from './current-agreement';
export const MY_AGREEMENT_KEY = ['/api/agreement'] as const;
export const ADMIN_AGREEMENTS_KEY = ['/api/admin/agreements'] as const;

/** GET /api/agreement: the version in force, the member's latest acceptance and whether they must accept now. */
export function useMyAgreement() {
  return useQuery({ queryKey: MY_AGREEMENT_KEY, queryFn: () => getRoute('GET /api/agreement'), staleTime: 30_000 });
}

/** POST /api/agreement/accept: the member accepts the version in force; the current user is read again after it. */
export function useAcceptAgreement() {
  const queryClient = useQueryClient();
  return useApiMutation<{ version: number }, MyAgreement>({
    request: (body) => apiRequest<MyAgreement>('POST', '/api/agreement/accept', body),
    errorTitle: 'Not accepted',
    errorFallback: AGREEMENT_MSG.outdated,
    successToast: () => ({ title: 'Agreement accepted', description: AGREEMENT_MSG.accepted }),
    invalidate: () => {
      // The router reads the flag from the current user: cleared at once, so the next address is the portal's.
      queryClient.setQueryData<CurrentUser>(CURRENT_USER_KEY, (u) => (u ? { ...u, agreementRequired: false } : u));
      void queryClient.invalidateQueries({ queryKey: MY_AGREEMENT_KEY });
    },
  });
}

/** GET /api/admin/agreements: every version, newest first, and the one in force. */
export function useAdminAgreements() {
  return useQuery({ queryKey: ADMIN_AGREEMENTS_KEY, queryFn: () => getRoute('GET /api/admin/agreements') });
}

/** POST /api/admin/agreements: publish a new version (in force at once). */
export function usePublishAgreement() {
  const queryClient = useQueryClient();
  return useApiMutation<PublishAgreementRequest, AgreementVersionView>({
    request: (body) => apiRequest<AgreementVersionView>('POST', ADMIN_AGREEMENTS_KEY[0], body),
    errorTitle: 'Not published',
    errorFallback: 'The agreement could not be published. Please try again.',
    successToast: (v) => ({ title: `Version ${v.version} published`, description: AGREEMENT_MSG.published }),
    invalidate: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_AGREEMENTS_KEY });
      void queryClient.invalidateQueries({ queryKey: CURRENT_AGREEMENT_KEY });
    },
  });
}

/** GET /api/admin/users/:id/agreements: a member's acceptances (the member record). */
export function useMemberAcceptances(userId: string) {
  return useQuery({ queryKey: ['/api/admin/users', userId, 'agreements'], queryFn: () => getRoute('GET /api/admin/users/:id/agreements', { params: { id: userId } }) });
}
