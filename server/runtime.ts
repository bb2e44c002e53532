import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Clock } from './lib/clock';
import { systemClock } from './lib/clock';
import { openDatabase, type Database } from './db/client';
import { buildApp, type BuiltApp } from './app';
import type { AppContext } from './context';
import { startOutboxWorker, type OutboxWorker } from './workers/outbox.worker';
import { startMaintenance } from './workers/maintenance.worker';
import { ensureInitialAccounts } from './db/seed/first-start';

export interface Runtime extends BuiltApp {
  ctx: AppContext;
  database: Database;
  mail: OutboxWorker;
  seedLines: string[];
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds the first accounts and builds the app (main and tests share this). */
export async function createRuntime(config: AppConfig, opts: { clock?: Clock; secret: string; webDist?: string; logger?: boolean; pollMail?: boolean; seed?: boolean }): Promise<Runtime> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize });
  let migrated = false;
  await database.migrate();
  migrated = true;
  const mailRef: { worker?: OutboxWorker } = {};
  const ctx: AppContext = {
    db: database.db,
    config,
    clock: opts.clock ?? systemClock,
    log: undefined as unknown as FastifyBaseLogger,
    secret: opts.secret,
    kickMail: () => mailRef.worker?.kick(),
  };
  const built = await buildApp(ctx, { webDist: opts.webDist, logger: opts.logger, ping: () => database.ping(), migrated: () => migrated });
  ctx.log = built.app.log;
  const mail = startOutboxWorker(ctx, { poll: opts.pollMail ?? true });
  mailRef.worker = mail;
  const maintenance = startMaintenance(ctx);
  const seedLines = opts.seed === false ? [] : (await ensureInitialAccounts(ctx)).lines;
  return {
    ...built,
    ctx,
    database,
    mail,
    seedLines,
    async close() {
      maintenance.stop();
      await built.app.close();
      await mail.stop();
      await database.close();
    },
  };
}
