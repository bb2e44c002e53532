import Fastify from 'fastify';
import { loadConfig } from './config';
import { resolveSecret } from './lib/secret';
import { systemClock } from './lib/clock';
import { openDatabase } from './db/client';
import { autovacuumIsOn } from './db/server-settings';
import type { AppContext } from './context';
import { logRedaction } from './http/logging';
import { startOutboxWorker } from './workers/outbox.worker';
import { startJobRunner } from './workers/job-runner';
import { jobDefinitions } from './workers/jobs';
import { withJobQueue } from './workers/job-requests';
import { registerVolumeJournalConsumers } from './journal-consumers';
import { prepareApplier } from './modules/volume/applier.service';
import { fieldKeyring, useFieldKeys } from './lib/field-crypto';

/** A stop gives the jobs in hand this long to finish, then gives back their leases (another worker takes them at once). */
const JOB_GRACE_MS = 7_000;
/** Still stopping after this long (the database did not let go), the process exits regardless, with a log line. */
const STOP_WITHIN_MS = 10_000;

/**
 * `npm run worker`: the job runner as its own process (PostgreSQL only). Run the app with RUN_JOBS=0
 * and as many workers as needed; they claim jobs with FOR UPDATE SKIP LOCKED and the volume applier
 * holds an advisory lock per batch, so nothing runs twice. The default start on PostgreSQL runs one as its
 * child (server/worker-supervisor.ts, ADR 0030). SIGTERM or SIGINT: it claims nothing more, finishes the jobs in
 * hand or gives back their leases, and exits.
 */
async function main() {
  const config = loadConfig();
  registerVolumeJournalConsumers();
  if (!config.databaseUrl) throw new Error('npm run worker needs DATABASE_URL (the embedded database runs its jobs inside the app process)');
  const log = Fastify({ logger: { level: config.logLevel, redact: logRedaction } }).log;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: Math.min(config.dbPoolSize, 5) });
  const secret = resolveSecret(config);
  useFieldKeys(fieldKeyring(secret, config.appSecretPrevious));
  await database.migrate();
  // Without autovacuum nothing analyzes a growing table, and each connection keeps the plans it made while the table
  // was small: a foreign-key check planned on the first purchases reads every purchase, for good (README, Autovacuum).
  if (!(await autovacuumIsOn(database.db))) log.warn('PostgreSQL runs with autovacuum off: turn it on (README, Production on PostgreSQL, Autovacuum)');
  const mailRef: { kick?: () => void } = {};
  const ctx: AppContext = withJobQueue<Omit<AppContext, 'jobs'>>({ db: database.db, config, clock: systemClock, log, secret, kickMail: () => mailRef.kick?.() });
  const mail = startOutboxWorker(ctx, { poll: true });
  mailRef.kick = mail.kick;
  const runner = await startJobRunner(ctx, jobDefinitions(mail), { poll: true });
  prepareApplier(ctx);
  log.info({ worker: runner.worker }, 'job worker started');
  // The runner's timers are unref'd (inside the app they must not hold the process open), so here the pool's idle
  // sockets were all that kept this process alive: when PostgreSQL restarts or cuts every connection, the pool drops
  // them and Node ended the process with code 0, a worker gone without a word (the chaos bench lost both). It lives
  // until it is told to stop.
  const alive = setInterval(() => undefined, 60_000);
  let stopping = false;
  const stop = (why: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(alive);
    log.info({ worker: runner.worker, why }, 'job worker stopping');
    setTimeout(() => {
      log.error({ worker: runner.worker }, `job worker still stopping after ${STOP_WITHIN_MS / 1000} s; exiting now`);
      process.exit(1);
    }, STOP_WITHIN_MS).unref();
    void (async () => {
      await runner.stop({ graceMs: JOB_GRACE_MS });
      // A job whose lease was given back may still be running here (a query holding a connection, a mail being sent):
      // the mail worker and the pool are not waited for past a second.
      const closed = (async () => {
        await mail.stop();
        await database.close();
      })();
      await Promise.race([closed, new Promise((res) => setTimeout(res, 1_000).unref())]);
      log.info({ worker: runner.worker }, 'job worker stopped');
      process.exit(0);
    })().catch((err) => {
      log.error({ err }, 'job worker stopped with an error');
      process.exit(1);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // A child of the default start (server/worker-supervisor.ts): when that process is gone, so is this one.
  if (process.send) process.on('disconnect', () => stop('parent gone'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
