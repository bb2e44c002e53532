import type { Page } from '../../contracts/wallet';
import { badRequest } from './app-error';

/**
 * Keyset page cursors of the newest-first lists (ledger, fund history, wallet balances, orders): the last
 * row's (time or amount, id), base64url JSON. What comes back is checked before it reaches a query.
 */
export function encodeCursor(at: Date | string, id: string) {
  return Buffer.from(JSON.stringify([at instanceof Date ? at.toISOString() : at, id])).toString('base64url');
}

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MONEY = /^\d{1,12}(\.\d{1,2})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A cursor is (time, id) or, for wallet balances, (amount, id); anything else is refused, never sent to the database. */
export function decodeCursor(cursor: string | undefined, kind: 'time' | 'money' = 'time') {
  if (!cursor) return undefined;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    const okAt = typeof at === 'string' && (kind === 'time' ? ISO_MS.test(at) && !Number.isNaN(Date.parse(at)) : MONEY.test(at));
    if (okAt && typeof id === 'string' && UUID.test(id)) return { at: at as string, id };
  } catch {
    /* fall through */
  }
  throw badRequest('Invalid page cursor', { cursor: ['Invalid page cursor'] });
}

/** One page from limit + 1 rows: the first `limit` mapped, and a cursor when there was one more. */
export function pageOf<R, T>(rows: R[], limit: number, at: (r: R) => [Date | string, string], map: (r: R) => T): Page<T> {
  const more = rows.length > limit;
  const items = rows.slice(0, limit);
  return { items: items.map(map), nextCursor: more ? encodeCursor(...at(items[items.length - 1])) : null };
}
