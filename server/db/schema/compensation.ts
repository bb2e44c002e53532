import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, integer, bigint, bigserial, numeric, jsonb, boolean, text, index, uniqueIndex, check, primaryKey } from 'drizzle-orm/pg-core';
import { users } from './users';
import { compCycles } from './volume';
import { ts, primaryId, createdAt, ref, timestamps, actedBy, rupees } from './columns';

/**
 * Plan versions (docs/spec/compensation.md §1): drafts are edited; activation fixes effective_from (the start of a
 * future cycle) and the version is never edited again. A cycle uses the newest active version whose
 * effective_from is at or before the cycle's start.
 */
export const compPlans = pgTable(
  'comp_plans',
  {
    id: primaryId(),
    version: integer('version').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('draft'),
    config: jsonb('config').notNull(),
    basedOn: uuid('based_on'),
    effectiveFrom: ts('effective_from'),
    createdBy: uuid('created_by').references(() => users.id),
    ...timestamps(),
    ...actedBy('activated', () => users.id),
  },
  (t) => [
    uniqueIndex('comp_plans_version_key').on(t.version),
    check('comp_plans_status_check', sql`${t.status} in ('draft','active','retired')`),
    check('comp_plans_active_dated', sql`${t.status} = 'draft' or ${t.effectiveFrom} is not null`),
  ],
);

/*
 * The payout run's three result tables (lines, payouts, carry) carry no foreign keys: a million-member run
 * writes about 1.3 million rows, and a per-row check cost 17 of a 46 s calculation (each check locks the
 * referenced users or comp_cycles row). Their rows are written only by the calculation, in the transaction that
 * holds the cycle's lock, for members of its tree snapshot; placed members are never deleted (ADR 0010).
 */

/** Income lines of a cycle: one per member per income type (and per adjustment), with the explanation. */
export const compLines = pgTable(
  'comp_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cycleId: uuid('cycle_id').notNull(),
    memberId: uuid('member_id').notNull(),
    type: varchar('type', { length: 30 }).notNull(),
    amount: rupees('amount').notNull(),
    planVersion: integer('plan_version').notNull(),
    explanation: jsonb('explanation').notNull(),
    adjustmentId: uuid('adjustment_id'),
  },
  // (cycle, member) serves both a cycle's lines and one member's lines of given cycles; a second index led by
  // the member would only cost the payout run another random write per line.
  (t) => [index('comp_lines_cycle_member_idx').on(t.cycleId, t.memberId)],
);

/** Per member per cycle: gross, deductions and net; posted_at is set in the posting transaction itself. */
export const compPayouts = pgTable(
  'comp_payouts',
  {
    cycleId: uuid('cycle_id').notNull(),
    memberId: uuid('member_id').notNull(),
    gross: rupees('gross').notNull(),
    adminCharge: rupees('admin_charge').notNull(),
    tds: rupees('tds').notNull(),
    net: rupees('net').notNull(),
    /** The financial year (2026 for 2026-27) whose year-to-date gross and TDS this payout counts in. */
    fy: integer('fy').notNull(),
    tdsRate: numeric('tds_rate', { precision: 7, scale: 4 }).notNull(),
    panApproved: boolean('pan_approved').notNull(),
    postedAt: ts('posted_at'),
    /** The sum of the cycle's lines, negative ones included (docs/spec/returns.md §5); gross is this less the recovery taken. */
    linesTotal: rupees('lines_total').notNull().default('0'),
    /** The recovery balance of earlier cycles taken from these lines. */
    recovered: rupees('recovered').notNull().default('0'),
    /** The recovery balance after this cycle: what later income still has to take back. */
    recovery: rupees('recovery').notNull().default('0'),
    /** TDS due that this cycle could not bear, carried to the next ones. */
    tdsCarried: rupees('tds_carried').notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.cycleId, t.memberId] }),
    index('comp_payouts_member_idx').on(t.memberId, t.fy),
    check('comp_payouts_net_nonneg', sql`${t.net} >= 0 and ${t.gross} >= 0 and ${t.adminCharge} >= 0 and ${t.tds} >= 0`),
  ],
);

/**
 * Each member's posted gross and TDS per financial year, kept up to date by the posting transaction itself
 * (the same batch that posts the payouts adds them here). A calculation reads the year's TDS state from it;
 * summing the year's payouts instead grew with every weekly cycle (13 million rows by March at a quarter
 * of a million payouts a week).
 */
export const compYtd = pgTable(
  'comp_ytd',
  {
    memberId: uuid('member_id').notNull(),
    fy: integer('fy').notNull(),
    gross: rupees('gross').notNull(),
    tds: rupees('tds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fy, t.memberId] })],
);

/**
 * Each member's recovery balance and carried TDS as the last posted payout left them (docs/spec/returns.md §5):
 * written by the posting transaction, read by the next calculation. Only members with something outstanding have a row.
 */
export const compBalances = pgTable(
  'comp_balances',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    recovery: rupees('recovery').notNull(),
    tdsCarried: rupees('tds_carried').notNull(),
    cycleId: uuid('cycle_id').notNull(),
  },
  (t) => [check('comp_balances_nonneg', sql`${t.recovery} >= 0 and ${t.tdsCarried} >= 0`)],
);

/**
 * Which pairing cycle clawed back each return reversal (docs/spec/returns.md §4, ADR on negative carry and clawback):
 * written with the cycle's lines in the calculation's transaction and replaced when the cycle is calculated again,
 * so that every reversal of a purchase paid in an earlier, posted cycle is taken back exactly once.
 */
export const compClawbacks = pgTable(
  'comp_clawbacks',
  {
    /** The reversal's volume_events id. */
    eventId: bigint('event_id', { mode: 'number' }).primaryKey(),
    cycleId: uuid('cycle_id').notNull(),
  },
  (t) => [index('comp_clawbacks_cycle_idx').on(t.cycleId)],
);

/** Carry forward per leg after a pairing cycle, and whether the member was ever paid a pair (for 2:1). */
export const compCarry = pgTable(
  'comp_carry',
  {
    cycleId: uuid('cycle_id').notNull(),
    memberId: uuid('member_id').notNull(),
    carryLeft: rupees('carry_left').notNull(),
    carryRight: rupees('carry_right').notNull(),
    pairedEver: boolean('paired_ever').notNull().default(false),
  },
  // Carry is only ever read by (cycle, member): the primary key.
  (t) => [primaryKey({ columns: [t.cycleId, t.memberId] })],
);

/** Adjustments waiting for the next cycle (docs/spec/compensation.md §1): consumed by the calculation that pays them. */
export const compAdjustments = pgTable(
  'comp_adjustments',
  {
    id: primaryId(),
    memberId: ref('member_id', () => users.id),
    type: varchar('type', { length: 30 }).notNull(),
    amount: rupees('amount').notNull(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    /** The posted cycle that paid it (null while waiting). */
    cycleId: uuid('cycle_id').references(() => compCycles.id),
  },
  (t) => [
    index('comp_adjustments_waiting_idx')
      .on(t.memberId)
      .where(sql`${t.cycleId} is null`),
  ],
);

/**
 * The simulator's runs (ADR 0027): an admin's request queues one (status queued), the job runner computes it against
 * the cycle's snapshot (running, then done with the result, or failed with the refusal's words). The result is the
 * contract's SimulationResult (money as decimal strings), parsed on every read. Only the admin who asked reads it.
 */
export const compSimulations = pgTable(
  'comp_simulations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => compPlans.id),
    cycleId: uuid('cycle_id')
      .notNull()
      .references(() => compCycles.id),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    /** The draft's config as it stood when the admin asked: the job simulates what the admin saw, not a later edit. */
    config: jsonb('config').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('queued'),
    result: jsonb('result'),
    error: text('error'),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('comp_simulations_requested_idx').on(t.requestedBy, t.requestedAt),
    check('comp_simulations_status_check', sql`${t.status} in ('queued','running','done','failed')`),
    check('comp_simulations_result_check', sql`(${t.status} = 'done') = (${t.result} is not null)`),
  ],
);
