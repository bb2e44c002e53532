import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { GRIEVANCE_MSG, type AdminGrievance, type GrievanceSettingsInput, type GrievanceSettingsView, type Holiday, type HolidayInput, type GrievanceStatus } from '@contracts';
import { apiRequest, getRoute, routeUrl } from '../../../lib/api';
import { useInvalidatePaths } from '../../../lib/admin/queries';
import { useAuditedWrite } from '../../../lib/admin/writes';
import { usePathWrite } from '../../../lib/admin/path-write';

export const GRIEVANCES_KEY = '/api/admin/grievances';
export const GRIEVANCE_SETTINGS_KEY = '/api/admin/settings/grievance';
export const HOLIDAYS_KEY = '/api/admin/settings/holidays';

export interface GrievanceFilters {
  status: GrievanceStatus | '';
  overdue: boolean;
  search: string;
}
const queryOf = (f: GrievanceFilters) => ({ status: f.status || undefined, overdue: f.overdue ? ('1' as const) : undefined, search: f.search.trim() || undefined });

/** GET /api/admin/grievances with the filters. */
export function useGrievances(f: GrievanceFilters) {
  return useQuery({ queryKey: [GRIEVANCES_KEY, f], queryFn: () => getRoute('GET /api/admin/grievances', { query: queryOf(f) }), placeholderData: keepPreviousData });
}
export const registerUrl = (f: GrievanceFilters) => routeUrl('GET /api/admin/grievances/export', { query: queryOf(f) });

export type GrievanceAction = 'acknowledge' | 'action' | 'delay' | 'resolve' | 'reject';
const DONE: Record<GrievanceAction, string> = {
  acknowledge: 'Complaint acknowledged',
  action: 'Action note added',
  delay: 'Reason for the delay sent',
  resolve: 'Complaint resolved',
  reject: 'Complaint rejected',
};

/** POST /api/admin/grievances/:id/<action>: each is mailed to the complainant. */
export function useGrievanceAction(id: string, action: GrievanceAction) {
  return useAuditedWrite({
    request: (body: Record<string, string | undefined>) => apiRequest<AdminGrievance>('POST', `${GRIEVANCES_KEY}/${id}/${action}`, body),
    errorFallback: 'The complaint could not be updated',
    successToast: () => ({ title: DONE[action], description: 'The complainant has been emailed.' }),
    paths: [GRIEVANCES_KEY],
    onFailure: useInvalidatePaths([GRIEVANCES_KEY]),
  });
}

export function useGrievanceSettings() {
  return useQuery({ queryKey: [GRIEVANCE_SETTINGS_KEY], queryFn: () => getRoute('GET /api/admin/settings/grievance') });
}

export function useSaveGrievanceSettings() {
  return usePathWrite<GrievanceSettingsInput, GrievanceSettingsView>('PUT', GRIEVANCE_SETTINGS_KEY, { failed: 'Failed to save the grievance officers', done: GRIEVANCE_MSG.saved });
}

export function useHolidays() {
  return useQuery({ queryKey: [HOLIDAYS_KEY], queryFn: () => getRoute('GET /api/admin/settings/holidays') });
}

export function useAddHoliday() {
  return usePathWrite<HolidayInput, Holiday>('POST', HOLIDAYS_KEY, { failed: 'Failed to add the holiday', done: GRIEVANCE_MSG.holidayAdded });
}

export function useRemoveHoliday() {
  return useAuditedWrite({
    request: (day: string) => apiRequest<{ message: string }>('DELETE', `${HOLIDAYS_KEY}/${day}`),
    errorFallback: 'Failed to remove the holiday',
    successToast: () => ({ title: GRIEVANCE_MSG.holidayRemoved }),
    paths: [HOLIDAYS_KEY],
  });
}
