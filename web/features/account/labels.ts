import type { CurrentUser, KycStatus, UserStatus } from '@contracts';
import { REVIEW_STATUS, ROLE_LABELS as ROLES, USER_STATUS, type StatusLook } from '../../lib/status-looks';

export const ROLE_LABELS: Record<CurrentUser['role'], string> = ROLES;
export const STATUS_LABELS: Record<UserStatus, StatusLook> = USER_STATUS;
export const KYC_STATUS_LABELS: Record<KycStatus, StatusLook> = REVIEW_STATUS;
