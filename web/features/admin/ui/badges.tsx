import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { titleCase } from '../../../lib/format';

/** Account status as the admin sees it: inactive is shown as Blocked (doc 2 §3). */
const USER_STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  inactive: { label: 'Blocked', tone: 'danger' },
  pending: { label: 'Pending', tone: 'warning' },
  registered: { label: 'Email not verified', tone: 'warning' },
  invited: { label: 'Invited', tone: 'info' },
  rejected: { label: 'Rejected', tone: 'danger' },
  suspended: { label: 'Suspended', tone: 'danger' },
};

export function userStatusLabel(status: string): string {
  return USER_STATUS[status]?.label ?? titleCase(status);
}

export function UserStatusBadge({ status }: { status: string }) {
  const look = USER_STATUS[status] ?? { label: titleCase(status), tone: 'neutral' as const };
  return <Badge tone={look.tone}>{look.label}</Badge>;
}

/** Unknown KYC values are shown as Pending (doc 2 §4). */
export function KycBadge({ status }: { status: string }) {
  if (status === 'approved') return <Badge tone="success">Approved</Badge>;
  if (status === 'rejected') return <Badge tone="danger">Rejected</Badge>;
  return <Badge tone="warning">Pending</Badge>;
}

export function WithdrawBadge({ status }: { status: string | null }) {
  if (!status) return <span className="text-slate-500">None</span>;
  if (status === 'approved') return <Badge tone="success">Approved</Badge>;
  if (status === 'rejected') return <Badge tone="danger">Rejected</Badge>;
  if (status === 'pending') return <Badge tone="warning">Pending</Badge>;
  return <Badge>{titleCase(status)}</Badge>;
}

const ROLE: Record<string, string> = { admin: 'Admin', user: 'Member', founder: 'Founder', mini_franchise: 'Mini Franchise', basic_franchise: 'Basic Franchise' };

export function roleLabel(role: string): string {
  return ROLE[role] ?? titleCase(role);
}

/** A role badge for everyone but ordinary members. */
export function RoleBadge({ role }: { role: string }) {
  if (role === 'user') return null;
  return <Badge tone={role === 'admin' ? 'brand' : role === 'founder' ? 'warning' : 'info'}>{roleLabel(role)}</Badge>;
}
