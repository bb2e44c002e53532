/**
 * The member snapshot of a payout run in columns: a million members cost typed arrays and two strings each
 * instead of a million objects holding bigints (which kept the collector busy for most of a run). The
 * engine reads it through `MemberLookup` (a Map of SnapshotMember satisfies it too, as the unit tests
 * use); `get` builds a short-lived view on demand.
 */
import { RANKS } from '../../../contracts/enums';
import type { MemberLookup, SnapshotMember } from './engine';

const ROLES = ['user', 'mini_franchise', 'basic_franchise', 'founder', 'admin'] as const;

/** "1234.56" -> 123456 (exact for the numeric(12,2) column). */
export const paiseNumber = (text: string) => Math.round(Number(text) * 100);

export class MemberTable implements MemberLookup {
  private readonly index = new Map<string, number>();
  private ids: string[] = [];
  private userIds: string[] = [];
  private parentIds: (string | null)[] = [];
  private sponsorIds: (string | null)[] = [];
  private parent = new Int32Array(0);
  private sponsor = new Int32Array(0);
  private flags = new Uint8Array(0); // bit 0 active, bit 1 left, bit 2 right
  private role = new Uint8Array(0);
  private rank = new Uint8Array(0);
  private bv = new Float64Array(0);
  private n = 0;
  private otherRoles: string[] = [];

  get size() {
    return this.n;
  }

  /** Adds one member (call `freeze` after the last one). */
  add(id: string, userId: string, parentId: string | null, position: string | null, sponsorId: string | null, role: string, active: boolean, personalBVPaise: number, rank: string | null) {
    const i = this.n++;
    if (i >= this.flags.length) this.grow(Math.max(1024, this.flags.length * 2));
    this.index.set(id, i);
    this.ids.push(id);
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
    this.role[i] = r;
    this.rank[i] = Math.max(0, RANKS.indexOf((rank ?? RANKS[0]) as (typeof RANKS)[number]));
    this.bv[i] = personalBVPaise;
  }

  private grow(cap: number) {
    const f = new Uint8Array(cap); f.set(this.flags); this.flags = f;
    const ro = new Uint8Array(cap); ro.set(this.role); this.role = ro;
    const ra = new Uint8Array(cap); ra.set(this.rank); this.rank = ra;
    const b = new Float64Array(cap); b.set(this.bv); this.bv = b;
  }

  /** Resolves parents and sponsors to positions; members outside the snapshot read as none. */
  freeze() {
    this.parent = new Int32Array(this.n);
    this.sponsor = new Int32Array(this.n);
    for (let i = 0; i < this.n; i++) {
      const p = this.parentIds[i];
      const s = this.sponsorIds[i];
      this.parent[i] = p === null ? -1 : (this.index.get(p) ?? -1);
      this.sponsor[i] = s === null ? -1 : (this.index.get(s) ?? -1);
    }
    this.parentIds = [];
    this.sponsorIds = [];
    return this;
  }

  has(id: string) {
    return this.index.has(id);
  }

  get(id: string): SnapshotMember | undefined {
    const i = this.index.get(id);
    return i === undefined ? undefined : this.at(i);
  }

  private roleName(i: number) {
    const r = this.role[i];
    return r < ROLES.length ? ROLES[r] : this.otherRoles[r - ROLES.length];
  }

  private at(i: number): SnapshotMember {
    const f = this.flags[i];
    return {
      id: this.ids[i], userId: this.userIds[i],
      parent: this.parent[i] < 0 ? null : this.ids[this.parent[i]],
      position: f & 2 ? 'left' : f & 4 ? 'right' : null,
      sponsor: this.sponsor[i] < 0 ? null : this.ids[this.sponsor[i]],
      role: this.roleName(i), active: (f & 1) === 1, personalBV: BigInt(this.bv[i]), rank: RANKS[this.rank[i]],
    };
  }

  *values(): IterableIterator<SnapshotMember> {
    for (let i = 0; i < this.n; i++) yield this.at(i);
  }
}
