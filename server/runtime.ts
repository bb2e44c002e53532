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

export interface Runtime extends BuiltApp {
  ctx: AppContext;
  database: Database;
  mail: OutboxWorker;
  /** The job runner of this process (polling unless `pollMail: false` or RUN_JOBS=0). */
  jobs: JobRunner | null;
  seedLines: string[];
  /** Runs the follow-up jobs that are due and applies every pending volume journal entry now (tests; the runner does this in the background). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the database, migrates, seeds the first accounts, builds the app and starts the job runner
 * (main and tests share this). `pollMail: false` keeps the runner from polling: tests run jobs and
 * settle the journal themselves.
 */
export async function createRuntime(config: AppConfig, opts: { clock?: Clock; secret: string; webDist?: string; logger?: boolean; pollMail?: boolean; seed?: boolean }): Promise<Runtime> {
  registerVolumeJournalConsumers();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize });
  let migrated = false;
  // The keys of the values encrypted at rest (ADR 0011): APP_SECRET seals, previous secrets still open.
  useFieldKeys(fieldKeyring(opts.secret, config.appSecretPrevious));
  // Where uploaded files go and are read from (ADR 0029): the database, or the bucket of STORAGE_URL.
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
  const built = await buildApp(ctx, { webDist: opts.webDist, logger: opts.logger, ping: () => database.ping(), migrated: () => migrated });
  ctx.log = built.app.log;
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
    async close() {
      await jobs?.stop();
      await built.app.close();
      await mail.stop();
      await database.close();
      storage.store?.close();
    },
  };
}
