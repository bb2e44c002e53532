import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client';
import type { ReadReplicas } from './db/replicas';
import type { AppConfig } from './config';
import type { Clock } from './lib/clock';

/** A one-off job to queue: its name (a job definition of workers/jobs.ts), a key that joins equal requests, its payload. */
export interface JobRequest {
  key: string;
  name: string;
  payload?: unknown;
}

/**
 * The job queue as services see it (the runner lives in workers/, above the modules, which never import it):
 * background work is a row in PostgreSQL that a job runner takes (ARCHITECTURE.md, "A new job").
 */
export interface JobQueue {
  /** Queues a job to run soon, without waiting for it (follow-up work the caller need not see finish). */
  queue(job: JobRequest): Promise<void>;
  /**
   * Queues a job and waits up to `waitMs` for it to finish (the payout calculation and posting): runs it in this
   * process when this process runs jobs, else waits while a worker runs it. A refusal (an AppError) is thrown
   * here; false when it is still queued or running after `waitMs`.
   */
  queueAndWait(job: JobRequest & { payload: unknown }, waitMs: number): Promise<boolean>;
  /** Per job name: how many are due, running, failing and parked (/metrics). */
  status(): Promise<{ name: string; due: number; running: number; failing: number; parked: number }[]>;
  /** The jobs parked after failing too many times in a row (ADR 0029), most recent first. */
  parked(): Promise<{ id: string; key: string; name: string; attempts: number; lastError: string | null; lastRunAt: Date | null; parkedAt: Date | null }[]>;
  /** Makes a parked job due now with a fresh count of attempts; answers it, or nothing when it is not parked. */
  unpark(id: string): Promise<{ id: string; name: string; key: string; lastError: string | null } | undefined>;
}

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
  /** Queues background work (workers/job-requests.ts withJobQueue). */
  jobs: JobQueue;
  /**
   * The hot standbys for the reads that tolerate a little lag (ADR 0031), when DATABASE_REPLICA_URLS names any. A
   * service reads through `readDb(ctx, reader)` (core/read-db.ts), never through this directly.
   */
  replicas?: ReadReplicas;
}
