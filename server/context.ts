import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client';
import type { AppConfig } from './config';
import type { Clock } from './lib/clock';

/** What every service receives: the database, configuration, time and a logger. */
export interface AppContext {
  db: Db;
  config: AppConfig;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Secret for data encrypted at rest (mail payloads). */
  secret: string;
  /** Wakes the outbox worker after a commit that queued mail. */
  kickMail(): void;
  /**
   * Runs the named due jobs in this process now and answers true, when this process runs jobs
   * (RUN_JOBS=1: the embedded start, tests); absent or false where a worker process runs them.
   */
  runJobsHere?(names: string[]): Promise<boolean>;
}
