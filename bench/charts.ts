/**
 * The dashboards' chart queries timed on a seeded database (issue 15), as the routes run them (the services themselves):
 * `npx tsx bench/charts.ts [DATABASE_URL] [member id ...]`. Reads only; the default is the bench's million-member
 * database (npm run bench:seed).
 */
import { openDatabase } from '../server/db/client';
import { adminCharts, memberCharts } from '../server/modules/charts/charts.service';
import type { AppContext } from '../server/context';

const url = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/mlm_bench';
const ids = process.argv.slice(3);
const database = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 4 });
const ctx = { db: database.db, clock: { now: () => new Date() } } as unknown as AppContext;
async function time(label: string, f: () => Promise<unknown>, n = 30) {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await f();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  console.log(`${label}: median ${ms[Math.floor(n / 2)].toFixed(1)} ms, p95 ${ms[Math.floor(n * 0.95)].toFixed(1)} ms, max ${ms[n - 1].toFixed(1)} ms (n=${n})`);
}
await time('GET /api/admin/charts (30 days, 12 cycles, 12 weeks, Asia/Kolkata)', () => adminCharts(ctx, { timezone: 'Asia/Kolkata', days: 30, cycles: 12 }));
await time('GET /api/admin/charts (90 days, 26 cycles)', () => adminCharts(ctx, { timezone: 'Asia/Kolkata', days: 90, cycles: 26 }));
for (const id of ids) {
  await time(`GET /api/dashboard/charts member ${id.slice(0, 8)}`, () => memberCharts(ctx, { user: { id } } as never, { timezone: 'Asia/Kolkata', cycles: 12 }));
}
const a = await adminCharts(ctx, { timezone: 'Asia/Kolkata', days: 30, cycles: 12 });
console.log('joined in 30 days:', a.joinings.reduce((s, j) => s + j.count, 0), 'withdrawal requests in 12 weeks:', a.withdrawalsPerWeek.reduce((s, w) => s + w.requests, 0));
await database.close();
