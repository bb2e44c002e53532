import type { BadgeTone } from '../components/ui/badge';
import { titleCase } from './format';

/**
 * Every status the web app shows as a badge: one map per kind of status, its words and colour. The badges
 * (`StatusBadge` in components/ui/badge.tsx and the features' named badges) and the select options read them here.
 */
export type StatusLook = { label: string; tone: BadgeTone; hint?: string };
export type StatusMap = Record<string, StatusLook>;

/** The look of a value; one the map does not know reads as its own words in neutral (or as `fallback`). */
export function lookOf(map: StatusMap, value: string, fallback?: string): StatusLook {
  return map[value] ?? (fallback ? map[fallback] : undefined) ?? { label: titleCase(value), tone: 'neutral' };
}
export const labelOf = (map: StatusMap, value: string) => lookOf(map, value).label;

/** An account's status in the member's words. */
export const USER_STATUS = {
  active: { label: 'Active', tone: 'success' },
  pending: { label: 'Pending Approval', tone: 'warning' },
  registered: { label: 'Email Not Verified', tone: 'warning' },
  invited: { label: 'Invited', tone: 'info' },
  inactive: { label: 'Inactive', tone: 'neutral' },
  rejected: { label: 'Rejected', tone: 'danger' },
  suspended: { label: 'Suspended', tone: 'danger' },
} satisfies StatusMap;

/** The same statuses as the admin sees them: inactive is shown as Blocked (doc 2 §3). */
export const ADMIN_USER_STATUS: StatusMap = {
  ...USER_STATUS,
  inactive: { label: 'Blocked', tone: 'danger' },
  pending: { label: 'Pending', tone: 'warning' },
  registered: { label: 'Email not verified', tone: 'warning' },
};

export const ROLE_LABELS = { admin: 'Admin', user: 'Member', founder: 'Founder', mini_franchise: 'Mini Franchise', basic_franchise: 'Basic Franchise' } as const;

/** A reviewed request: KYC, a franchise request, a withdrawal. */
export const REVIEW_STATUS = {
  pending: { label: 'Pending', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
} satisfies StatusMap;

/** Support tickets (doc 3 §3.3, doc 2 §2.13). */
export const TICKET_STATUS: StatusMap = {
  open: { label: 'Open', tone: 'info' },
  in_progress: { label: 'In Progress', tone: 'warning' },
  resolved: { label: 'Resolved', tone: 'success' },
  closed: { label: 'Closed', tone: 'neutral' },
};

/** Ticket and news priorities share the scale's words and colours (news also has Normal). */
export const PRIORITY: StatusMap = {
  low: { label: 'Low', tone: 'neutral' },
  normal: { label: 'Normal', tone: 'neutral' },
  medium: { label: 'Medium', tone: 'info' },
  high: { label: 'High', tone: 'warning' },
  urgent: { label: 'Urgent', tone: 'danger' },
};

/** Payment status colours of doc 3 §3.3; completed reads "Paid". */
export const PAYMENT_STATUS: StatusMap = {
  completed: { label: 'Paid', tone: 'success' },
  pending: { label: 'Pending', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
};

export const DELIVERY_STATUS: StatusMap = {
  pending: { label: 'Pending', tone: 'neutral' },
  processing: { label: 'Processing', tone: 'info' },
  shipped: { label: 'Shipped', tone: 'brand' },
  delivered: { label: 'Delivered', tone: 'success' },
  cancelled: { label: 'Cancelled', tone: 'danger' },
};

/** open → closed → calculated → approved → posted (docs/spec/compensation.md §2). */
export const CYCLE_STATUS: StatusMap = {
  open: { label: 'Open', tone: 'info' },
  closed: { label: 'Closed', tone: 'neutral' },
  calculated: { label: 'Calculated', tone: 'warning' },
  approved: { label: 'Approved', tone: 'brand' },
  posted: { label: 'Posted', tone: 'success' },
};

export const PLAN_STATUS: StatusMap = {
  draft: { label: 'Draft', tone: 'warning' },
  active: { label: 'Active', tone: 'brand' },
  retired: { label: 'Retired', tone: 'neutral' },
};

/** A pending recruit's way through the queue; the hint is the badge's title. */
export const RECRUIT_STATUS: StatusMap = {
  awaiting_upline: { label: 'Awaiting upline', tone: 'info', hint: 'The upline has not chosen a side yet' },
  awaiting_admin: { label: 'Awaiting admin', tone: 'warning', hint: 'Ready for your approval' },
  approved: { label: 'Approved', tone: 'success', hint: 'Placed in the tree' },
  rejected: { label: 'Rejected', tone: 'danger', hint: 'Rejected; cannot be decided again' },
};
