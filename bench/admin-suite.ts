import { signIn } from './sign-in';
import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { measure } from './latency';

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
};

/** Admin back-office on the seeded members: filtered and sorted search pages, stats, and the full CSV export. */
export async function adminSuite(base: string, server: ChildProcess, members: number) {
  const cookie = await signIn(base, 'admin@demo.local', 'Admin@12345!');
  const headers = { cookie };
  const cursorOf = async (path: string) => ((await (await fetch(`${base}${path}`, { headers })).json()) as { nextCursor: string }).nextCursor;
  const cases: [string, string][] = [
    ['newest registrations', '/api/admin/users/search?limit=50'],
    ['next page (cursor)', `/api/admin/users/search?limit=50&cursor=${await cursorOf('/api/admin/users/search?limit=50')}`],
    ['name contains "sha"', '/api/admin/users/search?limit=50&searchType=name&query=sha'],
    ['name contains "ravi kumar"', '/api/admin/users/search?limit=50&searchType=name&query=ravi%20kumar'],
    ['email contains "member4242"', '/api/admin/users/search?limit=50&searchType=name&query=member4242'],
    ['user id prefix BN00123', '/api/admin/users/search?limit=50&searchType=id&query=BN00123'],
    ['BV >= 49000, by package', '/api/admin/users/search?limit=50&searchType=bv&query=49000&sort=packageAmount'],
    ['rank Diamond, by name', '/api/admin/users/search?limit=50&searchType=rank&query=Diamond&sort=name&dir=asc'],
    ['active + KYC approved, by activation', '/api/admin/users/search?limit=50&status=active&kycStatus=approved&sort=activationDate'],
    ['inactive, by user id asc', '/api/admin/users/search?limit=50&status=inactive&sort=userId&dir=asc'],
    ['sorted by name', '/api/admin/users/search?limit=50&sort=name&dir=asc'],
    ['name page 2 (cursor)', `/api/admin/users/search?limit=50&sort=name&dir=asc&cursor=${await cursorOf('/api/admin/users/search?limit=50&sort=name&dir=asc')}`],
    ['registered in a date range', '/api/admin/users/search?limit=50&dateFilterType=registration&dateFrom=2025-01-01&dateTo=2025-06-30'],
    ['activated in a range, pending KYC', '/api/admin/users/search?limit=50&dateFilterType=activation&dateFrom=2025-01-01&dateTo=2025-12-31&kycStatus=pending'],
    ['role founder (rare)', '/api/admin/users/search?limit=50&role=founder'],
    ['dashboard stats', '/api/admin/stats'],
  ];
  const rows = [];
  for (const [name, path] of cases) {
    await measure(`${base}${path}`, headers, 20, 2);
    // One admin paging (the target), then ten admins at once on one app process (load figure).
    const one = await measure(`${base}${path}`, headers, 100, 1);
    const ten = await measure(`${base}${path}`, headers, 200, 10);
    rows.push({ name, p50: one.p50, p95: one.p95, p99: one.p99, 'rps x10': ten.rps, 'p95 x10': ten.p95, failures: one.failures + ten.failures });
  }
  console.log(`\nsuite admin on PostgreSQL with ${members.toLocaleString('en-US')} members: 100 requests one at a time (p50/p95/p99 ms), then 200 with 10 in flight`);
  console.table(rows);
  const searchRows = rows.filter((r) => r.name !== 'dashboard stats');
  const worstP95 = Math.max(...searchRows.map((r) => r.p95));

  const pid = server.pid!;
  const before = rssMb(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  const started = Date.now();
  const res = await fetch(`${base}/api/admin/users/export?format=csv`, { headers });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
  }
  clearInterval(timer);
  const exportSeconds = (Date.now() - started) / 1000;
  console.log(`CSV export: ${(lines - 1).toLocaleString('en-US')} rows, ${(bytes / 1e6).toFixed(1)} MB in ${exportSeconds.toFixed(2)} s; server RSS ${before} MB before, peak ${peak} MB`);
  console.log(`worst search p95 ${worstP95} ms (target <= 50 ms); export ${exportSeconds.toFixed(2)} s (target <= 5 s)`);
  return worstP95 <= 50 && exportSeconds <= 5 && rows.every((r) => r.failures === 0);
}
