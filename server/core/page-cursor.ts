import type { Page } from '../../contracts/wallet';
import { badRequest } from './app-error';

/**
 * Keyset page cursors of the newest-first lists, base64url JSON: the last row's (time or amount, id) for
 * wallet balances and orders, the last row's ledger `seq` for the ledger lists (statement, fund history).
 * What comes back is checked before it reaches a query.
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

/** Cursor of a ledger list: the last row's `seq`, unique across the ledger, so it alone positions the next page. */
export function encodeSeqCursor(seq: number) {
  return Buffer.from(JSON.stringify({ seq })).toString('base64url');
}

/** A ledger cursor is `{ seq }` with a positive safe integer; anything else is refused, never sent to the database. */
export function decodeSeqCursor(cursor: string | undefined): { seq: number } | undefined {
  if (!cursor) return undefined;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    const seq = v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as { seq?: unknown }).seq : undefined;
    if (typeof seq === 'number' && Number.isSafeInteger(seq) && seq > 0) return { seq };
  } catch {
    /* fall through */
  }
  throw badRequest('Invalid page cursor', { cursor: ['Invalid page cursor'] });
}

function pageWith<R, T>(rows: R[], limit: number, cursorOf: (r: R) => string, map: (r: R) => T): Page<T> {
  const more = rows.length > limit;
  const items = rows.slice(0, limit);
  return { items: items.map(map), nextCursor: more ? cursorOf(items[items.length - 1]) : null };
}

/** One page from limit + 1 rows: the first `limit` mapped, and a cursor when there was one more. */
export function pageOf<R, T>(rows: R[], limit: number, at: (r: R) => [Date | string, string], map: (r: R) => T): Page<T> {
  return pageWith(rows, limit, (r) => encodeCursor(...at(r)), map);
}

/** pageOf for the ledger lists, whose cursor is the last row's `seq`. */
export function ledgerPageOf<R, T>(rows: R[], limit: number, seqOf: (r: R) => number, map: (r: R) => T): Page<T> {
  return pageWith(rows, limit, (r) => encodeSeqCursor(seqOf(r)), map);
}
