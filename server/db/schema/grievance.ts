import { sql } from 'drizzle-orm';
import { pgTable, smallint, varchar, text, integer, uuid, date, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { users } from './users';
import { primaryId, createdAt, updatedAt, ts, ref } from './columns';

/**
 * Grievance redressal (Consumer Protection (Direct Selling) Rules, 2021; the grievance module). One row of settings:
 * the grievance officer and the nodal officer, whose contacts the public page and the invoices print.
 */
export const grievanceSettings = pgTable(
  'grievance_settings',
  {
    id: smallint('id').primaryKey().default(1),
    officerName: varchar('officer_name', { length: 120 }).notNull(),
    officerDesignation: varchar('officer_designation', { length: 120 }).notNull(),
    officerPhone: varchar('officer_phone', { length: 20 }).notNull(),
    officerEmail: varchar('officer_email', { length: 254 }).notNull(),
    nodalName: varchar('nodal_name', { length: 120 }).notNull(),
    nodalDesignation: varchar('nodal_designation', { length: 120 }).notNull(),
    nodalPhone: varchar('nodal_phone', { length: 20 }).notNull(),
    nodalEmail: varchar('nodal_email', { length: 254 }).notNull(),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  () => [check('grievance_settings_one_row', sql`id = 1`)],
);

/** Days the 48-working-hour clock skips (besides Sundays), set by an admin. */
export const grievanceHolidays = pgTable('grievance_holidays', {
  day: date('day', { mode: 'string' }).primaryKey(),
  name: varchar('name', { length: 80 }).notNull(),
  createdAt: createdAt(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
});

/** The last serial of each financial year's series (GRV/2627/000001 ...): no gaps, restarts each April. */
export const grievanceSeries = pgTable('grievance_series', {
  financialYear: varchar('financial_year', { length: 7 }).primaryKey(),
  lastSerial: integer('last_serial').notNull(),
});

/**
 * A complaint. One filed on the public form waits for its emailed link (`confirm_token_hash`, no number) and is
 * registered when it is opened; a member's is registered at once. Registered: a number, a status and due times.
 */
export const grievances = pgTable(
  'grievances',
  {
    id: primaryId(),
    number: varchar('number', { length: 20 }),
    source: varchar('source', { length: 10 }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 120 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    orderReference: varchar('order_reference', { length: 60 }),
    description: text('description').notNull(),
    status: varchar('status', { length: 20 }).notNull().default('received'),
    confirmTokenHash: varchar('confirm_token_hash', { length: 64 }),
    confirmExpiresAt: ts('confirm_expires_at'),
    createdAt: createdAt(),
    registeredAt: ts('registered_at'),
    acknowledgeDueAt: ts('acknowledge_due_at'),
    acknowledgedAt: ts('acknowledged_at'),
    resolveDueAt: ts('resolve_due_at'),
    closedAt: ts('closed_at'),
    closingText: text('closing_text'),
    delayReason: text('delay_reason'),
    /** When the grievance officer was told the acknowledgement (or the resolution) is overdue: once each. */
    acknowledgeOverdueFlaggedAt: ts('acknowledge_overdue_flagged_at'),
    resolveOverdueFlaggedAt: ts('resolve_overdue_flagged_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('grievances_number_key').on(t.number),
    uniqueIndex('grievances_confirm_token_key').on(t.confirmTokenHash),
    index('grievances_registered_idx').on(t.registeredAt),
    index('grievances_user_idx').on(t.userId),
    check('grievances_status_check', sql`${t.status} in ('received','acknowledged','in_progress','resolved','rejected')`),
    check('grievances_source_check', sql`${t.source} in ('public','member')`),
    check('grievances_registered_check', sql`(${t.number} is null) = (${t.registeredAt} is null)`),
  ],
);

/** A complaint's history: registration, acknowledgement, actions, delays, the outcome, overdue flags. */
export const grievanceEvents = pgTable(
  'grievance_events',
  {
    id: primaryId(),
    grievanceId: ref('grievance_id', () => grievances.id, 'cascade'),
    kind: varchar('kind', { length: 20 }).notNull(),
    note: text('note'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: varchar('actor_name', { length: 120 }),
    at: ts('at').notNull(),
  },
  (t) => [
    index('grievance_events_grievance_idx').on(t.grievanceId, t.at),
    check('grievance_events_kind_check', sql`${t.kind} in ('registered','acknowledged','action','resolved','rejected','delay','overdue')`),
  ],
);
