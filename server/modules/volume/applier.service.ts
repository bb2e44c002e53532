import type { AppContext } from '../../context';
import { ensureOpenCycles, closeCycleOnSchedule } from '../cycles';
import { CYCLE_KINDS } from '../cycles';
import { walkJournalUp, ancestryOf } from '../tree';
import type { AncestryCache } from '../tree';
import { CycleMarks } from './cycle-marks';
import { journalConsumers, watchedSteps } from './journal-consumers';
import {
  tryApplierLock,
  planForKeyLookups,
  claimPending,
  applyFigures,
  StaleCycleMarks,
  markApplied,
  logBatch,
  pendingSummary,
  appliedSince,
  pruneApplyLog,
  setAsideOrphanReversals,
} from './volume.repo';
import { quarantineEntry } from './quarantine.repo';

/** Events that complete within this long of a cycle's end still land in that cycle before it closes. */
export const CLOSE_GRACE_MS = 1_000;
export const DEFAULT_BATCH = 2_000;
/**
 * A behind applier doubles its batch after each full one, up to this many entries: the upper ancestors are shared,
 * so a larger batch writes fewer ancestor rows per entry (on the bench's million members, random buyers: 17.8 rows
 * an entry at 2,000, 11.8 at 8,000; 2,000 buyers buying again and again: 18.7 and 4.7). A batch that is not full
 * means the applier caught up, and the next one starts from DEFAULT_BATCH again.
 */
export const MAX_BATCH = 8_000;

export interface BatchResult {
  /** locked: another applier holds the journal; idle: nothing to do; applied / rolled: work done. */
  outcome: 'locked' | 'idle' | 'applied' | 'rolled';
  events: number;
  ancestors: number;
  /** What each journal consumer wrote, by its name (e.g. ranks: members promoted). */
  consumed: Record<string, number>;
  /** The batch took as many entries as it could: more are pending. */
  full?: boolean;
}

export interface BatchOptions {
  /** Entries per batch, fixed (tests); without it the batch size grows while the applier is behind (see `grow`). */
  limit?: number;
  /** The batch size once caught up and the most it doubles to while behind (DEFAULT_BATCH and MAX_BATCH). */
  grow?: { from: number; to: number };
  worker?: string;
  /** Test hook: runs inside the batch's transaction after every write, before the commit. */
  beforeCommit?: () => Promise<void>;
}

/**
 * One batch in one transaction, under the applier's advisory lock (one applier at a time across every
 * process): claims the oldest pending events that occurred before the end of the open cycles, adds
 * purchases to their buyers' personal BV and every event to every ancestor's lifetime legs and to its legs in the open pairing and monthly cycles, marks
 * them applied, then runs the journal's consumers (invoices, sales sums, ranks: core/journal.ts). A crash anywhere rolls the whole batch back, so
 * every event is applied exactly once. With nothing pending before a cycle's end and the end (plus a
 * grace second) passed, the cycle is closed and the next one opened.
 *
 * A batch that fails for its content (not a lost connection or a deadlock: see `isTransient`) does not stop the
 * journal (ADR 0029): its entries are applied again in halves, each half in its own transaction, down to single
 * entries; an entry that fails alone is quarantined with its error and skipped by later batches until an admin
 * retries or settles it. Every other entry of the batch is applied, once.
 */
export async function applyBatch(ctx: AppContext, opts: BatchOptions = {}): Promise<BatchResult> {
  // Before any work: a process that registered no consumers refuses here (modules/volume/journal-consumers.ts).
  journalConsumers();
  const grow = opts.grow ?? { from: DEFAULT_BATCH, to: MAX_BATCH };
  const doublings = batchDoublings.get(ctx.db) ?? 0;
  const limit = opts.limit ?? Math.min(grow.from * 2 ** doublings, grow.to);
  const claimed: { ids: string[] } = { ids: [] };
  try {
    const r = await batchOrStale(ctx, { ...opts, limit }, claimed);
    r.full = r.outcome === 'applied' && r.events >= limit;
    if (opts.limit === undefined) batchDoublings.set(ctx.db, r.full && limit < grow.to ? doublings + 1 : r.full ? doublings : 0);
    return r;
  } catch (err) {
    if (opts.limit === undefined) batchDoublings.delete(ctx.db);
    if (isTransient(err) || !claimed.ids.length) throw err;
    ctx.log.warn({ err, events: claimed.ids.length }, 'a journal batch failed; its entries are applied in parts to find the failing ones');
    const total: BatchResult = { outcome: 'applied', events: 0, ancestors: 0, consumed: {} };
    await isolate(ctx, opts, claimed.ids, err, total);
    return total;
  }
}

/** One batch, applied again once without this process's cycle marks when one of them turned out stale. */
async function batchOrStale(ctx: AppContext, opts: BatchOptions, claimed?: { ids: string[] }, only?: string[]): Promise<BatchResult> {
  try {
    return await batchInTransaction(ctx, opts, claimed, only);
  } catch (err) {
    if (!(err instanceof StaleCycleMarks)) throw err;
    ctx.log.warn('a cycle mark changed behind this applier; the batch is applied again without what it knew');
    marksOf(await ancestryOf(ctx.db)).forget();
    return batchInTransaction(ctx, opts, claimed, only);
  }
}

/**
 * The entries `ids` (in journal order) failed together with `failure`: a single entry is quarantined with it; more
 * are split in two halves, each applied in its own transaction (left first, so that a purchase is settled before a
 * later reversal of it is claimed) and split again when it fails. One bad entry among n costs about 2·log2(n)
 * transactions. Adds what was applied to `total`.
 */
async function isolate(ctx: AppContext, opts: BatchOptions, ids: string[], failure: unknown, total: BatchResult): Promise<void> {
  if (ids.length === 1) {
    const error = describeFailure(failure);
    if (await quarantineEntry(ctx.db, ids[0], error, ctx.clock.now())) ctx.log.error({ entry: ids[0], error }, 'a volume journal entry failed alone and is quarantined');
    return;
  }
  const mid = Math.ceil(ids.length / 2);
  for (const part of [ids.slice(0, mid), ids.slice(mid)]) {
    let r: BatchResult;
    try {
      r = await batchOrStale(ctx, opts, undefined, part);
    } catch (err) {
      if (isTransient(err)) throw err;
      await isolate(ctx, opts, part, err, total);
      continue;
    }
    // Another applier took the journal meanwhile: what is left stays pending for it.
    if (r.outcome === 'locked') return;
    total.events += r.events;
    total.ancestors += r.ancestors;
    for (const [k, n] of Object.entries(r.consumed)) total.consumed[k] = (total.consumed[k] ?? 0) + n;
  }
}

/**
 * A failure that says nothing about the entries (the connection, a deadlock, a serialization failure, the server
 * shutting down or out of resources, a lock or statement timeout): the batch is retried as it is by the job runner,
 * and nothing is quarantined for it. SQLSTATE classes 08, 40, 53, 57, 58 and code 55P03.
 */
export function isTransient(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code ?? (err as { cause?: { code?: unknown } } | null)?.cause?.code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return ['08', '40', '53', '57', '58'].includes(code.slice(0, 2)) || code === '55P03';
  // No SQLSTATE: a socket error from the driver is transient; any other error (a consumer's own check) is the entry's.
  return typeof code === 'string' && /^E[A-Z]+$/.test(code);
}

/** The error kept with a quarantined entry: the database's own (SQLSTATE, message, detail), not the failed query's text. */
const describeFailure = (err: unknown) => {
  const outer = err as { message?: string; cause?: unknown } | null;
  const e = (outer?.cause && typeof outer.cause === 'object' ? outer.cause : outer) as { message?: string; code?: string; detail?: string } | null;
  const msg = e?.message ?? String(err);
  return [e?.code && /^[0-9A-Z]{5}$/.test(e.code) ? `[${e.code}]` : '', msg, e?.detail ? `(${e.detail})` : ''].filter(Boolean).join(' ');
};

/**
 * A batch's milliseconds by step, for its row in the apply log: the bench (and an operator reading the log) sees
 * whether a slow batch walked the tree, wrote the figures or waited on a journal consumer.
 */
class Phases {
  readonly ms: Record<string, number> = {};
  constructor(private last: number) {}
  end(step: string) {
    const now = Date.now();
    this.ms[step] = (this.ms[step] ?? 0) + now - this.last;
    this.last = now;
  }
}

/** How many times this process's next batch doubles its base size, per database (applyBatch). */
const batchDoublings = new WeakMap<object, number>();

/** The cycle marks this process's committed batches wrote, per ancestry cache (one per database). */
const cycleMarks = new WeakMap<AncestryCache, CycleMarks>();
const marksOf = (cache: AncestryCache) => cycleMarks.get(cache) ?? cycleMarks.set(cache, new CycleMarks()).get(cache)!;

async function batchInTransaction(ctx: AppContext, opts: BatchOptions, claimed?: { ids: string[] }, only?: string[]): Promise<BatchResult> {
  let marked: { marks: CycleMarks; indexes: number[]; epoch: number } | undefined;
  const result = await ctx.db.transaction(async (tx): Promise<BatchResult> => {
    if (!(await tryApplierLock(tx))) return { outcome: 'locked', events: 0, ancestors: 0, consumed: {} };
    const started = Date.now();
    const phases = new Phases(started);
    const now = ctx.clock.now();
    const cycles = await ensureOpenCycles(tx, now);
    const until = new Date(Math.min(...CYCLE_KINDS.map((k) => cycles[k].endsAt.getTime())));
    // Reversals of a purchase whose entry is quarantined or settled wait beside it (ADR 0029).
    await setAsideOrphanReversals(tx, now);
    const events = await claimPending(tx, until, only?.length ?? opts.limit ?? DEFAULT_BATCH, only);
    if (claimed) claimed.ids = events.map((e) => e.id);
    phases.end('claim');
    if (only && !events.length) return { outcome: 'applied', events: 0, ancestors: 0, consumed: {} };
    if (!events.length) {
      const due = CYCLE_KINDS.map((k) => cycles[k]).filter((c) => c.endsAt.getTime() + CLOSE_GRACE_MS <= now.getTime());
      for (const c of due) await closeCycleOnSchedule(tx, c, now);
      if (due.length) await opts.beforeCommit?.();
      return { outcome: due.length ? 'rolled' : 'idle', events: 0, ancestors: 0, consumed: {} };
    }
    await planForKeyLookups(tx);
    // The parent links are read into the process by the first batch that has work (not by an idle one: the app
    // runs one when an admin closes a cycle, and has no use for a million links).
    const cache = await ancestryOf(ctx.db);
    const marks = marksOf(cache);
    const deltas = await walkJournalUp(ctx.db, tx, events);
    phases.end('walk');
    const sponsors = events.filter((e) => e.kind === 'placement' && e.sponsor_id).map((e) => e.sponsor_id!);
    // Every figure goes to member_volume in one write per row (an earlier cycle's legs to leg_volumes), which only
    // the applier writes: no row lock first.
    const epoch = marks.epochOf(cycles.pairing.id, cycles.monthly.id);
    const { crossers } = await applyFigures(
      tx,
      deltas,
      { pairing: cycles.pairing.id, monthly: cycles.monthly.id },
      {
        known: (row) => marks.isMarked(deltas.index[row], epoch),
        steps: watchedSteps(),
      },
    );
    phases.end('figures');
    // Rows whose legs moved are marked with the open cycles now; recorded once the batch has committed.
    const moved: number[] = [];
    for (let r = 0; r < deltas.size; r++) if (deltas.legsMoved(r)) moved.push(deltas.index[r]);
    marked = { marks, indexes: moved, epoch };
    await markApplied(
      tx,
      events.map((e) => e.id),
      now,
      { pairing: cycles.pairing.id, monthly: cycles.monthly.id },
    );
    phases.end('marked');
    // What follows from these entries, in this transaction (core/journal.ts): each purchase's tax invoice, its sale in
    // the sales chart's sums, the rank check of members whose legs reached a rank's volume and of sponsors.
    const batch = {
      at: now,
      purchaseIds: events.filter((e) => e.kind === 'purchase' && e.purchase_id).map((e) => e.purchase_id!),
      reachedStep: crossers.map((c) => c.id),
      sponsors,
    };
    const consumed: Record<string, number> = {};
    for (const consumer of journalConsumers()) {
      consumed[consumer.name] = (await consumer.applied(ctx, tx, batch)) ?? 0;
      phases.end(consumer.name);
    }
    await logBatch(tx, { at: now, events: events.length, ancestors: deltas.size, ms: Date.now() - started, worker: opts.worker ?? null, phases: phases.ms });
    await opts.beforeCommit?.();
    return { outcome: 'applied', events: events.length, ancestors: deltas.size, consumed };
  });
  if (marked) marked.marks.record(marked.indexes, marked.epoch);
  return result;
}

/**
 * Starts reading the tree's parent links into this process (the applier's walks), so that the first batch
 * after a start does not wait for them; called where the job runner starts.
 */
export function prepareApplier(ctx: AppContext) {
  ancestryOf(ctx.db).catch((err: unknown) => ctx.log.warn({ err }, 'could not read the tree links yet; the first batch reads them'));
}

/**
 * Applies batches until nothing is pending (or `maxMs` passed, or another applier holds the journal).
 * With `paceMs`, a batch that caught up (took fewer events than its limit) is followed by the next one no
 * sooner than `paceMs` after it started: under a steady stream of purchases, back-to-back batches would each
 * take only what arrived during the last one and rewrite the same upper ancestors several times a second,
 * while a paced batch folds more entries into each ancestor row it writes. A batch that filled its limit is
 * followed at once (the applier is behind). Answers the events applied.
 */
export async function drainJournal(ctx: AppContext, opts: BatchOptions & { maxMs?: number; paceMs?: number } = {}) {
  const deadline = Date.now() + (opts.maxMs ?? Infinity);
  let events = 0;
  for (;;) {
    const started = Date.now();
    const r = await applyBatch(ctx, opts);
    events += r.events;
    if (r.outcome === 'locked' || r.outcome === 'idle') return { events, outcome: r.outcome };
    // The pause belongs to this call even past the deadline, so that the caller's next call keeps the pace.
    const caughtUp = r.outcome === 'applied' && !r.full;
    const wait = caughtUp && opts.paceMs ? started + opts.paceMs - Date.now() : 0;
    if (wait > 0) await new Promise((res) => setTimeout(res, wait));
    if (Date.now() >= deadline) return { events, outcome: r.outcome };
  }
}

/** How far behind the applier is: pending events, the oldest one's age, and events applied per second over the last minute. */
export async function journalLag(ctx: AppContext) {
  const now = ctx.clock.now();
  const { pending, oldest, quarantined } = await pendingSummary(ctx.db);
  const lastMinute = await appliedSince(ctx.db, new Date(now.getTime() - 60_000));
  return {
    pending,
    quarantined,
    oldestPendingSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0,
    eventsPerSecond: Math.round((lastMinute / 60) * 10) / 10,
  };
}

export async function pruneJournalLog(ctx: AppContext) {
  await pruneApplyLog(ctx.db, new Date(ctx.clock.now().getTime() - 24 * 60 * 60_000));
}
