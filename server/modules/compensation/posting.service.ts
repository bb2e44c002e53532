/** Posting an approved cycle to the wallets in batches (docs/spec/compensation.md §6), resumable after a crash. */
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { realUser } from '../../core/actor';
import { conflict, notFound } from '../../core/app-error';
import { audit } from '../audit';
import { postLedgerBatch } from '../wallet';
import { POOL_TYPES } from '../../../contracts/compensation';
import { fromPaise } from '../../../contracts/money';
import * as cyclesRepo from './cycles.repo';
import * as adjustmentsRepo from './adjustments.repo';
import * as postingRepo from './posting.repo';
import { paise } from './engine';
import { label, INCOME_KEYS, istDate, cycleEnd } from './common';
import { storedSummary, toSummary, versionOf, requireSecondAdmin } from './cycles.service';

export const POST_BATCH = 5_000;
/**
 * Posters the posting job runs side by side on PostgreSQL (each claims its own batches, SKIP LOCKED): a batch is
 * one connection's work in the database, so a second one uses the database's second core. The payout bench's
 * 256,000 payouts: 48.7-61.8 s with one.
 */
export const JOB_POSTERS = 2;

/**
 * Tries of one batch: a batch that loses a deadlock or a serialization conflict (SQLSTATE class 40) has rolled back
 * whole and runs again; any other failure stops the poster (the batches before it stay posted, a retry finishes).
 */
export const BATCH_TRIES = 3;
const lostConflict = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code ?? (err as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === 'string' && code.startsWith('40');
};

/** Internal options of posting (tests): the batch size and a hook inside each batch's transaction. */
export interface PostOptions {
  /** Members per transaction (default 5,000). */
  batchSize?: number;
  /** Test hook: runs inside each batch's transaction after its writes, before the commit (a throw rolls the batch back). */
  beforeCommit?: (tx: DbOrTx, batch: { number: number; memberIds: string[] }) => Promise<void>;
  /** Posters side by side in this call (default 1; the posting job: JOB_POSTERS). Each claims its own batches. */
  posters?: number;
}

/** The cycle when it is posted or can be posted now, otherwise the refusal. */
export async function postableCycle(db: DbOrTx, id: string) {
  const c = await cyclesRepo.findCycle(db, id);
  if (!c) throw notFound('Cycle not found');
  if (c.status === 'posted') return c;
  if (c.status !== 'approved') throw conflict('Only an approved cycle can be posted');
  if ((await cyclesRepo.unpostedBefore(db, c.kind, c.startsAt)).length) throw conflict('Only the oldest unposted cycle can be posted');
  return c;
}

/**
 * approved -> posted: members in batches, each batch one transaction (ledger credits per income type with
 * the cycle as reference, then admin_charge and tds debits, the payout marked posted); several posters
 * share the work (rows claimed with SKIP LOCKED) and a batch is all or nothing, so a retry finishes the rest.
 * Never by the admin who calculated the cycle or one who made an adjustment in it (issue 29).
 */
export async function postCycle(ctx: AppContext, actor: Actor, id: string, opts: PostOptions = {}) {
  const c0 = await postableCycle(ctx.db, id);
  await requireSecondAdmin(ctx.db, c0, actor, 'post');
  if (c0.status === 'posted') return toSummary(c0, await versionOf(ctx.db, c0.planId));
  const period = `${istDate(c0.startsAt)} to ${istDate(new Date(cycleEnd(c0).getTime() - 1))}`;
  // An approved cycle always has its summary; storedSummary throws on a missing or malformed one (no achievers lost).
  const achieved = storedSummary(c0)?.achievers ?? [];
  let batchNo = 0;
  // Where the posting's time goes, summed over its batches (all posters), in the log as the calculation's phases are.
  const ms: Record<string, number> = {};
  let transactions = 0;
  const timed = async <T>(phase: string, f: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    try {
      return await f();
    } finally {
      ms[phase] = (ms[phase] ?? 0) + (performance.now() - t);
    }
  };
  const startedAt = performance.now();
  // Postings never overlap (a cycle is calculated only once the other kind's is posted), so this holds for the run.
  const owedBefore = await postingRepo.anyBalances(ctx.db);
  // Passes over the cycle in member order; a pass that finds nothing to claim ends it (a row that another
  // poster held and then released is picked up by the next pass).
  const poster = async () => {
    let after: string | null = null;
    let claimedThisPass = false;
    for (;;) {
      const from: string | null = after;
      const batchOnce = () =>
        ctx.db.transaction(async (tx) => {
          const batch = await timed('claim', () => postingRepo.claimUnposted(tx, id, after, opts.batchSize ?? POST_BATCH));
          if (!batch.length) return true;
          after = batch[batch.length - 1].member_id;
          claimedThisPass = true;
          const now = ctx.clock.now();
          const memberIds = batch.map((b) => b.member_id);
          const lines = await timed('lines', () => postingRepo.postingLinesOf(tx, id, memberIds));
          const byMember = new Map<string, typeof lines>();
          for (const l of lines) {
            const mine = byMember.get(l.member_id);
            if (mine) mine.push(l);
            else byMember.set(l.member_id, [l]);
          }
          const rows: Parameters<typeof postLedgerBatch>[1] = [];
          for (const p of batch) {
            const mine = byMember.get(p.member_id) ?? [];
            const perType = new Map<string, bigint>();
            for (const l of mine) perType.set(l.type, (perType.get(l.type) ?? 0n) + paise(l.amount));
            // One credit per income type whose cycle sum is positive, then one `clawback` debit for the negative lines and
            // the recovery taken (docs/spec/returns.md §5: never more than the credits, since the gross is never below
            // zero), then the deductions: the balance never dips.
            const credits = [...perType].filter(([, amt]) => amt > 0n).sort((a, b) => (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : a[0].localeCompare(b[0])));
            const ref = { referenceId: id, metadata: { cycleId: id } };
            let credited = 0n;
            for (const [type, amt] of credits) {
              credited += amt;
              rows.push({ userId: p.member_id, amount: fromPaise(amt), type: INCOME_KEYS.has(type) ? type : 'admin_credit', description: `${label(type)}, ${c0.kind} cycle ${period}`, ...ref });
            }
            const clawback = credited - paise(p.gross);
            if (clawback > 0n) rows.push({ userId: p.member_id, amount: fromPaise(-clawback), type: 'clawback', description: `Clawback and recovery, ${c0.kind} cycle ${period}`, ...ref });
            if (paise(p.admin_charge) > 0n) rows.push({ userId: p.member_id, amount: `-${p.admin_charge}`, type: 'admin_charge', description: `Admin charge, ${c0.kind} cycle ${period}`, ...ref });
            if (paise(p.tds) > 0n) rows.push({ userId: p.member_id, amount: `-${p.tds}`, type: 'tds', description: `TDS, ${c0.kind} cycle ${period}`, ...ref });
            for (const l of mine) if (l.type === 'rank_bonus') await postingRepo.recordRankBonus(tx, p.member_id, String(l.rank), l.amount);
          }
          await adjustmentsRepo.consumeAdjustments(
            tx,
            id,
            lines.filter((l) => l.adjustment_id).map((l) => l.adjustment_id!),
          );
          const mineSet = new Set(memberIds);
          const ach = achieved.filter((a) => mineSet.has(a.memberId));
          const positions = new Map<string, number>();
          for (const t of POOL_TYPES) {
            achieved
              .filter((a) => a.type === t)
              .sort((a, b) => {
                const pa = paise(a.amount, 'pool share');
                const pb = paise(b.amount, 'pool share');
                return pb > pa ? 1 : pb < pa ? -1 : a.memberId.localeCompare(b.memberId);
              })
              .forEach((a, i) => positions.set(`${t}:${a.memberId}`, i + 1));
          }
          await postingRepo.insertAchievers(
            tx,
            ach.map((a) => ({
              userId: a.memberId,
              achievementType: a.type,
              position: positions.get(`${a.type}:${a.memberId}`) ?? null,
              amount: a.amount,
              period: 'monthly',
              periodDate: istDate(c0.startsAt),
              metadata: { cycleId: id, points: a.points },
            })),
          );
          await timed('markPosted', () => postingRepo.markPosted(tx, id, memberIds, now));
          await timed('ytd', () => postingRepo.addToYtd(tx, id, memberIds));
          // Only where something is or was outstanding: a batch of members who owe nothing, with nothing owed before, writes nothing.
          if (owedBefore || batch.some((b) => b.owes)) {
            await timed('balances', () => postingRepo.keepBalances(tx, id, memberIds));
          }
          // One set-based movement for the whole batch (balances, then the rows with their running balances), last: a
          // wallet row stays locked from its update to the commit, and a member buying meanwhile waits for it.
          await timed('ledger', () => postLedgerBatch(tx, rows, now));
          await opts.beforeCommit?.(tx, { number: (batchNo += 1), memberIds });
          return false;
        });
      let done: boolean;
      for (let tries = 1; ; tries++) {
        try {
          transactions += 1;
          // The batch's whole transaction, commit included (the phases above are parts of it).
          done = await timed('transaction', batchOnce);
          break;
        } catch (err) {
          if (tries >= BATCH_TRIES || !lostConflict(err)) throw err;
          after = from;
        }
      }
      if (!done) continue;
      if (!claimedThisPass || after === null) break;
      after = null;
      claimedThisPass = false;
    }
  };
  // Every poster finishes (or fails) before the cycle is marked posted or the first failure is answered: a failed
  // poster's batch is rolled back, and the others' batches stay posted, as one poster's before it.
  const ran = await Promise.allSettled(Array.from({ length: Math.max(1, opts.posters ?? 1) }, () => poster()));
  const failed = ran.find((r) => r.status === 'rejected');
  const rounded = Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, Math.round(v)]));
  ctx.log.info({ cycle: id, transactions, posters: opts.posters ?? 1, wallMs: Math.round(performance.now() - startedAt), ms: rounded }, failed ? 'cycle posting stopped' : 'cycle posted in batches');
  if (failed) throw failed.reason;
  return ctx.db.transaction(async (tx) => {
    const c = await cyclesRepo.findCycle(tx, id, true);
    if (c!.status === 'posted') return toSummary(c!, await versionOf(tx, c!.planId));
    if (await postingRepo.unpostedCount(tx, id)) throw conflict('Another admin is posting this cycle; it finishes in a moment');
    const row = await cyclesRepo.setCycle(tx, id, { status: 'posted', postedAt: ctx.clock.now(), postedBy: realUser(actor).id }, ['approved']);
    await audit(tx, actor, { entityType: 'comp_cycle', entityId: id, action: 'cycle.posted', newState: { net: storedSummary(c!)?.net ?? null } });
    return toSummary(row, await versionOf(tx, c!.planId));
  });
}
