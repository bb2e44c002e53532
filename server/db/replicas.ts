import pg from 'pg';
import type { Db } from './client';

/**
 * Read replicas (ADR 0031): hot standbys of the primary that serve the reads which tolerate a little lag. A replica
 * serves while its last health check found it answering, in recovery and at most `maxLagMs` behind; a user whose
 * last write it has not replayed yet reads on the primary (read-your-writes). A query that finds a replica gone runs
 * again on the primary, so a stopped standby costs a retry, never an error.
 */
export interface ReadReplicas {
  /** The database for a lag-tolerant read for these users: a replica that has replayed their last write, else the primary. */
  reader(userIds: readonly string[]): Db;
  /** After a write by these users: the primary's WAL position now, remembered for them (and answered for the cookie). */
  wrote(userIds: readonly string[]): Promise<string | null>;
  /** A WAL position these users wrote at, as another process told them (the cookie); ignored unless it parses. */
  seen(userIds: readonly string[], lsn: string): void;
  /** Each replica's state as the last check found it (GET /metrics). */
  status(): ReplicaStatus[];
  /** Checks every replica now (the background check runs every second). */
  check(): Promise<void>;
  /** Where the replicas' state changes are reported (the app's logger, once built). */
  useLog(log: ReplicaLog): void;
  close(): Promise<void>;
}

export interface ReplicaStatus {
  /** host:port/database, never the credentials. */
  name: string;
  inUse: boolean;
  /** How far behind the primary its replay was at the last check (null: unknown, it did not answer). */
  lagMs: number | null;
  /** Queries it answered (health checks not counted). */
  queries: number;
  /** Queries that found it unavailable and ran on the primary instead. */
  fallbacks: number;
}

export interface ReplicaLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** The background check's period and how long one check may take before the replica counts as failed. */
export const REPLICA_CHECK_MS = 1000;
const CHECK_TIMEOUT_MS = 1500;
/** A remembered write is forgotten after this long: a replica that had not replayed it would be far past any lag limit. */
const WRITE_MEMORY_MS = 60_000;
/** The primary's positions kept to time a replica's lag (one per check). */
const SAMPLES_KEPT = 300;

/** A WAL position `X/Y` as a number; null when it is not one. */
export function parseLsn(text: string | null | undefined): bigint | null {
  const m = text ? /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text) : null;
  return m ? (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`) : null;
}

const GONE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '3D000',
  '28000',
  '28P01',
]);
const GONE_MESSAGE = /connection terminated|timeout exceeded when trying to connect|connection ended|connection error|not queryable/i;

/** The replica cannot answer now: down, restarting, refusing connections or cut off mid-query. */
function replicaGone(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return Boolean((e.code && (GONE_CODES.has(e.code) || e.code.startsWith('08'))) || (e.message && GONE_MESSAGE.test(e.message)));
}

/** A standby cancelled the query because replay needed what it read (hot standby conflict): the primary answers it. */
function recoveryConflict(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (e.code === '40001' || e.code === '40P01') && /conflict with recovery/i.test(e.message ?? '');
}

type QueryArgs = Parameters<pg.Pool['query']>;

/**
 * A replica's pool: a query or a connection that finds the replica gone is taken by the primary's pool instead (a
 * read only, so running it again there is safe), and the replica is left out until a check finds it back.
 */
class ReplicaPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly primary: pg.Pool,
    private readonly events: { served(): void; gone(err: unknown): void; fellBack(): void },
  ) {
    super(config);
  }

  /** A health check's query, on this replica only. */
  probe<R extends pg.QueryResultRow>(text: string) {
    return (pg.Pool.prototype.query as unknown as (this: unknown, text: string) => Promise<pg.QueryResult<R>>).call(this, text);
  }

  // @ts-expect-error one implementation for the overloads; drizzle and preparedText call the promise forms.
  query(...args: QueryArgs) {
    if (typeof args[args.length - 1] === 'function') return (super.query as (...a: unknown[]) => unknown)(...args);
    const answer = (super.query as (...a: unknown[]) => Promise<pg.QueryResult> | undefined)(...args);
    // A submittable (a COPY stream) is its own answer.
    if (!answer || typeof answer.then !== 'function') return answer;
    return answer.then(
      (result) => {
        this.events.served();
        return result;
      },
      (err: unknown) => {
        if (replicaGone(err)) this.events.gone(err);
        else if (!recoveryConflict(err)) throw err;
        this.events.fellBack();
        return (this.primary.query as (...a: unknown[]) => Promise<pg.QueryResult>)(...args);
      },
    );
  }

  // @ts-expect-error as query: the callback form stays pg's own (its query uses it), the promise form falls back.
  connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void) {
    if (callback) return super.connect(callback);
    return super.connect().catch((err: unknown) => {
      if (!replicaGone(err)) throw err;
      this.events.gone(err);
      this.events.fellBack();
      return this.primary.connect();
    });
  }
}

interface Replica {
  name: string;
  pool: ReplicaPool;
  db: Db;
  inUse: boolean;
  /** Its replay position at the last check. */
  replay: bigint | null;
  lagMs: number | null;
  queries: number;
  fallbacks: number;
  /** Left out by a failure (logged once until it is back). */
  failing: boolean;
}

const nameOf = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'replica';
  }
};

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('replica check timed out')), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Opens a pool per replica URL beside the primary's and starts the background check. `makeDb` wraps a pool in
 * drizzle as the primary's is (server/db/client.ts).
 */
export function openReplicas(opts: { urls: string[]; primary: pg.Pool; primaryDb: Db; poolSize: number; maxLagMs: number; makeDb: (pool: pg.Pool) => Db }): ReadReplicas {
  let log: ReplicaLog | undefined;
  const replicas: Replica[] = opts.urls.map((url) => {
    const replica = { name: nameOf(url), inUse: false, replay: null, lagMs: null, queries: 0, fallbacks: 0, failing: false } as unknown as Replica;
    const leaveOut = (err: unknown) => {
      if (replica.inUse || !replica.failing) log?.warn({ replica: replica.name, err }, 'read replica unavailable: reads go to the primary');
      replica.inUse = false;
      replica.failing = true;
    };
    replica.pool = new ReplicaPool({ connectionString: url, max: opts.poolSize, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 2000 }, opts.primary, {
      served: () => replica.queries++,
      gone: leaveOut,
      fellBack: () => replica.fallbacks++,
    });
    replica.pool.on('error', () => undefined);
    replica.pool.on('connect', (client) => client.on('error', () => undefined));
    replica.db = opts.makeDb(replica.pool as unknown as pg.Pool);
    return replica;
  });

  /** The primary's position at each check, oldest first: a replica's lag is the age of the first one it has not replayed. */
  const samples: { lsn: bigint; at: number }[] = [];
  /** Per user: the primary's position after their last write, and when it was noted. */
  const writes = new Map<string, { lsn: bigint; at: number }>();
  let next = 0;

  const lagOf = (replay: bigint | null, now: number): number | null => {
    if (replay === null || !samples.length) return null;
    const ahead = samples.find((s) => s.lsn > replay);
    return ahead ? Math.max(0, now - ahead.at) : 0;
  };

  const note = (userIds: readonly string[], lsn: bigint, at: number) => {
    for (const id of userIds) {
      const had = writes.get(id);
      if (!had || had.lsn < lsn) writes.set(id, { lsn, at });
      else had.at = Math.max(had.at, at);
    }
  };

  const check = async () => {
    const now = Date.now();
    try {
      const r = await withTimeout(opts.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'), CHECK_TIMEOUT_MS);
      const lsn = parseLsn(r.rows[0]?.lsn);
      if (lsn !== null) samples.push({ lsn, at: now });
      if (samples.length > SAMPLES_KEPT) samples.splice(0, samples.length - SAMPLES_KEPT);
    } catch {
      // The primary did not answer: the lags are timed from the positions already seen.
    }
    await Promise.all(
      replicas.map(async (replica) => {
        try {
          const r = await withTimeout(
            replica.pool.probe<{ recovery: boolean; replay: string | null }>('select pg_is_in_recovery() as recovery, pg_last_wal_replay_lsn()::text as replay'),
            CHECK_TIMEOUT_MS,
          );
          // A promoted standby is no longer a copy of this primary.
          if (!r.rows[0]?.recovery) throw new Error('the replica is not in recovery');
          replica.replay = parseLsn(r.rows[0].replay);
          replica.lagMs = lagOf(replica.replay, Date.now());
          const inUse = replica.lagMs !== null && replica.lagMs <= opts.maxLagMs;
          if (inUse !== replica.inUse || (inUse && replica.failing)) {
            if (inUse) log?.info({ replica: replica.name, lagMs: replica.lagMs }, 'read replica in use');
            else log?.warn({ replica: replica.name, lagMs: replica.lagMs, maxLagMs: opts.maxLagMs }, 'read replica behind: reads go to the primary');
          }
          replica.inUse = inUse;
          replica.failing = false;
        } catch (err) {
          if (replica.inUse || !replica.failing) log?.warn({ replica: replica.name, err }, 'read replica unavailable: reads go to the primary');
          replica.inUse = false;
          replica.failing = true;
          replica.lagMs = null;
        }
      }),
    );
    // A write every replica has replayed, or an old one, need not be remembered.
    const replayedByAll = replicas.every((r) => r.replay !== null) ? replicas.reduce((m, r) => (r.replay! < m ? r.replay! : m), replicas[0].replay!) : -1n;
    for (const [id, w] of writes) if (w.lsn <= replayedByAll || w.at < now - WRITE_MEMORY_MS) writes.delete(id);
  };

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const loop = () => {
    timer = setTimeout(() => {
      void check().finally(() => {
        if (!stopped) loop();
      });
    }, REPLICA_CHECK_MS);
    timer.unref();
  };
  void check().finally(() => {
    if (!stopped) loop();
  });

  return {
    reader(userIds) {
      let need = -1n;
      for (const id of userIds) {
        const w = writes.get(id);
        if (w && w.lsn > need) need = w.lsn;
      }
      const ready = replicas.filter((r) => r.inUse && r.replay !== null && r.replay >= need);
      if (!ready.length) return opts.primaryDb;
      next = (next + 1) % ready.length;
      return ready[next].db;
    },
    async wrote(userIds) {
      const r = await opts.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      const lsn = parseLsn(r.rows[0]?.lsn);
      if (lsn === null) return null;
      note(userIds, lsn, Date.now());
      return r.rows[0].lsn;
    },
    seen(userIds, text) {
      const lsn = parseLsn(text);
      if (lsn !== null) note(userIds, lsn, Date.now());
    },
    status: () => replicas.map((r) => ({ name: r.name, inUse: r.inUse, lagMs: r.lagMs, queries: r.queries, fallbacks: r.fallbacks })),
    check,
    useLog(l) {
      log = l;
    },
    async close() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all(replicas.map((r) => r.pool.end().catch(() => undefined)));
    },
  };
}
