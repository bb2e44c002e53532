import { IdIndex } from '../../lib/id-index';
import { grown } from '../../lib/typed-arrays';
import { BatchDeltas, addOwnFigures, paiseOfEntry, type JournalDelta } from './batch-deltas';

export interface PathRow {
  id: string;
  parent_id: string | null;
  position: string | null;
  level: number;
}

/**
 * The parent links of placed members, kept in the process that applies the volume journal. A placed
 * member's parent, side and level never change (docs/spec/decisions.md §4: a slot is taken once) except in a founder's move of a
 * member without a downline (ADR 0018, taken in by relink at the next batch), so each link is
 * read from the database once and every later batch walks its ancestors here instead of in a recursive
 * query over the wide `users` rows (0.5-0.9 s a batch of a thousand buyers at a million members).
 * Only placed members are kept: a member outside the tree may still be placed.
 */
export class AncestryCache {
  // Ids live in the index alone (IdIndex.keyAt): no array of a million id strings beside it.
  private readonly index = new IdIndex();
  private parent = new Int32Array(1024);
  /** 0: the root (no side), 1: left, 2: right. */
  private side = new Uint8Array(1024);
  private depth = new Int32Array(1024);
  private n = 0;

  get size() {
    return this.n;
  }

  /** The last tree move (tree_moves.id) this copy has taken in (the first batch takes in every move, again harmlessly); see relink. */
  movesSeen = 0;

  /**
   * Takes in a member's new link after a move (ADR 0018: only members without a downline move, so no kept member has
   * it as parent): its parent, side and level change in place; a member not kept here, or whose new parent is not,
   * is left to be read when a batch needs it (false).
   */
  relink(row: PathRow) {
    const i = this.index.get(row.id);
    if (i < 0) return false;
    const p = row.parent_id === null ? -1 : this.index.get(row.parent_id);
    if (row.parent_id !== null && p < 0) return false;
    this.parent[i] = p;
    this.side[i] = row.position === 'left' ? 1 : row.position === 'right' ? 2 : 0;
    this.depth[i] = row.level;
    return true;
  }

  has(id: string) {
    return this.index.get(id) >= 0;
  }

  private idAt(i: number): string {
    return this.index.requireKey(i, "the tree's links");
  }

  /** The order in which the member was added here (-1: not here). */
  indexOf(id: string) {
    return this.index.get(id);
  }

  /** Adds a placed member whose parent is already here (or who is the root); false otherwise. */
  add(row: PathRow) {
    if (this.has(row.id)) return true;
    const p = row.parent_id === null ? -1 : this.index.get(row.parent_id);
    if (row.parent_id !== null && p < 0) return false;
    const i = this.n++;
    if (i >= this.parent.length) {
      const cap = this.parent.length * 2;
      this.parent = grown(this.parent, cap);
      this.side = grown(this.side, cap);
      this.depth = grown(this.depth, cap);
    }
    this.index.add(row.id, i);
    this.parent[i] = p;
    this.side[i] = row.position === 'left' ? 1 : row.position === 'right' ? 2 : 0;
    this.depth[i] = row.level;
    return true;
  }

  /**
   * Adds placed members in any order (a parent missing from both the cache and `rows` leaves its subtree
   * out), yielding to the event loop between slices so that a process serving requests keeps serving them.
   */
  async load(rows: PathRow[]) {
    // By level, so every parent is kept before its children: a counting sort (levels are small integers).
    let top = 0;
    for (const r of rows) top = Math.max(top, r.level);
    const starts = new Int32Array(top + 2);
    for (const r of rows) starts[r.level + 1]++;
    for (let l = 1; l <= top + 1; l++) starts[l] += starts[l - 1];
    const order = new Int32Array(rows.length);
    for (let k = 0; k < rows.length; k++) order[starts[rows[k].level]++] = k;
    for (let k = 0; k < order.length; k++) {
      this.add(rows[order[k]]);
      if (k % 20_000 === 19_999) await new Promise((r) => setImmediate(r));
    }
  }

  /**
   * The union of the paths from each of `ids` up to the root, every member once (what the recursive
   * query with `union` returned), or undefined when one of them is not here.
   */
  pathsOf(ids: Iterable<string>): PathRow[] | undefined {
    const seen = new Uint8Array(this.n);
    const rows: PathRow[] = [];
    for (const id of ids) {
      let i = this.index.get(id);
      if (i < 0) return undefined;
      while (i >= 0 && !seen[i]) {
        seen[i] = 1;
        const p = this.parent[i];
        rows.push({ id: this.idAt(i), parent_id: p < 0 ? null : this.idAt(p), position: this.side[i] === 1 ? 'left' : this.side[i] === 2 ? 'right' : null, level: this.depth[i] });
        i = p;
      }
    }
    return rows;
  }

  /** Per member: its row in the fold under way (-1: none); reset to -1 when the fold ends. */
  private rowAt = new Int32Array(0);

  /**
   * What `events` add to every member they touch (see BatchDeltas): each entry walks up from its member
   * to the root, adding its BV, member and active counts to the leg it comes up by, its distance to the
   * depth below when it is a placement, and a direct recruit on that leg to its sponsor when the walk
   * meets them. Entries of members not kept here (outside the tree) reach no ancestor. The members' own
   * BV and direct recruits are added whether they are kept here or not.
   */
  fold(events: JournalDelta[]): BatchDeltas {
    if (this.rowAt.length < this.n) this.rowAt = new Int32Array(Math.max(this.n, this.rowAt.length * 2)).fill(-1);
    const d = new BatchDeltas();
    const rowAt = this.rowAt;
    const rowOf = (i: number) => (rowAt[i] >= 0 ? rowAt[i] : (rowAt[i] = d.add(this.idAt(i), i)));
    const others = new Map<string, number>();
    try {
      for (const e of events) {
        let c = this.index.get(e.member_id);
        if (c < 0) continue;
        const bv = paiseOfEntry(e);
        const placement = e.d_members > 0;
        if (!bv && !e.d_members && !e.d_active && !placement && !e.sponsor_id) continue;
        const sponsor = e.sponsor_id ? this.index.get(e.sponsor_id) : -1;
        let dist = 0;
        for (let p = this.parent[c]; p >= 0; c = p, p = this.parent[p]) {
          dist += 1;
          const r = rowOf(p);
          if (this.side[c] === 1) {
            d.lbv[r] += bv;
            d.lc[r] += e.d_members;
            d.la[r] += e.d_active;
            if (p === sponsor) d.ld[r] += 1;
          } else {
            d.rbv[r] += bv;
            d.rc[r] += e.d_members;
            d.ra[r] += e.d_active;
            if (p === sponsor) d.rd[r] += 1;
          }
          if (placement && dist > d.depth[r]) d.depth[r] = dist;
        }
      }
      addOwnFigures(events, d, (id) => {
        const i = this.index.get(id);
        return i >= 0 ? rowOf(i) : (others.get(id) ?? others.set(id, d.add(id)).get(id)!);
      });
      return d;
    } finally {
      for (const i of d.index) if (i >= 0) rowAt[i] = -1;
    }
  }
}

/** Answers placed members' links: one row per id asked (and found), `placed` telling whether it may be kept. */
export type LinkReader = (ids: string[]) => Promise<(PathRow & { placed: boolean })[]>;
/** Answers the whole paths up from `ids` in one query (the fallback for long unknown chains). */
export type PathReader = (ids: string[]) => Promise<(PathRow & { placed: boolean })[]>;

/** Rounds of one-level reads before the rest of the unknown paths is read in one recursive query. */
const LEVEL_ROUNDS = 3;

/**
 * Reads into the cache the links it lacks for the paths up from `ids`: a few rounds of one level each (a new
 * buyer's parent is usually known), then whole paths for what is still unknown (a cold cache under the
 * 5,000-deep chain). False when a placed member's link cannot be resolved (the caller then walks in the
 * database); members outside the tree are simply not kept.
 */
export async function ensureLinks(cache: AncestryCache, ids: string[], readLinks: LinkReader, readPaths: PathReader): Promise<boolean> {
  const fetched = new Map<string, PathRow & { placed: boolean }>();
  let frontier = ids.filter((id) => !cache.has(id));
  for (let round = 0; frontier.length; round++) {
    const rows = round < LEVEL_ROUNDS ? await readLinks(frontier) : await readPaths(frontier);
    for (const r of rows) fetched.set(r.id, r);
    if (round >= LEVEL_ROUNDS) break;
    frontier = [...new Set(rows.filter((r) => r.placed && r.parent_id && !cache.has(r.parent_id) && !fetched.has(r.parent_id)).map((r) => r.parent_id!))];
  }
  // Parents before children, so each link finds its parent already kept.
  for (const r of [...fetched.values()].filter((x) => x.placed).sort((a, b) => a.level - b.level)) {
    if (!cache.add(r)) return false;
  }
  return true;
}
