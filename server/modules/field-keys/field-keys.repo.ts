import { sql, type SQL } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import type { SealedColumn } from '../../db/sealed-columns';

/**
 * The SQL of the key rotation (field-keys.service.ts): finds rows with a sealed value not under the current key (or
 * not sealed at all: stored before encryption), and writes their new envelopes back only where nobody changed the
 * row in between and nobody holds it locked, so it never overwrites the app's own writes and, until its patient
 * passes (rows read under a lock, lock_timeout bounded), never waits on them.
 */

/** The primary key of each table that holds a sealed column, and how many rows a batch takes. */
export const SEALED_TABLES: Record<string, { pk: { name: string; type: 'uuid' | 'text' }[]; batch: number }> = {
  users: { pk: [{ name: 'id', type: 'uuid' }], batch: 500 },
  user_payout_details: { pk: [{ name: 'user_id', type: 'uuid' }], batch: 500 },
  pending_recruits: { pk: [{ name: 'id', type: 'uuid' }], batch: 500 },
  kyc_documents: { pk: [{ name: 'id', type: 'uuid' }], batch: 500 },
  withdrawal_requests: { pk: [{ name: 'id', type: 'uuid' }], batch: 500 },
  idempotency_keys: {
    pk: [
      { name: 'user_id', type: 'uuid' },
      { name: 'key', type: 'text' },
    ],
    batch: 500,
  },
  approval_requests: { pk: [{ name: 'id', type: 'uuid' }], batch: 500 },
  // Documents are up to a few megabytes each.
  document_blobs: { pk: [{ name: 'storage_key', type: 'text' }], batch: 8 },
};

const id = (name: string) => sql.identifier(name);

/** True for a value that is set and not an envelope under the key whose prefix is `prefix`. */
function stale(c: SealedColumn, prefix: string): SQL {
  const col = sql`t.${id(c.column)}`;
  const n = prefix.length;
  switch (c.kind) {
    case 'text': {
      const value = sql`(${col} is not null and ${col} <> '' and left(${col}, ${n}::int) <> ${prefix}::text)`;
      // A value without its lookup hash is rewritten too (the hash is written with the envelope).
      return c.hash ? sql`(${value} or (${col} is not null and ${col} <> '' and t.${id(c.hash.column)} is null))` : value;
    }
    case 'bytes':
      return sql`(${col} is not null and encode(substring(${col} from 1 for ${n}::int), 'escape') <> ${prefix}::text)`;
    case 'json-field':
      return sql`(${col} is not null and coalesce(${col} ->> ${c.field!}::text, '') <> '' and left(${col} ->> ${c.field!}::text, ${n}::int) <> ${prefix}::text)`;
    case 'json':
      return sql`(${col} is not null and left(coalesce(${col} ->> 'sealed', ''), ${n}::int) <> ${prefix}::text)`;
  }
}

const pkList = (table: string, alias = 't') =>
  sql.join(
    SEALED_TABLES[table].pk.map((k) => sql`${sql.raw(alias)}.${id(k.name)}`),
    sql`, `,
  );

/** The stored form the service reads: text as it is, jsonb as its text, bytea as bytes. */
function selected(c: SealedColumn): SQL {
  const col = sql`t.${id(c.column)}`;
  return c.kind === 'json' || c.kind === 'json-field' ? sql`${col}::text as ${id(c.column)}` : sql`${col} as ${id(c.column)}`;
}

export type StoredRow = Record<string, unknown>;

/**
 * The next rows after `after` (keyset on the primary key) holding a value that is not under the current key, read
 * without locks; with `lock`, locked for update (inside the caller's transaction, waiting for the app's own).
 */
export async function staleRows(db: DbOrTx, table: string, columns: SealedColumn[], prefix: string, after: unknown[] | null, limit: number, opts: { lock?: boolean } = {}): Promise<StoredRow[]> {
  const pk = SEALED_TABLES[table].pk;
  const keyset = after
    ? sql`and (${pkList(table)}) > (${sql.join(
        pk.map((k, i) => sql`${after[i]}::${sql.raw(k.type)}`),
        sql`, `,
      )})`
    : sql``;
  const hashes = columns.filter((c) => c.hash).map((c) => sql`t.${id(c.hash!.column)} as ${id(c.hash!.column)}`);
  return rawRows<StoredRow>(
    db,
    sql`
    select ${sql.join([...pk.map((k) => sql`t.${id(k.name)}::text as ${id(k.name)}`), ...columns.map(selected), ...hashes], sql`, `)}
    from ${id(table)} t
    where (${sql.join(
      columns.map((c) => stale(c, prefix)),
      sql` or `,
    )}) ${keyset}
    order by ${pkList(table)}
    limit ${limit}::int${opts.lock ? sql` for update of t` : sql``}`,
  );
}

/** Inside a transaction: waits at most `ms` for a row lock instead of the server's default (forever). */
export async function limitLockWait(tx: DbOrTx, ms: number): Promise<void> {
  await rawRows(tx, sql`select set_config('lock_timeout', ${`${Math.max(1, Math.round(ms))}ms`}, true)`);
}

/** True for PostgreSQL's "lock not available" (lock_timeout ran out). */
export const isLockTimeout = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '55P03' || e?.cause?.code === '55P03';
};

/** How many rows of `table` hold a value not under the current key. */
export async function countStale(db: DbOrTx, table: string, columns: SealedColumn[], prefix: string): Promise<number> {
  const [row] = await rawRows<{ n: number }>(
    db,
    sql`
    select count(*)::int as n from ${id(table)} t where ${sql.join(
      columns.map((c) => stale(c, prefix)),
      sql` or `,
    )}`,
  );
  return Number(row?.n ?? 0);
}

/** One row's new stored values: `before` is what was read (the compare-and-set), `after` what to write. */
export interface RowRewrite {
  pk: string[];
  before: Record<string, string | null>;
  after: Record<string, string | null>;
}

/**
 * Writes a batch of text or jsonb rewrites in one statement: rows another transaction holds locked are skipped
 * (SKIP LOCKED, so this never waits on the app), and so are rows whose sealed columns changed since they were read.
 * Answers how many rows it wrote.
 */
export async function rewriteRows(db: DbOrTx, table: string, columns: SealedColumn[], rewrites: RowRewrite[]): Promise<number> {
  if (!rewrites.length) return 0;
  const pk = SEALED_TABLES[table].pk;
  const written = columns.flatMap((c) => (c.hash ? [c.column, c.hash.column] : [c.column]));
  const isJson = (name: string) => columns.some((c) => c.column === name && (c.kind === 'json' || c.kind === 'json-field'));
  const arrays: SQL[] = [];
  const names: string[] = [];
  pk.forEach((k, i) => {
    arrays.push(sql`${sql.param(rewrites.map((r) => r.pk[i]))}::${sql.raw(k.type)}[]`);
    names.push(`k${i}`);
  });
  written.forEach((name, i) => {
    arrays.push(sql`${sql.param(rewrites.map((r) => r.before[name] ?? null))}::text[]`);
    arrays.push(sql`${sql.param(rewrites.map((r) => r.after[name] ?? null))}::text[]`);
    names.push(`o${i}`, `n${i}`);
  });
  const value = (name: string, i: number, which: 'o' | 'n') => (isJson(name) ? sql`v.${sql.raw(which + i)}::jsonb` : sql`v.${sql.raw(which + i)}`);
  const pkMatch = (alias: string) =>
    sql.join(
      pk.map((k, i) => sql`${sql.raw(alias)}.${id(k.name)} = v.${sql.raw(`k${i}`)}`),
      sql` and `,
    );
  const rows = await rawRows<{ n: number }>(
    db,
    sql`
    with v as (select * from unnest(${sql.join(arrays, sql`, `)}) as v(${sql.raw(names.join(', '))})),
    locked as (
      select ${pkList(table, 'l')} from ${id(table)} l join v on ${pkMatch('l')}
      for update of l skip locked
    ),
    done as (
      update ${id(table)} t set ${sql.join(
        written.map((name, i) => sql`${id(name)} = ${value(name, i, 'n')}`),
        sql`, `,
      )}
      from v
      where ${pkMatch('t')}
        and (${pkList(table)}) in (select * from locked)
        and ${sql.join(
          written.map((name, i) => sql`t.${id(name)} is not distinct from ${value(name, i, 'o')}`),
          sql` and `,
        )}
      returning 1
    )
    select count(*)::int as n from done`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Writes one document's new bytes unless the row is locked or its bytes changed since they were read (their first
 * 40 bytes: the header and the random IV of an envelope, or the start of a file stored before encryption).
 */
export async function rewriteBlob(db: DbOrTx, table: string, column: string, keyValue: string, beforeHeadHex: string, after: Buffer): Promise<boolean> {
  const pk = SEALED_TABLES[table].pk[0];
  const rows = await rawRows<{ k: string }>(
    db,
    sql`
    update ${id(table)} t set ${id(column)} = ${after}
    where t.${id(pk.name)} = ${keyValue}
      and t.${id(pk.name)} in (select l.${id(pk.name)} from ${id(table)} l where l.${id(pk.name)} = ${keyValue} for update skip locked)
      and encode(substring(t.${id(column)} from 1 for 40), 'hex') = ${beforeHeadHex}
    returning t.${id(pk.name)} as k`,
  );
  return rows.length > 0;
}

export const MARKER_KEY = 'keys.encrypt-legacy';

/** Whether migration 0028's request to encrypt the values stored before it is still open. */
export async function legacyMarkerOpen(db: DbOrTx): Promise<boolean> {
  const rows = await rawRows<{ key: string }>(db, sql`select key from jobs where key = ${MARKER_KEY}`);
  return rows.length > 0;
}

/** Closes that request once the sweep ran (unless a job worker holds it: it deletes the row when it finishes). */
export async function closeLegacyMarker(db: DbOrTx, now: Date) {
  await db.execute(sql`delete from jobs where key = ${MARKER_KEY} and (locked_until is null or locked_until < ${now.toISOString()}::timestamptz)`);
}
