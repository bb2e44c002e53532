/**
 * npm run bench -- <suite>. Suites: auth (sign-in and current user), admin (back-office on the members of
 * `npm run bench:seed`, or BENCH_MEMBERS generated on the spot, default 1,000,000), tree, charts, commerce, payout, and web
 * (Lighthouse and the first-load budgets, bench/web-suite.ts).
 * Runs the real server in a child process on PostgreSQL (BENCH_DATABASE_URL, TEST_DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/postgres) and loads it from this process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { mkdirSync, openSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { adminSuite } from './admin-suite';
import { treeSuite } from './tree-suite';
import { chartsSuite } from './charts-suite';
import { commerceSuite } from './commerce-suite';
import { payoutSuite } from './payout-suite';
import { chaosSuite } from './chaos-suite';
import { webSuite } from './web-suite';
import { seedMembers } from './seed-members';
import { BENCH_DB, benchDbUrl, refreshDemoAdmin, serverUrl } from './seed';
import { recoveryCodesOf, signIn as benchSignIn } from './sign-in';

const ADMIN = { email: 'admin@demo.local', password: 'Admin@12345!' };

const suite = process.argv[2] ?? 'auth';
const base = serverUrl;
const PORT = Number(process.env.BENCH_PORT ?? 5091);
const URL_BASE = `http://127.0.0.1:${PORT}`;

async function withDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** BENCH_CPU_PROF=1 writes a V8 CPU profile of the app and the worker to artifacts/prof when they exit. */
const cpuProfile = () => [
  ...(process.env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${resolve(import.meta.dirname, '../artifacts/prof')}`] : []),
  // BENCH_TRACE_GC=1: the app's garbage collections on its output (where a memory figure comes from).
  ...(process.env.BENCH_TRACE_GC === '1' ? ['--trace-gc'] : []),
];

/**
 * The URL with the client's name for PostgreSQL (application_name) when it has none: pg_stat_activity tells the app's
 * backends from the worker's, and the commerce suite splits PostgreSQL's CPU time by them. A worker child of the
 * default start inherits the app's.
 */
function namedClient(databaseUrl: string, name: string) {
  const u = new URL(databaseUrl);
  if (!u.searchParams.has('application_name')) u.searchParams.set('application_name', name);
  return u.toString();
}

async function startServer(databaseUrl: string, extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...cpuProfile(), '--import', 'tsx', resolve(import.meta.dirname, '../server/main.ts')], {
    env: {
      ...process.env,
      ...extraEnv,
      DATABASE_URL: namedClient(databaseUrl, 'app'),
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DEMO_SEED: '1',
      RATE_LIMIT_FACTOR: '0',
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? (suite === 'auth' ? '2' : '1'),
      NODE_ENV: 'development',
      DATA_DIR: resolve(import.meta.dirname, '../data/bench'),
    },
    stdio: ['ignore', process.env.BENCH_TRACE_GC === '1' ? 'inherit' : 'ignore', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    try {
      const r = await fetch(`${URL_BASE}/readyz`);
      if (r.ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('server did not become ready');
}

async function signIn(): Promise<string> {
  const r = await fetch(`${URL_BASE}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: 'member@demo.local', password: 'Member@12345' }) });
  if (!r.ok) throw new Error(`sign-in failed: ${r.status}`);
  return r.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))!
    .split(';')[0];
}

function load(opts: autocannon.Options) {
  return new Promise<autocannon.Result>((res, rej) => autocannon(opts, (err, result) => (err ? rej(err) : res(result))));
}

/** GET /api/auth/user for the session of `cookie`, 50 connections for 15 seconds after a 3-second warm-up. */
async function currentUserLoad(cookie: string) {
  await load({ url: `${URL_BASE}/api/auth/user`, connections: 50, duration: 3, headers: { cookie } });
  return load({ url: `${URL_BASE}/api/auth/user`, connections: 50, duration: 15, headers: { cookie } });
}

/** 200 password sign-ins, one at a time (the password step only, for an account with two-factor). */
function passwordSignIns(userId: string, password: string) {
  return load({
    url: `${URL_BASE}/api/login`,
    method: 'POST',
    connections: 1,
    amount: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId, password }),
  });
}

async function authSuite() {
  const cookie = await signIn();
  const user = await currentUserLoad(cookie);
  const login = await passwordSignIns('member@demo.local', 'Member@12345');
  // The admin has two-factor on (issue 13): their session's current-user load, the password step of their sign-in,
  // and whole two-step sign-ins (password, then a one-time recovery code: each of the ten is a complete sign-in).
  const adminCookie = await benchSignIn(URL_BASE, ADMIN.email, ADMIN.password);
  const adminUser = await currentUserLoad(adminCookie);
  const passwordStep = await passwordSignIns(ADMIN.email, ADMIN.password);
  const twoStep: number[] = [];
  let twoStepFailures = 0;
  for (const code of recoveryCodesOf(ADMIN.email)) {
    const started = performance.now();
    const first = await fetch(`${URL_BASE}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: ADMIN.email, password: ADMIN.password }) });
    const challenge = first.headers
      .getSetCookie()
      .find((c) => c.startsWith('mfa='))!
      .split(';')[0];
    await first.arrayBuffer();
    const second = await fetch(`${URL_BASE}/api/login/two-factor`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: challenge }, body: JSON.stringify({ code }) });
    await second.arrayBuffer();
    if (!second.ok) twoStepFailures++;
    twoStep.push(performance.now() - started);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  // Forgot password answers a known and an unknown address in the same time (issue 13; a timing, so a benchmark and
  // not a test, issue 30): 30 of each, alternating, medians compared.
  const forgot: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
  for (let i = 0; i < 30; i++) {
    for (const kind of ['known', 'unknown'] as const) {
      const started = performance.now();
      const r = await fetch(`${URL_BASE}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: kind === 'known' ? 'member@demo.local' : `nobody.${i}@example.com` }),
      });
      await r.arrayBuffer();
      forgot[kind].push(performance.now() - started);
    }
  }
  const [knownMs, unknownMs] = [median(forgot.known), median(forgot.unknown)];
  const forgotGap = Math.abs(knownMs - unknownMs);
  const forgotOk = forgotGap < Math.max(2, 0.25 * Math.max(knownMs, unknownMs));
  const rows = [
    {
      name: 'GET /api/auth/user (50 connections, 15 s)',
      rps: user.requests.average,
      p50: user.latency.p50,
      p99: user.latency.p99,
      non2xx: user.non2xx,
      errors: user.errors,
      target: '>= 5000 req/s, p99 <= 20 ms',
    },
    {
      name: 'POST /api/login (1 connection, 200 sign-ins)',
      rps: login.requests.average,
      p50: login.latency.p50,
      p99: login.latency.p99,
      non2xx: login.non2xx,
      errors: login.errors,
      target: 'p50 <= 60 ms',
    },
    {
      name: 'GET /api/auth/user, admin with two-factor (50 connections, 15 s)',
      rps: adminUser.requests.average,
      p50: adminUser.latency.p50,
      p99: adminUser.latency.p99,
      non2xx: adminUser.non2xx,
      errors: adminUser.errors,
      target: '>= 5000 req/s, p99 <= 20 ms',
    },
    {
      name: 'POST /api/login, admin: password step (1 connection, 200)',
      rps: passwordStep.requests.average,
      p50: passwordStep.latency.p50,
      p99: passwordStep.latency.p99,
      non2xx: passwordStep.non2xx,
      errors: passwordStep.errors,
      target: 'p50 <= 60 ms',
    },
    {
      name: `admin sign-in, password + code (${twoStep.length} in a row)`,
      rps: 0,
      p50: Math.round(median(twoStep) * 10) / 10,
      p99: Math.round(Math.max(...twoStep) * 10) / 10,
      non2xx: twoStepFailures,
      errors: 0,
      target: 'p50 <= 60 ms',
    },
    {
      name: `forgot password: known ${knownMs.toFixed(2)} ms, unknown ${unknownMs.toFixed(2)} ms (medians of 30)`,
      rps: 0,
      p50: Math.round(forgotGap * 100) / 100,
      p99: 0,
      non2xx: 0,
      errors: 0,
      target: 'gap < 2 ms or 25 %',
    },
  ];
  console.log(`\nsuite auth on PostgreSQL, ${process.env.WEB_CONCURRENCY ?? '2'} app processes (WEB_CONCURRENCY)`);
  console.table(rows);
  const ok =
    user.requests.average >= 5000 &&
    user.latency.p99 <= 20 &&
    login.latency.p50 <= 60 &&
    user.non2xx === 0 &&
    login.non2xx === 0 &&
    adminUser.requests.average >= 5000 &&
    adminUser.latency.p99 <= 20 &&
    adminUser.non2xx === 0 &&
    passwordStep.latency.p50 <= 60 &&
    passwordStep.non2xx === 0 &&
    twoStep.length === 10 &&
    median(twoStep) <= 60 &&
    twoStepFailures === 0 &&
    forgotOk;
  console.log(ok ? 'targets met' : 'TARGETS NOT MET');
  return ok;
}

async function runOn<T>(url: string, fn: (server: ChildProcess) => Promise<T>, extraEnv: Record<string, string> = {}): Promise<T> {
  const server = await startServer(url, extraEnv);
  try {
    return await fn(server);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

/** `npm run worker` as its own process, as in production. */
function startWorker(databaseUrl: string): ChildProcess {
  // The worker's log (info: each calculation's phases, `cycle calculated`) goes to artifacts/bench-worker.log.
  mkdirSync(resolve(import.meta.dirname, '../artifacts'), { recursive: true });
  const log = openSync(resolve(import.meta.dirname, '../artifacts/bench-worker.log'), 'w');
  return spawn(process.execPath, [...cpuProfile(), '--import', 'tsx', resolve(import.meta.dirname, '../server/worker.ts')], {
    env: { ...process.env, DATABASE_URL: namedClient(databaseUrl, 'worker'), LOG_LEVEL: 'info', NODE_ENV: 'development', DATA_DIR: resolve(import.meta.dirname, '../data/bench') },
    stdio: ['ignore', log, 'inherit'],
  });
}

/** The app without jobs (RUN_JOBS=0) and one `npm run worker` process on the seeded tree, as in production. */
async function asInProduction<T>(fn: (server: ChildProcess, worker: ChildProcess) => Promise<T>): Promise<T> {
  await refreshDemoAdmin(benchDbUrl());
  const worker = startWorker(benchDbUrl());
  try {
    return await runOn(benchDbUrl(), (server) => fn(server, worker), { RUN_JOBS: '0' });
  } finally {
    worker.kill('SIGTERM');
    await new Promise((r) => worker.once('exit', r));
  }
}

/**
 * The default start on PostgreSQL (ADR 0030): one server/main.ts process started as `npm start` starts it, with
 * RUN_JOBS=1, which runs the jobs in a worker child of its own (server/worker-supervisor.ts).
 */
async function asDefaultStart<T>(fn: (server: ChildProcess) => Promise<T>): Promise<T> {
  await refreshDemoAdmin(benchDbUrl());
  return runOn(benchDbUrl(), fn, { RUN_JOBS: '1' });
}

type TableRow = Record<string, unknown>;

/** Runs a suite and keeps the last table it printed (console.table), so that its figures can be set beside another run's. */
async function keepingTable(run: () => Promise<boolean>): Promise<{ ok: boolean; rows: TableRow[] }> {
  const table = console.table;
  let rows: TableRow[] = [];
  console.table = (data?: unknown, columns?: string[]) => {
    if (Array.isArray(data)) rows = data as TableRow[];
    table.call(console, data, columns);
  };
  try {
    return { ok: await run(), rows };
  } finally {
    console.table = table;
  }
}

/** The dashboards' charts on the seeded members, as in production. */
async function chartsBench(): Promise<boolean> {
  if (!(await seededMembers())) {
    console.error(`the charts suite runs on ${BENCH_DB}: run npm run bench:seed -- --members 1000000 first`);
    return false;
  }
  return asInProduction(() => chartsSuite(URL_BASE, benchDbUrl()));
}

/**
 * Wallet purchases on the seeded tree in both layouts, one after the other in one run: the default start (`npm start`
 * on PostgreSQL, RUN_JOBS=1: the app and the worker child it supervises), then the app with RUN_JOBS=0 beside one
 * `npm run worker`; each prints its own table, then their figures side by side.
 */
async function commerceBench(): Promise<boolean> {
  if (!(await seededMembers())) {
    console.error(`the commerce suite runs on ${BENCH_DB}: run npm run bench:seed -- --members 1000000 first`);
    return false;
  }
  // BENCH_COMMERCE_LAYOUT=default or =worker runs one layout alone, each on a fresh copy, for A/B runs against an older
  // commit whose suite knows only the app-plus-worker layout.
  const only = process.env.BENCH_COMMERCE_LAYOUT;
  const layouts = [
    {
      key: 'default',
      name: 'default start',
      short: 'the default start (RUN_JOBS=1, its worker child)',
      label: 'the default start: one `npm start` process on PostgreSQL, RUN_JOBS=1, running its jobs in its worker child',
      run: asDefaultStart,
    },
    { key: 'worker', name: 'app + worker', short: 'app (RUN_JOBS=0) + 1 worker', label: 'the app with RUN_JOBS=0 and one separate `npm run worker`', run: asInProduction },
  ].filter((l) => !only || l.key === only);
  if (!layouts.length) throw new Error('BENCH_COMMERCE_LAYOUT is default or worker');
  const results: { name: string; ok: boolean; rows: TableRow[] }[] = [];
  for (const [i, layout] of layouts.entries()) {
    console.log(`\n=== commerce ${i + 1}/${layouts.length}: ${layout.label} ===`);
    results.push({
      name: layout.name,
      ...(await keepingTable(() => layout.run((server, worker?: ChildProcess) => commerceSuite(URL_BASE, benchDbUrl(), layout.short, { app: server.pid, worker: worker?.pid })))),
    });
  }
  // The rows are the same measures in the same order (a measure's words may carry a count of its own run).
  const side = results[0].rows.map((row, i) => ({
    measure: row.measure,
    ...Object.fromEntries(results.map((r) => [r.name, r.rows[i]?.value])),
    target: row.target,
  }));
  console.log('\nsuite commerce, the two layouts side by side:');
  console.table(side);
  console.log(results.map((r) => `${r.name}: ${r.ok ? 'targets met' : 'TARGETS NOT MET'}`).join('; '));
  return results.every((r) => r.ok);
}

async function seededMembers(): Promise<number | undefined> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  const exists = (await c.query('select 1 from pg_database where datname = $1', [BENCH_DB])).rowCount;
  await c.end();
  if (!exists) return undefined;
  const b = new pg.Client({ connectionString: benchDbUrl() });
  await b.connect();
  const n = Number((await b.query("select count(*) from users where role <> 'admin'")).rows[0].count);
  await b.end();
  return n;
}

/** The payout run on the seeded tree, as in production. */
async function payoutBench(): Promise<boolean> {
  if (!(await seededMembers())) {
    console.error(`the payout suite runs on ${BENCH_DB}: run npm run bench:seed -- --members 1000000 first`);
    return false;
  }
  return asInProduction((server, worker) => payoutSuite(URL_BASE, benchDbUrl(), server, worker));
}

/** The admin suite uses `mlm_bench` from `npm run bench:seed` when it exists, otherwise seeds BENCH_MEMBERS itself. */
async function adminBench(): Promise<boolean> {
  const seeded = await seededMembers();
  if (seeded) {
    await refreshDemoAdmin(benchDbUrl());
    return runOn(benchDbUrl(), (server) => adminSuite(URL_BASE, server, seeded));
  }
  const members = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
  return withDatabase(async (url) => {
    await runOn(url, async () => undefined);
    console.log(`no ${BENCH_DB} database (npm run bench:seed); seeding ${members} members into a temporary one...`);
    await seedMembers(url, members);
    return runOn(url, (server) => adminSuite(URL_BASE, server, members));
  });
}

/** The tree suite needs the seeded tree of `npm run bench:seed`; as in production (the worker applies the placements' journal entries). */
async function treeBench(): Promise<boolean> {
  if (!(await seededMembers())) {
    console.error(`the tree suite runs on ${BENCH_DB}: run npm run bench:seed -- --members 1000000 first`);
    return false;
  }
  return asInProduction(() => treeSuite(URL_BASE, benchDbUrl()));
}

const suites: Record<string, () => Promise<boolean>> = {
  auth: () => withDatabase((url) => runOn(url, () => authSuite())),
  admin: adminBench,
  tree: treeBench,
  charts: chartsBench,
  commerce: commerceBench,
  payout: payoutBench,
  // Two apps and two workers of its own under load and faults (issue 33); BENCH_PG_RESTART restarts its PostgreSQL.
  chaos: async () => {
    if (!(await seededMembers())) {
      console.error(`the chaos suite runs on ${BENCH_DB}: run npm run bench:seed -- --members 1000000 first`);
      return false;
    }
    await refreshDemoAdmin(benchDbUrl());
    return chaosSuite(benchDbUrl());
  },
  // Lighthouse on the platform as npm start runs it (the embedded database; no PostgreSQL needed).
  web: webSuite,
};
if (!suites[suite]) {
  console.error(`unknown suite ${suite}; known: ${Object.keys(suites).join(', ')}`);
  process.exit(2);
}
const ok = await suites[suite]();
process.exit(ok ? 0 : 1);
