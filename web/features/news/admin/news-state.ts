import { format, isValid, parseISO } from 'date-fns';
import type { NewsView } from './news-api';
import { newsStateAt, type NewsState } from '@contracts';

export type { NewsState };

/**
 * The state the server gave with the item (by its clock), else by this browser's clock: live = active, published (no
 * date or in the past) and not expired, what GET /api/news serves to members.
 */
export function newsState(n: Pick<NewsView, 'isActive' | 'publishedAt' | 'expiresAt'> & { state?: NewsState }, now?: number): NewsState {
  if (now === undefined && n.state) return n.state;
  return newsStateAt(n, now ?? Date.now());
}

/** ISO (with offset) -> the value of a datetime-local input, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = parseISO(iso);
  return isValid(d) ? format(d, "yyyy-MM-dd'T'HH:mm") : '';
}

/** A datetime-local value -> ISO 8601 with the browser's offset ("2026-03-05T14:30:00+05:30"); blank stays blank. */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const d = new Date(value);
  return isValid(d) ? format(d, "yyyy-MM-dd'T'HH:mm:ssxxx") : value;
}
