/**
 * The member snapshot of a payout run in columns: a million members cost typed arrays and two strings each
 * instead of a million objects holding bigints. The engine works on member indices (`indexOf`, then the
 * column readers); `get` builds a SnapshotMember view for the few places that want one. A Map of
 * SnapshotMember (the unit tests' trees) becomes a table with `MemberTable.from`.
 *
 * BV and carry are integer paise in BigInt64Array columns: exact, read as the bigints the engine computes with,
 * and every write is checked to fit (a BigInt64Array would otherwise wrap a figure past 2^63 without a word).
 */
import { RANKS } from '../../../contracts/enums';
import type { MemberLookup, SnapshotMember } from './snapshot-types';
import { IdIndex } from '../../lib/id-index';
import { grown } from '../../lib/typed-arrays';
import { paiseNumber } from '../../../contracts/money';
import type { CopyRow } from '../../db/copy';

const ROLES = ['user', 'mini_franchise', 'basic_franchise', 'founder', 'admin'] as const;
const MINI = 1;
const BASIC = 2;
/** What a snapshot row's fields are compared with, as bytes. */
const ROLE_BYTES = ROLES.map((r) => Buffer.from(r));
const RANK_BYTES = RANKS.map((r) => Buffer.from(r));
const LEFT = Buffer.from('left');
const RIGHT = Buffer.from('right');
const ACTIVE = Buffer.from('active');

/**
 * A figure of the form [-]digits[.d[d]] in buf[start, end) as paise; NaN for any other form or a figure past 2^53
 * (the caller then reads it with paiseNumber, which answers the rest exactly or throws).
 */
function paiseOfBytes(buf: Buffer, start: number, end: number) {
  let j = start;
  const neg = buf[j] === 45;
  if (neg) j++;
  const first = j;
  let whole = 0;
  for (; j < end && buf[j] >= 48 && buf[j] <= 57; j++) whole = whole * 10 + (buf[j] - 48);
  if (j === first || j - first > 15) return NaN;
  let frac = 0;
  if (j < end) {
    if (buf[j] !== 46 || end - j < 2 || end - j > 3) return NaN;
    for (let k = j + 1; k < end; k++) {
      const d = buf[k] - 48;
      if (d < 0 || d > 9) return NaN;
      frac += d * (k === j + 1 ? 10 : 1);
    }
  }
  const p = whole * 100 + frac;
  return neg ? -p : p;
}

/** "1234.56" -> 123456, exact; throws on a figure that is not an amount (contracts/money.ts). */
export { paiseNumber };
/** "1234.56" -> 123456n through the fast exact reader (contracts/money.ts paiseNumber): throws on anything else, never 0. */
export const paiseBigint = (v: string, what = 'amount') => BigInt(paiseNumber(v, what));

/** A figure for a BigInt64Array column, refused when it does not fit (the column would silently wrap it). */
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
export function int64(v: bigint, what: string) {
  // Compared, not BigInt.asIntN: no second bigint per figure on the million-member paths.
  if (v < INT64_MIN || v > INT64_MAX) throw new RangeError(`${what} of ${v} paise does not fit a 64-bit column`);
  return v;
}

/**
 * A paise figure given as a number (the snapshot's reader, the tests' tables) must be a whole number JavaScript holds
 * exactly. `id` names the member in the refusal, which is worded only when it is thrown (a million calls a snapshot).
 */
function exactPaise(v: number | bigint, id: string) {
  if (typeof v === 'bigint') return int64(v, `Personal BV of ${id}`);
  if (!Number.isSafeInteger(v)) throw new RangeError(`Personal BV of ${id} of ${v} paise is not an exact whole number`);
  return BigInt(v);
}

/**
 * A rank's place in the rank table (contracts/enums.ts RANKS). A name outside the table is an error: counted as the
 * lowest rank, a misspelt or renamed rank would quietly drop a member out of every pool.
 */
export function rankIndexOf(rank: string) {
  const i = (RANKS as readonly string[]).indexOf(rank);
  if (i < 0) throw new RangeError(`Unknown rank ${JSON.stringify(rank)}: not in the rank table`);
  return i;
}

export class MemberTable implements MemberLookup {
  // Ids live in the index alone (IdIndex.keyAt): no array of a million id strings, each a slice of the COPY's text.
  private readonly index = new IdIndex();
  private userIds: string[] = [];
  private parentIds: (string | null | undefined)[] = [];
  private sponsorIds: (string | null | undefined)[] = [];
  /** Parent and sponsor uuids read as bytes (addRow), four words each, until `freeze` resolves them; refs[i] bit 0 parent, bit 1 sponsor. */
  private refWords = new Int32Array(0);
  private refs = new Uint8Array(0);
  private parentIdx = new Int32Array(0);
  private sponsorIdx = new Int32Array(0);
  private flags = new Uint8Array(0); // bit 0 active, bit 1 left, bit 2 right
  private roles = new Uint8Array(0);
  private ranks = new Uint8Array(0);
  private bv = new BigInt64Array(0);
  private n = 0;
  private otherRoles: string[] = [];
  private sorted: Int32Array | undefined;

  /** A table of the given members (in any order), frozen. */
  static from(members: Iterable<SnapshotMember>) {
    const t = new MemberTable();
    for (const m of members) t.add(m.id, m.userId, m.parent, m.position, m.sponsor, m.role, m.active, m.personalBV, m.rank);
    return t.freeze();
  }

  get size() {
    return this.n;
  }

  /**
   * Adds one member (call `freeze` after the last one). A member without a rank (null) has the first rank of the
   * table, as `users.current_rank` defaults to it; a rank that is not in the table throws.
   */
  add(id: string, userId: string, parentId: string | null, position: string | null, sponsorId: string | null, role: string, active: boolean, personalBVPaise: number | bigint, rank: string | null) {
    const i = this.n++;
    if (i >= this.flags.length) this.grow(Math.max(1024, this.flags.length * 2));
    this.index.add(id, i);
    this.userIds.push(userId);
    this.parentIds.push(parentId);
    this.sponsorIds.push(sponsorId);
    this.flags[i] = (active ? 1 : 0) | (position === 'left' ? 2 : position === 'right' ? 4 : 0);
    this.roles[i] = this.roleIndex(role);
    this.ranks[i] = rank === null ? 0 : rankIndexOf(rank);
    this.bv[i] = exactPaise(personalBVPaise, id);
  }

  private roleIndex(role: string) {
    const r = (ROLES as readonly string[]).indexOf(role);
    if (r >= 0) return r;
    let k = this.otherRoles.indexOf(role);
    if (k < 0) k = this.otherRoles.push(role) - 1;
    return ROLES.length + k;
  }

  /**
   * `add` for a row of the snapshot's COPY (columns id, user_id, parent_id, position, sponsor_id, role, status,
   * total_bv, current_rank), read from its bytes: the ids become words of the index, never strings (a million rows
   * of strings were most of a payout run's snapshot time and memory). Active means status 'active'.
   */
  addRow(row: CopyRow) {
    const i = this.n++;
    if (i >= this.flags.length) this.grow(Math.max(1024, this.flags.length * 2));
    const b = row.buf;
    this.index.addBytes(b, row.start(0), row.end(0), i);
    this.userIds.push(row.text(1)!);
    let refs = 0;
    if (!row.isNull(2)) {
      if (this.index.wordsOf(b, row.start(2), row.end(2), this.refWords, 8 * i)) refs |= 1;
      else this.parentIds[i] = row.text(2);
    }
    if (!row.isNull(4)) {
      if (this.index.wordsOf(b, row.start(4), row.end(4), this.refWords, 8 * i + 4)) refs |= 2;
      else this.sponsorIds[i] = row.text(4);
    }
    this.refs[i] = refs;
    this.flags[i] = (row.equals(6, ACTIVE) ? 1 : 0) | (row.equals(3, LEFT) ? 2 : row.equals(3, RIGHT) ? 4 : 0);
    let r = ROLE_BYTES.findIndex((x) => row.equals(5, x));
    if (r < 0) r = this.roleIndex(row.text(5)!);
    this.roles[i] = r;
    let k = 0;
    if (!row.isNull(8)) {
      k = RANK_BYTES.findIndex((x) => row.equals(8, x));
      if (k < 0) k = rankIndexOf(row.text(8)!);
    }
    this.ranks[i] = k;
    const p = paiseOfBytes(b, row.start(7), row.end(7));
    this.bv[i] = BigInt(Number.isNaN(p) ? paiseNumber(row.text(7)!, 'personal BV') : p);
  }

  /**
   * Figures as they were at an earlier instant, for members already added: the status active then (a member's first
   * status change after it tells), and personal BV less what was added after it.
   */
  correct(activeThen: Map<string, boolean>, bvSince: Map<string, bigint>) {
    for (const [id, active] of activeThen) {
      const i = this.index.get(id);
      if (i >= 0) this.flags[i] = (this.flags[i] & ~1) | (active ? 1 : 0);
    }
    for (const [id, since] of bvSince) {
      const i = this.index.get(id);
      if (i >= 0) this.bv[i] = int64(this.bv[i] - since, `Personal BV of ${id}`);
    }
  }

  private grow(cap: number) {
    this.refWords = grown(this.refWords, cap * 8);
    this.refs = grown(this.refs, cap);
    this.flags = grown(this.flags, cap);
    this.roles = grown(this.roles, cap);
    this.ranks = grown(this.ranks, cap);
    this.bv = grown(this.bv, cap);
  }

  /** Resolves parents and sponsors to indices; members outside the snapshot read as none (-1). */
  freeze() {
    this.parentIdx = new Int32Array(this.n);
    this.sponsorIdx = new Int32Array(this.n);
    for (let i = 0; i < this.n; i++) {
      const refs = this.refs[i];
      if (refs & 1) this.parentIdx[i] = this.index.getWords(this.refWords, 8 * i);
      else {
        const p = this.parentIds[i];
        this.parentIdx[i] = p == null ? -1 : this.index.get(p);
      }
      if (refs & 2) this.sponsorIdx[i] = this.index.getWords(this.refWords, 8 * i + 4);
      else {
        const s = this.sponsorIds[i];
        this.sponsorIdx[i] = s == null ? -1 : this.index.get(s);
      }
    }
    this.parentIds = [];
    this.sponsorIds = [];
    this.refWords = new Int32Array(0);
    this.refs = new Uint8Array(0);
    return this;
  }

  // ---- by index (the engine's way in) ----
  /** The member's index, or -1 when they are not in the snapshot. */
  indexOf(id: string) {
    return this.index.get(id);
  }
  idAt(i: number): string {
    return this.index.requireKey(i, 'the snapshot');
  }
  userIdAt(i: number) {
    return this.userIds[i];
  }
  parentOf(i: number) {
    return this.parentIdx[i];
  }
  sponsorOf(i: number) {
    return this.sponsorIdx[i];
  }
  isActive(i: number) {
    return (this.flags[i] & 1) === 1;
  }
  isLeft(i: number) {
    return (this.flags[i] & 2) === 2;
  }
  isRight(i: number) {
    return (this.flags[i] & 4) === 4;
  }
  /** 'mini_franchise' or 'basic_franchise' for franchise holders, else null. */
  franchiseRole(i: number): 'mini_franchise' | 'basic_franchise' | null {
    const r = this.roles[i];
    return r === MINI ? 'mini_franchise' : r === BASIC ? 'basic_franchise' : null;
  }
  rankIndex(i: number) {
    return this.ranks[i];
  }
  /** Lifetime personal BV in paise. */
  personalBVAt(i: number): bigint {
    return this.bv[i];
  }

  /**
   * The indices in member-id order (the order every index of the result tables leads with). The snapshot
   * is read ordered by id, so this is usually 0, 1, 2...; a table built in any other order is sorted once.
   */
  idOrder(): Int32Array {
    if (this.sorted) return this.sorted;
    const order = new Int32Array(this.n);
    let inOrder = true;
    for (let i = 0; i < this.n; i++) {
      order[i] = i;
      if (i > 0 && this.index.compare(i - 1, i) > 0) inOrder = false;
    }
    if (!inOrder) order.sort((a, b) => this.index.compare(a, b));
    return (this.sorted = order);
  }

  // ---- MemberLookup (views for the few callers that want objects) ----
  has(id: string) {
    return this.index.get(id) >= 0;
  }

  get(id: string): SnapshotMember | undefined {
    const i = this.index.get(id);
    return i < 0 ? undefined : this.at(i);
  }

  private roleName(i: number) {
    const r = this.roles[i];
    return r < ROLES.length ? ROLES[r] : this.otherRoles[r - ROLES.length];
  }

  at(i: number): SnapshotMember {
    const f = this.flags[i];
    return {
      id: this.idAt(i),
      userId: this.userIds[i],
      parent: this.parentIdx[i] < 0 ? null : this.idAt(this.parentIdx[i]),
      position: f & 2 ? 'left' : f & 4 ? 'right' : null,
      sponsor: this.sponsorIdx[i] < 0 ? null : this.idAt(this.sponsorIdx[i]),
      role: this.roleName(i),
      active: (f & 1) === 1,
      personalBV: this.bv[i],
      rank: RANKS[this.ranks[i]],
    };
  }

  *values(): IterableIterator<SnapshotMember> {
    for (let i = 0; i < this.n; i++) yield this.at(i);
  }
}

/** BV added to each member's legs in a cycle, in paise, by member index of a MemberTable. */
export class LegColumns {
  readonly l: BigInt64Array;
  readonly r: BigInt64Array;
  constructor(size: number) {
    this.l = new BigInt64Array(size);
    this.r = new BigInt64Array(size);
  }
  /** Adds BV to member i's legs (a member may come in two rows of the cycle's legs). */
  add(i: number, l: bigint, r: bigint) {
    this.l[i] = int64(this.l[i] + l, 'Left leg BV');
    this.r[i] = int64(this.r[i] + r, 'Right leg BV');
  }
}

/**
 * Carry per member (in paise) by member index, with whether the member was ever paid a pair. A member
 * "has" carry when any of the three is set; `get` answers the same shape as the engine's Carry.
 */
export class CarryColumns {
  readonly l: BigInt64Array;
  readonly r: BigInt64Array;
  readonly pairedEver: Uint8Array;
  constructor(private readonly table: MemberTable) {
    this.l = new BigInt64Array(table.size);
    this.r = new BigInt64Array(table.size);
    this.pairedEver = new Uint8Array(table.size);
  }
  hasAt(i: number) {
    return this.l[i] !== 0n || this.r[i] !== 0n || this.pairedEver[i] === 1;
  }
  set(i: number, c: { l: bigint; r: bigint; pairedEver: boolean }) {
    this.l[i] = int64(c.l, 'Left carry');
    this.r[i] = int64(c.r, 'Right carry');
    this.pairedEver[i] = c.pairedEver ? 1 : 0;
  }
  get(id: string): { l: bigint; r: bigint; pairedEver: boolean } | undefined {
    const i = this.table.indexOf(id);
    if (i < 0 || !this.hasAt(i)) return undefined;
    return { l: this.l[i], r: this.r[i], pairedEver: this.pairedEver[i] === 1 };
  }
  /** Members with carry, in member-id order. */
  *inIdOrder(): IterableIterator<number> {
    for (const i of this.table.idOrder()) if (this.hasAt(i)) yield i;
  }
  /** [member id, carry] in member-id order. */
  *entries(): IterableIterator<[string, { l: bigint; r: bigint; pairedEver: boolean }]> {
    for (const i of this.inIdOrder()) yield [this.table.idAt(i), { l: this.l[i], r: this.r[i], pairedEver: this.pairedEver[i] === 1 }];
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  /** Whether these columns are indexed by `table`. */
  belongsTo(table: MemberTable) {
    return this.table === table;
  }
}
