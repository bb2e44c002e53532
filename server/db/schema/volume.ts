import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, text, integer, smallint, bigserial, numeric, index, uniqueIndex, check, primaryKey, jsonb } from 'drizzle-orm/pg-core';
import { users } from './users';
import { purchases } from './commerce';
import { ts, primaryId, createdAt, ref, rupees, bv } from './columns';

/**
 * Pairing and monthly cycles (docs/spec/compensation.md §2). One open cycle per kind; the volume applier closes a
 * cycle once its end has passed and every event before the end is applied, and opens the next.
 * The compensation engine adds calculated, approved and posted.
 */
export const compCycles = pgTable(
  'comp_cycles',
  {
    id: primaryId(),
    kind: varchar('kind', { length: 10 }).notNull(),
    /** daily, weekly or monthly: the period the cycle was opened with. */
    period: varchar('period', { length: 10 }).notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    closedAt: ts('closed_at'),
    status: varchar('status', { length: 12 }).notNull().default('open'),
    createdAt: createdAt(),
    /** The plan version in force at the start, used by every line of the cycle (docs/spec/compensation.md §1). */
    planId: uuid('plan_id'),
    calculatedAt: ts('calculated_at'),
    calculatedBy: uuid('calculated_by').references(() => users.id),
    approvedAt: ts('approved_at'),
    approvedBy: uuid('approved_by').references(() => users.id),
    postedAt: ts('posted_at'),
    postedBy: uuid('posted_by').references(() => users.id),
    /** Totals of the calculation: per income type, deductions, sales, flushed BV, pools' remainders. */
    summary: jsonb('summary'),
  },
  (t) => [
    uniqueIndex('comp_cycles_one_open_key')
      .on(t.kind)
      .where(sql`${t.status} = 'open'`),
    uniqueIndex('comp_cycles_start_key').on(t.kind, t.startsAt),
    check('comp_cycles_kind_check', sql`${t.kind} in ('pairing','monthly')`),
    check('comp_cycles_status_check', sql`${t.status} in ('open','closed','calculated','approved','posted')`),
    check('comp_cycles_bounds_check', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

/**
 * The volume journal: what happened in the tree, appended in the transaction of the event itself and
 * folded into every ancestor's figures by the applier, each row exactly once (applied_at is set in the
 * applier's transaction). kind purchase: a completed purchase's BV; placement: a member took a slot
 * (members +1, active +0/1, depth); activity: a placed member became active (+1) or stopped (-1); reversal: an
 * approved return's BV leaving the tree (negative BV, the purchase it undoes and the return; docs/spec/returns.md §3).
 */
export const volumeEvents = pgTable(
  'volume_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 10 }).notNull(),
    memberId: ref('member_id', () => users.id),
    purchaseId: uuid('purchase_id').references(() => purchases.id),
    bv: bv('bv').notNull().default('0'),
    dMembers: smallint('d_members').notNull().default(0),
    dActive: smallint('d_active').notNull().default(0),
    /** placement: the sponsor whose direct recruits grew (their rank is checked when applied). */
    sponsorId: uuid('sponsor_id'),
    /** The moment the purchase completed or the member was placed: decides the cycle. */
    occurredAt: ts('occurred_at').notNull(),
    appliedAt: ts('applied_at'),
    // Written by the applier for every event from the cycles it has open; no foreign key (ADR 0019): cycles are
    // never deleted (trigger comp_cycles_never_deleted, migration 0039).
    pairingCycleId: uuid('pairing_cycle_id'),
    monthlyCycleId: uuid('monthly_cycle_id'),
    /** reversal: the return whose approval took the BV back (one entry per return) and its number, for explanations. */
    returnId: uuid('return_id'),
    reference: varchar('reference', { length: 30 }),
    /**
     * Quarantine (ADR 0029): an entry whose application failed alone is set aside with its error, and later batches
     * skip it until an admin retries it (cleared) or settles it (applied_at set without applying it, with the reason).
     */
    quarantinedAt: ts('quarantined_at'),
    quarantineError: text('quarantine_error'),
    settledAt: ts('settled_at'),
    settleReason: text('settle_reason'),
  },
  (t) => [
    index('volume_events_pending_idx')
      .on(t.id)
      .where(sql`${t.appliedAt} is null`),
    index('volume_events_quarantined_idx')
      .on(t.id)
      .where(sql`${t.quarantinedAt} is not null and ${t.appliedAt} is null`),
    index('volume_events_settled_idx')
      .on(t.purchaseId)
      .where(sql`${t.settledAt} is not null`),
    uniqueIndex('volume_events_purchase_key')
      .on(t.purchaseId)
      .where(sql`${t.kind} = 'purchase'`),
    // Partial: only a reversal has a return, and every purchase's entry would otherwise add a null to this index.
    uniqueIndex('volume_events_return_key')
      .on(t.returnId)
      .where(sql`${t.returnId} is not null`),
    // A purchase's reversals, for the payout's netting of a return within the purchase's own cycle.
    index('volume_events_reversed_idx')
      .on(t.purchaseId)
      .where(sql`${t.kind} = 'reversal'`),
    index('volume_events_member_idx').on(t.memberId, t.occurredAt),
    index('volume_events_pairing_idx').on(t.pairingCycleId),
    // The payout's snapshot takes back what changed after a cycle's close (compensation/inputs.repo changesSince).
    index('volume_events_occurred_idx').on(t.occurredAt),
    check('volume_events_kind_check', sql`${t.kind} in ('purchase','placement','activity','reversal')`),
    check('volume_events_bv_check', sql`case when ${t.kind} = 'reversal' then ${t.bv} < 0 and ${t.purchaseId} is not null and ${t.returnId} is not null else ${t.bv} >= 0 end`),
  ],
);

/**
 * BV added to each leg of a member in one cycle (the ancestors' side of the journal, per cycle), for the
 * cycles member_volume has moved on from; the rest of a cycle's legs are still in member_volume.
 */
export const legVolumes = pgTable(
  'leg_volumes',
  {
    cycleId: ref('cycle_id', () => compCycles.id),
    // No foreign key on the member: rows are written only by the applier, from tree ancestors.
    memberId: uuid('member_id').notNull(),
    leftBV: rupees('left_bv').notNull().default('0'),
    rightBV: rupees('right_bv').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.cycleId, t.memberId] }), index('leg_volumes_member_idx').on(t.memberId)],
);

/**
 * A member's figures that the volume applier rewrites many times a second: personal BV (their own completed
 * purchases), the BV of each leg (lifetime and in the open cycles) and the tree counters. Kept apart from the wide `users` row (20 indexes) so
 * a batch's thousands of updates stay heap-only on small pages and never wait on a placement's row locks
 * (docs/decisions/0009). Every user has exactly one row, inserted by a trigger on users.
 */
export const memberVolume = pgTable(
  'member_volume',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    totalBV: rupees('total_bv').notNull().default('0'),
    leftBV: rupees('left_bv').notNull().default('0'),
    rightBV: rupees('right_bv').notNull().default('0'),
    /**
     * The legs in the pairing and the monthly cycle this member's BV last moved in: the applier adds to them in
     * the same row write as the lifetime legs. When a later cycle first moves them, the old cycle's figures go to
     * leg_volumes first; a cycle's legs are therefore its leg_volumes rows plus the rows still marked with it
     * here (volume.repo eachCycleLeg, cycleLegsOf). No foreign key: a key check on every first write of a cycle.
     */
    pairingCycleId: uuid('pairing_cycle_id'),
    pairingLeft: rupees('pairing_left').notNull().default('0'),
    pairingRight: rupees('pairing_right').notNull().default('0'),
    monthlyCycleId: uuid('monthly_cycle_id'),
    monthlyLeft: rupees('monthly_left').notNull().default('0'),
    monthlyRight: rupees('monthly_right').notNull().default('0'),
    /** Tree counters applied from the journal (docs/spec/decisions.md §4); `npm run tree:repair` recounts them. */
    leftCount: integer('left_count').notNull().default(0),
    rightCount: integer('right_count').notNull().default(0),
    leftActive: integer('left_active').notNull().default(0),
    rightActive: integer('right_active').notNull().default(0),
    /** Levels below this member (0 for a leaf). */
    teamDepth: integer('team_depth').notNull().default(0),
    totalDirects: integer('total_directs').notNull().default(0),
    leftDirects: integer('left_directs').notNull().default(0),
    rightDirects: integer('right_directs').notNull().default(0),
  },
  (t) => [
    index('member_volume_total_bv_idx').on(t.totalBV),
    check('member_volume_nonneg', sql`${t.totalBV} >= 0 and ${t.leftBV} >= 0 and ${t.rightBV} >= 0`),
    check('member_volume_counters_nonneg', sql`${t.leftCount} >= 0 and ${t.rightCount} >= 0 and ${t.leftActive} >= 0 and ${t.rightActive} >= 0 and ${t.teamDepth} >= 0 and ${t.totalDirects} >= 0`),
  ],
);

/** One row per applied batch: the lag figures on the dashboard and at /metrics; pruned after a day. */
export const volumeApplyLog = pgTable(
  'volume_apply_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull(),
    events: integer('events').notNull(),
    ancestors: integer('ancestors').notNull(),
    ms: integer('ms').notNull(),
    worker: varchar('worker', { length: 80 }),
    /** The batch's milliseconds by step (claim, walk, figures, marked, then each journal consumer by name): where `ms` went. */
    phases: jsonb('phases').$type<Record<string, number>>(),
  },
  (t) => [index('volume_apply_log_at_idx').on(t.at)],
);

/**
 * Moves of placed members without a downline or volume (a founder's Network Override of a hidden ID, ADR 0018): the
 * only case in which a placed member's parent changes. Every process's copy of the parent links (tree/ancestry.ts)
 * re-reads the members moved since it last looked, at the start of each applier batch.
 */
export const treeMoves = pgTable(
  'tree_moves',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: ref('member_id', () => users.id, 'cascade'),
    fromParentId: uuid('from_parent_id').notNull(),
    fromPosition: varchar('from_position', { length: 5 }).notNull(),
    toParentId: uuid('to_parent_id').notNull(),
    toPosition: varchar('to_position', { length: 5 }).notNull(),
    movedBy: uuid('moved_by').references(() => users.id),
    movedAt: ts('moved_at').notNull(),
  },
  (t) => [index('tree_moves_member_idx').on(t.memberId)],
);

/**
 * Completed sales per quarter hour (UTC-aligned; every time zone's day starts on a quarter hour), by the purchase's
 * time, for the admin's sales chart: the applier adds each purchase in the batch that applies its journal entry, so a
 * purchase is here exactly when its entry is applied (charts.repo salesPerDay adds the pending ones).
 */
export const salesSlots = pgTable('sales_slots', {
  slot: ts('slot').primaryKey(),
  orders: integer('orders').notNull(),
  amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  bv: numeric('bv', { precision: 18, scale: 2 }).notNull(),
});
