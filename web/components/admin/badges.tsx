import { Badge, StatusBadge } from '../ui/badge';
import { titleCase } from '../../lib/format';
import { ADMIN_USER_STATUS, labelOf, REVIEW_STATUS, ROLE_LABELS } from '../../lib/status-looks';

export const userStatusLabel = (status: string) => labelOf(ADMIN_USER_STATUS, status);

export function UserStatusBadge({ status }: { status: string }) {
  return <StatusBadge map={ADMIN_USER_STATUS} value={status} />;
}

/** Unknown KYC values are shown as Pending (doc 2 §4). */
export function KycBadge({ status }: { status: string }) {
  return <StatusBadge map={REVIEW_STATUS} value={status} fallback="pending" />;
}

export function WithdrawBadge({ status }: { status: string | null }) {
  if (!status) return <span className="text-slate-500">None</span>;
  return <StatusBadge map={REVIEW_STATUS} value={status} />;
}

export const roleLabel = (role: string): string => (ROLE_LABELS as Record<string, string>)[role] ?? titleCase(role);

/** A role badge for everyone but ordinary members. */
export function RoleBadge({ role }: { role: string }) {
  if (role === 'user') return null;
  return <Badge tone={role === 'admin' ? 'brand' : role === 'founder' ? 'warning' : 'info'}>{roleLabel(role)}</Badge>;
}
