import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { preparedRows, rawRows, type DbOrTx } from '../../db/client';
import { copyInto, copyOut } from '../../db/copy';
import { cycleLegsSql } from '../volume';
import { mapLazily } from '../../lib/iterables';
import { compAdjustments, compCarry, compCycles, compLines, compPayouts, compPlans, achievers, rankAchievements } from '../../db/schema/index';
import { LOCKS } from '../../db/locks';
import { paiseNumber } from '../../../contracts/money';

export type PlanRow = typeof compPlans.$inferSelect;
export type CycleRow = typeof compCycles.$inferSelect;
export type PayoutRow = typeof compPayouts.$inferSelect;
export type LineRow = typeof compLines.$inferSelect;

// ---- plans ----
export const listPlans = (db: DbOrTx) => db.select().from(compPlans).orderBy(desc(compPlans.version));
export async function findPlan(db: DbOrTx, id: string) {
  const [row] = await db.select().from(compPlans).where(eq(compPlans.id, id));
  return row;
}
export async function insertPlan(db: DbOrTx, v: typeof compPlans.$inferInsert) {
  const [row] = await db.insert(compPlans).values(v).returning();
  return row;
}
export async function nextPlanVersion(db: DbOrTx) {
  const [row] = await rawRows<{ v: number }>(db, sql`select coalesce(max(version), 0)::int + 1 as v from comp_plans`);
  return row.v;
}
export async function updateDraft(db: DbOrTx, id: string, config: unknown, now: Date) {
  const [row] = await db
    .update(compPlans)
    .set({ config, updatedAt: now })
    .where(and(eq(compPlans.id, id), eq(compPlans.status, 'draft')))
    .returning();
  return row;
}
export async function markActive(db: DbOrTx, id: string, effectiveFrom: Date, by: string, now: Date) {
  const [row] = await db
    .update(compPlans)
    .set({ status: 'active', effectiveFrom, activatedBy: by, activatedAt: now, updatedAt: now })
    .where(and(eq(compPlans.id, id), eq(compPlans.status, 'draft')))
    .returning();
  return row;
}
/** The version in force at an instant: the newest activated version whose effective_from is at or before it. */
export async function planInForceAt(db: DbOrTx, at: Date) {
  const [row] = await db
    .select()
    .from(compPlans)
    .where(and(sql`${compPlans.status} <> 'draft'`, sql`${compPlans.effectiveFrom} <= ${at.toISOString()}::timestamptz`))
    .orderBy(desc(compPlans.effectiveFrom), desc(compPlans.version))
    .limit(1);
  return row;
}
/** Activated versions superseded by one in force now are retired. */
export async function retireSuperseded(db: DbOrTx, now: Date) {
  await db.execute(sql`
    update comp_plans p set status = 'retired' where p.status = 'active' and exists (
      select 1 from comp_plans q where q.status <> 'draft' and q.effective_from <= ${now.toISOString()}::timestamptz
        and (q.effective_from > p.effective_from or (q.effective_from = p.effective_from and q.version > p.version)))`);
}

/** Version 1 with the spec's defaults, once (several processes may start at once). */
export async function insertDefaultPlan(db: DbOrTx, config: unknown, now: Date) {
  await db.execute(sql`insert into comp_plans (version, status, config, effective_from, created_at, updated_at, activated_at)
    values (1, 'active', ${JSON.stringify(config)}::jsonb, 'epoch'::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
    on conflict (version) do nothing`);
}
/** Serialises calculations (of either kind), so that each sees the other's state. */
export async function lockCalculations(db: DbOrTx) {
  await db.execute(sql`select pg_advisory_xact_lock(${LOCKS.calculations})`);
}
/** Serialises version numbering. */
export async function lockPlans(db: DbOrTx) {
  await db.execute(sql`select pg_advisory_xact_lock(${LOCKS.planVersions})`);
}

// ---- cycles ----
export async function findCycle(db: DbOrTx, id: string, lock = false) {
  const q = db.select().from(compCycles).where(eq(compCycles.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}
export async function cyclesPage(db: DbOrTx, f: { kind?: string; status?: string; before?: Date }, limit: number) {
  const where = [f.kind ? eq(compCycles.kind, f.kind) : undefined, f.status ? eq(compCycles.status, f.status) : undefined, f.before ? lt(compCycles.startsAt, f.before) : undefined].filter(Boolean);
  return db
    .select()
    .from(compCycles)
    .where(where.length ? and(...(where as never[])) : undefined)
    .orderBy(desc(compCycles.startsAt))
    .limit(limit);
}
/** Earlier cycles of the kind that are not posted yet. */
export async function unpostedBefore(db: DbOrTx, kind: string, startsAt: Date) {
  return db
    .select()
    .from(compCycles)
    .where(and(eq(compCycles.kind, kind), lt(compCycles.startsAt, startsAt), sql`${compCycles.status} <> 'posted'`))
    .orderBy(asc(compCycles.startsAt));
}
/** A cycle of the other kind whose payouts are computed but not posted yet (calculated or approved). */
export async function computedUnpostedOtherKind(db: DbOrTx, kind: string) {
  const [row] = await db
    .select()
    .from(compCycles)
    .where(and(sql`${compCycles.kind} <> ${kind}`, sql`${compCycles.status} in ('calculated', 'approved')`))
    .orderBy(asc(compCycles.startsAt))
    .limit(1);
  return row;
}
export async function previousCycle(db: DbOrTx, kind: string, startsAt: Date) {
  const [row] = await db
    .select()
    .from(compCycles)
    .where(and(eq(compCycles.kind, kind), lt(compCycles.startsAt, startsAt)))
    .orderBy(desc(compCycles.startsAt))
    .limit(1);
  return row;
}
export async function previousCycles(db: DbOrTx, kind: string, startsAt: Date, n: number) {
  return db
    .select()
    .from(compCycles)
    .where(and(eq(compCycles.kind, kind), lt(compCycles.startsAt, startsAt)))
    .orderBy(desc(compCycles.startsAt))
    .limit(n);
}
export async function setCycle(db: DbOrTx, id: string, values: Partial<typeof compCycles.$inferInsert>, fromStatus: string[]) {
  const [row] = await db
    .update(compCycles)
    .set(values)
    .where(
      and(
        eq(compCycles.id, id),
        sql`${compCycles.status} in (${sql.join(
          fromStatus.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      ),
    )
    .returning();
  return row;
}
export async function openCycleOf(db: DbOrTx, kind: string) {
  const [row] = await db
    .select()
    .from(compCycles)
    .where(and(eq(compCycles.kind, kind), eq(compCycles.status, 'open')));
  return row;
}

// ---- the snapshot ----
export interface MemberSnapRow {
  id: string;
  user_id: string;
  parent_id: string | null;
  position: string | null;
  sponsor_id: string | null;
  role: string;
  status: string;
  total_bv: string;
  current_rank: string | null;
  first_name: string | null;
  last_name: string | null;
}
export const snapshotMembers = (db: DbOrTx) =>
  rawRows<MemberSnapRow>(
    db,
    sql`select id::text, user_id, parent_id::text, position, sponsor_id::text, role, status, v.total_bv::text, current_rank, first_name, last_name
                                 from users u join member_volume v on v.member_id = u.id where placed_at is not null or role <> 'admin' order by u.id`,
  );
// Ordered by id: a member's index in the run's table is then its place in member-id order, the order the
// results are written in (a sort of uuids here costs less than sorting their text in the process).
const SNAPSHOT_SQL = `select u.id::text, user_id, parent_id::text, position, sponsor_id::text, role, status, v.total_bv::text, current_rank
                      from users u join member_volume v on v.member_id = u.id where placed_at is not null or role <> 'admin' order by u.id`;
/** The snapshot through COPY (PostgreSQL): cells in the order of snapshotMembers' columns, without names. */
export const copySnapshot = (db: DbOrTx, onRow: (cells: (string | null)[]) => void) => copyOut(db, SNAPSHOT_SQL, onRow);
export const namesOf = (db: DbOrTx, ids: string[]) =>
  ids.length
    ? rawRows<{ id: string; user_id: string; first_name: string | null; last_name: string | null }>(
        db,
        sql`select id::text, user_id, first_name, last_name from users where id = any(${sql.param(ids)}::uuid[])`,
      )
    : Promise.resolve([]);
/**
 * What changed in the members' snapshot figures at or after an instant (a cycle's close), from the volume
 * journal: the first status change of each member (its direction tells the status before it: a member
 * whose first later change is a deactivation was active) and the personal BV of purchases applied since.
 */
export async function changesSince(db: DbOrTx, at: Date) {
  const since = at.toISOString();
  const firsts = await rawRows<{ member_id: string; d_active: number }>(
    db,
    sql`
    select distinct on (member_id) member_id::text, d_active from volume_events
    where kind = 'activity' and occurred_at >= ${since}::timestamptz order by member_id, occurred_at, id`,
  );
  const bought = await rawRows<{ member_id: string; bv: string }>(
    db,
    sql`
    select member_id::text, sum(bv)::text as bv from volume_events
    where kind = 'purchase' and applied_at is not null and occurred_at >= ${since}::timestamptz group by 1`,
  );
  return {
    active: new Map(firsts.map((r) => [r.member_id, Number(r.d_active) < 0])),
    bv: new Map(bought.map((r) => [r.member_id, paiseNumber(r.bv, 'BV')])),
  };
}
/** Reads rows through COPY on PostgreSQL (no row objects for hundreds of thousands of rows), else one query. */
async function eachRow(db: DbOrTx, text: string, onRow: (cells: (string | null)[]) => void) {
  if (await copyOut(db, text, onRow)) return;
  for (const r of await rawRows<Record<string, unknown>>(db, sql.raw(text))) onRow(Object.values(r).map((v) => (v === null || v === undefined ? null : String(v))));
}
const uuidLiteral = (id: string) => {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new Error('not a uuid');
  return `'${id}'::uuid`;
};
/** A cycle's BV per leg, member by member (a member may come twice: add the rows up). */
export const eachCycleLeg = (db: DbOrTx, cycleId: string, kind: 'pairing' | 'monthly', onRow: (memberId: string, left: string, right: string) => void) =>
  eachRow(db, cycleLegsSql(cycleId, kind), (c) => onRow(c[0]!, c[1]!, c[2]!));
/** A cycle's carry out, member by member. */
export const eachCarry = (db: DbOrTx, cycleId: string, onRow: (memberId: string, left: string, right: string, pairedEver: boolean) => void) =>
  eachRow(db, `select member_id, carry_left, carry_right, paired_ever from comp_carry where cycle_id = ${uuidLiteral(cycleId)}`, (c) => onRow(c[0]!, c[1]!, c[2]!, c[3] === 't' || c[3] === 'true'));
export const cyclePurchases = (db: DbOrTx, kind: string, cycleId: string) =>
  rawRows<{ member_id: string; bv: string }>(
    db,
    kind === 'pairing'
      ? sql`select member_id::text, bv::text from volume_events where kind = 'purchase' and pairing_cycle_id = ${cycleId}::uuid order by id`
      : sql`select member_id::text, bv::text from volume_events where kind = 'purchase' and monthly_cycle_id = ${cycleId}::uuid order by id`,
  );
export async function cycleSales(db: DbOrTx, kind: string, cycleId: string) {
  const col = kind === 'pairing' ? sql`v.pairing_cycle_id` : sql`v.monthly_cycle_id`;
  const [row] = await rawRows<{ amount: string; bv: string }>(
    db,
    sql`
    select coalesce(sum(p.total_amount), 0)::text as amount, coalesce(sum(v.bv), 0)::text as bv
    from volume_events v join purchases p on p.id = v.purchase_id where v.kind = 'purchase' and ${col} = ${cycleId}::uuid`,
  );
  return row;
}
export const ownBVByMonth = (db: DbOrTx, cycleIds: string[]) =>
  cycleIds.length
    ? rawRows<{ member_id: string; cycle_id: string; bv: string }>(
        db,
        sql`
        select member_id::text, monthly_cycle_id::text as cycle_id, sum(bv)::text as bv from volume_events
        where kind = 'purchase' and monthly_cycle_id = any(${sql.param(cycleIds)}::uuid[]) group by 1, 2`,
      )
    : Promise.resolve([]);
export const ranksAchievedBetween = (db: DbOrTx, from: Date, to: Date) =>
  rawRows<{ user_id: string; rank: string }>(
    db,
    sql`select user_id::text, rank from rank_achievements where achieved_at >= ${from.toISOString()}::timestamptz and achieved_at < ${to.toISOString()}::timestamptz`,
  );
/** Each member's highest rank achieved at or before an instant (ranks never go down). */
export const rankAt = (db: DbOrTx, at: Date) =>
  rawRows<{ user_id: string; rank: string }>(
    db,
    sql`select distinct on (user_id) user_id::text, rank from rank_achievements where achieved_at <= ${at.toISOString()}::timestamptz order by user_id, achieved_at desc`,
  );
/** Adjustments not yet paid that were made before `before` (the cycle's close): later ones wait for the next cycle. */
export const waitingAdjustments = (db: DbOrTx, before: Date) =>
  db
    .select()
    .from(compAdjustments)
    .where(and(isNull(compAdjustments.cycleId), lt(compAdjustments.createdAt, before)))
    .orderBy(asc(compAdjustments.createdAt), asc(compAdjustments.id));
export async function insertAdjustment(db: DbOrTx, v: typeof compAdjustments.$inferInsert) {
  const [row] = await db.insert(compAdjustments).values(v).returning();
  return row;
}
/**
 * The admins who made an adjustment that a calculated cycle pays: those whose id is on the cycle's lines
 * (comp_lines.adjustment_id), joined to comp_adjustments.created_by. Such an adjustment is still waiting or
 * was consumed by this cycle's posting, so the few rows of comp_adjustments are read first and each is looked
 * up in the cycle's lines by (cycle, member), the lines' index, instead of scanning a million lines.
 */
export async function adjustmentAuthorsOf(db: DbOrTx, cycleId: string) {
  const rows = await rawRows<{ created_by: string }>(
    db,
    sql`
    select distinct a.created_by::text as created_by from comp_adjustments a
    where a.created_by is not null and (a.cycle_id is null or a.cycle_id = ${cycleId}::uuid)
      and exists (select 1 from comp_lines l where l.cycle_id = ${cycleId}::uuid and l.member_id = a.member_id and l.adjustment_id = a.id)`,
  );
  return rows.map((r) => r.created_by);
}
/** Year-to-date gross and TDS of posted payouts per member in a financial year. */
/** Year-to-date posted gross and TDS per member in a financial year (comp_ytd), member by member. */
export const eachYtd = (db: DbOrTx, fy: number, onRow: (memberId: string, gross: string, tds: string) => void) =>
  eachRow(db, `select member_id, gross, tds from comp_ytd where fy = ${Math.trunc(fy)}`, (c) => onRow(c[0]!, c[1]!, c[2]!));
/** The posting batch's payouts join the year-to-date totals (in the batch's own transaction). */
export async function addToYtd(db: DbOrTx, cycleId: string, memberIds: string[]) {
  await db.execute(sql`
    insert into comp_ytd (member_id, fy, gross, tds)
    select p.member_id, p.fy, p.gross, p.tds from comp_payouts p
    where p.cycle_id = ${cycleId}::uuid and p.member_id = any(${sql.param(memberIds)}::uuid[])
    order by p.fy, p.member_id
    on conflict (fy, member_id) do update set gross = comp_ytd.gross + excluded.gross, tds = comp_ytd.tds + excluded.tds`);
}
export const panApproved = (db: DbOrTx) => rawRows<{ id: string }>(db, sql`select id::text from users where pan_number is not null and kyc_status = 'approved'`);

// ---- results ----
export async function clearResults(db: DbOrTx, cycleId: string) {
  await db.delete(compLines).where(eq(compLines.cycleId, cycleId));
  await db.delete(compPayouts).where(eq(compPayouts.cycleId, cycleId));
  await db.delete(compCarry).where(eq(compCarry.cycleId, cycleId));
}
async function inChunks<T>(rows: T[], size: number, f: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await f(rows.slice(i, i + size));
}
// Set-based inserts: one statement per 20,000 rows, each column sent as one array parameter.
const arr = (xs: unknown[]) => sql.param(xs);
type LineIn = typeof compLines.$inferInsert;
type PayoutIn = typeof compPayouts.$inferInsert;
type CarryIn = typeof compCarry.$inferInsert;
/**
 * COPY on PostgreSQL; the set-based INSERTs below on the embedded database. The rows are an iterable
 * turned into COPY text one at a time: a payout run's hundreds of thousands of rows never exist twice.
 */
export async function insertLines(db: DbOrTx, rows: Iterable<LineIn>) {
  const copied = await copyInto(
    db,
    'comp_lines',
    ['cycle_id', 'member_id', 'type', 'amount', 'plan_version', 'explanation', 'adjustment_id'],
    mapLazily(rows, (r) => [r.cycleId, r.memberId, r.type, r.amount, r.planVersion, r.explanation, r.adjustmentId ?? null]),
  );
  if (!copied) await insertLinesSql(db, [...rows]);
}
export async function insertPayouts(db: DbOrTx, rows: Iterable<PayoutIn>) {
  const copied = await copyInto(
    db,
    'comp_payouts',
    ['cycle_id', 'member_id', 'gross', 'admin_charge', 'tds', 'net', 'fy', 'tds_rate', 'pan_approved'],
    mapLazily(rows, (r) => [r.cycleId, r.memberId, r.gross, r.adminCharge, r.tds, r.net, r.fy, r.tdsRate, r.panApproved]),
  );
  if (!copied) await insertPayoutsSql(db, [...rows]);
}
export async function insertCarry(db: DbOrTx, rows: Iterable<CarryIn>) {
  const copied = await copyInto(
    db,
    'comp_carry',
    ['cycle_id', 'member_id', 'carry_left', 'carry_right', 'paired_ever'],
    mapLazily(rows, (r) => [r.cycleId, r.memberId, r.carryLeft, r.carryRight, r.pairedEver ?? false]),
  );
  if (!copied) await insertCarrySql(db, [...rows]);
}
const insertLinesSql = (db: DbOrTx, rows: LineIn[]) =>
  inChunks(rows, 20_000, (c) =>
    db.execute(sql`
  insert into comp_lines (cycle_id, member_id, type, amount, plan_version, explanation, adjustment_id)
  select * from unnest(${arr(c.map((r) => r.cycleId))}::uuid[], ${arr(c.map((r) => r.memberId))}::uuid[], ${arr(c.map((r) => r.type))}::text[],
                       ${arr(c.map((r) => r.amount))}::numeric[], ${arr(c.map((r) => r.planVersion))}::int[], ${arr(c.map((r) => JSON.stringify(r.explanation)))}::jsonb[],
                       ${arr(c.map((r) => r.adjustmentId ?? null))}::uuid[])`),
  );
const insertPayoutsSql = (db: DbOrTx, rows: PayoutIn[]) =>
  inChunks(rows, 20_000, (c) =>
    db.execute(sql`
  insert into comp_payouts (cycle_id, member_id, gross, admin_charge, tds, net, fy, tds_rate, pan_approved)
  select * from unnest(${arr(c.map((r) => r.cycleId))}::uuid[], ${arr(c.map((r) => r.memberId))}::uuid[], ${arr(c.map((r) => r.gross))}::numeric[],
                       ${arr(c.map((r) => r.adminCharge))}::numeric[], ${arr(c.map((r) => r.tds))}::numeric[], ${arr(c.map((r) => r.net))}::numeric[],
                       ${arr(c.map((r) => r.fy))}::int[], ${arr(c.map((r) => r.tdsRate))}::numeric[], ${arr(c.map((r) => r.panApproved))}::boolean[])`),
  );
const insertCarrySql = (db: DbOrTx, rows: CarryIn[]) =>
  inChunks(rows, 20_000, (c) =>
    db.execute(sql`
  insert into comp_carry (cycle_id, member_id, carry_left, carry_right, paired_ever)
  select * from unnest(${arr(c.map((r) => r.cycleId))}::uuid[], ${arr(c.map((r) => r.memberId))}::uuid[], ${arr(c.map((r) => r.carryLeft))}::numeric[],
                       ${arr(c.map((r) => r.carryRight))}::numeric[], ${arr(c.map((r) => r.pairedEver ?? false))}::boolean[])`),
  );

export const linesOf = (db: DbOrTx, cycleId: string, memberIds: string[]) =>
  memberIds.length
    ? db
        .select()
        .from(compLines)
        .where(and(eq(compLines.cycleId, cycleId), sql`${compLines.memberId} = any(${sql.param(memberIds)}::uuid[])`))
        .orderBy(asc(compLines.id))
    : Promise.resolve([]);
/** What posting needs of a batch's lines (not the explanations, except a rank bonus's rank). */
export const postingLinesOf = (db: DbOrTx, cycleId: string, memberIds: string[]) =>
  memberIds.length
    ? rawRows<{ member_id: string; type: string; amount: string; rank: string | null; adjustment_id: string | null }>(
        db,
        sql`
        select member_id::text, type, amount::text, case when type = 'rank_bonus' then explanation->>'rank' end as rank, adjustment_id::text
        from comp_lines where cycle_id = ${cycleId}::uuid and member_id = any(${sql.param(memberIds)}::uuid[]) order by id`,
      )
    : Promise.resolve([]);
export async function payoutsPage(db: DbOrTx, cycleId: string, f: { memberId?: string; type?: string; after?: string }, limit: number) {
  return rawRows<PayoutRow & { user_id: string; first_name: string | null; last_name: string | null }>(
    db,
    sql`
    select p.cycle_id as "cycleId", p.member_id::text as "memberId", p.gross::text as gross, p.admin_charge::text as "adminCharge", p.tds::text as tds,
           p.net::text as net, p.fy, p.tds_rate::text as "tdsRate", p.pan_approved as "panApproved", p.posted_at as "postedAt", u.user_id, u.first_name, u.last_name
    from comp_payouts p join users u on u.id = p.member_id
    where p.cycle_id = ${cycleId}::uuid
      ${f.memberId ? sql`and p.member_id = ${f.memberId}::uuid` : sql``}
      ${f.type ? sql`and exists (select 1 from comp_lines l where l.cycle_id = p.cycle_id and l.member_id = p.member_id and l.type = ${f.type})` : sql``}
      ${f.after ? sql`and p.member_id > ${f.after}::uuid` : sql``}
    order by p.member_id limit ${limit}`,
  );
}
export async function topEarners(db: DbOrTx, cycleId: string, n: number) {
  return rawRows<{ user_id: string; first_name: string | null; last_name: string | null; gross: string; net: string }>(
    db,
    sql`
    select u.user_id, u.first_name, u.last_name, p.gross::text, p.net::text from comp_payouts p join users u on u.id = p.member_id
    where p.cycle_id = ${cycleId}::uuid order by p.gross desc, u.user_id limit ${n}`,
  );
}

// ---- posting ----
/**
 * The next unposted payouts after `after` in member order, locked for this transaction; rows another poster
 * holds are skipped. The poster moves `after` forward batch by batch, so each claim reads only its own
 * stretch of the (cycle, member) key instead of every row posted before it.
 */
export async function claimUnposted(db: DbOrTx, cycleId: string, after: string | null, limit: number) {
  return rawRows<{ member_id: string; gross: string; admin_charge: string; tds: string; net: string }>(
    db,
    sql`
    select p.member_id::text, p.gross::text, p.admin_charge::text, p.tds::text, p.net::text from comp_payouts p
    where p.cycle_id = ${cycleId}::uuid and p.posted_at is null and p.member_id > ${after ?? '00000000-0000-0000-0000-000000000000'}::uuid
    order by p.member_id limit ${limit} for update skip locked`,
  );
}
export async function markPosted(db: DbOrTx, cycleId: string, memberIds: string[], at: Date) {
  await db
    .update(compPayouts)
    .set({ postedAt: at })
    .where(and(eq(compPayouts.cycleId, cycleId), sql`${compPayouts.memberId} = any(${sql.param(memberIds)}::uuid[])`, isNull(compPayouts.postedAt)));
}
export async function unpostedCount(db: DbOrTx, cycleId: string) {
  const [row] = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from comp_payouts where cycle_id = ${cycleId}::uuid and posted_at is null`);
  return row.n;
}
export async function consumeAdjustments(db: DbOrTx, cycleId: string, ids: string[]) {
  if (!ids.length) return;
  await db
    .update(compAdjustments)
    .set({ cycleId })
    .where(and(sql`${compAdjustments.id} = any(${sql.param(ids)}::uuid[])`, isNull(compAdjustments.cycleId)));
}
export async function recordRankBonus(db: DbOrTx, userId: string, rank: string, amount: string) {
  await db
    .update(rankAchievements)
    .set({ bonus: amount })
    .where(and(eq(rankAchievements.userId, userId), eq(rankAchievements.rank, rank)));
}
export async function insertAchievers(db: DbOrTx, rows: (typeof achievers.$inferInsert)[]) {
  if (rows.length) await inChunks(rows, 2000, (c) => db.insert(achievers).values(c));
}

// ---- the member's side ----
export async function memberPayouts(db: DbOrTx, memberId: string) {
  return rawRows<{
    cycle_id: string;
    kind: string;
    starts_at: Date;
    ends_at: Date;
    closed_at: Date | null;
    gross: string;
    admin_charge: string;
    tds: string;
    net: string;
    fy: number;
    posted_at: Date;
  }>(
    db,
    sql`
    select c.id::text as cycle_id, c.kind, c.starts_at, c.ends_at, c.closed_at, p.gross::text, p.admin_charge::text, p.tds::text, p.net::text, p.fy, p.posted_at
    from comp_payouts p join comp_cycles c on c.id = p.cycle_id
    where p.member_id = ${memberId}::uuid and p.posted_at is not null order by c.starts_at desc, c.kind limit 200`,
  );
}
export async function memberLines(db: DbOrTx, memberId: string, cycleIds: string[]) {
  if (!cycleIds.length) return [];
  return db
    .select()
    .from(compLines)
    .where(and(eq(compLines.memberId, memberId), sql`${compLines.cycleId} = any(${sql.param(cycleIds)}::uuid[])`))
    .orderBy(asc(compLines.id));
}
/** Everything the member's Income page shows, in one statement (it is the page members open most). */
export interface IncomeFigures {
  payouts: {
    cycle_id: string;
    kind: string;
    starts_at: string;
    ends_at: string;
    closed_at: string | null;
    gross: string;
    admin_charge: string;
    tds: string;
    net: string;
    fy: number;
    posted_at: string;
  }[];
  carry: { carry_left: string; carry_right: string; paired_ever: boolean } | null;
  open: { id: string; starts_at: string; ends_at: string } | null;
  /** config is null when the caller already holds that version's parsed config. */
  plan: { id: string; version: number; config: unknown } | null;
  legs: { left_bv: string; right_bv: string } | null;
  pools: { type: string; amount: string | null; period_date: string | null }[];
}
/** Fresh planner statistics after a calculation wrote hundreds of thousands of rows (member pages read them at once). */
export async function analyzeResults(db: DbOrTx) {
  await db.execute(sql`analyze comp_lines, comp_payouts, comp_carry`);
}
export async function incomeFigures(db: DbOrTx, memberId: string, knownPlanIds: string[] = []): Promise<IncomeFigures> {
  // Every Income page opens with it: a prepared statement (planned once per connection, then only bound).
  const [row] = await preparedRows<IncomeFigures>(
    db,
    'comp_income_figures',
    sql`
    with o as (select id, starts_at, ends_at from comp_cycles where kind = 'pairing' and status = 'open' limit 1)
    select
      coalesce((select json_agg(x) from (
        select c.id::text as cycle_id, c.kind, c.starts_at, c.ends_at, c.closed_at, p.gross::text as gross, p.admin_charge::text as admin_charge,
               p.tds::text as tds, p.net::text as net, p.fy, p.posted_at
        from comp_payouts p join comp_cycles c on c.id = p.cycle_id
        where p.member_id = ${memberId}::uuid and p.posted_at is not null order by c.starts_at desc, c.kind limit 200) x), '[]'::json) as payouts,
      (select row_to_json(k) from (
        select k.carry_left::text as carry_left, k.carry_right::text as carry_right, k.paired_ever
        from (select id from comp_cycles where kind = 'pairing' and status = 'posted' order by starts_at desc limit 1) c
        join comp_carry k on k.cycle_id = c.id and k.member_id = ${memberId}::uuid) k) as carry,
      (select row_to_json(o) from o) as open,
      (select row_to_json(pl) from (
        select p.id::text as id, p.version, case when p.id = any(${sql.param(knownPlanIds)}::uuid[]) then null else p.config end as config from comp_plans p, o
        where p.status <> 'draft' and p.effective_from <= o.starts_at order by p.effective_from desc, p.version desc limit 1) pl) as plan,
      (select row_to_json(l) from (
        select sum(x.l)::numeric(14,2)::text as left_bv, sum(x.r)::numeric(14,2)::text as right_bv from (
          select v.left_bv as l, v.right_bv as r from leg_volumes v, o where v.cycle_id = o.id and v.member_id = ${memberId}::uuid
          union all
          select m.pairing_left, m.pairing_right from member_volume m, o where m.member_id = ${memberId}::uuid and m.pairing_cycle_id = o.id) x
        having count(*) > 0) l) as legs,
      coalesce((select json_agg(a) from (
        select achievement_type as type, amount::text as amount, period_date::text as period_date from achievers
        where user_id = ${memberId}::uuid and period = 'monthly' order by period_date desc limit 50) a), '[]'::json) as pools`,
  );
  return row;
}
