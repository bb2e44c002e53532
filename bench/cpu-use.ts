/**
 * Where a window's CPU time went, from /proc (Linux): the suite's own processes by group, every PostgreSQL process
 * (its backends, walwriter, checkpointer...), the bench itself and the machine's idle time, in CPU-seconds. A
 * payday step that needs more CPU than the load leaves idle cannot finish on time without slowing the load down;
 * these figures tell which it is. A process that exits inside the window takes its time with it (a backend of a
 * closed connection): the PostgreSQL figure is a floor; one started inside it counts whole.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

let ticksPerSecond = 0;
const hz = () => {
  if (!ticksPerSecond) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
};

/** utime + stime of a process in ticks, its command name and its parent's pid; undefined when it is gone. */
function procTicks(pid: number | string): { ticks: number; comm: string; ppid: number } | undefined {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command is in parentheses and may hold spaces: the fields after it start at the last ')'.
    const close = s.lastIndexOf(')');
    const comm = s.slice(s.indexOf('(') + 1, close);
    const f = s.slice(close + 2).split(' ');
    // After the command: state is field 3, the parent 4, utime 14 and stime 15 (1-based over the whole line).
    return { ticks: Number(f[11]) + Number(f[12]), comm, ppid: Number(f[1]) };
  } catch {
    return undefined;
  }
}

/** Ticks of every process whose command is `postgres` (the server and each of its backends), by pid. */
function postgresTicks() {
  const out = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const t = procTicks(pid);
    if (t && t.comm === 'postgres') out.set(pid, t.ticks);
  }
  return out;
}

/** The machine's idle and iowait ticks, summed over its cores. */
function idleTicks() {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  return Number(cpu[4]) + Number(cpu[5]);
}

export interface CpuSample {
  at: number;
  groups: Map<string, Map<string, number>>;
  postgres: Map<string, number>;
  idle: number;
}

/** Every process of the trees rooted at `pids` (a process and its children: the default start's worker child). */
export function withChildren(pids: (number | undefined)[]): number[] {
  const parent = new Map<number, number>();
  for (const pid of readdirSync('/proc')) {
    const t = /^\d+$/.test(pid) ? procTicks(pid) : undefined;
    if (t) parent.set(Number(pid), t.ppid);
  }
  const out = new Set(pids.filter((p): p is number => p !== undefined));
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, pp] of parent)
      if (out.has(pp) && !out.has(pid)) {
        out.add(pid);
        grew = true;
      }
  }
  return [...out];
}

/** A sample of the named groups of pids (apps, workers...), PostgreSQL's processes, this process and the idle time. */
export function cpuSample(groups: Record<string, (number | undefined)[]>): CpuSample {
  const g = new Map<string, Map<string, number>>();
  for (const [name, pids] of Object.entries({ ...groups, bench: [process.pid] })) {
    const m = new Map<string, number>();
    for (const pid of pids) {
      const t = pid === undefined ? undefined : procTicks(pid);
      if (t) m.set(String(pid), t.ticks);
    }
    g.set(name, m);
  }
  return { at: Date.now(), groups: g, postgres: postgresTicks(), idle: idleTicks() };
}

/** Ticks a set of processes used between two samples: a process started between them counts whole. */
function used(a: Map<string, number>, b: Map<string, number>) {
  let n = 0;
  for (const [pid, t] of b) n += t - (a.get(pid) ?? 0);
  return n;
}

/**
 * CPU-seconds of each group, of PostgreSQL and idle between two samples, and the wall seconds. With `backends` (a
 * backend's pid to the name of its client, from pg_stat_activity's application_name: backendsByClient), PostgreSQL's
 * time is split too: `postgres for <client>` for each named client, `postgres, the rest` for the others (the server's
 * own processes, unnamed clients).
 */
export function cpuBetween(a: CpuSample, b: CpuSample, backends?: Map<string, string>) {
  const s = (ticks: number) => Math.round((ticks / hz()) * 10) / 10;
  const out: Record<string, number> = { wall: Math.round((b.at - a.at) / 100) / 10 };
  out.postgres = s(used(a.postgres, b.postgres));
  if (backends) {
    const by = new Map<string, Map<string, number>>();
    for (const [pid, t] of b.postgres) {
      const name = backends.get(pid);
      const key = name ? `postgres for ${name}` : 'postgres, the rest';
      if (!by.has(key)) by.set(key, new Map());
      by.get(key)!.set(pid, t);
    }
    for (const [key, m] of [...by].sort(([x], [y]) => x.localeCompare(y))) out[key] = s(used(a.postgres, m));
  }
  for (const [name, m] of b.groups) out[name] = s(used(a.groups.get(name) ?? new Map(), m));
  out.idle = s(b.idle - a.idle);
  return out;
}

/** Each client backend's pid and application_name (empty names left out), for cpuBetween. */
export async function backendsByClient(db: { query: (q: string) => Promise<{ rows: { pid: number; name: string }[] }> }) {
  const r = await db.query("select pid, application_name as name from pg_stat_activity where backend_type = 'client backend' and application_name <> ''");
  return new Map(r.rows.map((x) => [String(x.pid), x.name]));
}

/** "postgres 80.1, app 20.3, ..., idle 3.2" of cpuBetween. */
export const cpuWords = (c: Record<string, number>) =>
  Object.entries(c)
    .filter(([k]) => k !== 'wall')
    .map(([k, v]) => `${k} ${v.toFixed(1)}`)
    .join(', ');
