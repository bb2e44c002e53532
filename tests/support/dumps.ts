import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { identityFindings, LONGEST_IDENTITY } from './identity';

/**
 * "A database dump after the whole test suite contains none of the test identity numbers in the clear" (issue 13).
 *
 * Each test file's database is dumped when the file is done, just before it is dropped (tests/support/database.ts,
 * test-app.ts): on PostgreSQL with `pg_dump`, on PGlite (no pg_dump there) by reading every row of every table as
 * text. The dump is searched for every value of tests/support/identity.ts, and what was found is recorded in the
 * run's folder; the global teardown (globalSetup below, in both vitest configs) reads the records once the whole
 * suite is done and fails the run if any number was found. TEST_KEEP_DUMPS=1 keeps the pg_dump files.
 */

export interface DumpRecord {
  database: string;
  file?: string;
  tool: 'pg_dump' | 'row scan';
  bytes: number;
  findings: string[];
}

const dumpDir = () => process.env.TEST_DUMP_DIR;

function record(r: DumpRecord) {
  const dir = dumpDir();
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${r.database}.json`), JSON.stringify(r));
}

/** A search over a stream of text, in chunks, keeping enough of each chunk's end to find a value across two. */
class StreamSearch {
  private tail = '';
  readonly found = new Set<string>();
  bytes = 0;

  push(chunk: string) {
    this.bytes += Buffer.byteLength(chunk);
    const text = this.tail + chunk;
    for (const f of identityFindings(text)) this.found.add(f);
    this.tail = text.slice(-LONGEST_IDENTITY);
  }
}

/**
 * pg_dump of a test database, searched as it streams; the record goes to the run's folder (none outside a vitest
 * run, unless asked for one: `record: false` only answers it).
 */
export async function dumpPostgres(url: string, database: string, file?: string, opts: { record?: boolean } = {}): Promise<DumpRecord | undefined> {
  const dir = dumpDir();
  if (!dir && opts.record !== false) return undefined;
  const search = new StreamSearch();
  const keep = dir && opts.record !== false && process.env.TEST_KEEP_DUMPS === '1' ? createWriteStream(join(dir, `${database}.sql`)) : undefined;
  await new Promise<void>((resolve, reject) => {
    const child = spawn('pg_dump', ['--no-owner', '--no-privileges', url], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      search.push(chunk);
      keep?.write(chunk);
    });
    child.stderr.on('data', (c) => (err += c));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`pg_dump exited ${code}: ${err}`))));
  });
  keep?.end();
  const r: DumpRecord = { database, file, tool: 'pg_dump', bytes: search.bytes, findings: [...search.found] };
  if (opts.record !== false) record(r);
  return r;
}

/** PGlite has no pg_dump: every row of every table of the schema, as text (bytea as hex, as pg_dump writes it). */
export async function scanDatabase(db: Db, database: string, file?: string, opts: { record?: boolean } = {}): Promise<DumpRecord> {
  const search = new StreamSearch();
  const tables = (await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)) as unknown as {
    rows: { table_name: string }[];
  };
  for (const { table_name } of tables.rows) {
    const rows = (await db.execute(sql`select t::text as v from ${sql.identifier(table_name)} t`)) as unknown as { rows: { v: string }[] };
    for (const { v } of rows.rows) search.push(`${v}\n`);
  }
  const r: DumpRecord = { database, file, tool: 'row scan', bytes: search.bytes, findings: [...search.found] };
  if (opts.record !== false) record(r);
  return r;
}

/** Vitest globalSetup: a folder for the run's records, and the check once every test file is done. */
export default function setup() {
  const dir = join(tmpdir(), `mlm-test-dumps-${process.pid}-${Date.now().toString(36)}`);
  mkdirSync(dir, { recursive: true });
  process.env.TEST_DUMP_DIR = dir;
  return () => {
    const records = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as DumpRecord);
    const found = records.filter((r) => r.findings.length);
    if (records.length) {
      const mb = (records.reduce((n, r) => n + r.bytes, 0) / 1e6).toFixed(1);
      console.log(
        `Identity numbers at rest: ${records.length} test database dump(s) (${[...new Set(records.map((r) => r.tool))].join(', ')}; ${mb} MB) searched for every number of tests/support/identity.ts: ${found.length ? `FOUND in ${found.length}` : 'none in the clear'}.`,
      );
    }
    if (!found.length && process.env.TEST_KEEP_DUMPS !== '1') rmSync(dir, { recursive: true, force: true });
    if (found.length) {
      // Vitest reports an error thrown here but still exits 0: the exit code says it.
      process.exitCode = 1;
      throw new Error(`Identity numbers in the clear in the dumps of ${found.map((r) => `${r.file ?? r.database}: ${r.findings.join(', ')}`).join('; ')} (records in ${dir})`);
    }
  };
}
