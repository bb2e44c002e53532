import { sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import { copyOut } from '../../db/copy';
import { ensureLinks, type AncestryCache, type PathRow } from './ancestry';
import { BatchDeltas, type JournalDelta } from './batch-deltas';
import { deltasOf, foldDeltas } from './fold-deltas';
import { movesSince } from './tree-moves.repo';

// ---- the journal's side of the tree: the ancestors of changed members and their per-leg counters ----

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
  if (
    cache &&
    (await ensureLinks(
      cache,
      ids,
      (frontier) => readLinks(db, frontier),
      (frontier) => readPaths(db, frontier),
    ))
  )
    return cache.fold(events);
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
  if (
    !(await ensureLinks(
      cache,
      parents,
      (frontier) => readLinks(db, frontier),
      (frontier) => readPaths(db, frontier),
    ))
  )
    throw new Error('tree moves: a new parent could not be read');
  for (const m of moves) if (cache.has(m.id) && !cache.relink(m)) throw new Error('tree moves: a moved member could not be relinked');
  cache.movesSeen = Number(moves.at(-1)!.move_id);
  return moves.length;
}

/**
 * Every placed member's tree link, through COPY on its own connection (PostgreSQL); undefined on the embedded
 * database, whose one connection a batch's transaction holds (its cache fills as batches read links).
 */
export async function placedLinks(db: DbOrTx): Promise<PathRow[] | undefined> {
  const rows: PathRow[] = [];
  const copied = await copyOut(db, 'select id, parent_id, position, level from users where placed_at is not null', (c) =>
    rows.push({ id: c[0]!, parent_id: c[1], position: c[2], level: Number(c[3]) }),
  );
  return copied ? rows : undefined;
}

/** The tree links of these members (one level). */
function readLinks(db: DbOrTx, ids: string[]) {
  return rawRows<PathRow & { placed: boolean }>(db, sql`select id::text, parent_id::text, position, level, placed_at is not null as placed from users where id = any(${sql.param(ids)}::uuid[])`);
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

/**
 * Locks the ancestors' rows deepest first. Placement locks bottom-up too (the new member, its parent,
 * then upwards), so the applier and a placement never wait on each other in a circle.
 */
export async function lockMembersDeepestFirst(db: DbOrTx, ids: string[]) {
  await db.execute(sql`select id from users where id = any(${sql.param(ids)}::uuid[]) order by level desc, id for no key update`);
}
