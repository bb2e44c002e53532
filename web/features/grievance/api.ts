import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GrievanceRegistered, MemberGrievance, MemberGrievanceInput, PublicGrievanceInput } from '@contracts';
import { apiRequest, getRoute } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';

export const GRIEVANCE_INFO_KEY = '/api/grievance';
export const MY_GRIEVANCES_KEY = '/api/member/grievances';

/** GET /api/grievance: the officers and the timelines of the public page. */
export function useGrievanceInfo() {
  return useQuery({ queryKey: [GRIEVANCE_INFO_KEY], queryFn: () => getRoute('GET /api/grievance') });
}

/** POST /api/grievances: the public form; the complaint is registered once the mailed link is opened. */
export function useFileGrievance() {
  return useApiMutation({
    request: (body: PublicGrievanceInput) => apiRequest<{ message: string }>('POST', '/api/grievances', body),
    errorTitle: 'Complaint not sent',
    errorFallback: 'Your complaint could not be sent. Please try again.',
  });
}

/** POST /api/grievances/confirm with the mailed token (the page shows the outcome itself). */
export const confirmGrievance = (token: string) => apiRequest<GrievanceRegistered>('POST', '/api/grievances/confirm', { token });

/** GET /api/grievances/track by number and email (a wrong pair answers 404). */
export const trackGrievance = (number: string, email: string) => getRoute('GET /api/grievances/track', { query: { number, email } });

/** GET /api/member/grievances: the member's own complaints. */
export function useMyGrievances() {
  return useQuery({ queryKey: [MY_GRIEVANCES_KEY], queryFn: () => getRoute('GET /api/member/grievances') });
}

/** POST /api/member/grievances: registered at once with a number. */
export function useFileMemberGrievance() {
  const queryClient = useQueryClient();
  return useApiMutation({
    request: (body: MemberGrievanceInput) => apiRequest<MemberGrievance>('POST', MY_GRIEVANCES_KEY, body),
    errorTitle: 'Complaint not filed',
    errorFallback: 'Your complaint could not be filed. Please try again.',
    successToast: (g) => ({ title: 'Complaint registered', description: `Your complaint number is ${g.number}. We have emailed you the details.` }),
    invalidate: () => queryClient.invalidateQueries({ queryKey: [MY_GRIEVANCES_KEY] }),
  });
}
