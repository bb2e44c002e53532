import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { seedMembers } from './seed-members';

const load = (opts: autocannon.Options) =>
  new Promise<autocannon.Result>((res, rej) => autocannon(opts, (err, result) => (err ? rej(err) : res(result))));

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
};

/** Admin back-office on a million members: search pages, stats and a full streamed export. */
export async function adminSuite(base: string, databaseUrl: string, server: ChildProcess, members: number) {
  console.log(`seeding ${members} members...`);
  const seedMs = await seedMembers(databaseUrl, members);
  console.log(`seeded in ${(seedMs / 1000).toFixed(1)} s`);
  const r = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: 'admin@demo.local', password: 'Admin@12345' }) });
  const cookie = r.headers.getSetCookie().find((c) => c.startsWith('sid='))!.split(';')[0];
  const first = (await (await fetch(`${base}/api/admin/users/search?limit=50`, { headers: { cookie } })).json()) as { nextCursor: string };
  const cases: [string, string][] = [
    ['first page, newest registrations', '/api/admin/users/search?limit=50'],
    ['next page (keyset cursor)', `/api/admin/users/search?limit=50&cursor=${first.nextCursor}`],
    ['name contains "sha"', '/api/admin/users/search?limit=50&searchType=name&query=sha'],
    ['user id prefix BN00123', '/api/admin/users/search?limit=50&searchType=id&query=BN00123'],
    ['active + KYC approved, by activation', '/api/admin/users/search?limit=50&status=active&kycStatus=approved&sort=activationDate'],
    ['sorted by name', '/api/admin/users/search?limit=50&sort=name&dir=asc'],
    ['registration date range', '/api/admin/users/search?limit=50&dateFilterType=registration&dateFrom=2025-01-01&dateTo=2025-06-30'],
    ['dashboard stats', '/api/admin/stats'],
  ];
  const rows = [];
  for (const [name, path] of cases) {
    const res = await load({ url: `${base}${path}`, connections: 10, duration: 8, headers: { cookie } });
    rows.push({ name, rps: Math.round(res.requests.average), p50: res.latency.p50, p99: res.latency.p99, non2xx: res.non2xx });
  }
  console.log(`\nsuite admin on PostgreSQL with ${members} members (10 connections, 8 s each)`);
  console.table(rows);

  const pid = server.pid!;
  const before = rssMb(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 200);
  const started = Date.now();
  const res = await fetch(`${base}/api/admin/users/export?format=csv`, { headers: { cookie } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  clearInterval(timer);
  console.log(`CSV export: ${lines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s; server RSS ${before} MB before, peak ${peak} MB`);
  return rows.every((r) => r.non2xx === 0);
}
