import type { AppContext } from '../../context';
import type { Actor } from '../../core/actor';
import { notFound } from '../../core/app-error';
import { audit } from '../audit';
import { QUARANTINE_MSG, type QuarantineList, type SettleEntryInput } from '../../../contracts/admin';
import { listQuarantined, releaseQuarantined, settleQuarantined } from './quarantine.repo';

/*
 * The journal's quarantine (ADR 0029): entries the applier set aside after each failed alone. An admin retries one
 * after the fix (the next batch applies it, once: applied_at is written in the batch that applies it) or settles
 * it (marked applied without being applied, with a reason). Both are audited.
 */

const SHOWN = 100;

/** The oldest quarantined entries with their errors, and how many there are. */
export async function quarantinedEntries(ctx: AppContext): Promise<QuarantineList> {
  const { total, entries } = await listQuarantined(ctx.db, SHOWN);
  return {
    total,
    entries: entries.map((e) => ({ ...e, kind: e.kind as QuarantineList['entries'][number]['kind'], occurredAt: e.occurredAt.toISOString(), quarantinedAt: e.quarantinedAt.toISOString() })),
  };
}

/** Retry: the entry (and reversals set aside for its purchase) go back to the journal. */
export async function retryQuarantined(ctx: AppContext, actor: Actor, id: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await releaseQuarantined(tx, id);
    if (!row) throw notFound(QUARANTINE_MSG.entryNotFound);
    await audit(tx, actor, { entityType: 'volume_event', entityId: row.id, action: 'journal.retry', previousState: { kind: row.kind, error: row.error } });
  });
  return { message: QUARANTINE_MSG.retried };
}

/**
 * Settle: the entry is marked applied without its effects (no BV on any leg, no cycle, no invoice, no rank check),
 * for an entry that must never be applied or whose effect was made another way; the reason is kept on the entry and
 * in the audit row. A purchase's reversals not yet applied are settled with it.
 */
export async function settleQuarantinedEntry(ctx: AppContext, actor: Actor, id: string, input: SettleEntryInput) {
  await ctx.db.transaction(async (tx) => {
    const row = await settleQuarantined(tx, id, input.reason, ctx.clock.now());
    if (!row) throw notFound(QUARANTINE_MSG.entryNotFound);
    await audit(tx, actor, {
      entityType: 'volume_event',
      entityId: row.id,
      action: 'journal.settle',
      previousState: { kind: row.kind, bv: row.bv, purchaseId: row.purchase_id, error: row.error },
      newState: { settled: true, reversalsSettled: row.reversals },
      reason: input.reason,
    });
  });
  return { message: QUARANTINE_MSG.settled };
}
