import type { CurrentUser, KycStatus, UserStatus } from '@contracts';
import type { BadgeTone } from '../../components/ui/badge';

export const ROLE_LABELS: Record<CurrentUser['role'], string> = {
  admin: 'Admin',
  user: 'Member',
  founder: 'Founder',
  mini_franchise: 'Mini Franchise',
  basic_franchise: 'Basic Franchise',
};

export const STATUS_LABELS: Record<UserStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  pending: { label: 'Pending Approval', tone: 'warning' },
  registered: { label: 'Email Not Verified', tone: 'warning' },
  invited: { label: 'Invited', tone: 'info' },
  inactive: { label: 'Inactive', tone: 'neutral' },
  rejected: { label: 'Rejected', tone: 'danger' },
  suspended: { label: 'Suspended', tone: 'danger' },
};

export const KYC_STATUS_LABELS: Record<KycStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
};
