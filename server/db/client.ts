import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import * as schema from './schema/index';
import { LOCKS } from './locks';
import { openReplicas, type ReadReplicas } from './replicas';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /** The read replicas (ADR 0031), when configured; PGlite never has any. */
  replicas?: ReadReplicas;
  /**
   * NOTIFY messages on the channels given to openDatabase (ADR 0034); absent through a transaction pooler, where a
   * LISTEN does not stay on one server connection.
   */
  notifications?: Notifications;
}

/**
 * The messages of the channels the process listens on. A message that commits in this process is handed over before
 * the statement or transaction that sent it returns (every connection of the pool listens; PGlite has one session).
 * One dedicated connection keeps listening for the rest: while it is down, messages may have been missed, and
 * `live()` says so.
 */
export interface Notifications {
  /** Every message from now on; the handler also hears `lost` when the listening connection went down. */
  subscribe(handler: (message: { channel: string; payload: string } | 'lost') => void): () => void;
  /** True while no message can have been missed since the last `lost`. */
  live(): boolean;
}

/** Fans messages out to subscribers; `live` as the listening connection reports it. */
class NotificationHub implements Notifications {
  private handlers = new Set<(message: { channel: string; payload: string } | 'lost') => void>();
  private up = false;
  subscribe(handler: (message: { channel: string; payload: string } | 'lost') => void) {
    this.handlers.add(handler);
    return () => void this.handlers.delete(handler);
  }
  live() {
    return this.up;
  }
  emit(channel: string, payload: string) {
    for (const h of this.handlers) h({ channel, payload });
  }
  setLive(up: boolean) {
    if (this.up && !up) for (const h of this.handlers) h('lost');
    this.up = up;
  }
}

/** A client of the pool that listens on `channels` before its first statement. */
function listeningClient(channels: string[], hub: NotificationHub) {
  return class ListeningClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      this.on('notification', (m) => hub.emit(m.channel, m.payload ?? ''));
    }
    // pg-pool connects with a callback; the signature is pg.Client's own.
    override connect(callback?: (err: any, c?: any) => void): any {
      const listening = super.connect().then(async () => {
        for (const ch of channels) await this.query(`LISTEN ${pg.escapeIdentifier(ch)}`);
        return this;
      });
      if (!callback) return listening;
      listening.then(
        () => callback(null, this),
        (err: Error) => callback(err),
      );
    }
  };
}

/** A connection that only listens, opened again (after a second) whenever it drops, until `stop`. */
function keepListening(connectionString: string, channels: string[], hub: NotificationHub) {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const open = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString, application_name: 'listener' });
    client = c;
    const down = () => {
      if (client !== c) return;
      client = undefined;
      hub.setLive(false);
      c.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void open(), 1_000);
    };
    c.on('error', down);
    c.on('end', down);
    c.on('notification', (m) => hub.emit(m.channel, m.payload ?? ''));
    try {
      await c.connect();
      for (const ch of channels) await c.query(`LISTEN ${pg.escapeIdentifier(ch)}`);
      if (client === c && !stopped) hub.setLive(true);
    } catch {
      down();
    }
  };
  void open();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      hub.setLive(false);
      await c?.end().catch(() => undefined);
    },
  };
}

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PostgreSQL when a URL is given, otherwise PGlite in `dataDir` (or in memory when dataDir is 'memory://'). With
 * PostgreSQL, `replicaUrls` are its hot standbys for the lag-tolerant reads (ADR 0031).
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; poolSize?: number; replicaUrls?: string[]; replicaMaxLagMs?: number; listen?: string[] }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 20, opts.replicaUrls ?? [], opts.replicaMaxLagMs ?? 2000, opts.listen ?? []);
  return openPglite(opts.dataDir, opts.listen ?? []);
}

async function openPostgres(url: string, poolSize: number, replicaUrls: string[], replicaMaxLagMs: number, channels: string[]): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { readMigrationFiles } = await import('drizzle-orm/migrator');
  const { connectionString, transactionPooling } = poolingOf(url);
  // numeric stays a string (exact decimals); timestamps become Date through drizzle.
  // Every pooled connection listens too (not through a transaction pooler): a message this process commits reaches
  // it on the connection that committed, before the commit returns.
  const hub = channels.length && !transactionPooling ? new NotificationHub() : undefined;
  const Client = transactionPooling ? UnnamedStatementsClient : hub ? listeningClient(channels, hub) : undefined;
  const pool = new pg.Pool({ connectionString, max: poolSize, idleTimeoutMillis: 30_000, ...(Client ? { Client } : {}) });
  pool.on('error', () => undefined);
  // A backend that dies while its connection is checked out (terminated, failover) errors that client: the
  // query in flight fails and the pool drops it; without a listener the process would crash on the event.
  pool.on('connect', (client) => client.on('error', () => undefined));
  // Every pooled connection listens too (not through a transaction pooler): a message this process commits reaches
  // it on the connection that committed, before the commit returns.
  const listener = hub ? keepListening(connectionString, channels, hub) : undefined;
  const db = drizzle(pool, { schema }) as unknown as Db;
  const replicas = replicaUrls.length
    ? openReplicas({ urls: replicaUrls, primary: pool, primaryDb: db, poolSize, maxLagMs: replicaMaxLagMs, makeDb: (p) => drizzle(p, { schema }) as unknown as Db })
    : undefined;
  return {
    db,
    kind: 'postgres',
    replicas,
    ...(hub ? { notifications: hub } : {}),
    async close() {
      await listener?.stop();
      await replicas?.close();
      await pool.end();
    },
    async migrate() {
      // Several app processes may start at once: one migrates, the others wait on the lock. The lock is
      // transaction-scoped and every pending migration runs in that one transaction (drizzle's migrator ran
      // them in one already), so it holds through PgBouncer's transaction pooling too (ADR 0033).
      const migrations = readMigrationFiles({ migrationsFolder });
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`select pg_advisory_xact_lock(${LOCKS.migrations})`));
        await dialect.migrate(migrations, sessionOf(tx), { migrationsFolder });
      });
    },
    ping: () => answers(() => pool.query('select 1')),
  };
}

/**
 * drizzle's migrator talks to a session (execute, all, transaction); this one is the open transaction
 * itself, so that the migrator's bookkeeping and its own transaction run inside ours, under our lock.
 */
function sessionOf(tx: Tx): Parameters<PgDialect['migrate']>[1] {
  const session = {
    execute: (query: SQL) => tx.execute(query),
    all: async (query: SQL) => ((await tx.execute(query)) as unknown as { rows: unknown[] }).rows,
    transaction: <T>(run: (t: Tx) => Promise<T>) => run(tx),
  };
  return session as unknown as Parameters<PgDialect['migrate']>[1];
}

/**
 * `?pool_mode=transaction` on the database URL says that a PgBouncer in transaction pooling stands between the
 * app and PostgreSQL (ADR 0033): consecutive transactions of one client connection may run on different server
 * connections, so no statement may be prepared under a name. The parameter is ours, taken off before node-postgres
 * sees the URL.
 */
export function poolingOf(url: string): { connectionString: string; transactionPooling: boolean } {
  if (!/[?&]pool_mode=/.test(url)) return { connectionString: url, transactionPooling: false };
  const u = new URL(url);
  const mode = u.searchParams.get('pool_mode');
  if (mode !== 'transaction' && mode !== 'session') throw new Error(`pool_mode in the database URL must be transaction or session, not ${mode}`);
  u.searchParams.delete('pool_mode');
  return { connectionString: u.toString(), transactionPooling: mode === 'transaction' };
}

/**
 * A node-postgres client that sends every statement unnamed: a named one (drizzle's `.prepare(name)`,
 * preparedText) is parsed on one server connection and, through a transaction pooler, later executed on another
 * that never saw it ("prepared statement does not exist"). Unnamed, each is parsed where it runs.
 */
class UnnamedStatementsClient extends pg.Client {
  override query(config: any, ...rest: any[]): any {
    if (config && typeof config === 'object' && typeof config.name === 'string' && typeof config.submit !== 'function') {
      const { name: _name, ...unnamed } = config as { name: string };
      return (super.query as any)(unnamed, ...rest);
    }
    return (super.query as any)(config, ...rest);
  }
}

/** Whether the database answers a query (the health check's ping): false instead of the error. */
async function answers(query: () => Promise<unknown>): Promise<boolean> {
  try {
    await query();
    return true;
  } catch {
    return false;
  }
}

async function openPglite(dataDir: string, channels: string[]): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const options = { extensions: { pg_trgm } };
  let client: InstanceType<typeof PGlite>;
  if (dataDir === 'memory://') client = new PGlite(options);
  else {
    const dir = resolve(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, options);
  }
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  // One session: it hears what it commits, and nothing can be missed while the database is open.
  const hub = channels.length ? new NotificationHub() : undefined;
  if (hub) {
    for (const ch of channels) await client.listen(ch, (payload) => hub.emit(ch, payload));
    hub.setLive(true);
  }
  return {
    db,
    kind: 'pglite',
    ...(hub ? { notifications: hub } : {}),
    close: async () => {
      hub?.setLive(false);
      await client.close();
    },
    migrate: () => migrate(drizzle(client, { schema }), { migrationsFolder }),
    ping: () => answers(() => client.query('select 1')),
  };
}

/**
 * Rows of a raw statement on a hot path, as a named prepared statement on node-postgres: each connection
 * parses and plans it once and afterwards only binds (a purchase's five-table statement spent more time in
 * the planner than in the executor). `name` must be unique per statement text. On PGlite this is rawRows.
 * Values come back as node-postgres parses them (select text or booleans, not timestamps).
 */
export async function preparedRows<T>(db: DbOrTx, name: string, query: import('drizzle-orm').SQL): Promise<T[]> {
  const q = dialect.sqlToQuery(query);
  return preparedText<T>(db, name, q.sql, q.params);
}

/**
 * Whether each statement sent through `db` runs on its own on a connection of a PostgreSQL pool (autocommit): not a
 * transaction's client, not PGlite's one session. Work that coalesces statements (commerce's purchase batches) needs it.
 */
export function onPostgresPool(db: DbOrTx): boolean {
  return (db as unknown as { session?: { client?: unknown } }).session?.client instanceof pg.Pool;
}

/** How many connections the PostgreSQL pool behind `db` may open (0 when `db` is not such a pool). */
export function postgresPoolMax(db: DbOrTx): number {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Pool ? (client.options.max ?? 10) : 0;
}

/**
 * preparedRows for a statement written once as text with $1, $2... placeholders and its values in that
 * order: nothing is built per call (the wallet purchase's forty values through drizzle's SQL builder cost
 * more than the request's own JSON work).
 */
export async function preparedText<T>(db: DbOrTx, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  // The pool, or a transaction's own client; PGlite's client is neither.
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const result = await client.query<T & pg.QueryResultRow>({ name, text, values });
    return result.rows;
  }
  const result = await (client as { query: (t: string, v: unknown[]) => Promise<{ rows: T[] }> }).query(text, values);
  return result.rows;
}
const dialect = new PgDialect();

/** Rows of a raw statement, the same on PGlite and node-postgres (column names as the database spells them). */
export async function rawRows<T>(db: DbOrTx, query: import('drizzle-orm').SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A transaction whose first statement travels with its BEGIN and whose last with its COMMIT, as one simple query each:
 * two round trips fewer than `db.transaction` (on this kind of machine a round trip costs about what a light
 * statement does). `first` and what `run` answers as `last` are whole statements with their values as literals
 * (`sqlLiteral`); `run` gets the transaction and the rows of `first`. On PGlite, a plain transaction runs them apart.
 */
export async function transactionAround<T>(db: Db, first: string, run: (tx: Tx, firstRows: Record<string, unknown>[]) => Promise<{ result: T; last?: string }>): Promise<T> {
  const session = (db as unknown as { session?: { client?: unknown; dialect: unknown; schema: unknown; options: unknown } }).session;
  const pool = session?.client;
  if (!(pool instanceof pg.Pool) || !session) {
    return db.transaction(async (tx) => {
      const rows = ((await tx.execute(sql.raw(first))) as unknown as { rows: Record<string, unknown>[] }).rows;
      const { result, last } = await run(tx, rows);
      if (last) await tx.execute(sql.raw(last));
      return result;
    });
  }
  const { NodePgSession, NodePgTransaction } = await import('drizzle-orm/node-postgres/session');
  const client = await pool.connect();
  let open = false;
  let broken: unknown;
  try {
    open = true;
    const results = (await client.query(`begin; ${first}`)) as unknown as pg.QueryResult[];
    const s = new NodePgSession(client, session.dialect as never, session.schema as never, session.options as never);
    const tx = new NodePgTransaction(session.dialect as never, s, session.schema as never) as unknown as Tx;
    const { result, last } = await run(tx, results[1]?.rows ?? []);
    await client.query(last ? `${last}; commit` : 'commit');
    open = false;
    return result;
  } catch (err) {
    if (open) await client.query('rollback').catch((e: unknown) => (broken = e));
    throw err;
  } finally {
    client.release(broken instanceof Error ? broken : undefined);
  }
}

/** A value as an SQL literal for `transactionAround`'s statements (null as NULL). */
export function sqlLiteral(value: string | number | null): string {
  if (value === null) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  return pg.escapeLiteral(value);
}
