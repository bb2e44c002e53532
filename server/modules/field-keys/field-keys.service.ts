import type { AppContext } from '../../context';
import { SEALED_COLUMNS, type SealedColumn } from '../../db/sealed-columns';
import { FieldDecryptError, bytesKeyId, currentLookupHash, fieldKeys, openBytes, openText, sealBytes, sealText, textKeyId, type FieldKeyring } from '../../lib/field-crypto';
import { SEALED_TABLES, closeLegacyMarker, countStale, isLockTimeout, legacyMarkerOpen, limitLockWait, rewriteBlob, rewriteRows, staleRows, type RowRewrite, type StoredRow } from './field-keys.repo';

/**
 * Key rotation and the encryption of values stored before encryption (ADR 0011). `npm run keys:rotate`, the job
 * `keys.rotate` and the runtime's first start after migration 0028 all run `rotateFieldKeys`: every sealed column
 * of every table (db/sealed-columns.ts) is walked in primary-key order, in batches; a value that is not an envelope
 * under the current key (plaintext from before encryption, or sealed under a previous secret) is opened and sealed
 * again under the current key, its lookup hash written with it. Each batch is one short statement that skips rows
 * another transaction holds and rows changed since they were read, so it is safe while the app serves and writes;
 * skipped rows are taken again in a further pass, from the third on under a row lock (a row the app keeps writing
 * would otherwise lose the race every time). Running it again finds nothing to do.
 */

export const KEYS_ROTATE_JOB = 'keys.rotate';

export interface TableRotation {
  table: string;
  /** Rows written under the current key. */
  rewritten: number;
  /** Rows still to do after the last pass: held by another transaction or changed while being rewritten. */
  skipped: number;
  /** Values no key of the ring opens (sealed under a secret this process lacks, or altered): left as they are. */
  unreadable: number;
  samples: string[];
}

export interface RotationReport {
  keyId: string;
  tables: TableRotation[];
  rewritten: number;
  /** Rows that still hold a value not under the current key (skipped or unreadable). */
  remaining: number;
  unreadable: number;
  ms: number;
}

export interface RotationOptions {
  onProgress?: (t: TableRotation & { pass: number }) => void;
  /** Passes over a table while rows were skipped (default 10). */
  maxPasses?: number;
  pauseMs?: number;
  /** A pause after each batch, to go easy on a busy database (`--pause-ms`). */
  batchPauseMs?: number;
  /** Rows per batch instead of the table's own (tests). */
  batchSize?: number;
  /** Only these tables (tests). */
  tables?: string[];
}

/** The sealed columns grouped by table, in a fixed order; every table must have a primary key entry in SEALED_TABLES. */
export function sealedTables(): { table: string; columns: SealedColumn[] }[] {
  const byTable = new Map<string, SealedColumn[]>();
  for (const c of SEALED_COLUMNS) byTable.set(c.table, [...(byTable.get(c.table) ?? []), c]);
  return [...byTable.entries()].map(([table, columns]) => {
    if (!SEALED_TABLES[table]) throw new Error(`sealed columns of ${table} but no primary key for it in field-keys.repo SEALED_TABLES`);
    return { table, columns };
  });
}

type Rewritten = { envelope: string; plain: string } | null;

/** A text value's envelope under the current key; null when it is empty or already there. */
function resealText(ring: FieldKeyring, aad: string, stored: string, force: boolean): Rewritten {
  const keyId = textKeyId(stored);
  if (keyId === ring.current.id && !force) return null;
  const plain = keyId ? openText(ring, aad, stored) : stored;
  return { plain, envelope: keyId === ring.current.id ? stored : sealText(ring, aad, plain) };
}

/** The row's new stored values, or null when nothing changes. Throws FieldDecryptError for a value no key opens. */
function rewriteOf(ring: FieldKeyring, table: string, columns: SealedColumn[], row: StoredRow): RowRewrite | null {
  const pk = SEALED_TABLES[table].pk.map((k) => String(row[k.name]));
  const before: Record<string, string | null> = {};
  const after: Record<string, string | null> = {};
  let changed = false;
  for (const c of columns) {
    const stored = row[c.column] as string | null;
    before[c.column] = stored;
    after[c.column] = stored;
    if (c.hash) before[c.hash.column] = after[c.hash.column] = (row[c.hash.column] as string | null) ?? null;
    if (stored === null || stored === '') {
      if (c.hash && before[c.hash.column] !== null) {
        after[c.hash.column] = null;
        changed = true;
      }
      continue;
    }
    if (c.kind === 'text') {
      const r = resealText(ring, c.aad, stored, Boolean(c.hash));
      if (!r) continue;
      after[c.column] = r.envelope;
      if (c.hash) after[c.hash.column] = currentLookupHash(ring, c.hash.purpose, r.plain);
    } else if (c.kind === 'json-field') {
      const obj = JSON.parse(stored) as Record<string, unknown>;
      const v = obj?.[c.field!];
      if (typeof v !== 'string' || v === '') continue;
      const r = resealText(ring, c.aad, v, false);
      if (!r) continue;
      after[c.column] = JSON.stringify({ ...obj, [c.field!]: r.envelope });
    } else if (c.kind === 'json') {
      const obj = JSON.parse(stored) as { sealed?: unknown } | null;
      if (obj && typeof obj === 'object' && typeof obj.sealed === 'string') {
        const r = resealText(ring, c.aad, obj.sealed, false);
        if (!r) continue;
        after[c.column] = JSON.stringify({ sealed: r.envelope });
      } else {
        // Stored before encryption: the whole JSON value is the plaintext.
        after[c.column] = JSON.stringify({ sealed: sealText(ring, c.aad, stored) });
      }
    }
    if (after[c.column] !== before[c.column] || (c.hash && after[c.hash.column] !== before[c.hash.column])) changed = true;
  }
  return changed ? { pk, before, after } : null;
}

/** The pass from which a batch is read and written under a row lock (see rotateTable). */
const PATIENT_FROM_PASS = 3;
/** How long a locked batch waits for a row the app holds before the pass gives up on it. */
const LOCK_WAIT_MS = 3000;

/** The rewrites of rows read, the rows no key opens added to `unreadable`. */
function rowRewrites(ring: FieldKeyring, table: string, columns: SealedColumn[], rows: StoredRow[], unreadable: Set<string>): RowRewrite[] {
  const pk = SEALED_TABLES[table].pk;
  const rewrites: RowRewrite[] = [];
  for (const row of rows) {
    try {
      const r = rewriteOf(ring, table, columns, row);
      if (r) rewrites.push(r);
    } catch (err) {
      if (!(err instanceof FieldDecryptError) && !(err instanceof SyntaxError)) throw err;
      unreadable.add(
        failure(
          table,
          pk.map((k) => row[k.name]),
          err,
        ),
      );
    }
  }
  return rewrites;
}

/**
 * One batch read under a row lock and rewritten in the same transaction; null when a row stayed locked by the app
 * longer than LOCK_WAIT_MS (the pass ends there and the next one tries again).
 */
async function rewriteLocked(
  ctx: Pick<AppContext, 'db'>,
  ring: FieldKeyring,
  table: string,
  columns: SealedColumn[],
  after: unknown[] | null,
  batch: number,
  unreadable: Set<string>,
): Promise<{ rows: StoredRow[]; written: number; skipped: number } | null> {
  try {
    return await ctx.db.transaction(async (tx) => {
      await limitLockWait(tx, LOCK_WAIT_MS);
      const rows = await staleRows(tx, table, columns, ring.currentPrefix, after, batch, { lock: true });
      const rewrites = rowRewrites(ring, table, columns, rows, unreadable);
      const written = await rewriteRows(tx, table, columns, rewrites);
      return { rows, written, skipped: rewrites.length - written };
    });
  } catch (err) {
    if (isLockTimeout(err)) return null;
    throw err;
  }
}

const failure = (table: string, pk: unknown[], err: unknown) =>
  `${table} ${pk.join('/')}: ${err instanceof FieldDecryptError ? `${err.aad} (${err.reason}${err.keyId ? `, key ${err.keyId}` : ''})` : String(err)}`;

async function rotateTable(ctx: Pick<AppContext, 'db'>, ring: FieldKeyring, table: string, columns: SealedColumn[], opts: RotationOptions): Promise<TableRotation> {
  const pk = SEALED_TABLES[table].pk;
  const batch = opts.batchSize ?? SEALED_TABLES[table].batch;
  const maxPasses = opts.maxPasses ?? 10;
  const blob = columns.find((c) => c.kind === 'bytes');
  const result: TableRotation = { table, rewritten: 0, skipped: 0, unreadable: 0, samples: [] };
  for (let pass = 1; pass <= maxPasses; pass++) {
    let after: unknown[] | null = null;
    let skipped = 0;
    const unreadable = new Set<string>();
    // The first passes never wait: they skip what the app holds or changes. A row the app keeps writing can lose that
    // race on every pass, so from the third pass on a batch is read under a row lock in a transaction (waiting briefly
    // for the app's own short transactions) and written in that same transaction: it cannot change in between.
    const patient = !blob && pass >= PATIENT_FROM_PASS;
    for (;;) {
      let rows: StoredRow[];
      if (patient) {
        const locked = await rewriteLocked(ctx, ring, table, columns, after, batch, unreadable);
        if (!locked) {
          skipped++;
          break;
        }
        rows = locked.rows;
        result.rewritten += locked.written;
        skipped += locked.skipped;
      } else rows = await staleRows(ctx.db, table, columns, ring.currentPrefix, after, batch);
      if (!rows.length) break;
      after = pk.map((k) => rows[rows.length - 1][k.name]);
      if (blob) {
        for (const row of rows) {
          const key = String(row[pk[0].name]);
          const stored = row[blob.column] as Uint8Array;
          try {
            const plain = bytesKeyId(stored) ? openBytes(ring, blob.aad, stored) : Buffer.from(stored);
            const head = Buffer.from(stored.subarray(0, 40)).toString('hex');
            if (await rewriteBlob(ctx.db, table, blob.column, key, head, sealBytes(ring, blob.aad, plain))) result.rewritten++;
            else skipped++;
          } catch (err) {
            if (!(err instanceof FieldDecryptError)) throw err;
            unreadable.add(failure(table, [key], err));
          }
        }
      } else if (!patient) {
        const rewrites = rowRewrites(ring, table, columns, rows, unreadable);
        const written = await rewriteRows(ctx.db, table, columns, rewrites);
        result.rewritten += written;
        skipped += rewrites.length - written;
      }
      result.skipped = skipped;
      result.unreadable = unreadable.size;
      result.samples = [...unreadable].slice(0, 10);
      opts.onProgress?.({ ...result, pass });
      if (rows.length < batch) break;
      if (opts.batchPauseMs) await new Promise((r) => setTimeout(r, opts.batchPauseMs));
    }
    result.skipped = skipped;
    result.unreadable = unreadable.size;
    result.samples = [...unreadable].slice(0, 10);
    if (!skipped) break;
    if (pass < maxPasses) await new Promise((r) => setTimeout(r, opts.pauseMs ?? 200));
  }
  return result;
}

/** Re-encrypts every sealed value not under the current key (see above); safe while the app runs, idempotent. */
export async function rotateFieldKeys(ctx: Pick<AppContext, 'db'>, opts: RotationOptions = {}): Promise<RotationReport> {
  const started = Date.now();
  const ring = fieldKeys();
  const tables: TableRotation[] = [];
  for (const { table, columns } of sealedTables()) {
    if (opts.tables && !opts.tables.includes(table)) continue;
    tables.push(await rotateTable(ctx, ring, table, columns, opts));
  }
  const sum = (f: (t: TableRotation) => number) => tables.reduce((n, t) => n + f(t), 0);
  return {
    keyId: ring.current.id,
    tables,
    rewritten: sum((t) => t.rewritten),
    remaining: sum((t) => t.skipped + t.unreadable),
    unreadable: sum((t) => t.unreadable),
    ms: Date.now() - started,
  };
}

/** Rows per table that hold a value not under the current key (`npm run keys:rotate -- --check`). */
export async function staleCounts(ctx: Pick<AppContext, 'db'>): Promise<{ table: string; stale: number }[]> {
  const prefix = fieldKeys().currentPrefix;
  const out: { table: string; stale: number }[] = [];
  for (const { table, columns } of sealedTables()) out.push({ table, stale: await countStale(ctx.db, table, columns, prefix) });
  return out;
}

/**
 * At start, after the migrations: when migration 0028's request is still open, encrypts the values stored before
 * encryption before the app serves (reads of a sealed column refuse anything that is not an envelope), then closes
 * the request. Answers the report, or null when there was nothing to do.
 */
export async function encryptLegacyValues(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<RotationReport | null> {
  if (!(await legacyMarkerOpen(ctx.db))) return null;
  const report = await rotateFieldKeys(ctx);
  if (report.remaining === 0) await closeLegacyMarker(ctx.db, ctx.clock.now());
  return report;
}

/** After a complete run (nothing left): migration 0028's request to encrypt the values stored before is done too. */
export async function closeLegacyRequest(ctx: Pick<AppContext, 'db' | 'clock'>) {
  await closeLegacyMarker(ctx.db, ctx.clock.now());
}

export function rotationSummary(r: RotationReport): string {
  const parts = r.tables
    .filter((t) => t.rewritten || t.skipped || t.unreadable)
    .map((t) => `${t.table} ${t.rewritten}${t.skipped ? ` (+${t.skipped} skipped)` : ''}${t.unreadable ? ` (${t.unreadable} unreadable)` : ''}`);
  return `${r.rewritten} row(s) re-encrypted under key ${r.keyId} in ${r.ms} ms${parts.length ? `: ${parts.join(', ')}` : ''}; ${r.remaining ? `${r.remaining} left to do` : 'every sealed value is under the current key'}`;
}
