/**
 * Every PostgreSQL advisory lock of the platform, by name, in one place, so that no two locks share a number by
 * accident. Two kinds:
 * - `LOCKS`: one lock each, `pg_advisory_xact_lock(id)` (the bigint form).
 * - `LOCK_CLASSES`: a family of locks, one per key, `pg_advisory_xact_lock(class, hashtext(key))` (the two-int
 *   form). Two keys of one class may hash alike and then wait for each other: harmless, never a missed lock.
 * PostgreSQL keeps the two forms apart, yet every number here is used once across both. Transaction-scoped
 * everywhere, `migrations` too (held by the one transaction that migrates, db/client.ts): a lock works through
 * PgBouncer in transaction pooling only when transaction-scoped (ADR 0033).
 */
export const LOCKS = {
  /** Migrations: one process at a time applies them. */
  migrations: 727_401,
  /** The binary tree's placements and counters (tree.repo.ts). */
  tree: 72_830_001,
  /** Folding the admin dashboard's tally deltas into the totals (ops/dashboard.repo.ts). */
  tallyFold: 72_830_002,
  /** The volume journal's applier: one batch at a time across every process (volume.repo.ts). */
  volumeApplier: 72_830_003,
  /** Numbering compensation plan versions. */
  planVersions: 72_830_010,
  /** Compensation calculations of either kind, so that each sees the other's state. */
  calculations: 72_830_011,
} as const;

export const LOCK_CLASSES = {
  /** Fund requests per member (fund-requests.repo.ts). */
  fundRequest: 72_830_020,
  /** Sliding rate-limit counters per key (core/rate-limits.repo.ts). */
  rateLimit: 72_830_021,
  /** Registrations of one PAN (users.repo.ts lockPan). */
  pan: 72_830_030,
  /** Custody actions per key (custody.repo.ts). */
  custody: 72_830_031,
} as const;
