/** Posting a cycle's payouts: claiming batches, marking them posted, and what a batch writes beside the ledger. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import { compPayouts, achievers, rankAchievements } from '../../db/schema/index';
import { inChunks } from './results.repo';

/**
 * What posting needs of a batch's lines (not the explanations, except a rank bonus's rank). A batch is a stretch of
 * the member order (claimUnposted), so its lines are read as one range of the (cycle, member) index, the members
 * another poster holds left out here: 5,000 lookups of single members cost a million-member posting a fifth of a
 * second a batch.
 */
export async function postingLinesOf(db: DbOrTx, cycleId: string, memberIds: string[]) {
  if (!memberIds.length) return [];
  const first = memberIds.reduce((a, b) => (b < a ? b : a));
  const last = memberIds.reduce((a, b) => (b > a ? b : a));
  const rows = await rawRows<{ member_id: string; type: string; amount: string; rank: string | null; adjustment_id: string | null }>(
    db,
    sql`
    select member_id::text, type, amount::text, case when type = 'rank_bonus' then explanation->>'rank' end as rank, adjustment_id::text
    from comp_lines where cycle_id = ${cycleId}::uuid and member_id between ${first}::uuid and ${last}::uuid order by id`,
  );
  const mine = new Set(memberIds);
  return rows.filter((r) => mine.has(r.member_id));
}
/**
 * The next unposted payouts after `after` in member order, locked for this transaction; rows another poster
 * holds are skipped. The poster moves `after` forward batch by batch, so each claim reads only its own
 * stretch of the (cycle, member) key instead of every row posted before it.
 */
export async function claimUnposted(db: DbOrTx, cycleId: string, after: string | null, limit: number) {
  return rawRows<{ member_id: string; gross: string; admin_charge: string; tds: string; net: string; owes: boolean }>(
    db,
    sql`
    select p.member_id::text, p.gross::text, p.admin_charge::text, p.tds::text, p.net::text, (p.recovery > 0 or p.tds_carried > 0) as owes from comp_payouts p
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
export async function recordRankBonus(db: DbOrTx, userId: string, rank: string, amount: string) {
  await db
    .update(rankAchievements)
    .set({ bonus: amount })
    .where(and(eq(rankAchievements.userId, userId), eq(rankAchievements.rank, rank)));
}
export async function insertAchievers(db: DbOrTx, rows: (typeof achievers.$inferInsert)[]) {
  if (rows.length) await inChunks(rows, 2000, (c) => db.insert(achievers).values(c));
}
/**
 * The posting batch's payouts join the year-to-date totals (in the batch's own transaction): their lines' sum, negative
 * lines included (docs/spec/returns.md §5: the financial year's gross for the TDS threshold counts them), and TDS.
 */
export async function addToYtd(db: DbOrTx, cycleId: string, memberIds: string[]) {
  await db.execute(sql`
    insert into comp_ytd (member_id, fy, gross, tds)
    select p.member_id, p.fy, p.lines_total, p.tds from comp_payouts p
    where p.cycle_id = ${cycleId}::uuid and p.member_id = any(${sql.param(memberIds)}::uuid[])
    order by p.fy, p.member_id
    on conflict (fy, member_id) do update set gross = comp_ytd.gross + excluded.gross, tds = comp_ytd.tds + excluded.tds`);
}
/**
 * The batch's members' recovery balance and carried TDS become what their payouts left (in the batch's own
 * transaction); a member with nothing outstanding keeps no row.
 */
/** Whether any member has a recovery balance or carried TDS outstanding (most cycles: none). */
export async function anyBalances(db: DbOrTx) {
  return (await rawRows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from comp_balances limit 1) b`))[0].n > 0;
}
export async function keepBalances(db: DbOrTx, cycleId: string, memberIds: string[]) {
  await db.execute(sql`
    with p as (select member_id, recovery, tds_carried from comp_payouts where cycle_id = ${cycleId}::uuid and member_id = any(${sql.param(memberIds)}::uuid[])),
         gone as (delete from comp_balances b using p where b.member_id = p.member_id and p.recovery = 0 and p.tds_carried = 0)
    insert into comp_balances (member_id, recovery, tds_carried, cycle_id)
    select member_id, recovery, tds_carried, ${cycleId}::uuid from p where recovery > 0 or tds_carried > 0
    order by member_id
    on conflict (member_id) do update set recovery = excluded.recovery, tds_carried = excluded.tds_carried, cycle_id = excluded.cycle_id`);
}
