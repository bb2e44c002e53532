import { format, formatDistanceToNow, isValid, parseISO } from 'date-fns';

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const d = typeof value === 'string' ? parseISO(value) : value;
  return isValid(d) ? d : null;
}

/** "Mar 05, 2025" */
export function formatDate(value: string | Date | null | undefined, fallback = '—'): string {
  const d = toDate(value);
  return d ? format(d, 'MMM dd, yyyy') : fallback;
}

/** "Mar 05, 2025, 14:30" */
export function formatDateTime(value: string | Date | null | undefined, fallback = '—'): string {
  const d = toDate(value);
  return d ? format(d, 'MMM dd, yyyy, HH:mm') : fallback;
}

/** "pending_recruit" -> "Pending Recruit" */
export function titleCase(value: string): string {
  return value
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

export function fullName(u: { firstName: string | null; lastName: string | null }, fallback = ''): string {
  return [u.firstName, u.lastName].filter(Boolean).join(' ') || fallback;
}

export function initials(u: { firstName: string | null; lastName: string | null; userId?: string }): string {
  const letters = [u.firstName, u.lastName]
    .filter(Boolean)
    .map((s) => s!.trim()[0])
    .join('');
  return (letters || u.userId?.slice(0, 2) || '?').toUpperCase();
}

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(0)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}

/** "Good morning" before noon, "Good afternoon" until 5 pm, then "Good evening" (the viewer's local time). */
export function timeOfDayGreeting(date: Date = new Date()): string {
  const hour = date.getHours();
  return hour < 12 ? 'Good morning' : hour < 17 ? 'Good afternoon' : 'Good evening';
}

/** "5 minutes ago", "in 2 days"; the fallback when the value is missing or unreadable. */
export function formatRelative(value: string | Date | null | undefined, fallback = '—'): string {
  const d = toDate(value);
  return d ? formatDistanceToNow(d, { addSuffix: true }) : fallback;
}

/**
 * The short form of a record's id shown to people (orders, tickets): its last eight hex digits. Ids made in time
 * order (UUIDv7, purchases) share their first digits for about a minute, so the start would not tell them apart.
 */
export const shortId = (id: string) => id.replace(/-/g, '').slice(-8).toUpperCase();

export { browserTimeZone } from './time-zone';
