import { sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';

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

export type CounterFix = Pick<
  TreeScanRow,
  'id' | 'level' | 'jump_id' | 'run_top' | 'left_count' | 'right_count' | 'left_active' | 'right_active' | 'team_depth' | 'open_depth' | 'total_directs' | 'left_directs' | 'right_directs'
>;

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
