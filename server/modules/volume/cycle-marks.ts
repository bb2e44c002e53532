import { grown } from '../../lib/typed-arrays';

/**
 * What this process knows about `member_volume` rows' cycle marks: the members whose row a batch it committed
 * marked with the open pairing and monthly cycles. Such a row has no earlier cycle's legs to hand over, so
 * the next batch does not look it up for that (a primary-key probe per ancestor: about a fifth of a batch of
 * 22,000 ancestors). Kept per member as the number of the cycle pair ("epoch") in a typed array indexed like
 * the ancestry cache; a new cycle pair is a new epoch, which makes every earlier mark unknown at once.
 * Only what a committed batch wrote is recorded, and the batch's update re-checks each known row's mark
 * (`applyFigures`), so a row marked otherwise behind this process's back rolls the batch back instead of
 * losing legs; `forget` then drops everything known.
 */
export class CycleMarks {
  private key = '';
  private epoch = 0;
  private marks = new Uint32Array(1024);

  /** The epoch of a cycle pair (a new one whenever the pair differs from the last one asked for). */
  epochOf(pairing: string, monthly: string) {
    const key = `${pairing}|${monthly}`;
    if (key !== this.key) {
      this.key = key;
      this.epoch += 1;
    }
    return this.epoch;
  }

  /** Whether member `i` (an ancestry cache index) is known to be marked with the pair of `epoch`. */
  isMarked(i: number, epoch: number) {
    return i >= 0 && i < this.marks.length && this.marks[i] === epoch;
  }

  /** Records members a committed batch marked with the pair of `epoch`. */
  record(indexes: number[], epoch: number) {
    for (const i of indexes) {
      if (i < 0) continue;
      if (i >= this.marks.length) this.marks = grown(this.marks, Math.max(this.marks.length * 2, i + 1024));
      this.marks[i] = epoch;
    }
  }

  forget() {
    this.key = '';
    this.epoch += 1;
  }
}
