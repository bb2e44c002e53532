import { int64, type MemberTable } from './member-table';

/**
 * A cycle's purchases in columns, one row a purchase: the buyer's member index (-1 for a buyer outside the table, whose
 * BV still counts in the company's) and the BV in paise. Read straight from the journal into these, the 300,000
 * purchases of the bench's payday cost 3.6 MB; as rows of text and then objects with a bigint they cost about 90.
 */
export class PurchaseColumns {
  private buyers = new Int32Array(1024);
  private bvs = new BigInt64Array(1024);
  private n = 0;
  constructor(private readonly table: MemberTable) {}
  get size() {
    return this.n;
  }
  add(buyer: string, bv: bigint) {
    if (this.n === this.buyers.length) {
      const buyers = new Int32Array(this.n * 2);
      buyers.set(this.buyers);
      this.buyers = buyers;
      const bvs = new BigInt64Array(this.n * 2);
      bvs.set(this.bvs);
      this.bvs = bvs;
    }
    this.buyers[this.n] = this.table.indexOf(buyer);
    this.bvs[this.n] = int64(bv, `BV of a purchase by ${buyer}`);
    this.n += 1;
  }
  buyerAt(k: number) {
    return this.buyers[k];
  }
  bvAt(k: number) {
    return this.bvs[k];
  }
  /** Every purchase's BV, a buyer's outside the table too. */
  totalBV() {
    let sum = 0n;
    for (let k = 0; k < this.n; k++) sum += this.bvs[k];
    return sum;
  }
  /** Whether these columns are indexed by `table`. */
  belongsTo(table: MemberTable) {
    return this.table === table;
  }
}
