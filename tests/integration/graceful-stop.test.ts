import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/database';
import { startTestApp, TEST_SECRET, type TestApp } from '../support/test-app';

/**
 * Issue 33: a stop signal lets the requests in flight finish while new connections are refused, a job worker finishes
 * its job or gives back its lease, and the default start on PostgreSQL runs its jobs in a worker child it supervises.
 * The processes are the real ones (`npm start`'s server/main.ts, `npm run worker`'s server/worker.ts), started here.
 */

const MAIN = resolve(import.meta.dirname, '../../server/main.ts');
const WORKER = resolve(import.meta.dirname, '../../server/worker.ts');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Proc {
  child: ChildProcess;
  /** Everything the process (and its children) wrote so far. */
  out(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/** Polls `check` every 100 ms until it answers something truthy; fails with `what` and the process's output. */
async function until<T>(what: string, check: () => Promise<T> | T, proc?: Proc, timeoutMs = 90_000): Promise<Exclude<T, false | null | undefined | 0 | ''>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v as Exclude<T, false | null | undefined | 0 | ''>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${proc?.out() ?? ''}`);
    await sleep(100);
  }
}

const d = process.env.TEST_DATABASE_URL ? describe : describe.skip;

d('graceful stop and the supervised worker (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: pg.Client;
  let dataDir: string;
  const procs: Proc[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('PostgreSQL');
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    dataDir = mkdtempSync(join(tmpdir(), 'graceful-'));
  });

  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await db?.end();
    await database?.drop('tests/integration/graceful-stop.test.ts');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  function start(entry: string, env: Record<string, string> = {}): Proc {
    const full: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      APP_SECRET: TEST_SECRET,
      DATA_DIR: dataDir,
      DEMO_SEED: '0',
      LOG_LEVEL: 'info',
      RATE_LIMIT_FACTOR: '0',
      HOST: '127.0.0.1',
      ...env,
    };
    // The default start: RUN_JOBS and WEB_CONCURRENCY as npm start leaves them unless a test sets them.
    if (!env.RUN_JOBS) delete full.RUN_JOBS;
    if (!env.WEB_CONCURRENCY) delete full.WEB_CONCURRENCY;
    const child = spawn(process.execPath, ['--import', 'tsx', entry], { env: full, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (c) => (out += c));
    child.stderr!.on('data', (c) => (out += c));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((r) => child.once('exit', (code, signal) => r({ code, signal, at: Date.now() })));
    const proc = { child, out: () => out, exited };
    procs.push(proc);
    return proc;
  }

  /** server/main.ts on a free port, once /readyz answers 200 and (RUN_JOBS=1) its worker child has started. */
  async function startApp(env: Record<string, string> = {}) {
    const port = await freePort();
    const app = start(MAIN, { PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, ...env });
    const url = `http://127.0.0.1:${port}`;
    await until(
      '/readyz',
      () =>
        fetch(`${url}/readyz`).then(
          (r) => r.ok,
          () => false,
        ),
      app,
    );
    return { app, url };
  }

  const workerPids = (p: Proc) => [...p.out().matchAll(/job worker process (\d+) started/g)].map((m) => Number(m[1]));
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const parentOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
  /** Backends of this database waiting for a lock: a request or a job held by the test's lock. */
  const lockWaiters = async () => Number((await db.query("select count(*) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'")).rows[0].count);

  /** A GET over a keep-alive connection, answered whenever the server answers. */
  function get(url: string, agent: http.Agent) {
    return new Promise<{ status: number; connection?: string; body: string }>((res, rej) => {
      http
        .get(url, { agent }, (r) => {
          let body = '';
          r.setEncoding('utf8');
          r.on('data', (c) => (body += c));
          r.on('end', () => res({ status: r.statusCode!, connection: r.headers.connection, body }));
        })
        .on('error', rej);
    });
  }

  it('SIGTERM: the request in flight is answered 200, new connections are refused, the app and its worker exit 0 within 10 s', async () => {
    const { app, url } = await startApp();
    const [workerPid] = await until('the worker child', () => workerPids(app).length > 0 && workerPids(app), app);
    expect(parentOf(workerPid)).toBe(app.child.pid);
    await until('the worker to poll', () => app.out().includes('job worker started'), app);

    // The public grievance page's request waits on a lock the test holds: a request in flight, held as long as needed.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table grievance_settings in access exclusive mode');
    const agent = new http.Agent({ keepAlive: true });
    const inFlight = get(`${url}/api/grievance`, agent);
    await until('the request to wait on the lock', async () => (await lockWaiters()) > 0, app);

    app.child.kill('SIGTERM');
    const signalled = Date.now();
    await until('the stop to begin', () => app.out().includes('SIGTERM: app process stopping'), app);
    // Nothing new is taken: a new connection is refused (or, in the instant before the listener closed, answered 503).
    const probes: (number | string)[] = [];
    await until(
      'a new connection to be refused',
      async () => {
        const r = await fetch(`${url}/readyz`).then(
          (x) => x.status,
          (err: { cause?: { code?: string } }) => err.cause?.code ?? 'error',
        );
        probes.push(r);
        return r === 'ECONNREFUSED';
      },
      app,
      5_000,
    );
    expect(probes.filter((p) => typeof p === 'number' && p !== 503)).toEqual([]);
    expect(app.child.exitCode).toBeNull();

    await sleep(300);
    await holder.query('rollback');
    await holder.end();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toHaveProperty('grievanceOfficer');
    // The keep-alive connection ends with the answer.
    expect(answer.connection).toBe('close');
    agent.destroy();

    const exit = await app.exited;
    expect({ code: exit.code, signal: exit.signal }, app.out()).toEqual({ code: 0, signal: null });
    expect(exit.at - signalled).toBeLessThan(10_000);
    expect(app.out()).not.toContain('still stopping after');
    expect(app.out()).toContain('job worker stopped');
    expect(alive(workerPid)).toBe(false);
  }, 180_000);

  /** `npm run worker` once its job runner polls, with the outbox table locked so that its mail job hangs on it. */
  async function workerHoldingMailJob() {
    const worker = start(WORKER);
    await until('the worker', () => worker.out().includes('job worker started'), worker);
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table mail_outbox in access exclusive mode');
    await until(
      'the mail job to hang on the lock, leased',
      async () => {
        const [job] = (await db.query("select locked_by from jobs where name = 'mail.outbox'")).rows;
        return Boolean(job?.locked_by?.includes(`:${worker.child.pid}:`)) && (await lockWaiters()) > 0;
      },
      worker,
    );
    return { worker, holder };
  }

  const mailJob = async () =>
    (await db.query<{ locked_by: string | null; locked_until: Date | null; attempts: number; last_ok_at: Date | null }>("select * from jobs where name = 'mail.outbox'")).rows[0] as
      { locked_by: string | null; locked_until: Date | null; attempts: number; last_ok_at: Date | null } | undefined;

  it('a worker stopped while its job runs finishes that job, then exits 0', async () => {
    const okBefore = (await mailJob())?.last_ok_at;
    const { worker, holder } = await workerHoldingMailJob();
    worker.child.kill('SIGTERM');
    const signalled = Date.now();
    await until('the stop to begin', () => worker.out().includes('job worker stopping'), worker);
    await sleep(500);
    await holder.query('rollback');
    await holder.end();
    const exit = await worker.exited;
    expect({ code: exit.code, signal: exit.signal }, worker.out()).toEqual({ code: 0, signal: null });
    expect(exit.at - signalled).toBeLessThan(10_000);
    expect(worker.out()).not.toContain('gave back');
    const job = (await mailJob())!;
    expect(job.locked_by).toBeNull();
    expect(job.last_ok_at!.getTime()).toBeGreaterThan(okBefore?.getTime() ?? 0);
  }, 180_000);

  it('a worker stopped while its job cannot finish gives back the lease (at once claimable, no attempt counted) and exits 0 within 10 s', async () => {
    const { worker, holder } = await workerHoldingMailJob();
    const okBefore = (await mailJob())!.last_ok_at;
    worker.child.kill('SIGTERM');
    const signalled = Date.now();
    const exit = await worker.exited;
    try {
      expect({ code: exit.code, signal: exit.signal }, worker.out()).toEqual({ code: 0, signal: null });
      expect(exit.at - signalled).toBeLessThan(10_000);
      expect(worker.out()).toContain('gave back the leases of the jobs still running');
      const job = (await mailJob())!;
      expect(job).toMatchObject({ locked_by: null, locked_until: null, attempts: 0 });
      expect(job.last_ok_at?.getTime()).toBe(okBefore?.getTime());
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
  }, 180_000);

  it('a worker whose every connection is cut (a PostgreSQL restart, pg_terminate_backend) stays up and runs its jobs again', async () => {
    const worker = start(WORKER);
    await until('the worker', () => worker.out().includes('job worker started'), worker);
    await until('the mail job to run once', async () => Boolean((await mailJob())?.last_ok_at), worker);
    // Idle, its pool holds the only sockets that kept the process alive: once they are gone, nothing may end it.
    const cut = async () => Number((await db.query('select count(pg_terminate_backend(pid)) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows[0].count);
    await until('its connections to be cut', async () => (await cut()) > 0, worker);
    await sleep(3_000);
    expect({ code: worker.child.exitCode, signal: worker.child.signalCode }, worker.out()).toEqual({ code: null, signal: null });
    const cutAt = new Date();
    await until('the mail job to run after the cut', async () => ((await mailJob())?.last_ok_at?.getTime() ?? 0) > cutAt.getTime(), worker);
    worker.child.kill('SIGTERM');
    expect((await worker.exited).code).toBe(0);
  }, 180_000);

  it('the default start runs its jobs in a worker child, not in the app process, and starts another when it dies', async () => {
    const { app, url } = await startApp();
    const [first] = await until('the worker child', () => workerPids(app).length > 0 && workerPids(app), app);
    await until('the worker to poll', () => app.out().includes('job worker started'), app);
    const resets = async () => Number((await db.query("select count(*) from jobs where name = 'auth.password-reset'")).rows[0].count);
    const forgot = () => fetch(`${url}/api/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'nobody@example.com' }) });

    // The worker child paused: a queued job waits, so the app process runs none itself.
    process.kill(first, 'SIGSTOP');
    try {
      expect((await forgot()).status).toBe(200);
      expect(await resets()).toBe(1);
      await sleep(1_500);
      expect(await resets()).toBe(1);
    } finally {
      process.kill(first, 'SIGCONT');
    }
    await until('the worker to run the job', async () => (await resets()) === 0, app);

    // Killed, it is started again (after a second) and runs the next job.
    process.kill(first, 'SIGKILL');
    const [second] = await until('another worker child', () => workerPids(app).length > 1 && workerPids(app).slice(1), app);
    expect(second).not.toBe(first);
    expect(parentOf(second)).toBe(app.child.pid);
    expect(app.out()).toMatch(new RegExp(`job worker process ${first} exited \\(SIGKILL\\); starting another in 1 s`));
    expect((await forgot()).status).toBe(200);
    await until('the new worker to run the job', async () => (await resets()) === 0, app);

    app.child.kill('SIGTERM');
    const exit = await app.exited;
    expect({ code: exit.code, signal: exit.signal }, app.out()).toEqual({ code: 0, signal: null });
    expect(alive(second)).toBe(false);
  }, 240_000);

  it('RUN_JOBS=0 starts no worker child', async () => {
    const { app } = await startApp({ RUN_JOBS: '0' });
    await sleep(500);
    expect(workerPids(app)).toEqual([]);
    app.child.kill('SIGTERM');
    expect((await app.exited).code).toBe(0);
  }, 150_000);
});

describe('readiness while draining', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('GET /readyz answers 503 and every answer closes its connection once a stop began', async () => {
    expect((await t.api('GET', '/readyz')).status).toBe(200);
    t.runtime.drain();
    const r = await t.api('GET', '/readyz');
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ status: 'not ready', database: true, migrated: true });
    expect(r.headers.connection).toBe('close');
    expect((await t.api('GET', '/healthz')).headers.connection).toBe('close');
  });
});
