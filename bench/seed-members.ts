import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { recount } from '../server/modules/tree/recount';
import type { TreeScanRow } from '../server/modules/tree/tree.repo';
import { loadConfig } from '../server/config';
import { resolveSecret } from '../server/lib/secret';
import { fieldKeyring, useFieldKeys } from '../server/lib/field-crypto';
import { sealColumnText } from '../server/db/sealed-columns';
import '../server/db/schema/index';

/**
 * The secret the bench server runs with (bench/run.ts: APP_SECRET, else the one generated in data/bench): the seed
 * encrypts the members' bank numbers under its key, as the app would have (ADR 0011).
 */
export function benchSecret(): string {
  return resolveSecret(loadConfig({ ...process.env, NODE_ENV: 'development', DATA_DIR: resolve(import.meta.dirname, '../data/bench') }));
}

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
 * - 8% pending registrations outside the tree, and 12% of the placed members inactive;
 * - rows inserted in registration order (member g registered g minutes after the first), as a live system writes them;
 * - a wallet for every activated member, its ledger and some withdrawals (seedWallets).
 * Every tree counter is computed by the same recount the repair command uses, then rows are COPYed.
 */
export async function seedMembers(databaseUrl: string, count: number) {
  useFieldKeys(fieldKeyring(benchSecret()));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = Date.now();
  const rand = rng(20261122);
  const existing = (
    await client.query<
      TreeScanRow & { user_id: string }
    >(`select u.id, u.user_id, u.parent_id, u.position, u.sponsor_id, u.left_child_id, u.right_child_id, u.status, u.level, u.jump_id::text, u.run_top::text, v.left_count,
      v.right_count, v.left_active, v.right_active, v.team_depth, u.open_depth, v.total_directs, v.left_directs, v.right_directs
      from users u join member_volume v on v.member_id = u.id where u.placed_at is not null`)
  ).rows;
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
    const sponsor = (rand() < 0.5 ? (up2 ?? up1) : up1) ?? parent;
    const n: TreeScanRow = {
      id,
      parent_id: parentId,
      position: side,
      sponsor_id: sponsor.id,
      left_child_id: null,
      right_child_id: null,
      status: active ? 'active' : 'inactive',
      level: parent.level + 1,
      jump_id: null,
      run_top: null,
      left_count: 0,
      right_count: 0,
      left_active: 0,
      right_active: 0,
      team_depth: 0,
      open_depth: 0,
      total_directs: 0,
      left_directs: 0,
      right_directs: 0,
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
    const f = n ? (fixed.get(id) ?? n) : undefined;
    const status = n ? n.status : 'pending';
    // Member g registered g minutes after the first, so insertion, registration and tree order agree.
    const regMs = now - (count + 1 - g) * 60_000;
    const reg = new Date(regMs).toISOString();
    const act = n ? new Date(Math.min(regMs + 86_400_000, now)).toISOString() : null;
    return [
      id,
      `BN${String(g).padStart(7, '0')}`,
      `member${g}@bench.local`,
      null,
      FIRST[g % 20],
      LAST[Math.floor(g / 20) % 20],
      'user',
      status,
      ['approved', 'pending', 'rejected'][g % 3],
      status === 'active' ? 'Active' : 'Inactive',
      true,
      false,
      reg,
      act,
      g % 4 === 0 ? '0' : '5000',
      `9${String(g % 1_000_000_000).padStart(9, '0')}`,
      RANKS[g % 6],
      reg,
      n?.sponsor_id ?? null,
      n?.sponsor_id ? (publicId.get(n.sponsor_id) ?? null) : null,
      n?.parent_id ?? null,
      n?.left_child_id ?? null,
      n?.right_child_id ?? null,
      n?.position ?? null,
      f?.level ?? 0,
      n ? act : null,
      f?.open_depth ?? 0,
      f?.jump_id ?? null,
      f?.run_top ?? null,
    ]
      .map(esc)
      .join('\t');
  };
  // Every second member's bank account (user_payout_details, ADR 0026), sealed as the app seals it.
  const payoutOf = (id: string, g: number) =>
    g % 2 === 0 ? [id, 'HDFC BANK', 'HDFC0001234', sealColumnText('user_payout_details', 'bank_account_number', String(g).padStart(12, '7'))].map(esc).join('\t') : null;
  // The member's figures row (member_volume): personal BV g mod 50,000 and the tree counters.
  const figuresOf = (id: string, g: number, n: TreeScanRow | undefined) => {
    const f = n ? (fixed.get(id) ?? n) : undefined;
    return [
      id,
      String(g % 50000),
      f?.left_count ?? 0,
      f?.right_count ?? 0,
      f?.left_active ?? 0,
      f?.right_active ?? 0,
      f?.team_depth ?? 0,
      f?.total_directs ?? 0,
      f?.left_directs ?? 0,
      f?.right_directs ?? 0,
    ]
      .map(esc)
      .join('\t');
  };
  function* lines(rowOf: (id: string, g: number, n: TreeScanRow | undefined) => string | null) {
    let batch: string[] = [];
    let p = 0;
    const flush = function* () {
      if (batch.length < 5000) return;
      yield `${batch.join('\n')}\n`;
      batch = [];
    };
    // Placed and pending members in registration order, as a live system inserts them.
    const push = (row: string | null) => {
      if (row !== null) batch.push(row);
    };
    for (const [id, { g }] of extra) {
      while (p < pendingIds.length && pendingIds[p].g < g) {
        push(rowOf(pendingIds[p].id, pendingIds[p].g, undefined));
        p++;
        yield* flush();
      }
      push(rowOf(id, g, byId.get(id)));
      yield* flush();
    }
    for (; p < pendingIds.length; p++) push(rowOf(pendingIds[p].id, pendingIds[p].g, undefined));
    if (batch.length) yield `${batch.join('\n')}\n`;
  }
  await client.query('begin');
  // Rows refer to each other (parent, children, sponsor); the generator checked the structure above.
  await client.query('set local session_replication_role = replica');
  await pipeline(
    Readable.from(lines(rowOf)),
    client.query(
      copyFrom(`copy users (id, user_id, email, password, first_name, last_name, role, status, kyc_status,
    id_status, email_verified, first_login, registration_date, activation_date, package_amount, mobile, current_rank,
    created_at, sponsor_id, sponsor_user_id, parent_id, left_child_id, right_child_id, position, level, placed_at, open_depth, jump_id, run_top) from stdin`),
    ),
  );
  // The COPY ran without triggers: each member's figures row, with the counters the generator checked.
  await pipeline(
    Readable.from(lines(figuresOf)),
    client.query(
      copyFrom(`copy member_volume (member_id, total_bv, left_count, right_count, left_active, right_active,
    team_depth, total_directs, left_directs, right_directs) from stdin`),
    ),
  );
  await pipeline(Readable.from(lines(payoutOf)), client.query(copyFrom('copy user_payout_details (user_id, bank_name, bank_ifsc, bank_account_number) from stdin')));
  // Counters of the members that existed before (the root and the demo downline) change too.
  for (const n of existing) {
    const f = fixed.get(n.id);
    const cur = byId.get(n.id)!;
    const c = f ?? n;
    await client.query('update users set left_child_id = $2, right_child_id = $3, open_depth = $4, jump_id = $5, run_top = $6 where id = $1', [
      n.id,
      cur.left_child_id,
      cur.right_child_id,
      c.open_depth,
      c.jump_id,
      c.run_top,
    ]);
    await client.query(
      `update member_volume set left_count = $2, right_count = $3, left_active = $4, right_active = $5, team_depth = $6, total_directs = $7,
         left_directs = $8, right_directs = $9 where member_id = $1`,
      [n.id, c.left_count, c.right_count, c.left_active, c.right_active, c.team_depth, c.total_directs, c.left_directs, c.right_directs],
    );
  }
  // The demo accounts head the tree, so they registered (and were placed) before the first generated member:
  // their dates move back by the same span, which keeps their own order.
  await client.query(
    `update users set registration_date = registration_date - $1::interval, created_at = created_at - $1::interval,
      activation_date = activation_date - $1::interval, placed_at = placed_at - $1::interval
    where user_id not like 'BN%'`,
    [`${count + 1 + 24 * 60} minutes`],
  );
  await client.query('commit');
  // The COPY ran without triggers, so the dashboards' user tallies are recounted once.
  await client.query('select user_tallies_rebuild()');
  await seedWallets(client);
  await client.query('vacuum analyze users, user_payout_details');
  await client.query('vacuum analyze member_volume');
  await client.query('vacuum analyze wallet_balances');
  await client.query('vacuum analyze transactions');
  await client.query('vacuum analyze withdrawal_requests');
  await client.end();
  console.log(`tree: ${report.members} placed members, depth ${report.depth}, generated in ${(buildMs / 1000).toFixed(1)} s; root ${rootId}`);
  return Date.now() - started;
}

/**
 * Wallets as the ledger would have left them (docs/spec/decisions.md §6): every activated member has one; members
 * with direct recruits earned ₹500 sponsor income per recruit; one in ten of those asked to withdraw 40%
 * of it (half approved, half pending), debited at request. Checked: each balance is its ledger's sum.
 */
async function seedWallets(client: pg.Client) {
  await client.query('begin');
  await client.query(`insert into wallet_balances (user_id, updated_at)
    select id, activation_date from users where user_id like 'BN%' and activation_date is not null`);
  await client.query(`insert into transactions (user_id, type, amount, description, balance_before, balance_after, created_at)
    select id, 'sponsor_income', total_directs * 500, 'Sponsor income for direct recruits', 0, total_directs * 500, activation_date
    from users join member_volume on member_id = id where user_id like 'BN%' and activation_date is not null and total_directs > 0 order by activation_date, id`);
  await client.query(`with w as (
      insert into withdrawal_requests (user_id, withdrawal_type, amount, status, bank_details, created_by, created_at, updated_at, processed_at, transaction_id, admin_notes)
      select id, 'bank', total_directs * 200, case when right(user_id, 2)::int % 20 = 0 then 'approved' else 'pending' end,
        jsonb_build_object('bankName', 'HDFC BANK', 'ifsc', 'HDFC0001234', 'accountNumber', lpad(right(user_id, 7), 12, '7'), 'accountHolderName', first_name || ' ' || last_name),
        id, least(activation_date + interval '1 hour', now()), least(activation_date + interval '1 hour', now()),
        case when right(user_id, 2)::int % 20 = 0 then least(activation_date + interval '1 hour', now()) end,
        case when right(user_id, 2)::int % 20 = 0 then 'PO-BENCH-' || user_id end,
        case when right(user_id, 2)::int % 20 = 0 then 'Paid by bank transfer' end
      from users join member_volume on member_id = id where user_id like 'BN%' and activation_date is not null and total_directs > 0 and right(user_id, 1)::int = 0
      order by activation_date, id
      returning id, user_id, amount, created_at)
    insert into transactions (user_id, type, amount, description, reference_id, balance_before, balance_after, created_at)
    select w.user_id, 'withdrawal', -w.amount, 'Withdrawal request (bank transfer)', w.id::text, w.amount * 2.5, w.amount * 1.5, w.created_at
    from w order by w.created_at, w.user_id`);
  await client.query(`update wallet_balances b set balance = t.balance, total_earnings = t.earned, total_withdrawals = coalesce(a.paid, 0)
    from (select user_id, sum(amount) as balance, sum(amount) filter (where amount > 0) as earned from transactions group by user_id) t
    left join (select user_id, sum(amount) as paid from withdrawal_requests where status = 'approved' group by user_id) a on a.user_id = t.user_id
    where b.user_id = t.user_id`);
  // The withdrawals' account numbers are encrypted at rest, as the app writes them.
  const sealed = (await client.query<{ id: string; bank_details: { accountNumber: string } }>(`select id, bank_details from withdrawal_requests where bank_details ? 'accountNumber'`)).rows.map(
    (r) => ({ id: r.id, details: JSON.stringify({ ...r.bank_details, accountNumber: sealColumnText('withdrawal_requests', 'bank_details', r.bank_details.accountNumber) }) }),
  );
  for (let i = 0; i < sealed.length; i += 5000) {
    const part = sealed.slice(i, i + 5000);
    await client.query('update withdrawal_requests w set bank_details = v.d::jsonb from unnest($1::uuid[], $2::text[]) as v(id, d) where w.id = v.id', [
      part.map((p) => p.id),
      part.map((p) => p.details),
    ]);
  }
  const bad = await client.query(`select count(*)::int as n from wallet_balances b
    left join (select user_id, sum(amount) as s from transactions group by user_id) t on t.user_id = b.user_id
    where b.balance <> coalesce(t.s, 0) or b.balance < 0`);
  if (bad.rows[0].n) throw new Error(`${bad.rows[0].n} wallets differ from their ledger`);
  await client.query('commit');
}
