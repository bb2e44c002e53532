import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, text, integer, boolean, jsonb, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { users } from './users';
import { ts, primaryId, createdAt } from './columns';

export const auditLog = pgTable(
  'audit_log',
  {
    id: primaryId(),
    entityType: varchar('entity_type', { length: 40 }).notNull(),
    entityId: varchar('entity_id', { length: 64 }),
    action: varchar('action', { length: 60 }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: varchar('actor_role', { length: 20 }),
    /** Set when the actor acted through an impersonation token: the user acted as. */
    onBehalfOfId: uuid('on_behalf_of_id').references(() => users.id, { onDelete: 'set null' }),
    previousState: jsonb('previous_state'),
    newState: jsonb('new_state'),
    changes: jsonb('changes'),
    reason: text('reason'),
    ipAddress: varchar('ip_address', { length: 64 }),
    userAgent: text('user_agent'),
    sessionId: varchar('session_id', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_actor_idx').on(t.actorId, t.createdAt), index('audit_log_entity_idx').on(t.entityType, t.entityId)],
);

/** Mail outbox (docs/spec/decisions.md §9). The payload is encrypted at rest and wiped once sent. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: primaryId(),
    toAddress: varchar('to_address', { length: 254 }).notNull(),
    template: varchar('template', { length: 40 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    payload: text('payload'),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt), check('mail_outbox_status_check', sql`${t.status} in ('pending','sending','sent','logged','failed')`)],
);

/**
 * Background jobs (the job runner in server/workers/job-runner.ts). A due job is claimed with
 * FOR UPDATE SKIP LOCKED and leased to one worker until `locked_until`; a worker that dies loses the
 * lease and another takes the job. Recurring jobs keep one row each (name = key) and are rescheduled
 * after every run; one-off jobs carry a unique key and are deleted once done.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: primaryId(),
    key: varchar('key', { length: 120 }).notNull(),
    name: varchar('name', { length: 60 }).notNull(),
    payload: jsonb('payload'),
    recurring: boolean('recurring').notNull().default(false),
    runAt: ts('run_at').notNull(),
    lockedBy: varchar('locked_by', { length: 80 }),
    lockedUntil: ts('locked_until'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lastRunAt: ts('last_run_at'),
    lastOkAt: ts('last_ok_at'),
    /** A one-off job that failed MAX_JOB_ATTEMPTS times in a row: set aside (never due) until an admin retries it. */
    parkedAt: ts('parked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('jobs_key_key').on(t.key), index('jobs_due_idx').on(t.runAt)],
);
