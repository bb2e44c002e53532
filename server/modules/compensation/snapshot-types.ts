/**
 * The member snapshot as the engine reads it: shared by the engine and the columnar MemberTable
 * (member-table.ts), so that neither imports the other for its types.
 */
export interface SnapshotMember {
  id: string;
  userId: string;
  parent: string | null;
  position: 'left' | 'right' | null;
  sponsor: string | null;
  role: string;
  /** Active when the cycle closed (read when the cycle is calculated). */
  active: boolean;
  /** Lifetime personal BV in paise. */
  personalBV: bigint;
  rank: string;
}

/** How the engine reads the snapshot: a Map of members, or the columnar MemberTable of a real run. */
export interface MemberLookup {
  get(id: string): SnapshotMember | undefined;
  has(id: string): boolean;
  values(): Iterable<SnapshotMember>;
}
