import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Readable as ReadableStream } from 'node:stream';
import type { DbOrTx } from './client';

/**
 * Bulk reads and writes for the payout run: COPY on PostgreSQL (tens of megabytes per second, no parameter
 * arrays to parse), undefined on the embedded database, where the caller uses its set-based statements.
 * Works in a transaction (the transaction's own connection) and on the pool (a connection of its own).
 */
type Client = pg.PoolClient | pg.Client;

function clientOf(db: DbOrTx): { client: Client; release?: () => void } | Promise<{ client: Client; release?: () => void }> | undefined {
  const session = (db as unknown as { session?: { client?: unknown } }).session;
  const c = session?.client;
  if (c instanceof pg.Pool) return c.connect().then((client) => ({ client, release: () => client.release() }));
  if (c instanceof pg.Client) return { client: c };
  return undefined;
}

/** One value in COPY's text format. */
function cell(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  const s = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[\\\t\n\r]/.test(s) ? s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : s;
}

/** COPY rows into a table; false on the embedded database (nothing written). */
export async function copyInto(db: DbOrTx, table: string, columns: string[], rows: Iterable<unknown[]>): Promise<boolean> {
  const got = clientOf(db);
  if (!got) return false;
  const { client, release } = await got;
  try {
    const stream = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
    async function* lines() {
      let chunk = '';
      for (const r of rows) {
        chunk += r.map(cell).join('\t') + '\n';
        if (chunk.length > 1 << 16) {
          yield chunk;
          chunk = '';
        }
      }
      if (chunk) yield chunk;
    }
    await pipeline(Readable.from(lines()), stream);
    return true;
  } finally {
    release?.();
  }
}

/**
 * One row of a COPY in text format, as byte ranges of the chunk it came in: `start(k)` and `end(k)` bound field k
 * in `buf`. Valid only during the callback (the next row reuses it). For a reader that parses its fields itself
 * (the payout run's million-member snapshot) and keeps no string of the COPY's text.
 */
export class CopyRow {
  buf: Buffer = Buffer.alloc(0);
  private readonly bounds: number[] = [];
  count = 0;
  start(k: number) {
    return this.bounds[2 * k];
  }
  end(k: number) {
    return this.bounds[2 * k + 1];
  }
  /** Field k is NULL (`\N`). */
  isNull(k: number) {
    const s = this.bounds[2 * k];
    return this.bounds[2 * k + 1] - s === 2 && this.buf[s] === 92 && this.buf[s + 1] === 78;
  }
  /** Field k as text, unescaped (a string of its own, not a slice of a larger one); null for NULL. */
  text(k: number): string | null {
    if (this.isNull(k)) return null;
    const s = this.buf.toString('utf8', this.bounds[2 * k], this.bounds[2 * k + 1]);
    return s.includes('\\') ? unescapeCopy(s) : s;
  }
  /** Field k's bytes equal `b` (an ASCII constant; an escaped field never does). */
  equals(k: number, b: Buffer) {
    const s = this.bounds[2 * k];
    const n = this.bounds[2 * k + 1] - s;
    if (n !== b.length) return false;
    for (let j = 0; j < n; j++) if (this.buf[s + j] !== b[j]) return false;
    return true;
  }
  /** @internal */
  set(buf: Buffer, from: number, to: number) {
    this.buf = buf;
    let n = 0;
    let s = from;
    for (let j = from; j < to; j++) {
      if (buf[j] === 9) {
        this.bounds[2 * n] = s;
        this.bounds[2 * n + 1] = j;
        n++;
        s = j + 1;
      }
    }
    this.bounds[2 * n] = s;
    this.bounds[2 * n + 1] = to;
    this.count = n + 1;
  }
}

const unescapeCopy = (s: string) => s.replace(/\\(.)/g, (_, c: string) => (c === 't' ? '\t' : c === 'n' ? '\n' : c === 'r' ? '\r' : c));

/**
 * COPY a query's rows out as byte ranges (CopyRow), without decoding the text: false on the embedded database.
 * A row cut by a chunk's end is joined with the next chunk's start.
 */
export async function copyOutRows(db: DbOrTx, query: string, onRow: (row: CopyRow) => void): Promise<boolean> {
  const got = clientOf(db);
  if (!got) return false;
  const { client, release } = await got;
  try {
    const stream = client.query(copyTo(`copy (${query}) to stdout`));
    const row = new CopyRow();
    let rest: Buffer | null = null;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const buf: Buffer = rest ? Buffer.concat([rest, chunk]) : chunk;
      let start = 0;
      for (let nl = buf.indexOf(10); nl !== -1; nl = buf.indexOf(10, start)) {
        row.set(buf, start, nl);
        onRow(row);
        start = nl + 1;
      }
      rest = start < buf.length ? Buffer.from(buf.subarray(start)) : null;
    }
    if (rest) throw new Error('COPY ended inside a row');
    return true;
  } finally {
    release?.();
  }
}

/** COPY a query's rows out as arrays of text cells (null for NULL); undefined on the embedded database. */
export async function copyOut(db: DbOrTx, query: string, onRow: (cells: (string | null)[]) => void): Promise<boolean> {
  const got = clientOf(db);
  if (!got) return false;
  const { client, release } = await got;
  try {
    const stream = client.query(copyTo(`copy (${query}) to stdout`));
    const decoder = new StringDecoder('utf8');
    let rest = '';
    const unescape = (s: string) => (s === '\\N' ? null : s.includes('\\') ? unescapeCopy(s) : s);
    for await (const buf of stream as AsyncIterable<Buffer>) {
      const text = rest + decoder.write(buf);
      let start = 0;
      for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
        onRow(text.slice(start, nl).split('\t').map(unescape));
        start = nl + 1;
      }
      rest = text.slice(start);
    }
    return true;
  } finally {
    release?.();
  }
}

/**
 * A query's rows as CSV written by PostgreSQL (COPY ... TO STDOUT WITH (FORMAT csv)), streamed with back-pressure, on
 * a pooled connection of its own in a read-only transaction; undefined on the embedded database (the caller builds
 * its rows itself). The query is inlined (COPY takes no parameters): every value in it must already be a literal.
 * Settings for this read only: a larger sort area and no JIT compilation (its compile time outweighs what it saves
 * on simple expressions). Local to the transaction, so that through a transaction pooler (ADR 0033) they stay on the
 * server connection that runs the COPY and end with it.
 */
export async function copyCsv(db: DbOrTx, query: string): Promise<ReadableStream | undefined> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return undefined;
  const client = await pool.connect();
  try {
    await client.query("begin read only; set local work_mem = '64MB'; set local jit = off");
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
  const stream = client.query(copyTo(`copy (${query}) to stdout with (format csv)`));
  let released = false;
  // Read only: commit and rollback end it alike; a stream closed before its end rolls back.
  const release = (ended: boolean) => {
    if (released) return;
    released = true;
    client.query(ended ? 'commit' : 'rollback').then(
      () => client.release(),
      (err: Error) => client.release(err),
    );
  };
  stream.once('end', () => release(true));
  stream.once('error', () => release(false));
  stream.once('close', () => release(false));
  return stream;
}
