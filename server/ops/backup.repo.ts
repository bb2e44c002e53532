import pg from 'pg';
import '../db/schema/index';
import { SEALED_COLUMNS, type SealedColumn } from '../db/sealed-columns';

/**
 * The SQL of `npm run backup` and `npm run restore` (backup.ts): a snapshot exported for pg_dump and read in the same
 * transaction (the manifest's row counts and key ids are those of the dump), the key ids the sealed columns name,
 * and whether a restore's target database is empty. Plain pg clients: these commands run beside the app, never in it.
 */

/** Schemas of the server itself, never the platform's. */
const SYSTEM_SCHEMA = `(n.nspname in ('pg_catalog', 'information_schema') or n.nspname like 'pg\\_toast%' or n.nspname like 'pg\\_temp\\_%')`;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface TableCount {
  /** `schema.table` */
  table: string;
  rows: number;
}

/** Every table of the platform's schemas (public, and drizzle's migration journal), by name. */
async function tablesOf(client: pg.Client): Promise<string[]> {
  const r = await client.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition and not ${SYSTEM_SCHEMA} order by 1`,
  );
  return r.rows.map((x) => x.name);
}

async function countRows(client: pg.Client, tables: string[]): Promise<TableCount[]> {
  const out: TableCount[] = [];
  for (const table of tables) {
    const [schema, name] = table.split(/\.(.*)/s);
    const r = await client.query<{ n: string }>(`select count(*) as n from ${quoteIdent(schema)}.${quoteIdent(name)}`);
    out.push({ table, rows: Number(r.rows[0].n) });
  }
  return out;
}

/** The stored value of a sealed column whose key id is read: text, a JSON field, or the first bytes of a bytea as text. */
function storedText(c: SealedColumn): string {
  const col = `t.${quoteIdent(c.column)}`;
  switch (c.kind) {
    case 'text':
      return col;
    case 'json-field':
      return `${col} ->> '${c.field!.replace(/'/g, "''")}'`;
    case 'json':
      // Stored before encryption: the whole JSON value, not an envelope.
      return `coalesce(${col} ->> 'sealed', ${col}::text)`;
    case 'bytes':
      return `encode(substring(${col} from 1 for 12), 'escape')`;
  }
}

export interface KeyIdCount {
  keyId: string | null;
  values: number;
}

/** How many stored values each key id seals, over every sealed column (null: values stored before encryption). */
async function keyIdCounts(client: pg.Client): Promise<KeyIdCount[]> {
  const parts = SEALED_COLUMNS.map((c) => {
    const v = storedText(c);
    return `select substring(${v} from '^v1:([A-Za-z0-9_-]{8}):') as kid from ${quoteIdent(c.table)} t where coalesce(${v}, '') <> ''`;
  });
  if (!parts.length) return [];
  const r = await client.query<{ kid: string | null; n: string }>(`select kid, count(*) as n from (${parts.join(' union all ')}) s group by kid order by kid nulls last`);
  return r.rows.map((x) => ({ keyId: x.kid, values: Number(x.n) }));
}

export interface Snapshot {
  /** The id pg_dump takes with `--snapshot`. */
  id: string;
  database: string;
  serverVersion: string;
  tableCounts(): Promise<TableCount[]>;
  keyIdCounts(): Promise<KeyIdCount[]>;
  /** Ends the transaction that holds the snapshot (after pg_dump is done with it). */
  close(): Promise<void>;
}

/**
 * A read-only repeatable-read transaction whose snapshot is exported: pg_dump run with its id sees exactly what these
 * queries see, whatever the app writes meanwhile.
 */
export async function exportSnapshot(url: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url, application_name: 'platform backup' });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const r = await client.query<{ id: string; db: string; version: string }>(`select pg_export_snapshot() as id, current_database() as db, current_setting('server_version') as version`);
    const { id, db, version } = r.rows[0];
    return {
      id,
      database: db,
      serverVersion: version,
      tableCounts: async () => countRows(client, await tablesOf(client)),
      keyIdCounts: () => keyIdCounts(client),
      async close() {
        await client.query('commit').catch(() => undefined);
        await client.end();
      },
    };
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
}

export interface DatabaseContents {
  database: string;
  /** Tables, views, sequences and the like outside the server's own schemas. */
  relations: number;
  /** Schemas besides public and the server's own. */
  schemas: string[];
  /** A few of the relations, to name in a refusal. */
  sample: string[];
}

/** What a database holds of its own (a restore's target must hold nothing). */
export async function databaseContents(url: string): Promise<DatabaseContents> {
  const client = new pg.Client({ connectionString: url, application_name: 'platform restore' });
  await client.connect();
  try {
    const rel = await client.query<{ name: string; db: string }>(
      `select n.nspname || '.' || c.relname as name, current_database() as db from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and not ${SYSTEM_SCHEMA} order by 1`,
    );
    const sch = await client.query<{ name: string }>(`select n.nspname as name from pg_namespace n where n.nspname <> 'public' and not ${SYSTEM_SCHEMA} order by 1`);
    const db = rel.rows[0]?.db ?? (await client.query<{ db: string }>('select current_database() as db')).rows[0].db;
    return { database: db, relations: rel.rows.length, schemas: sch.rows.map((x) => x.name), sample: rel.rows.slice(0, 5).map((x) => x.name) };
  } finally {
    await client.end();
  }
}

/** The row count of each named table (`schema.table`); a table that is missing counts -1. */
export async function tableCounts(url: string, tables: string[]): Promise<TableCount[]> {
  const client = new pg.Client({ connectionString: url, application_name: 'platform restore' });
  await client.connect();
  try {
    const present = new Set(await tablesOf(client));
    const found = await countRows(
      client,
      tables.filter((t) => present.has(t)),
    );
    return tables.map((table) => found.find((f) => f.table === table) ?? { table, rows: -1 });
  } finally {
    await client.end();
  }
}
