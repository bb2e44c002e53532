/**
 * The member snapshot of a payout run in columns: a million members cost typed arrays and two strings each
 * instead of a million objects holding bigints. The engine works on member indices (`indexOf`, then the
 * column readers); `get` builds a SnapshotMember view for the few places that want one. A Map of
 * SnapshotMember (the unit tests' trees) becomes a table with `MemberTable.from`.
 */
import { RANKS } from '../../../contracts/enums';
import type { MemberLookup, SnapshotMember } from './engine';

const ROLES = ['user', 'mini_franchise', 'basic_franchise', 'founder', 'admin'] as const;
const MINI = 1;
const BASIC = 2;

/** "1234.56" -> 123456 (exact for the numeric(12,2) column). */
export const paiseNumber = (text: string) => Math.round(Number(text) * 100);

/** Hex digit values by char code (-1 for anything else). */
const HEX = new Int8Array(128).fill(-1);
for (let c = 0; c < 10; c++) HEX[48 + c] = c;
for (let c = 0; c < 6; c++) HEX[65 + c] = HEX[97 + c] = 10 + c;
/** Where the 32 hex digits of a canonical uuid (8-4-4-4-12) sit in its text. */
const UUID_HEX = [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15, 16, 17, 19, 20, 21, 22, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35];

/**
 * Member id -> index for a million members: each uuid is kept as four 32-bit words, found by open
 * addressing over typed arrays and compared as numbers. A Map with a million string keys spent seconds of a
 * payout run comparing strings scattered over the heap. Ids that are not uuids (the unit tests' 'A', 'B')
 * go to a plain Map.
 */
class IdIndex {
  private slots = new Int32Array(1 << 12).fill(-1);
  private words = new Int32Array(4 << 11);
  private count = 0;
  private readonly other = new Map<string, number>();
  // The words of the key being looked up (no array per lookup).
  private w0 = 0;
  private w1 = 0;
  private w2 = 0;
  private w3 = 0;

  /** Parses a canonical uuid into w0..w3; false when `s` is not one. */
  private parse(s: string) {
    if (s.length !== 36) return false;
    let w = 0;
    for (let k = 0; k < 32; k++) {
      const c = s.charCodeAt(UUID_HEX[k]);
      const v = c < 128 ? HEX[c] : -1;
      if (v < 0) return false;
      w = (w << 4) | v;
      if ((k & 7) === 7) {
        if (k === 7) this.w0 = w; else if (k === 15) this.w1 = w; else if (k === 23) this.w2 = w; else this.w3 = w;
        w = 0;
      }
    }
    return true;
  }

  private slotHash() {
    let h = Math.imul(this.w0, 0x9e3779b1) ^ Math.imul(this.w1, 0x85ebca77) ^ Math.imul(this.w2, 0xc2b2ae3d) ^ Math.imul(this.w3, 0x27d4eb2f);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    return (h ^ (h >>> 12)) >>> 0;
  }

  private same(v: number) {
    const b = v * 4;
    return this.words[b] === this.w0 && this.words[b + 1] === this.w1 && this.words[b + 2] === this.w2 && this.words[b + 3] === this.w3;
  }

  /** Registers `key` as index i (a key seen before now points at i). */
  add(key: string, i: number) {
    // Room first: growing re-hashes through w0..w3, which then receive this key.
    if ((this.count + 1) * 2 > this.slots.length) this.grow();
    if ((i + 1) * 4 > this.words.length) {
      const w = new Int32Array(Math.max(this.words.length * 2, (i + 1) * 4));
      w.set(this.words);
      this.words = w;
    }
    if (!this.parse(key)) {
      this.other.set(key, i);
      return;
    }
    const b = i * 4;
    this.words[b] = this.w0;
    this.words[b + 1] = this.w1;
    this.words[b + 2] = this.w2;
    this.words[b + 3] = this.w3;
    const mask = this.slots.length - 1;
    for (let s = this.slotHash() & mask; ; s = (s + 1) & mask) {
      const v = this.slots[s];
      if (v === -1) { this.slots[s] = i; this.count += 1; return; }
      if (this.same(v)) { this.slots[s] = i; return; }
    }
  }

  /** The index of `key`, or -1. */
  get(key: string) {
    if (!this.parse(key)) return this.other.get(key) ?? -1;
    const mask = this.slots.length - 1;
    for (let s = this.slotHash() & mask; ; s = (s + 1) & mask) {
      const v = this.slots[s];
      if (v === -1 || this.same(v)) return v;
    }
  }

  private grow() {
    const old = this.slots;
    this.slots = new Int32Array(old.length * 2).fill(-1);
    const mask = this.slots.length - 1;
    for (const v of old) {
      if (v === -1) continue;
      const b = v * 4;
      this.w0 = this.words[b]; this.w1 = this.words[b + 1]; this.w2 = this.words[b + 2]; this.w3 = this.words[b + 3];
      let s = this.slotHash() & mask;
      while (this.slots[s] !== -1) s = (s + 1) & mask;
      this.slots[s] = v;
    }
  }
}

export class MemberTable implements MemberLookup {
  private readonly index = new IdIndex();
  private ids: string[] = [];
  private userIds: string[] = [];
  private parentIds: (string | null)[] = [];
  private sponsorIds: (string | null)[] = [];
  private parentIdx = new Int32Array(0);
  private sponsorIdx = new Int32Array(0);
  private flags = new Uint8Array(0); // bit 0 active, bit 1 left, bit 2 right
  private roles = new Uint8Array(0);
  private ranks = new Uint8Array(0);
  private bv = new Float64Array(0);
  private n = 0;
  private otherRoles: string[] = [];
  private sorted: Int32Array | undefined;

  /** A table of the given members (in any order), frozen. */
  static from(members: Iterable<SnapshotMember>) {
    const t = new MemberTable();
    for (const m of members) t.add(m.id, m.userId, m.parent, m.position, m.sponsor, m.role, m.active, Number(m.personalBV), m.rank);
    return t.freeze();
  }

  get size() {
    return this.n;
  }

  /** Adds one member (call `freeze` after the last one). */
  add(id: string, userId: string, parentId: string | null, position: string | null, sponsorId: string | null, role: string, active: boolean, personalBVPaise: number, rank: string | null) {
    const i = this.n++;
    if (i >= this.flags.length) this.grow(Math.max(1024, this.flags.length * 2));
    this.ids.push(id);
    this.index.add(id, i);
    this.userIds.push(userId);
    this.parentIds.push(parentId);
    this.sponsorIds.push(sponsorId);
    this.flags[i] = (active ? 1 : 0) | (position === 'left' ? 2 : position === 'right' ? 4 : 0);
    let r = (ROLES as readonly string[]).indexOf(role);
    if (r < 0) {
      let k = this.otherRoles.indexOf(role);
      if (k < 0) k = this.otherRoles.push(role) - 1;
      r = ROLES.length + k;
    }
    this.roles[i] = r;
    this.ranks[i] = Math.max(0, RANKS.indexOf((rank ?? RANKS[0]) as (typeof RANKS)[number]));
    this.bv[i] = personalBVPaise;
  }

  private grow(cap: number) {
    const f = new Uint8Array(cap); f.set(this.flags); this.flags = f;
    const ro = new Uint8Array(cap); ro.set(this.roles); this.roles = ro;
    const ra = new Uint8Array(cap); ra.set(this.ranks); this.ranks = ra;
    const b = new Float64Array(cap); b.set(this.bv); this.bv = b;
  }

  /** Resolves parents and sponsors to indices; members outside the snapshot read as none (-1). */
  freeze() {
    this.parentIdx = new Int32Array(this.n);
    this.sponsorIdx = new Int32Array(this.n);
    for (let i = 0; i < this.n; i++) {
      const p = this.parentIds[i];
      const s = this.sponsorIds[i];
      this.parentIdx[i] = p === null ? -1 : this.index.get(p);
      this.sponsorIdx[i] = s === null ? -1 : this.index.get(s);
    }
    this.parentIds = [];
    this.sponsorIds = [];
    return this;
  }

  // ---- by index (the engine's way in) ----
  /** The member's index, or -1 when they are not in the snapshot. */
  indexOf(id: string) {
    return this.index.get(id);
  }
  idAt(i: number) {
    return this.ids[i];
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
  /** Lifetime personal BV in paise (a whole number). */
  personalBVAt(i: number) {
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
      if (i > 0 && this.ids[i - 1] > this.ids[i]) inOrder = false;
    }
    if (!inOrder) {
      const ids = this.ids;
      order.sort((a, b) => (ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0));
    }
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
      id: this.ids[i], userId: this.userIds[i],
      parent: this.parentIdx[i] < 0 ? null : this.ids[this.parentIdx[i]],
      position: f & 2 ? 'left' : f & 4 ? 'right' : null,
      sponsor: this.sponsorIdx[i] < 0 ? null : this.ids[this.sponsorIdx[i]],
      role: this.roleName(i), active: (f & 1) === 1, personalBV: BigInt(this.bv[i]), rank: RANKS[this.ranks[i]],
    };
  }

  *values(): IterableIterator<SnapshotMember> {
    for (let i = 0; i < this.n; i++) yield this.at(i);
  }
}

/** BV added to each member's legs in a cycle, in paise, by member index of a MemberTable. */
export class LegColumns {
  readonly l: Float64Array;
  readonly r: Float64Array;
  constructor(size: number) {
    this.l = new Float64Array(size);
    this.r = new Float64Array(size);
  }
}

/**
 * Carry per member (in paise) by member index, with whether the member was ever paid a pair. A member
 * "has" carry when any of the three is set; `get` answers the same shape as the engine's Carry.
 */
export class CarryColumns {
  readonly l: Float64Array;
  readonly r: Float64Array;
  readonly pairedEver: Uint8Array;
  constructor(private readonly table: MemberTable) {
    this.l = new Float64Array(table.size);
    this.r = new Float64Array(table.size);
    this.pairedEver = new Uint8Array(table.size);
  }
  hasAt(i: number) {
    return this.l[i] !== 0 || this.r[i] !== 0 || this.pairedEver[i] === 1;
  }
  set(i: number, c: { l: bigint; r: bigint; pairedEver: boolean }) {
    this.l[i] = Number(c.l);
    this.r[i] = Number(c.r);
    this.pairedEver[i] = c.pairedEver ? 1 : 0;
  }
  get(id: string): { l: bigint; r: bigint; pairedEver: boolean } | undefined {
    const i = this.table.indexOf(id);
    if (i < 0 || !this.hasAt(i)) return undefined;
    return { l: BigInt(this.l[i]), r: BigInt(this.r[i]), pairedEver: this.pairedEver[i] === 1 };
  }
  /** Members with carry, in member-id order. */
  *inIdOrder(): IterableIterator<number> {
    for (const i of this.table.idOrder()) if (this.hasAt(i)) yield i;
  }
  /** [member id, carry] in member-id order. */
  *entries(): IterableIterator<[string, { l: bigint; r: bigint; pairedEver: boolean }]> {
    for (const i of this.inIdOrder()) yield [this.table.idAt(i), { l: BigInt(this.l[i]), r: BigInt(this.r[i]), pairedEver: this.pairedEver[i] === 1 }];
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  /** Whether these columns are indexed by `table`. */
  belongsTo(table: MemberTable) {
    return this.table === table;
  }
}
