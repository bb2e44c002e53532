import type { CounterFix, TreeScanRow } from './tree.repo';
import { jumpOfChild, runTopOfChild } from './jumps';

export interface TreeProblem {
  id: string;
  problem: string;
}

export interface RecountResult {
  /** Members whose stored counters differ from the recount, with the recomputed values. */
  fixes: CounterFix[];
  /** Field-level differences, for the report. */
  differences: { id: string; field: keyof CounterFix; stored: number | string | null; expected: number | string | null }[];
  /** Structural problems the counters cannot fix (cycles, unreachable members, broken child links). */
  problems: TreeProblem[];
  members: number;
  roots: number;
  depth: number;
}

const FIELDS = ['level', 'left_count', 'right_count', 'left_active', 'right_active', 'team_depth', 'open_depth', 'total_directs', 'left_directs', 'right_directs'] as const;

/**
 * Recounts every tree counter from parent links alone (docs/spec/decisions.md §4): level, jump pointer and run top, members and active members
 * per leg, depth below, distance to the shallowest free slot, and direct recruits per leg of the
 * sponsor. Also checks the structure: one root, every member reachable from it, at most one member
 * per slot, child links that agree with parent links, no cycle.
 */
export function recount(rows: TreeScanRow[]): RecountResult {
  const byId = new Map<string, TreeScanRow>();
  for (const r of rows) byId.set(r.id, r);
  const problems: TreeProblem[] = [];
  const left = new Map<string, string>();
  const right = new Map<string, string>();
  const roots: string[] = [];
  for (const r of rows) {
    if (!r.parent_id) {
      roots.push(r.id);
      continue;
    }
    if (!byId.has(r.parent_id)) {
      problems.push({ id: r.id, problem: 'parent is not in the tree' });
      continue;
    }
    const slot = r.position === 'left' ? left : r.position === 'right' ? right : null;
    if (!slot) {
      problems.push({ id: r.id, problem: `position "${r.position}" is not left or right` });
      continue;
    }
    if (slot.has(r.parent_id)) problems.push({ id: r.id, problem: `slot ${r.position} of ${r.parent_id} is taken twice` });
    else slot.set(r.parent_id, r.id);
  }
  if (roots.length !== 1) problems.push({ id: roots.join(',') || '-', problem: `${roots.length} roots` });
  for (const r of rows) {
    if ((r.left_child_id ?? undefined) !== left.get(r.id)) problems.push({ id: r.id, problem: 'left child link disagrees with the parent links' });
    if ((r.right_child_id ?? undefined) !== right.get(r.id)) problems.push({ id: r.id, problem: 'right child link disagrees with the parent links' });
  }

  // Breadth-first from the root(s): levels, reachability, and an order to fold counters bottom-up.
  const order: string[] = [];
  const level = new Map<string, number>();
  const jump = new Map<string, string | null>();
  const run = new Map<string, string | null>();
  for (const root of roots) {
    level.set(root, 0);
    jump.set(root, null);
    run.set(root, null);
    order.push(root);
  }
  for (let i = 0; i < order.length; i++) {
    const id = order[i];
    for (const c of [left.get(id), right.get(id)]) {
      if (c && !level.has(c)) {
        level.set(c, level.get(id)! + 1);
        jump.set(c, jumpOfChild({ id, level: level.get(id)!, jumpId: jump.get(id)! }));
        const side = c === left.get(id) ? 'left' : 'right';
        run.set(c, runTopOfChild({ id, position: byId.get(id)!.parent_id ? byId.get(id)!.position : null, runTop: run.get(id)! }, side));
        order.push(c);
      }
    }
  }
  for (const r of rows) if (!level.has(r.id)) problems.push({ id: r.id, problem: 'not reachable from the root (cycle or detached)' });

  const size = new Map<string, number>();
  const act = new Map<string, number>();
  const height = new Map<string, number>();
  const open = new Map<string, number>();
  const expected = new Map<string, Record<(typeof FIELDS)[number], number>>();
  let depth = 0;
  for (let i = order.length - 1; i >= 0; i--) {
    const id = order[i];
    const r = byId.get(id)!;
    const l = left.get(id);
    const rt = right.get(id);
    const lc = l ? size.get(l)! : 0;
    const rc = rt ? size.get(rt)! : 0;
    size.set(id, 1 + lc + rc);
    const la = l ? act.get(l)! : 0;
    const ra = rt ? act.get(rt)! : 0;
    act.set(id, (r.status === 'active' ? 1 : 0) + la + ra);
    const h = l || rt ? 1 + Math.max(l ? height.get(l)! : 0, rt ? height.get(rt)! : 0) : 0;
    height.set(id, h);
    const od = !l || !rt ? 0 : 1 + Math.min(open.get(l)!, open.get(rt)!);
    open.set(id, od);
    depth = Math.max(depth, level.get(id)!);
    expected.set(id, {
      level: level.get(id)!,
      left_count: lc,
      right_count: rc,
      left_active: la,
      right_active: ra,
      team_depth: h,
      open_depth: od,
      total_directs: 0,
      left_directs: 0,
      right_directs: 0,
    });
  }

  // Direct recruits: placed members whose sponsor is this member, by the sponsor's leg that holds them.
  for (const r of rows) {
    if (!r.sponsor_id || !expected.has(r.id)) continue;
    const sponsor = expected.get(r.sponsor_id);
    if (!sponsor) continue;
    sponsor.total_directs++;
    let cur: TreeScanRow | undefined = r;
    let steps = 0;
    while (cur?.parent_id && cur.parent_id !== r.sponsor_id && steps++ <= order.length) cur = byId.get(cur.parent_id);
    if (cur?.parent_id === r.sponsor_id) {
      if (cur.position === 'left') sponsor.left_directs++;
      else if (cur.position === 'right') sponsor.right_directs++;
    }
  }

  const fixes: CounterFix[] = [];
  const differences: RecountResult['differences'] = [];
  for (const [id, want] of expected) {
    const r = byId.get(id)!;
    let differs = false;
    for (const f of FIELDS) {
      if (Number(r[f]) !== want[f]) {
        differs = true;
        differences.push({ id, field: f, stored: Number(r[f]), expected: want[f] });
      }
    }
    const wantJump = jump.get(id) ?? null;
    if ((r.jump_id ?? null) !== wantJump) {
      differs = true;
      differences.push({ id, field: 'jump_id', stored: r.jump_id ?? null, expected: wantJump });
    }
    const wantRun = run.get(id) ?? null;
    if ((r.run_top ?? null) !== wantRun) {
      differs = true;
      differences.push({ id, field: 'run_top', stored: r.run_top ?? null, expected: wantRun });
    }
    if (differs) fixes.push({ id, ...want, jump_id: wantJump, run_top: wantRun });
  }
  return { fixes, differences, problems, members: rows.length, roots: roots.length, depth };
}
