import { parsePaise } from '../../../contracts/money';

/** One journal entry as the applier folds it (volume_events). */
export interface JournalDelta {
  /** purchase: the member's own BV grows by `bv`; placement and activity move the counters only. */
  kind?: string;
  member_id: string;
  bv: string;
  d_members: number;
  d_active: number;
  /** A placement's sponsor: their direct recruits grow by one, on the leg the new member is in under them. */
  sponsor_id: string | null;
}

/**
 * What a batch of journal entries adds to each member it touches, column by column (the shape of the
 * figures statement's parameters, and no object per member): BV in paise (exact in a double up to 2^53
 * paise), the member's own BV (`pbv`), each leg's BV, member and active counts, the depth of the deepest new
 * placement below, direct recruits per leg and in all (`td`). `index` is the member's place in the
 * ancestry cache (-1 when it is not there).
 */
export class BatchDeltas {
  readonly ids: string[] = [];
  readonly index: number[] = [];
  readonly pbv: number[] = [];
  readonly lbv: number[] = [];
  readonly rbv: number[] = [];
  readonly lc: number[] = [];
  readonly rc: number[] = [];
  readonly la: number[] = [];
  readonly ra: number[] = [];
  readonly depth: number[] = [];
  readonly ld: number[] = [];
  readonly rd: number[] = [];
  readonly td: number[] = [];

  get size() {
    return this.ids.length;
  }

  /** Adds a member with nothing yet; answers its row. */
  add(id: string, index = -1) {
    this.ids.push(id);
    this.index.push(index);
    this.pbv.push(0);
    this.lbv.push(0);
    this.rbv.push(0);
    this.lc.push(0);
    this.rc.push(0);
    this.la.push(0);
    this.ra.push(0);
    this.depth.push(0);
    this.ld.push(0);
    this.rd.push(0);
    this.td.push(0);
    return this.ids.length - 1;
  }

  /** Whether the legs of the member in `row` moved. */
  legsMoved(row: number) {
    return this.lbv[row] !== 0 || this.rbv[row] !== 0;
  }
}

/** An entry's BV in paise (0 when it carries none). */
export const paiseOfEntry = (e: JournalDelta) => Number(parsePaise(e.bv) ?? 0n);

/**
 * Adds what the entries give the members themselves, whether placed or not: a purchase's BV to the buyer's
 * own BV (a reversal's negative BV taken off it), a placement to its sponsor's direct recruits. `rowOf` finds (or adds) a member's row.
 */
export function addOwnFigures(events: JournalDelta[], d: BatchDeltas, rowOf: (id: string) => number) {
  for (const e of events) {
    // A reversal (an approved return) takes its negative BV off the buyer's own BV the same way.
    if (e.kind === 'purchase' || e.kind === 'reversal') {
      const bv = paiseOfEntry(e);
      if (bv) d.pbv[rowOf(e.member_id)] += bv;
    }
    if (e.kind === 'placement' && e.sponsor_id) d.td[rowOf(e.sponsor_id)] += 1;
  }
}
