import type { AdminUserEditRequest, CreateUserRequest, MemberEditRequest } from '@contracts';
import { apiRequest } from '../../../lib/api';
import { useApiMutation } from '../../../lib/mutation';
import { useInvalidateUsers } from '../../../lib/admin/queries';

type Answer = { message?: string };
const userPath = (id: string) => `/api/users/${encodeURIComponent(id)}`;
const adminUserPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

/** A change that needs a second admin is answered 202 (issue 13): 'Sent for approval' instead of the saved toast. */
const savedOrSent = (data: Answer, status: number) => (status === 202 ? { title: 'Sent for approval', description: data?.message } : { title: 'Success', description: 'User updated successfully' });

/** PATCH /api/users/:id: names, email, role, status (Edit Member). */
export function useEditMember(id: string) {
  const invalidate = useInvalidateUsers();
  return useApiMutation({
    request: (body: MemberEditRequest) => apiRequest<Answer>('PATCH', userPath(id), body),
    errorFallback: 'Failed to update user',
    successToast: (data, _v, status) => savedOrSent(data, status),
    invalidate,
  });
}

/** PATCH /api/admin/users/:id: the details, package, password and PIN (Edit User Details). */
export function useEditUser(id: string) {
  const invalidate = useInvalidateUsers();
  return useApiMutation({
    request: (body: AdminUserEditRequest) => apiRequest<Answer>('PATCH', adminUserPath(id), { ...body, id }),
    errorFallback: 'Failed to update user',
    successToast: (data, _v, status) => savedOrSent(data, status),
    invalidate,
  });
}

/** POST /api/users: an invited account and its invitation mail ('Signup email sent'). */
export function useInviteUser() {
  const invalidate = useInvalidateUsers();
  return useApiMutation({
    request: (body: CreateUserRequest) => apiRequest<Answer>('POST', '/api/users', body),
    errorFallback: 'Failed to create user',
    successToast: (data, body, status) =>
      status === 202 ? { title: 'Sent for approval', description: data?.message } : { title: data?.message || 'Signup email sent', description: `An invitation was sent to ${body.email}.` },
    invalidate,
  });
}

// The row actions close their dialog at once and let the lists refetch behind it.
function useRefreshUsers() {
  const invalidate = useInvalidateUsers();
  return () => {
    void invalidate();
  };
}

/** PATCH /api/admin/users/:id/status: block (inactive) or activate. */
export function useSetUserStatus() {
  return useApiMutation({
    request: ({ id, status }: { id: string; status: 'active' | 'inactive' }) => apiRequest<Answer>('PATCH', `${adminUserPath(id)}/status`, { status }),
    errorFallback: 'Failed to update user status',
    successToast: (data, { status }) => ({ title: 'Success', description: data?.message || (status === 'active' ? 'User activated' : 'User blocked') }),
    invalidate: useRefreshUsers(),
  });
}

/** DELETE /api/users/:id. */
export function useDeleteUser() {
  return useApiMutation({
    request: (id: string) => apiRequest<Answer>('DELETE', userPath(id)),
    errorFallback: 'Failed to delete user',
    successToast: (data) => ({ title: 'Success', description: data?.message || 'User deleted successfully' }),
    invalidate: useRefreshUsers(),
  });
}

/** POST /api/admin/users/:id/two-factor/reset: for a lost phone. */
export function useResetTwoFactor() {
  return useApiMutation({
    request: (id: string) => apiRequest<Answer>('POST', `${adminUserPath(id)}/two-factor/reset`),
    errorFallback: 'Two-factor sign-in could not be reset',
    // An admin's or founder's reset waits for a third person (202, issue 29).
    successToast: (data, _vars, status) =>
      status === 202 ? { title: 'Sent for approval', description: data?.message } : { title: 'Success', description: data?.message || 'Two-factor sign-in was reset' },
    invalidate: useRefreshUsers(),
  });
}
