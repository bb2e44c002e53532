import { availableParallelism } from 'node:os';
import { z } from 'zod';

/** An amount in rupees with up to `digits` whole digits and two decimals; the message names the variable `name`. */
const rupeeAmount = (name: string, digits: number) => z.string().regex(new RegExp(`^\\d{1,${digits}}(\\.\\d{1,2})?$`), `${name} must be an amount in rupees`);

/** The only file that reads process.env. */
const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  /** Hot standbys of DATABASE_URL, comma-separated: lag-tolerant reads go to them (ADR 0031). */
  DATABASE_REPLICA_URLS: z.string().optional(),
  /** A replica further behind the primary than this many milliseconds is left out until it catches up. */
  REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).default(2000),
  /** Object storage for uploaded files (s3://bucket?endpoint=...&region=...&forcePathStyle=true); unset: the database. */
  STORAGE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Platform <no-reply@localhost>'),
  USER_ID_PREFIX: z
    .string()
    .regex(/^[A-Z]{2}$/, 'USER_ID_PREFIX must be two capital letters')
    .default('MB'),
  APP_SECRET: z.string().min(32).optional(),
  /** Secrets used before APP_SECRET, comma-separated: values sealed under them still open until `npm run keys:rotate` re-encrypts them. */
  APP_SECRET_PREVIOUS: z
    .string()
    .optional()
    .refine((v) => !v || v.split(',').every((s) => s.trim().length >= 32), 'each previous secret needs at least 32 characters'),
  DEMO_SEED: z.enum(['0', '1']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  RATE_LIMIT_FACTOR: z.coerce.number().min(0).default(1),
  /** Unset: derived from this machine's cores (defaultPoolSize). */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  MAIL_POLL_MS: z.coerce.number().int().min(50).default(2000),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  RUN_JOBS: z.enum(['0', '1']).default('1'),
  /** Check every answer against its route's contract and log a mismatch (npm run dev turns it on; the tests fail on one). */
  CHECK_RESPONSES: z.enum(['0', '1']).optional(),
  /** Send Fund credits and debits above this many rupees wait for a second admin (issue 13). */
  SEND_FUND_APPROVAL_ABOVE: rupeeAmount('SEND_FUND_APPROVAL_ABOVE', 12).default('50000'),
  /** docs/spec/returns.md §2: a return whose refund is above this many rupees is approved by a second admin. */
  RETURN_APPROVAL_ABOVE: rupeeAmount('RETURN_APPROVAL_ABOVE', 12).default('50000'),
  /** A member's wallet top-up request: at most this many rupees each, and this many per day (Asia/Kolkata) in all (issue 16). */
  FUND_REQUEST_MAX_AMOUNT: rupeeAmount('FUND_REQUEST_MAX_AMOUNT', 8).default('100000'),
  FUND_REQUEST_DAILY_LIMIT: rupeeAmount('FUND_REQUEST_DAILY_LIMIT', 9).default('200000'),
  /**
   * Issue 29, limits that splitting cannot beat: the unilateral Send Fund credits of one admin, and those to one member,
   * in any 24 hours. Unset: the single-credit threshold (SEND_FUND_APPROVAL_ABOVE).
   */
  SEND_FUND_ADMIN_DAILY_LIMIT: rupeeAmount('SEND_FUND_ADMIN_DAILY_LIMIT', 12).optional(),
  SEND_FUND_MEMBER_DAILY_LIMIT: rupeeAmount('SEND_FUND_MEMBER_DAILY_LIMIT', 12).optional(),
  /** Issue 29: a compensation adjustment is at most this many rupees, and above the second one it waits for a second admin. */
  ADJUSTMENT_MAX_AMOUNT: rupeeAmount('ADJUSTMENT_MAX_AMOUNT', 9).default('100000'),
  ADJUSTMENT_APPROVAL_ABOVE: rupeeAmount('ADJUSTMENT_APPROVAL_ABOVE', 9).default('10000'),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  databaseUrl?: string;
  /** Hot standbys of databaseUrl for the reads that tolerate a little lag (ADR 0031); empty: every read on the primary. */
  databaseReplicaUrls: string[];
  /** A replica whose replay is further behind than this (milliseconds) serves no reads until it catches up. */
  replicaMaxLagMs: number;
  dataDir: string;
  /** S3-compatible storage for documents, proofs, product images and logos (ADR 0032); undefined: bytes in the database. */
  storageUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  userIdPrefix: string;
  /** Secret for data encrypted at rest (mail payloads, identity numbers, documents); generated per data dir in development. */
  appSecret?: string;
  /** Earlier secrets whose keys still open values at rest until they are re-encrypted (key rotation). */
  appSecretPrevious: string[];
  demoSeed: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** Multiplies every rate limit; 0 turns them off (benchmarks only). */
  rateLimitFactor: number;
  dbPoolSize: number;
  mailPollMs: number;
  /** Send Fund above this amount (rupees, two decimals) waits for a second admin. */
  sendFundApprovalAbove: string;
  returnApprovalAbove: string;
  /** Wallet top-up requests (issue 16): the largest one, and the most a member may request per day (rupees, two decimals). */
  fundRequestMaxAmount: string;
  fundRequestDailyLimit: string;
  /** Unilateral Send Fund credits in any 24 hours: per admin and per member (rupees, two decimals; issue 29). */
  sendFundAdminDailyLimit: string;
  sendFundMemberDailyLimit: string;
  /** Compensation adjustments (issue 29): the largest allowed, and above this one a second admin approves. */
  adjustmentMaxAmount: string;
  adjustmentApprovalAbove: string;
  secureCookies: boolean;
  /** App processes to run (PostgreSQL only): they share the port through node:cluster. */
  webConcurrency: number;
  /** Run the job runner (volume applier, mail, cycles, maintenance) inside the app process; 0 when `npm run worker` processes do it. */
  runJobs: boolean;
  /** Check every answer against its route's contract in contracts/api (issue 14). */
  checkResponses: boolean;
};

/**
 * PostgreSQL connections per process when DB_POOL_SIZE is unset: twice the cores plus one, between 4 and 20 (ADR 0036).
 * More connections than the database's cores can run only queue inside PostgreSQL, where they also contend for locks and
 * buffers; queued in the pool they cost nothing. On the 2-core bench machines 5 per process matched or beat 20.
 */
export const defaultPoolSize = (cores: number) => Math.max(4, Math.min(20, 2 * cores + 1));

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = Env.safeParse(source);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${detail}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && !e.APP_SECRET) throw new Error('Invalid configuration: APP_SECRET is required in production (openssl rand -hex 32)');
  if (production && !e.APP_URL) throw new Error('Invalid configuration: APP_URL is required in production');
  const replicaUrls = (e.DATABASE_REPLICA_URLS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // The embedded database (PGlite) has no replicas.
  if (replicaUrls.length && !e.DATABASE_URL) throw new Error('Invalid configuration: DATABASE_REPLICA_URLS needs DATABASE_URL (the embedded database has no replicas)');
  const base: AppConfig = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL || undefined,
    databaseReplicaUrls: replicaUrls,
    replicaMaxLagMs: e.REPLICA_MAX_LAG_MS,
    dataDir: e.DATA_DIR,
    storageUrl: e.STORAGE_URL || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    userIdPrefix: e.USER_ID_PREFIX,
    appSecret: e.APP_SECRET,
    appSecretPrevious: (e.APP_SECRET_PREVIOUS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    demoSeed: e.DEMO_SEED ? e.DEMO_SEED === '1' : !e.DATABASE_URL && !production,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === '1',
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    dbPoolSize: e.DB_POOL_SIZE ?? defaultPoolSize(availableParallelism()),
    mailPollMs: e.MAIL_POLL_MS,
    secureCookies: production,
    webConcurrency: e.WEB_CONCURRENCY,
    runJobs: e.RUN_JOBS === '1',
    // Off unless asked: it parses every answer, which the benchmarks (NODE_ENV=development too) must not measure.
    checkResponses: e.CHECK_RESPONSES === '1',
    sendFundApprovalAbove: Number(e.SEND_FUND_APPROVAL_ABOVE).toFixed(2),
    returnApprovalAbove: Number(e.RETURN_APPROVAL_ABOVE).toFixed(2),
    fundRequestMaxAmount: Number(e.FUND_REQUEST_MAX_AMOUNT).toFixed(2),
    fundRequestDailyLimit: Number(e.FUND_REQUEST_DAILY_LIMIT).toFixed(2),
    sendFundAdminDailyLimit: Number(e.SEND_FUND_ADMIN_DAILY_LIMIT ?? e.SEND_FUND_APPROVAL_ABOVE).toFixed(2),
    sendFundMemberDailyLimit: Number(e.SEND_FUND_MEMBER_DAILY_LIMIT ?? e.SEND_FUND_APPROVAL_ABOVE).toFixed(2),
    adjustmentMaxAmount: Number(e.ADJUSTMENT_MAX_AMOUNT).toFixed(2),
    adjustmentApprovalAbove: Number(e.ADJUSTMENT_APPROVAL_ABOVE).toFixed(2),
  };
  return { ...base, ...overrides };
}
