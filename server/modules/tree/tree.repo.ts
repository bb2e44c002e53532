import { eq, sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import { copyOut } from '../../db/copy';
import { users, memberVolume, treeMoves } from '../../db/schema/index';
import type { Position } from '../../../contracts/enums';
import { parsePaise, fromPaise } from '../../../contracts/money';
import { ensureLinks, type AncestryCache, type PathRow } from './ancestry';
import { BatchDeltas, addOwnFigures, type JournalDelta } from './batch-deltas';
import { TREE_JUMP, jumpOfChild, runTopOfChild } from './jumps';
import { LOCKS } from '../../db/locks';

/**
 * The tree engine's storage (decisions.md §4). Every placement and every change of a placed member's
 * active state runs under one transaction-scoped advisory lock, so counters along the ancestor path are
 * updated in one order and a slot is chosen from a consistent picture; the unique (parent, position)
 * index is the last line of defence against a double-occupied slot.
 */

export async function lockTree(db: DbOrTx) {
  await db.execute(sql.raw(`select pg_advisory_xact_lock(${LOCKS.tree})`));
}

export interface TreeNodeRow {
  id: string;
  parentId: string | null;
  position: string | null;
  level: number;
  leftChildId: string | null;
  rightChildId: string | null;
  openDepth: number;
  placedAt: Date | null;
  status: string;
  jumpId: string | null;
  runTop: string | null;
}

const nodeColumns = {
  id: users.id, parentId: users.parentId, position: users.position, level: users.level, leftChildId: users.leftChildId,
  rightChildId: users.rightChildId, openDepth: users.openDepth, placedAt: users.placedAt, status: users.status, jumpId: users.jumpId, runTop: users.runTop,
};

export async function findNode(db: DbOrTx, id: string): Promise<TreeNodeRow | undefined> {
  const [row] = await db.select(nodeColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The root of the tree: the first founder, placed at install. */
export async function findTreeRoot(db: DbOrTx) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`${users.placedAt} is not null and ${users.parentId} is null and ${users.level} = 0`)
    .orderBy(users.placedAt)
    .limit(1);
  return row;
}

/** A member's members per leg (applied from the journal). */
export async function legCountsOf(db: DbOrTx, id: string) {
  const [row] = await db.select({ left: memberVolume.leftCount, right: memberVolume.rightCount }).from(memberVolume).where(eq(memberVolume.memberId, id));
  return row ?? { left: 0, right: 0 };
}

/** Makes a user the tree root (level 0); used once, for the first founder. */
export async function makeRoot(db: DbOrTx, userId: string, now: Date) {
  await db.update(users).set({ level: 0, parentId: null, position: null, placedAt: now, openDepth: 0, jumpId: null, runTop: null }).where(eq(users.id, userId));
}

/**
 * The ancestor at `level` of each of these placed members (a member at that level answers itself; one above it, or not
 * placed, answers nothing): climbs by jump pointers while a jump stays at or below `level`, then by parents, all
 * members at once. A missing jump falls back to the parent (slower, never wrong).
 */
export async function ancestorsAtLevel(db: DbOrTx, ids: string[], level: number) {
  if (!ids.length) return [];
  return rawRows<{ of: string; id: string; parent_id: string | null; position: Position | null }>(
    db,
    sql`with recursive up(of, id, parent_id, jump_id, position, level) as (
          select u.id, u.id, u.parent_id, u.jump_id, u.position, u.level from users u
          where u.id = any(${sql.param(ids)}::uuid[]) and u.placed_at is not null and u.level >= ${level}::int
          union all
          select up.of, n.id, n.parent_id, n.jump_id, n.position, n.level
          from up join users n on n.id = coalesce(case when ((up.level - 1) / ${TREE_JUMP}::int) * ${TREE_JUMP}::int >= ${level}::int then up.jump_id end, up.parent_id)
          where up.level > ${level}::int
        )
        select of::text, id::text, parent_id::text, position from up where level = ${level}::int`,
  );
}

/**
 * Follows open_depth down from `fromId`: at each full member, into the child whose subtree has the
 * shallowest free slot, the left one on a tie. That ends at the first free slot in breadth-first order
 * (shallowest level, leftmost within it) after visiting one member per level, never the whole leg.
 */
export async function descendToOpenSlot(db: DbOrTx, fromId: string) {
  const rows = await rawRows<{ id: string; left_child_id: string | null; right_child_id: string | null }>(
    db,
    sql`with recursive walk(id, open_depth, left_child_id, right_child_id, step) as (
          select u.id, u.open_depth, u.left_child_id, u.right_child_id, 0 from users u where u.id = ${fromId}
          union all
          select c.id, c.open_depth, c.left_child_id, c.right_child_id, w.step + 1
          from walk w
          cross join lateral (
            select x.id, x.open_depth, x.left_child_id, x.right_child_id
            from users x
            where x.id = w.left_child_id or x.id = w.right_child_id
            order by x.open_depth, (x.id = w.right_child_id)
            limit 1
          ) c
          where w.left_child_id is not null and w.right_child_id is not null and w.step < 100000
        )
        select id, left_child_id, right_child_id from walk order by step desc limit 1`,
  );
  return rows[0];
}

/** Children of a set of members (for the breadth-first fallback and the tree reads). */
export async function childrenOf(db: DbOrTx, parentIds: string[]) {
  if (!parentIds.length) return [];
  return db.select(nodeColumns).from(users).where(sql`${users.parentId} in (${sql.join(parentIds.map((id) => sql`${id}::uuid`), sql`, `)})`);
}

/**
 * Puts `childId` into the free slot (parentId, side): the member's own tree columns, the parent's child
 * pointer and open_depth upwards until it stops changing, all at once. The ancestors' member counts
 * follow through the journal (placeMember appends the entry).
 */
export async function occupySlot(db: DbOrTx, childId: string, parentId: string, side: Position, now: Date) {
  const [parent] = await db.select({ level: users.level, jumpId: users.jumpId, position: users.position, runTop: users.runTop }).from(users).where(eq(users.id, parentId));
  await db
    .update(users)
    .set({
      parentId, position: side, level: parent.level + 1, placedAt: now, leftChildId: null, rightChildId: null, openDepth: 0,
      jumpId: jumpOfChild({ id: parentId, level: parent.level, jumpId: parent.jumpId }), runTop: runTopOfChild({ id: parentId, position: parent.position, runTop: parent.runTop }, side),
    })
    .where(eq(users.id, childId));
  await db.update(users).set(side === 'left' ? { leftChildId: childId } : { rightChildId: childId }).where(eq(users.id, parentId));
  await refreshOpenDepth(db, parentId);
}

/** Recomputes open_depth from `fromId` towards the root, stopping where nothing changes. */
export async function refreshOpenDepth(db: DbOrTx, fromId: string) {
  let id: string | null = fromId;
  while (id) {
    const [row]: { parent_id: string | null; open_depth: number; want: number }[] = await rawRows(
      db,
      sql`select u.parent_id, u.open_depth,
            case when u.left_child_id is null or u.right_child_id is null then 0
                 else 1 + least(l.open_depth, r.open_depth) end as want
          from users u
          left join users l on l.id = u.left_child_id
          left join users r on r.id = u.right_child_id
          where u.id = ${id}`,
    );
    if (!row || row.open_depth === row.want) return;
    await db.update(users).set({ openDepth: row.want }).where(eq(users.id, id));
    id = row.parent_id;
  }
}

/** Which leg of `ancestorId` holds `nodeId` (null when it is not below it). */
export async function legUnder(db: DbOrTx, ancestorId: string, nodeId: string): Promise<Position | null> {
  const [ancestor] = await db.select({ level: users.level, placedAt: users.placedAt }).from(users).where(eq(users.id, ancestorId));
  if (!ancestor?.placedAt || nodeId === ancestorId) return null;
  const [below] = await ancestorsAtLevel(db, [nodeId], ancestor.level + 1);
  return below?.parent_id === ancestorId ? below.position : null;
}

/**
 * Whether a placed member is in another's downline (or is that member): climbs from it to the other's level by jump
 * pointers (about 100 rows from 5,000 levels down) and compares the member reached there.
 */
export async function isInDownline(db: DbOrTx, ancestor: { id: string; level: number }, nodeId: string) {
  if (nodeId === ancestor.id) return true;
  if (ancestor.level === 0) {
    // The root (the one placed member without a parent): every placed member is below it.
    const [node] = await rawRows<{ placed: boolean }>(db, sql`select placed_at is not null as placed from users where id = ${nodeId}`);
    return Boolean(node?.placed);
  }
  const [top] = await ancestorsAtLevel(db, [nodeId], ancestor.level);
  return top?.id === ancestor.id;
}

/**
 * Which of `ids` are placed members in `ancestor`'s downline (the ancestor itself included), in one query: each climbs
 * to the ancestor's level by jump pointers (ancestorsAtLevel) and is kept when the member reached there is the ancestor.
 */
export async function placedInDownline(db: DbOrTx, ancestor: { id: string; level: number }, ids: string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Set();
  if (ancestor.level === 0) {
    const rows = await rawRows<{ id: string }>(db, sql`select id::text from users where id = any(${sql.param(unique)}::uuid[]) and placed_at is not null`);
    return new Set(rows.map((r) => r.id));
  }
  return new Set((await ancestorsAtLevel(db, unique, ancestor.level)).filter((a) => a.id === ancestor.id).map((a) => a.of));
}

// ---- moves of members without a downline (ADR 0018) ----

/** One member of the path from a member up to the root, with its children and their applied depths below. */
export interface PathUpRow {
  id: string;
  parent_id: string | null;
  position: Position | null;
  level: number;
  left_child_id: string | null;
  right_child_id: string | null;
  team_depth: number;
  left_depth: number | null;
  right_depth: number | null;
}

/** `fromId` and every ancestor up to the root, deepest first, with what a move needs to recompute their depth below. */
export async function pathUp(db: DbOrTx, fromId: string) {
  return rawRows<PathUpRow>(
    db,
    sql`with recursive up(id, parent_id, position, level, left_child_id, right_child_id) as (
          select id, parent_id, position, level, left_child_id, right_child_id from users where id = ${fromId}::uuid
          union all
          select p.id, p.parent_id, p.position, p.level, p.left_child_id, p.right_child_id from up join users p on p.id = up.parent_id
        )
        select up.id::text, up.parent_id::text, up.position, up.level, up.left_child_id::text, up.right_child_id::text,
               v.team_depth, lv.team_depth as left_depth, rv.team_depth as right_depth
        from up join member_volume v on v.member_id = up.id
        left join member_volume lv on lv.member_id = up.left_child_id
        left join member_volume rv on rv.member_id = up.right_child_id
        order by up.level desc`,
  );
}

/** What a move changes in one member's applied figures: counts and direct recruits per leg by these deltas, and the depth below when given. */
export interface FigureChange {
  id: string;
  lc: number;
  rc: number;
  la: number;
  ra: number;
  ld: number;
  rd: number;
  depth: number | null;
}

/** Writes a move's figure changes to member_volume in one statement (the caller holds the applier's lock). */
export async function changeFigures(db: DbOrTx, changes: FigureChange[]) {
  if (!changes.length) return;
  const col = <K extends keyof FigureChange>(k: K) => changes.map((c) => c[k]);
  await db.execute(sql`
    update member_volume t set left_count = t.left_count + f.lc, right_count = t.right_count + f.rc,
      left_active = t.left_active + f.la, right_active = t.right_active + f.ra,
      left_directs = t.left_directs + f.ld, right_directs = t.right_directs + f.rd,
      team_depth = coalesce(f.depth, t.team_depth)
    from unnest(${sql.param(col('id'))}::uuid[], ${sql.param(col('lc'))}::int[], ${sql.param(col('rc'))}::int[], ${sql.param(col('la'))}::int[],
                ${sql.param(col('ra'))}::int[], ${sql.param(col('ld'))}::int[], ${sql.param(col('rd'))}::int[], ${sql.param(col('depth'))}::int[])
      as f(id, lc, rc, la, ra, ld, rd, depth)
    where t.member_id = f.id`);
}

/** Takes a placed member without children out of its slot and puts it into the free slot (parentId, side), with its level and jump. */
export async function relinkLeaf(
  db: DbOrTx,
  member: { id: string; parentId: string; position: Position },
  to: { id: string; level: number; jumpId: string | null; position: string | null; runTop: string | null },
  side: Position,
) {
  await db.update(users).set(member.position === 'left' ? { leftChildId: null } : { rightChildId: null }).where(eq(users.id, member.parentId));
  await db.update(users).set({ parentId: to.id, position: side, level: to.level + 1, jumpId: jumpOfChild(to), runTop: runTopOfChild(to, side) }).where(eq(users.id, member.id));
  await db.update(users).set(side === 'left' ? { leftChildId: member.id } : { rightChildId: member.id }).where(eq(users.id, to.id));
}

export async function insertTreeMove(db: DbOrTx, row: typeof treeMoves.$inferInsert) {
  await db.insert(treeMoves).values(row);
}

/** The moves after `afterId` with each moved member's link as it is now (parents first). */
export async function movesSince(db: DbOrTx, afterId: number) {
  return rawRows<PathRow & { move_id: string }>(
    db,
    sql`select m.id::text as move_id, u.id::text, u.parent_id::text, u.position, u.level
        from tree_moves m join users u on u.id = m.member_id where m.id > ${afterId} order by m.id`,
  );
}

/** Pending journal entries of a member (a move waits until its entries are applied). */
export async function pendingEntriesOf(db: DbOrTx, memberId: string) {
  const [row] = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from volume_events where member_id = ${memberId}::uuid and applied_at is null`);
  return row.n;
}

// ---- whole-tree reads for the repair command and the benchmark seed ----

export interface TreeScanRow {
  id: string;
  parent_id: string | null;
  position: string | null;
  sponsor_id: string | null;
  left_child_id: string | null;
  right_child_id: string | null;
  status: string;
  level: number;
  /** users.jump_id and users.run_top (ADR 0017). */
  jump_id: string | null;
  run_top: string | null;
  left_count: number;
  right_count: number;
  left_active: number;
  right_active: number;
  team_depth: number;
  open_depth: number;
  total_directs: number;
  left_directs: number;
  right_directs: number;
}

export async function scanPlacedMembers(db: DbOrTx) {
  return rawRows<TreeScanRow>(
    db,
    sql`select u.id, u.parent_id, u.position, u.sponsor_id, u.left_child_id, u.right_child_id, u.status, u.level, u.jump_id::text, u.run_top::text, v.left_count, v.right_count,
               v.left_active, v.right_active, v.team_depth, u.open_depth, v.total_directs, v.left_directs, v.right_directs
        from users u join member_volume v on v.member_id = u.id where u.placed_at is not null`,
  );
}

export type CounterFix = Pick<TreeScanRow, 'id' | 'level' | 'jump_id' | 'run_top' | 'left_count' | 'right_count' | 'left_active' | 'right_active' | 'team_depth' | 'open_depth' | 'total_directs' | 'left_directs' | 'right_directs'>;

/** Writes recomputed counters, 5,000 members a statement: level, open depth, jump and run top on users, the journal's counters on member_volume. */
export async function writeCounters(db: DbOrTx, fixes: CounterFix[]) {
  for (let i = 0; i < fixes.length; i += 5000) {
    const chunk = fixes.slice(i, i + 5000);
    const col = <K extends keyof CounterFix>(k: K) => chunk.map((f) => f[k]);
    await db.execute(sql`
      update users t set level = f.level, open_depth = f.od, jump_id = f.jump, run_top = f.run
      from unnest(${sql.param(col('id'))}::uuid[], ${sql.param(col('level'))}::int[], ${sql.param(col('open_depth'))}::int[], ${sql.param(col('jump_id'))}::uuid[],
                  ${sql.param(col('run_top'))}::uuid[]) as f(id, level, od, jump, run)
      where t.id = f.id and (t.level <> f.level or t.open_depth <> f.od or t.jump_id is distinct from f.jump or t.run_top is distinct from f.run)`);
    await db.execute(sql`
      update member_volume t set left_count = f.lc, right_count = f.rc, left_active = f.la, right_active = f.ra,
        team_depth = f.td, total_directs = f.tdir, left_directs = f.ldir, right_directs = f.rdir
      from unnest(${sql.param(col('id'))}::uuid[], ${sql.param(col('left_count'))}::int[], ${sql.param(col('right_count'))}::int[],
                  ${sql.param(col('left_active'))}::int[], ${sql.param(col('right_active'))}::int[], ${sql.param(col('team_depth'))}::int[],
                  ${sql.param(col('total_directs'))}::int[], ${sql.param(col('left_directs'))}::int[], ${sql.param(col('right_directs'))}::int[])
        as f(id, lc, rc, la, ra, td, tdir, ldir, rdir)
      where t.member_id = f.id`);
  }
}

// ---- the journal's side of the tree: the ancestors of changed members and their per-leg counters ----

/** What one journal entry adds at its member: BV, members and active members. */
export type { JournalDelta } from './batch-deltas';

export interface AncestorDelta {
  id: string;
  lbv: string;
  rbv: string;
  lc: number;
  rc: number;
  la: number;
  ra: number;
  depth: number;
  /** Direct recruits added on the left and right leg (this ancestor sponsored the placed member). */
  ld: number;
  rd: number;
}

/**
 * What a batch of journal entries adds to every member it touches: each ancestor's legs, counters, depth
 * below and direct recruits per leg, and the members' own BV and direct recruits. With the ancestry cache
 * (the applier's process) the links it lacks are read first and the entries are walked up through its
 * typed arrays (`AncestryCache.fold`); without it, or when a link cannot be read, one recursive query
 * returns the union of the entries' paths (`union` stops a path where it meets one already walked, so a
 * thousand buyers under the 5,000-deep chain cost 5,000 rows, not five million) and `foldDeltas` folds it.
 */
export async function ancestorDeltas(db: DbOrTx, events: JournalDelta[], cache?: AncestryCache): Promise<BatchDeltas> {
  if (!events.length) return new BatchDeltas();
  const ids = [...new Set(events.map((e) => e.member_id))];
  if (cache && (await ensureLinks(cache, ids, (frontier) => readLinks(db, frontier), (frontier) => readPaths(db, frontier)))) return cache.fold(events);
  return deltasOf(foldDeltas(await readPaths(db, ids), events), events);
}

/**
 * Takes into this process's copy of the links the members moved since it last looked (ADR 0018), their new parents'
 * paths first; called by each applier batch under the applier's lock. Throws (the batch is tried again) when a new
 * parent cannot be resolved, rather than walk a stale link.
 */
export async function takeInMoves(db: DbOrTx, cache: AncestryCache) {
  const moves = await movesSince(db, cache.movesSeen);
  if (!moves.length) return 0;
  const parents = [...new Set(moves.map((m) => m.parent_id).filter((p): p is string => Boolean(p)))];
  if (!(await ensureLinks(cache, parents, (frontier) => readLinks(db, frontier), (frontier) => readPaths(db, frontier)))) throw new Error('tree moves: a new parent could not be read');
  for (const m of moves) if (cache.has(m.id) && !cache.relink(m)) throw new Error('tree moves: a moved member could not be relinked');
  cache.movesSeen = Number(moves.at(-1)!.move_id);
  return moves.length;
}

/** The columns of `foldDeltas`'s ancestors, with the members' own figures added. */
export function deltasOf(ancestors: AncestorDelta[], events: JournalDelta[] = []) {
  const d = new BatchDeltas();
  const rows = new Map<string, number>();
  const rowOf = (id: string) => rows.get(id) ?? rows.set(id, d.add(id)).get(id)!;
  for (const a of ancestors) {
    const r = rowOf(a.id);
    d.lbv[r] = Number(parsePaise(a.lbv) ?? 0n); d.rbv[r] = Number(parsePaise(a.rbv) ?? 0n);
    d.lc[r] = a.lc; d.rc[r] = a.rc; d.la[r] = a.la; d.ra[r] = a.ra; d.depth[r] = a.depth; d.ld[r] = a.ld; d.rd[r] = a.rd;
  }
  addOwnFigures(events, d, rowOf);
  return d;
}

/**
 * Every placed member's tree link, through COPY on its own connection (PostgreSQL); undefined on the embedded
 * database, whose one connection a batch's transaction holds (its cache fills as batches read links).
 */
export async function placedLinks(db: DbOrTx): Promise<PathRow[] | undefined> {
  const rows: PathRow[] = [];
  const copied = await copyOut(db, 'select id, parent_id, position, level from users where placed_at is not null', (c) => rows.push({ id: c[0]!, parent_id: c[1], position: c[2], level: Number(c[3]) }));
  return copied ? rows : undefined;
}

/** The tree links of these members (one level). */
function readLinks(db: DbOrTx, ids: string[]) {
  return rawRows<PathRow & { placed: boolean }>(
    db,
    sql`select id::text, parent_id::text, position, level, placed_at is not null as placed from users where id = any(${sql.param(ids)}::uuid[])`,
  );
}

/** The union of the paths up from these members, each member once, in one recursive query. */
function readPaths(db: DbOrTx, ids: string[]) {
  return rawRows<PathRow & { placed: boolean }>(
    db,
    sql`with recursive up(id, parent_id, position, level, placed) as (
          select u.id, u.parent_id, u.position, u.level, u.placed_at is not null from users u where u.id = any(${sql.param(ids)}::uuid[])
          union
          select p.id, p.parent_id, p.position, p.level, p.placed_at is not null from up join users p on p.id = up.parent_id
        )
        select id::text, parent_id::text, position, level, placed from up`,
  );
}

interface FoldNode {
  parent: string | null;
  position: string | null;
  level: number;
  /** What this node passes up: BV in paise, members, active members, the deepest new placement below (or -1), sponsors still to reach. */
  bv: bigint;
  dm: number;
  da: number;
  pd: number;
  sponsors: string[];
  out?: AncestorDelta & { lp: bigint; rp: bigint };
}

/** The pure fold of ancestorDeltas (exported for its unit test). */
export function foldDeltas(path: { id: string; parent_id: string | null; position: string | null; level: number }[], events: JournalDelta[]): AncestorDelta[] {
  const nodes = new Map<string, FoldNode>();
  for (const p of path) nodes.set(p.id, { parent: p.parent_id, position: p.position, level: p.level, bv: 0n, dm: 0, da: 0, pd: -1, sponsors: [] });
  for (const e of events) {
    const n = nodes.get(e.member_id);
    if (!n) continue;
    n.bv += parsePaise(e.bv) ?? 0n;
    n.dm += e.d_members;
    n.da += e.d_active;
    if (e.d_members > 0) n.pd = Math.max(n.pd, 0);
    if (e.sponsor_id) n.sponsors.push(e.sponsor_id);
  }
  const order = [...nodes.entries()].sort((a, b) => b[1].level - a[1].level);
  const touched: FoldNode[] = [];
  for (const [, n] of order) {
    const parent = n.parent ? nodes.get(n.parent) : undefined;
    if (!parent || !n.parent || (n.bv === 0n && !n.dm && !n.da && n.pd < 0 && !n.sponsors.length)) continue;
    if (!parent.out) {
      parent.out = { id: n.parent, lbv: '', rbv: '', lp: 0n, rp: 0n, lc: 0, rc: 0, la: 0, ra: 0, depth: 0, ld: 0, rd: 0 };
      touched.push(parent);
    }
    const o = parent.out;
    const left = n.position === 'left';
    if (left) { o.lp += n.bv; o.lc += n.dm; o.la += n.da; } else { o.rp += n.bv; o.rc += n.dm; o.ra += n.da; }
    parent.bv += n.bv;
    parent.dm += n.dm;
    parent.da += n.da;
    if (n.pd >= 0) {
      o.depth = Math.max(o.depth, n.pd + 1);
      parent.pd = Math.max(parent.pd, n.pd + 1);
    }
    for (const s of n.sponsors) {
      if (s === n.parent) {
        if (left) o.ld += 1; else o.rd += 1;
      } else parent.sponsors.push(s);
    }
  }
  return touched.map(({ out }) => {
    const { lp, rp, ...d } = out!;
    return { ...d, lbv: fromPaise(lp), rbv: fromPaise(rp) };
  });
}

/**
 * Locks the ancestors' rows deepest first. Placement locks bottom-up too (the new member, its parent,
 * then upwards), so the applier and a placement never wait on each other in a circle.
 */
export async function lockMembersDeepestFirst(db: DbOrTx, ids: string[]) {
  await db.execute(sql`select id from users where id = any(${sql.param(ids)}::uuid[]) order by level desc, id for no key update`);
}

