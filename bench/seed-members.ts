import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { recount } from '../server/modules/tree/recount';
import type { TreeScanRow } from '../server/modules/tree/tree.repo';

const FIRST = ['Asha', 'Ravi', 'Neha', 'Arjun', 'Priya', 'Vikram', 'Sneha', 'Rahul', 'Anita', 'Karan', 'Meera', 'Suresh', 'Divya', 'Amit', 'Pooja', 'Sanjay', 'Kavita', 'Manoj', 'Lakshmi', 'Deepak'];
const LAST = ['Verma', 'Kumar', 'Sharma', 'Mehta', 'Nair', 'Singh', 'Patel', 'Reddy', 'Iyer', 'Gupta', 'Das', 'Joshi', 'Rao', 'Shah', 'Menon', 'Pillai', 'Bose', 'Khan', 'Yadav', 'Chopra'];
const RANKS = ['Executive', 'Bronze Star', 'Gold Star', 'Emerald Star', 'Ruby Star', 'Diamond'];
export const CHAIN_DEPTH = 5000;

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Adds `count` members (user IDs BN0000001...) to the tree below the existing root:
 * - bushy subtrees: each member takes a free slot chosen mostly among the oldest open slots (dense,
 *   shallow) and sometimes anywhere (sparse branches);
 * - one chain CHAIN_DEPTH deep (each member the left child of the one before), hanging from the middle;
 * - sponsors two or three levels above the parent, so sponsor and parent differ;
 * - 8% pending registrations outside the tree, and 12% of the placed members inactive.
 * Every tree counter is computed by the same recount the repair command uses, then rows are COPYed.
 */
export async function seedMembers(databaseUrl: string, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = Date.now();
  const rand = rng(20261122);
  const existing = (await client.query<TreeScanRow & { user_id: string }>(`select id, user_id, parent_id, position, sponsor_id, left_child_id, right_child_id, status, level, left_count,
      right_count, left_active, right_active, team_depth, open_depth, total_directs, left_directs, right_directs from users where placed_at is not null`)).rows;
  const nodes: TreeScanRow[] = existing.map((r) => ({ ...r }));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const publicId = new Map(existing.map((n) => [n.id, n.user_id]));
  const open: { id: string; side: 'left' | 'right' }[] = [];
  for (const n of nodes) {
    if (!n.left_child_id) open.push({ id: n.id, side: 'left' });
    if (!n.right_child_id) open.push({ id: n.id, side: 'right' });
  }
  const rootId = nodes.find((n) => !n.parent_id)!.id;
  const extra = new Map<string, { g: number; placed: boolean }>();
  const place = (id: string, parentId: string, side: 'left' | 'right', active: boolean, g: number, track: boolean) => {
    const parent = byId.get(parentId)!;
    if (side === 'left') parent.left_child_id = id;
    else parent.right_child_id = id;
    const up1 = parent.parent_id ? byId.get(parent.parent_id) : undefined;
    const up2 = up1?.parent_id ? byId.get(up1.parent_id) : undefined;
    const sponsor = (rand() < 0.5 ? up2 ?? up1 : up1) ?? parent;
    const n: TreeScanRow = {
      id, parent_id: parentId, position: side, sponsor_id: sponsor.id, left_child_id: null, right_child_id: null, status: active ? 'active' : 'inactive',
      level: parent.level + 1, left_count: 0, right_count: 0, left_active: 0, right_active: 0, team_depth: 0, open_depth: 0,
      total_directs: 0, left_directs: 0, right_directs: 0,
    };
    nodes.push(n);
    byId.set(id, n);
    extra.set(id, { g, placed: true });
    publicId.set(id, `BN${String(g).padStart(7, '0')}`);
    if (track) open.push({ id, side: 'left' }, { id, side: 'right' });
    return n;
  };
  const takeSlot = () => {
    const i = rand() < 0.75 ? Math.floor(rand() ** 3 * Math.min(open.length, 4096)) : Math.floor(rand() * open.length);
    const slot = open[i];
    open[i] = open[open.length - 1];
    open.pop();
    return slot;
  };
  const pendingIds: { id: string; g: number }[] = [];
  const chainStart = Math.floor(count / 2);
  for (let g = 1; g <= count; g++) {
    const id = randomUUID();
    if (g >= chainStart && g < chainStart + Math.min(CHAIN_DEPTH, count)) {
      // The chain: the first link takes an ordinary slot, every next one the left of the previous.
      const prev = g === chainStart ? undefined : nodes[nodes.length - 1];
      if (!prev) {
        const slot = takeSlot();
        place(id, slot.id, slot.side, true, g, false);
      } else {
        place(id, prev.id, 'left', rand() < 0.9, g, false);
      }
      continue;
    }
    if (rand() < 0.08) {
      pendingIds.push({ id, g });
      continue;
    }
    const slot = takeSlot();
    place(id, slot.id, slot.side, rand() < 0.88, g, true);
  }
  const report = recount(nodes);
  if (report.problems.length) throw new Error(`generated tree is unsound: ${report.problems[0].problem}`);
  const fixed = new Map(report.fixes.map((f) => [f.id, f]));
  const buildMs = Date.now() - started;

  const esc = (v: string | number | boolean | null | undefined) => (v === null || v === undefined ? '\\N' : String(v));
  const now = Date.now();
  const rowOf = (id: string, g: number, n: TreeScanRow | undefined) => {
    const f = n ? fixed.get(id) ?? n : undefined;
    const status = n ? n.status : 'pending';
    const reg = new Date(now - g * 60_000).toISOString();
    const act = n ? new Date(now - g * 60_000 + 86_400_000).toISOString() : null;
    return [
      id, `BN${String(g).padStart(7, '0')}`, `member${g}@bench.local`, null, FIRST[g % 20], LAST[Math.floor(g / 20) % 20], 'user', status,
      ['approved', 'pending', 'rejected'][g % 3], status === 'active' ? 'Active' : 'Inactive', true, false, reg, act,
      g % 4 === 0 ? '0' : '5000', `9${String(g % 1_000_000_000).padStart(9, '0')}`, String(g % 50000), RANKS[g % 6],
      g % 2 === 0 ? 'HDFC BANK' : null, g % 2 === 0 ? 'HDFC0001234' : null, g % 2 === 0 ? String(g).padStart(12, '7') : null, reg,
      n?.sponsor_id ?? null, n?.sponsor_id ? publicId.get(n.sponsor_id) ?? null : null, n?.parent_id ?? null, n?.left_child_id ?? null, n?.right_child_id ?? null, n?.position ?? null, f?.level ?? 0,
      n ? act : null, f?.left_count ?? 0, f?.right_count ?? 0, f?.left_active ?? 0, f?.right_active ?? 0, f?.team_depth ?? 0, f?.open_depth ?? 0,
      f?.total_directs ?? 0, f?.left_directs ?? 0, f?.right_directs ?? 0,
    ].map(esc).join('\t');
  };
  function* lines() {
    let batch: string[] = [];
    for (const [id, { g }] of extra) {
      batch.push(rowOf(id, g, byId.get(id)));
      if (batch.length === 5000) {
        yield `${batch.join('\n')}\n`;
        batch = [];
      }
    }
    for (const p of pendingIds) batch.push(rowOf(p.id, p.g, undefined));
    if (batch.length) yield `${batch.join('\n')}\n`;
  }
  await client.query('begin');
  // Rows refer to each other (parent, children, sponsor); the generator checked the structure above.
  await client.query('set local session_replication_role = replica');
  await pipeline(Readable.from(lines()), client.query(copyFrom(`copy users (id, user_id, email, password, first_name, last_name, role, status, kyc_status,
    id_status, email_verified, first_login, registration_date, activation_date, package_amount, mobile, total_bv, current_rank, bank_name, bank_ifsc,
    bank_account_number, created_at, sponsor_id, sponsor_user_id, parent_id, left_child_id, right_child_id, position, level, placed_at, left_count, right_count,
    left_active, right_active, team_depth, open_depth, total_directs, left_directs, right_directs) from stdin`)));
  // Counters of the members that existed before (the root and the demo downline) change too.
  for (const n of existing) {
    const f = fixed.get(n.id);
    const cur = byId.get(n.id)!;
    await client.query(
      `update users set left_child_id = $2, right_child_id = $3, left_count = $4, right_count = $5, left_active = $6, right_active = $7,
         team_depth = $8, open_depth = $9, total_directs = $10, left_directs = $11, right_directs = $12 where id = $1`,
      [n.id, cur.left_child_id, cur.right_child_id, ...(f
        ? [f.left_count, f.right_count, f.left_active, f.right_active, f.team_depth, f.open_depth, f.total_directs, f.left_directs, f.right_directs]
        : [n.left_count, n.right_count, n.left_active, n.right_active, n.team_depth, n.open_depth, n.total_directs, n.left_directs, n.right_directs])],
    );
  }
  await client.query('commit');
  await client.query('vacuum analyze users');
  await client.end();
  console.log(`tree: ${report.members} placed members, depth ${report.depth}, generated in ${(buildMs / 1000).toFixed(1)} s; root ${rootId}`);
  return Date.now() - started;
}
