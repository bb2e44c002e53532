/**
 * A cycle's payouts in columns (docs/spec/compensation.md §5, returns.md §5): one slot per member with a line, in
 * member-id order (the order the payouts are written in). A Map of one object per member, each with eight bigints,
 * cost the worker about 77 MB for the quarter of a million members a million-member cycle pays; these cost 20.
 */
import { int64, type MemberTable } from './member-table';
import type { Deductions } from './deductions';

export class PayoutColumns {
  /** The member index of each slot, in member-id order. */
  readonly member: Int32Array;
  /** The sum of the member's lines (before recovery) and what they came to: the Deductions' figures. */
  readonly linesTotal: BigInt64Array;
  readonly gross: BigInt64Array;
  readonly recovered: BigInt64Array;
  readonly recovery: BigInt64Array;
  readonly adminCharge: BigInt64Array;
  readonly tds: BigInt64Array;
  readonly tdsCarried: BigInt64Array;
  readonly net: BigInt64Array;
  /** The TDS rate applied (a plan's text: the same few strings for every slot). */
  readonly rate: string[];
  readonly pan: Uint8Array;
  private readonly slots: Int32Array;

  /**
   * Slots for the members of `table` whose `has` is set, in member-id order, each with its lines' sum (`sums`, whose
   * figures the caller checked to fit).
   * The deductions are filled in afterwards, slot by slot (`set`).
   */
  constructor(
    table: MemberTable,
    has: Uint8Array,
    sums: BigInt64Array,
    readonly fy: number,
  ) {
    let n = 0;
    for (let i = 0; i < has.length; i++) n += has[i];
    this.member = new Int32Array(n);
    this.linesTotal = new BigInt64Array(n);
    this.slots = new Int32Array(table.size).fill(-1);
    let k = 0;
    for (const i of table.idOrder()) {
      if (!has[i]) continue;
      this.member[k] = i;
      this.linesTotal[k] = sums[i];
      this.slots[i] = k++;
    }
    this.gross = new BigInt64Array(n);
    this.recovered = new BigInt64Array(n);
    this.recovery = new BigInt64Array(n);
    this.adminCharge = new BigInt64Array(n);
    this.tds = new BigInt64Array(n);
    this.tdsCarried = new BigInt64Array(n);
    this.net = new BigInt64Array(n);
    this.rate = new Array<string>(n).fill('');
    this.pan = new Uint8Array(n);
  }

  get size() {
    return this.member.length;
  }

  /** The slot of member index `i`, or -1 when the member has no line this cycle. */
  slotOf(i: number) {
    return i >= 0 && i < this.slots.length ? this.slots[i] : -1;
  }

  set(k: number, d: Deductions) {
    // Each checked to fit: a BigInt64Array would wrap a figure past 2^63 without a word.
    this.gross[k] = int64(d.gross, 'Gross');
    this.recovered[k] = int64(d.recovered, 'Recovered');
    this.recovery[k] = int64(d.recovery, 'Recovery');
    this.adminCharge[k] = int64(d.adminCharge, 'Admin charge');
    this.tds[k] = int64(d.tds, 'TDS');
    this.tdsCarried[k] = int64(d.tdsCarried, 'Carried TDS');
    this.net[k] = int64(d.net, 'Net');
    this.rate[k] = d.rate;
  }

  /** Member index `i`'s gross (0 without a line). */
  grossOf(i: number) {
    const k = this.slotOf(i);
    return k < 0 ? 0n : this.gross[k];
  }
}
