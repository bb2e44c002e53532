/**
 * The volume journal's quarantine (ADR 0029): an entry that failed alone is set aside with its error; an admin
 * retries it (the next batch applies it, once) or settles it with a reason.
 */
import { sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';

/** Sets one entry aside with its error (its own transaction, after it failed alone); false when it is no longer pending. */
export async function quarantineEntry(db: DbOrTx, id: string, error: string, at: Date): Promise<boolean> {
  const rows = await rawRows<{ id: string }>(
    db,
    sql`update volume_events set quarantined_at = ${at.toISOString()}::timestamptz, quarantine_error = ${error.slice(0, 2000)}
        where id = ${id}::bigint and applied_at is null and quarantined_at is null returning id::text`,
  );
  return rows.length > 0;
}

export interface QuarantinedEntry {
  id: string;
  kind: string;
  memberId: string;
  purchaseId: string | null;
  returnId: string | null;
  bv: string;
  occurredAt: Date;
  quarantinedAt: Date;
  error: string;
}

/** The quarantined entries, oldest first (at most `limit`), and how many there are. */
export async function listQuarantined(db: DbOrTx, limit: number): Promise<{ total: number; entries: QuarantinedEntry[] }> {
  const [count] = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from volume_events where quarantined_at is not null and applied_at is null`);
  const rows = await rawRows<{
    id: string;
    kind: string;
    member_id: string;
    purchase_id: string | null;
    return_id: string | null;
    bv: string;
    occurred_at: Date | string;
    quarantined_at: Date | string;
    error: string | null;
  }>(
    db,
    sql`select id::text, kind, member_id::text, purchase_id::text, return_id::text, bv::text, occurred_at, quarantined_at, quarantine_error as error
        from volume_events where quarantined_at is not null and applied_at is null order by id limit ${limit}`,
  );
  return {
    total: count.n,
    entries: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      memberId: r.member_id,
      purchaseId: r.purchase_id,
      returnId: r.return_id,
      bv: r.bv,
      occurredAt: new Date(r.occurred_at),
      quarantinedAt: new Date(r.quarantined_at),
      error: r.error ?? '',
    })),
  };
}

/**
 * Retry: the entry leaves the quarantine and the next batch claims it like any pending one (applied_at, written in the
 * batch that applies it, keeps it to once). Reversals set aside for a purchase follow it. Answers the entry as it
 * was, or nothing when it is not quarantined (the row stays locked to the caller's transaction).
 */
export async function releaseQuarantined(db: DbOrTx, id: string) {
  const [row] = await rawRows<{ id: string; kind: string; purchase_id: string | null; error: string | null }>(
    db,
    sql`update volume_events v set quarantined_at = null, quarantine_error = null
        from (select id, quarantine_error from volume_events where id = ${id}::bigint and quarantined_at is not null and applied_at is null for update) o
        where v.id = o.id
        returning v.id::text, v.kind, v.purchase_id::text, o.quarantine_error as error`,
  );
  if (row?.kind === 'purchase' && row.purchase_id)
    await db.execute(sql`
      update volume_events set quarantined_at = null, quarantine_error = null
      where kind = 'reversal' and purchase_id = ${row.purchase_id}::uuid and quarantined_at is not null and applied_at is null`);
  return row;
}

/**
 * Settle: the entry is marked applied without being applied (no figures, no cycle, no invoice), with the admin's
 * reason. A purchase's pending reversals are settled with it: they would take back BV the applier never added.
 * Answers the entry as it was and the reversals settled with it, or nothing when it is not quarantined.
 */
export async function settleQuarantined(db: DbOrTx, id: string, reason: string, at: Date) {
  const [row] = await rawRows<{ id: string; kind: string; purchase_id: string | null; bv: string; error: string | null }>(
    db,
    sql`update volume_events v set applied_at = ${at.toISOString()}::timestamptz, settled_at = ${at.toISOString()}::timestamptz, settle_reason = ${reason}
        from (select id, quarantine_error from volume_events where id = ${id}::bigint and quarantined_at is not null and applied_at is null for update) o
        where v.id = o.id
        returning v.id::text, v.kind, v.purchase_id::text, v.bv::text, o.quarantine_error as error`,
  );
  if (!row) return undefined;
  const reversals =
    row.kind === 'purchase' && row.purchase_id
      ? await rawRows<{ id: string }>(
          db,
          sql`update volume_events set applied_at = ${at.toISOString()}::timestamptz, settled_at = ${at.toISOString()}::timestamptz,
                     settle_reason = ${`settled with its purchase's entry #${row.id}: ${reason}`}
              where kind = 'reversal' and purchase_id = ${row.purchase_id}::uuid and applied_at is null
              returning id::text`,
        )
      : [];
  return { ...row, reversals: reversals.map((r) => r.id) };
}
