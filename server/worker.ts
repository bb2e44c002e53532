import Fastify from 'fastify';
import { loadConfig } from './config';
import { resolveSecret } from './lib/secret';
import { systemClock } from './lib/clock';
import { openDatabase } from './db/client';
import type { AppContext } from './context';
import { logRedaction } from './http/logging';
import { startOutboxWorker } from './workers/outbox.worker';
import { startJobRunner } from './workers/job-runner';
import { jobDefinitions } from './workers/jobs';
import { withJobQueue } from './workers/job-requests';
import { registerVolumeJournalConsumers } from './journal-consumers';
import { prepareApplier } from './modules/volume/applier.service';
import { fieldKeyring, useFieldKeys } from './lib/field-crypto';

/**
 * `npm run worker`: the job runner as its own process (PostgreSQL only). Run the app with RUN_JOBS=0
 * and as many workers as needed; they claim jobs with FOR UPDATE SKIP LOCKED and the volume applier
 * holds an advisory lock per batch, so nothing runs twice.
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
  const mailRef: { kick?: () => void } = {};
  const ctx: AppContext = withJobQueue<Omit<AppContext, 'jobs'>>({ db: database.db, config, clock: systemClock, log, secret, kickMail: () => mailRef.kick?.() });
  const mail = startOutboxWorker(ctx, { poll: true });
  mailRef.kick = mail.kick;
  const runner = await startJobRunner(ctx, jobDefinitions(mail), { poll: true });
  prepareApplier(ctx);
  log.info({ worker: runner.worker }, 'job worker started');
  const stop = async () => {
    await runner.stop();
    await mail.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
