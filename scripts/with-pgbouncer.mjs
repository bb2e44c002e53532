// Runs a command behind a private PgBouncer in transaction pooling (ADR 0033):
//   node scripts/with-pgbouncer.mjs <command> [args...]
// PgBouncer listens on a free loopback port in front of TEST_DATABASE_URL's server; the command gets
// TEST_DATABASE_URL through it (with ?pool_mode=transaction, so the app sends no named statements) and
// TEST_DATABASE_ADMIN_URL, PostgreSQL itself, for creating, dumping and dropping test databases.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

export const PGBOUNCER = process.env.PGBOUNCER_PATH || '/usr/sbin/pgbouncer';

/** PgBouncer is Debian's package: installed here when we are root, otherwise the exact command is printed. */
export function ensurePgbouncer() {
  if (existsSync(PGBOUNCER)) return;
  if (process.getuid && process.getuid() === 0) {
    console.log("PgBouncer is missing: installing Debian's package (apt-get install -y pgbouncer)...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [
      ['update', '-qq'],
      ['install', '-y', '-qq', 'pgbouncer'],
    ]) {
      const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
      if (r.status !== 0) process.exit(r.status ?? 1);
    }
    return;
  }
  console.error('PgBouncer is missing. Install it with:\n\n  sudo apt-get update && sudo apt-get install -y pgbouncer\n');
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const quote = (s) => `"${String(s).replace(/"/g, '""')}"`;

/**
 * Starts PgBouncer in front of `upstreamUrl`'s server. Answers the URL through it (same user and database) and
 * stop(). PgBouncer refuses to run as root: as root it runs as the postgres user, its files owned by that user.
 */
export async function startPgbouncer(upstreamUrl, opts = {}) {
  const upstream = new URL(upstreamUrl);
  const user = decodeURIComponent(upstream.username || 'postgres');
  const password = decodeURIComponent(upstream.password || '');
  const host = upstream.hostname || '127.0.0.1';
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pgbouncer-'));
  const asRoot = process.getuid && process.getuid() === 0;
  const files = {
    ini: join(dir, 'pgbouncer.ini'),
    users: join(dir, 'userlist.txt'),
    log: join(dir, 'pgbouncer.log'),
    pid: join(dir, 'pgbouncer.pid'),
  };
  // Clients come from loopback only and are trusted; PgBouncer logs in to PostgreSQL with the URL's password.
  writeFileSync(files.users, `${quote(user)} ${quote(password)}\n`);
  writeFileSync(
    files.ini,
    [
      '[databases]',
      // Wildcard: every database (each test file's own, created and dropped on the way) gets a pool on demand.
      `* = host=${host} port=${upstream.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${files.users}`,
      `admin_users = ${user}`,
      'pool_mode = transaction',
      `max_client_conn = ${opts.maxClientConn ?? 2000}`,
      `default_pool_size = ${opts.poolSize ?? 20}`,
      // Pools of dropped databases go after a minute.
      'autodb_idle_timeout = 60',
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${files.log}`,
      `pidfile = ${files.pid}`,
      'log_connections = 0',
      'log_disconnections = 0',
      'log_stats = 0',
      '',
    ].join('\n'),
  );
  chmodSync(files.users, 0o600);
  if (asRoot) {
    const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const [uid, gid] = [id('-u'), id('-g')];
    for (const p of [dir, files.ini, files.users]) chownSync(p, uid, gid);
  }
  const [cmd, args] = asRoot ? ['runuser', ['-u', 'postgres', '--', PGBOUNCER, files.ini]] : [PGBOUNCER, [files.ini]];
  // Its log goes to the log file (printed when it fails to start), not to the test run's output.
  const child = spawn(cmd, args, { stdio: 'ignore' });
  let exited = false;
  child.once('exit', () => (exited = true));

  const through = new URL(upstreamUrl);
  through.hostname = '127.0.0.1';
  through.port = String(port);
  through.searchParams.set('pool_mode', 'transaction');
  const direct = new URL(through);
  direct.searchParams.delete('pool_mode');

  const log = () => (existsSync(files.log) ? readFileSync(files.log, 'utf8') : '');
  const stop = async () => {
    // runuser passes SIGTERM on to PgBouncer (it ignores SIGINT); PgBouncer's own process id is in its pid file.
    const pid = existsSync(files.pid) ? Number(readFileSync(files.pid, 'utf8').trim()) : 0;
    if (pid) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // gone already
      }
    }
    if (!exited) {
      child.kill('SIGTERM');
      await new Promise((resolve) => (exited ? resolve() : child.once('exit', resolve)));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // Ready once a query goes through.
  const deadline = Date.now() + 15_000;
  for (;;) {
    const client = new pg.Client({ connectionString: direct.toString() });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      break;
    } catch (err) {
      await client.end().catch(() => undefined);
      if (exited || Date.now() > deadline) {
        const text = log();
        await stop();
        throw new Error(`PgBouncer did not start: ${err.message}\n${text}`, { cause: err });
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { url: through.toString(), port, log, stop };
}

/** Runs `command` with TEST_DATABASE_URL through PgBouncer; answers its exit status. */
export async function runWithPgbouncer(command, args) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    console.error('TEST_DATABASE_URL must name a PostgreSQL database (postgres://postgres@127.0.0.1:5432/postgres).');
    return 1;
  }
  ensurePgbouncer();
  const bouncer = await startPgbouncer(base);
  console.log(`PgBouncer (transaction pooling) on 127.0.0.1:${bouncer.port} in front of ${new URL(base).host}`);
  try {
    const env = { ...process.env, TEST_DATABASE_URL: bouncer.url, TEST_DATABASE_ADMIN_URL: process.env.TEST_DATABASE_ADMIN_URL || base };
    const r = spawnSync(command, args, { stdio: 'inherit', env });
    if (r.error) throw r.error;
    return r.status ?? 1;
  } finally {
    await bouncer.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('usage: node scripts/with-pgbouncer.mjs <command> [args...]');
    process.exit(2);
  }
  process.exit(await runWithPgbouncer(command, args));
}
