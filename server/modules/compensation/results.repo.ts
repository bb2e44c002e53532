/** A calculation's results (comp_lines, comp_payouts, comp_carry): written in bulk, read by page, and their statistics. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import pg from 'pg';
import { copyCsv, copyInto } from '../../db/copy';
import { mapLazily } from '../../lib/iterables';
import { compCarry, compClawbacks, compLines, compPayouts } from '../../db/schema/index';

export type PayoutRow = typeof compPayouts.$inferSelect;
export type LineRow = typeof compLines.$inferSelect;

export async function clearResults(db: DbOrTx, cycleId: string) {
  await db.delete(compLines).where(eq(compLines.cycleId, cycleId));
  await db.delete(compPayouts).where(eq(compPayouts.cycleId, cycleId));
  await db.delete(compCarry).where(eq(compCarry.cycleId, cycleId));
  await db.delete(compClawbacks).where(eq(compClawbacks.cycleId, cycleId));
}
export async function inChunks<T>(rows: T[], size: number, f: (chunk: T[]) => Promise<unknown>) {
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
    ['cycle_id', 'member_id', 'gross', 'admin_charge', 'tds', 'net', 'fy', 'tds_rate', 'pan_approved', 'lines_total', 'recovered', 'recovery', 'tds_carried'],
    mapLazily(rows, (r) => [r.cycleId, r.memberId, r.gross, r.adminCharge, r.tds, r.net, r.fy, r.tdsRate, r.panApproved, r.linesTotal, r.recovered, r.recovery, r.tdsCarried]),
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
  insert into comp_payouts (cycle_id, member_id, gross, admin_charge, tds, net, fy, tds_rate, pan_approved, lines_total, recovered, recovery, tds_carried)
  select * from unnest(${arr(c.map((r) => r.cycleId))}::uuid[], ${arr(c.map((r) => r.memberId))}::uuid[], ${arr(c.map((r) => r.gross))}::numeric[],
                       ${arr(c.map((r) => r.adminCharge))}::numeric[], ${arr(c.map((r) => r.tds))}::numeric[], ${arr(c.map((r) => r.net))}::numeric[],
                       ${arr(c.map((r) => r.fy))}::int[], ${arr(c.map((r) => r.tdsRate))}::numeric[], ${arr(c.map((r) => r.panApproved))}::boolean[],
                       ${arr(c.map((r) => r.linesTotal ?? r.gross))}::numeric[], ${arr(c.map((r) => r.recovered ?? '0'))}::numeric[],
                       ${arr(c.map((r) => r.recovery ?? '0'))}::numeric[], ${arr(c.map((r) => r.tdsCarried ?? '0'))}::numeric[])`),
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
/**
 * The same lines with their explanation's sentence only (the CSV export): the explanations' figures are most of a
 * line's JSON, and parsing them for a whole cycle was most of what the export allocated.
 */
export const lineTextsOf = (db: DbOrTx, cycleId: string, memberIds: string[]) =>
  memberIds.length
    ? rawRows<{ memberId: string; type: string; amount: string; planVersion: number; text: string }>(
        db,
        sql`
        select member_id::text as "memberId", type, amount::text as amount, plan_version as "planVersion", explanation->>'text' as text
        from comp_lines where cycle_id = ${cycleId}::uuid and member_id = any(${sql.param(memberIds)}::uuid[]) order by id`,
      )
    : Promise.resolve([]);
export async function payoutsPage(db: DbOrTx, cycleId: string, f: { memberId?: string; type?: string; after?: string }, limit: number) {
  return rawRows<PayoutRow & { user_id: string; first_name: string | null; last_name: string | null }>(
    db,
    sql`
    select p.cycle_id as "cycleId", p.member_id::text as "memberId", p.gross::text as gross, p.admin_charge::text as "adminCharge", p.tds::text as tds,
           p.net::text as net, p.recovered::text as recovered, p.recovery::text as recovery, p.tds_carried::text as "tdsCarried", p.fy, p.tds_rate::text as "tdsRate", p.pan_approved as "panApproved", p.posted_at as "postedAt", u.user_id, u.first_name, u.last_name
    from (
      -- The page is cut before the join: joined first, the planner merges with the whole users index from its start
      -- (168 ms a page half-way through a 256,676-member cycle, against 14 ms; the export reads 257 pages).
      select * from comp_payouts p
      where p.cycle_id = ${cycleId}::uuid
        ${f.memberId ? sql`and p.member_id = ${f.memberId}::uuid` : sql``}
        ${f.type ? sql`and exists (select 1 from comp_lines l where l.cycle_id = p.cycle_id and l.member_id = p.member_id and l.type = ${f.type})` : sql``}
        ${f.after ? sql`and p.member_id > ${f.after}::uuid` : sql``}
      order by p.member_id limit ${limit}
    ) p join users u on u.id = p.member_id
    order by p.member_id`,
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
/**
 * Fresh planner statistics after a calculation wrote hundreds of thousands of rows (member pages read them at once),
 * and for the closed cycle's legs the applier handed over to leg_volumes since the close (the Income page reads them
 * too; income.repo incomeFigures). Analyzing reads a sample and writes no row.
 */
export async function analyzeResults(db: DbOrTx) {
  await db.execute(sql`analyze comp_lines, comp_payouts, comp_carry, leg_volumes`);
}

/**
 * A cycle's CSV export written by PostgreSQL (COPY): the rows of cycle-lines.service.ts exportRows, byte for byte, in
 * member-id order, none of them built as objects in the app. Each cell goes through the spreadsheet guard of
 * lib/csv.ts csvCell with signed amounts kept as numbers (a leading quote before = + - @ tab or CR), and an empty cell
 * is NULL (COPY writes "" for an empty string). The carried TDS note is written as `marker` and its paise, and the
 * app words it as the stream passes (lib/csv.ts decodeMarkedCells). Undefined on the embedded database.
 */
export function copyCycleCsv(
  db: DbOrTx,
  cycleId: string,
  words: { labels: readonly { key: string; label: string }[]; recovered: string; owed: string; tdsCarried: string; admin: string; tds: string; net: string },
  marker: string,
) {
  if (!/^[0-9a-f-]{36}$/i.test(cycleId)) throw new Error('not a uuid');
  if (!/^[A-Za-z0-9]{16,}$/.test(marker)) throw new Error('the marker must be 16 or more letters and digits');
  const lit = (s: string) => pg.escapeLiteral(s);
  const labels = words.labels.map((l) => `(${lit(l.key)}, ${lit(l.label)})`).join(', ');
  // ascii() reads the first character without cutting a substring; a plain negative amount stays a number.
  const guard = (e: string) => `case when ascii(${e}) in (61, 43, 45, 64, 9, 13) and ${e} !~ '^-[0-9]+(\\.[0-9]+)?$' then '''' || ${e} else nullif(${e}, '') end`;
  return copyCsv(
    db,
    `select ${guard('u.user_id')}, ${guard('n.name')}, ${guard('r.label')}, ${guard('r.amount')}, r.version, ${guard('r.note')}
    from comp_payouts p
    join users u on u.id = p.member_id
    cross join lateral (select coalesce(nullif(concat_ws(' ', nullif(u.first_name, ''), nullif(u.last_name, '')), ''), u.user_id) as name) n
    cross join lateral (select coalesce(sum(x.amount), 0) as total from comp_lines x where x.cycle_id = p.cycle_id and x.member_id = p.member_id) t
    cross join lateral (
      select 0 as k, l.id as n, coalesce(w.label, l.type) as label, l.amount::text as amount, l.plan_version::text as version, l.explanation->>'text' as note
      from comp_lines l left join (values ${labels}) as w(key, label) on w.key = l.type
      where l.cycle_id = p.cycle_id and l.member_id = p.member_id
      union all select 1, 0, ${lit(words.recovered)}, '-' || p.recovered::text, null, null where p.recovered > 0
      union all select 2, 0, ${lit(words.owed)}, (p.gross - t.total + p.recovered)::text, null, null where p.gross - t.total + p.recovered > 0
      union all select 3, 0, ${lit(words.tdsCarried)}, null, null, '${marker}' || (p.tds_carried * 100)::bigint::text where p.tds_carried > 0
      union all select 4, 0, ${lit(words.admin)}, '-' || p.admin_charge::text, null, null
      union all select 5, 0, ${lit(words.tds)}, '-' || p.tds::text, null, null
      union all select 6, 0, ${lit(words.net)}, p.net::text, null, null
    ) r
    where p.cycle_id = '${cycleId}'::uuid
    order by p.member_id, r.k, r.n`,
  );
}
