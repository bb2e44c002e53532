import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Clock } from './lib/clock';
import { systemClock } from './lib/clock';
import { openDatabase, type Database } from './db/client';
import { buildApp, type BuiltApp } from './app';
import type { AppContext } from './context';
import { startOutboxWorker, type OutboxWorker } from './workers/outbox.worker';
import { startJobRunner, type JobRunner } from './workers/job-runner';
import { prepareApplier } from './modules/volume/applier.service';
import { FOLLOW_UP_JOBS, jobDefinitions } from './workers/jobs';
import { drainJournal } from './modules/volume/applier.service';
import { ensureDefaultPlan } from './modules/compensation';
import { ensureInitialAccounts } from './seed/first-start';
import { fieldKeyring, useFieldKeys } from './lib/field-crypto';
import { storageFromUrl, useObjectStorage } from './lib/object-store';
import { encryptLegacyValues, rotationSummary, KEYS_ROTATE_JOB } from './modules/field-keys/field-keys.service';
import { withJobQueue } from './workers/job-requests';
import { registerVolumeJournalConsumers } from './journal-consumers';
import { IDENTITY_CHANNEL, keepIdentities } from './modules/auth';

export interface Runtime extends BuiltApp {
  ctx: AppContext;
  database: Database;
  mail: OutboxWorker;
  /** The job runner of this process (polling unless `pollMail: false` or RUN_JOBS=0). */
  jobs: JobRunner | null;
  seedLines: string[];
  /** Runs the follow-up jobs that are due and applies every pending volume journal entry now (tests; the runner does this in the background). */
  settle(): Promise<void>;
  /** The start of a graceful stop: GET /readyz answers 503 and every answer from now on closes its connection. */
  drain(): void;
  /**
   * Drains, stops listening (idle keep-alive connections are closed, the others once their answer is out), waits for
   * the requests in flight, then stops the job runner (after `jobGraceMs` it gives back the leases of the jobs still
   * running; unset, it waits for them), the mail worker and the database.
   */
  close(opts?: { jobGraceMs?: number }): Promise<void>;
}

/**
 * Opens the database, migrates, seeds the first accounts, builds the app and starts the job runner
 * (main and tests share this). `pollMail: false` keeps the runner from polling: tests run jobs and
 * settle the journal themselves.
 */
export async function createRuntime(config: AppConfig, opts: { clock?: Clock; secret: string; webDist?: string; logger?: boolean; pollMail?: boolean; seed?: boolean }): Promise<Runtime> {
  registerVolumeJournalConsumers();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
    replicaUrls: config.databaseReplicaUrls,
    replicaMaxLagMs: config.replicaMaxLagMs,
    // Changed identities are announced (ADR 0034): each process keeps the identities of the sessions it serves.
    listen: [IDENTITY_CHANNEL],
  });
  if (database.notifications) keepIdentities(database.db, database.notifications);
  let migrated = false;
  // The keys of the values encrypted at rest (ADR 0011): APP_SECRET seals, previous secrets still open.
  useFieldKeys(fieldKeyring(opts.secret, config.appSecretPrevious));
  // Where uploaded files go and are read from (ADR 0032): the database, or the bucket of STORAGE_URL.
  const storage = storageFromUrl(config.storageUrl);
  useObjectStorage(storage);
  await database.migrate();
  // First start: plan version 1 with the spec's defaults (docs/spec/compensation.md §1).
  await ensureDefaultPlan(database.db, (opts.clock ?? systemClock).now());
  migrated = true;
  const mailRef: { worker?: OutboxWorker } = {};
  const jobsRef: { runner?: JobRunner } = {};
  const ctx: AppContext = withJobQueue<Omit<AppContext, 'jobs'>>({
    db: database.db,
    ...(database.replicas ? { replicas: database.replicas } : {}),
    config,
    clock: opts.clock ?? systemClock,
    log: undefined as unknown as FastifyBaseLogger,
    secret: opts.secret,
    kickMail: () => mailRef.worker?.kick(),
    runJobsHere: async (names) => {
      if (!jobsRef.runner) return false;
      await jobsRef.runner.runDue(names);
      return true;
    },
  });
  // Values stored before encryption (migration 0028) are encrypted before the app serves: reads accept only envelopes.
  const legacy = await encryptLegacyValues(ctx);
  if (legacy && (legacy.rewritten || legacy.remaining) && opts.logger !== false) console.log(`Encryption at rest: ${rotationSummary(legacy)}`);
  // With a previous secret configured, the job runner re-encrypts what it sealed under the current key, in the background.
  if (config.appSecretPrevious.length) await ctx.jobs.queue({ key: KEYS_ROTATE_JOB, name: KEYS_ROTATE_JOB });
  let draining = false;
  const built = await buildApp(ctx, { webDist: opts.webDist, logger: opts.logger, ping: () => database.ping(), migrated: () => migrated, draining: () => draining });
  ctx.log = built.app.log;
  database.replicas?.useLog(built.app.log);
  const poll = opts.pollMail ?? true;
  const mail = startOutboxWorker(ctx, { poll });
  mailRef.worker = mail;
  const seedLines = opts.seed === false ? [] : (await ensureInitialAccounts(ctx)).lines;
  const jobs = config.runJobs ? await startJobRunner(ctx, jobDefinitions(mail), { poll }) : null;
  if (jobs) {
    jobsRef.runner = jobs;
    prepareApplier(ctx);
  }
  return {
    ...built,
    ctx,
    database,
    mail,
    jobs,
    seedLines,
    async settle() {
      await jobs?.runDue(FOLLOW_UP_JOBS);
      for (let i = 0; i < 500; i++) {
        const r = await drainJournal(ctx);
        if (r.outcome === 'idle') return;
        if (r.outcome === 'locked') await new Promise((res) => setTimeout(res, 20));
      }
      throw new Error('the volume journal did not settle');
    },
    drain() {
      draining = true;
    },
    async close(closeOpts = {}) {
      draining = true;
      // A keep-alive connection whose answer was already under way when the stop began (a streamed export) is idle
      // once it is out: closed then, not at the keep-alive timeout.
      const server = built.app.server;
      const reaper = server.listening ? setInterval(() => server.closeIdleConnections(), 100) : undefined;
      try {
        // The requests in flight may still need the job runner (a job run here) and the database: they go first.
        await built.app.close();
      } finally {
        clearInterval(reaper);
      }
      await jobs?.stop({ graceMs: closeOpts.jobGraceMs });
      await mail.stop();
      await database.close();
      storage.store?.close();
    },
  };
}
