import { CannotLoginMessage, IMPERSONATION_WINDOW } from '@contracts';
import { toast, toastError } from '../../../components/ui/toast';
import { apiRequest, errorMessage } from '../../../lib/api';
import type { AdminUserRow } from '../../../lib/admin/types';

/** Only active, non-admin users can be logged into (docs/spec/decisions.md §8); the server says the same with 409. */
function refusal(row: Pick<AdminUserRow, 'role' | 'status'>): string | null {
  if (row.role === 'admin') return 'Cannot login as another admin.';
  if (row.status !== 'active') return CannotLoginMessage(row.status);
  return null;
}

export function canImpersonate(row: Pick<AdminUserRow, 'role' | 'status'>): boolean {
  return refusal(row) === null;
}

function cannotLogin(description: string) {
  toastError(description, 'Cannot Login');
}

/**
 * Login as user: POST /api/admin/login-as-user/:id, then the code's address in a new 1200x800
 * window. The window is opened at the click (so popup blockers allow it) and pointed at the
 * address once the code arrives; it is closed again when the server refuses.
 */
export async function loginAsUserInNewWindow(row: AdminUserRow): Promise<void> {
  const refused = refusal(row);
  if (refused) {
    cannotLogin(refused);
    return;
  }
  const win = window.open('', '_blank', `width=${IMPERSONATION_WINDOW.width},height=${IMPERSONATION_WINDOW.height}`);
  if (!win) {
    toastError('Please allow popups to open the user session.', 'Popup blocked');
    return;
  }
  try {
    win.document.title = 'Opening user session...';
    win.document.body.textContent = 'Opening the user session...';
  } catch {
    // Cosmetic only.
  }
  try {
    const res = await apiRequest<{ message?: string; code: string; url: string }>('POST', `/api/admin/login-as-user/${encodeURIComponent(row.id)}`);
    if (!res.ok) {
      win.close();
      if (res.status === 409) cannotLogin(res.error.message || CannotLoginMessage(row.status));
      else toastError(res.error.message || 'Failed to issue impersonation token');
      return;
    }
    if (!res.data?.url) {
      win.close();
      toastError('No URL received from server');
      return;
    }
    win.location.href = res.data.url;
    toast({ title: 'Success', description: res.data.message || 'Impersonation code issued', variant: 'success' });
  } catch (err) {
    win.close();
    toastError(errorMessage(err, 'Failed to issue impersonation token'));
  }
}

/** The alternative flow: POST /api/admin/impersonate/:id, then this window goes to the session (the app exchanges the code at startup). */
export async function impersonateHere(row: AdminUserRow): Promise<boolean> {
  const refused = refusal(row);
  if (refused) {
    cannotLogin(refused);
    return false;
  }
  try {
    const res = await apiRequest<{ code: string; redirectUrl: string }>('POST', `/api/admin/impersonate/${encodeURIComponent(row.id)}`);
    if (!res.ok) {
      if (res.status === 409) cannotLogin(res.error.message || CannotLoginMessage(row.status));
      else toastError(res.error.message || 'Failed to impersonate user');
      return false;
    }
    if (!res.data?.redirectUrl) {
      toastError('No URL received from server');
      return false;
    }
    window.location.assign(res.data.redirectUrl);
    return true;
  } catch (err) {
    toastError(errorMessage(err, 'Failed to impersonate user'));
    return false;
  }
}
