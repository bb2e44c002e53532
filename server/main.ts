import cluster from 'node:cluster';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type AppConfig } from './config';
import { resolveSecret } from './lib/secret';
import { banner } from './banner';
import { createRuntime } from './runtime';
import { superviseWorker, type SupervisedWorker } from './worker-supervisor';

const here = dirname(fileURLToPath(import.meta.url));
const webDist = resolve(here, '../web/dist');
const workerEntry = resolve(here, 'worker.ts');

/** A stop (SIGTERM, SIGINT) ends within this long: what is still running then is cut off, with a log line. */
const STOP_WITHIN_MS = 10_000;
/** The embedded database's job runner (in the app process) has this long for its jobs once the requests are done. */
const JOB_GRACE_MS = 5_000;

/**
 * RUN_JOBS=1 on PostgreSQL: the jobs run off the request path, in a child process running `npm run worker`'s code
 * that this process supervises (ADR 0030); the app processes run none. On the embedded database they stay in the app
 * process (no second process can open it).
 */
const supervisesWorker = (config: AppConfig) => config.runJobs && Boolean(config.databaseUrl);
const appConfig = (config: AppConfig): AppConfig => (supervisesWorker(config) ? { ...config, runJobs: false } : config);

/** SIGTERM or SIGINT: `stop` once, then exit 0; still stopping after STOP_WITHIN_MS, exit 1 with a log line. */
function onStopSignal(what: string, stop: () => Promise<unknown>) {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: ${what} stopping (no new requests; finishing those in flight)`);
    setTimeout(() => {
      console.error(`${what} still stopping after ${STOP_WITHIN_MS / 1000} s; exiting now`);
      process.exit(1);
    }, STOP_WITHIN_MS).unref();
    stop().then(
      () => process.exit(0),
      (err) => {
        console.error(`${what} stopped with an error: ${err instanceof Error ? err.message : err}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
}

/** One app process: serves until a stop signal, then drains (runtime.close) and stops its worker child if it has one. */
async function serve(config: AppConfig, seed: boolean, worker: () => SupervisedWorker | undefined) {
  const runtime = await createRuntime(appConfig(config), { secret: resolveSecret(config), webDist, seed });
  await runtime.app.listen({ port: config.port, host: config.host });
  const child = worker();
  onStopSignal('app process', () => Promise.all([runtime.close({ jobGraceMs: JOB_GRACE_MS }), child?.stop()]));
  return runtime;
}

/** With WEB_CONCURRENCY > 1 on PostgreSQL: the primary migrates and seeds once, then forks workers sharing the port. */
async function primary(config: AppConfig) {
  const setup = await createRuntime(appConfig(config), { secret: resolveSecret(config), webDist, pollMail: false });
  console.log(banner(config, setup, config.webConcurrency));
  await setup.close();
  let stopping = false;
  for (let i = 0; i < config.webConcurrency; i++) cluster.fork();
  cluster.on('exit', (worker, code) => {
    if (stopping) return;
    console.error(`app process ${worker.process.pid} exited (${code}); starting another`);
    cluster.fork();
  });
  const jobWorker = supervisesWorker(config) ? superviseWorker(workerEntry) : undefined;
  onStopSignal('platform', async () => {
    stopping = true;
    // Each app process drains on its own SIGTERM; this one waits for them and for the job worker.
    const apps = Object.values(cluster.workers ?? {}).map(
      (w) =>
        new Promise<void>((res) => {
          if (!w || w.isDead()) return res();
          w.process.once('exit', () => res());
          w.process.kill('SIGTERM');
        }),
    );
    await Promise.all([...apps, jobWorker?.stop()]);
  });
}

async function main() {
  const config = loadConfig();
  const clustered = config.webConcurrency > 1 && Boolean(config.databaseUrl);
  if (config.webConcurrency > 1 && !config.databaseUrl) console.warn('WEB_CONCURRENCY needs DATABASE_URL (the embedded database serves one process); running one process.');
  if (clustered && cluster.isPrimary) return primary(config);
  // Clustered, the primary supervises the job worker; alone, this process does.
  const runtime = await serve(config, !clustered, () => (!clustered && supervisesWorker(config) ? superviseWorker(workerEntry) : undefined));
  if (!clustered) console.log(banner(config, runtime, 1));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
