import { grown } from './typed-arrays';

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
export class IdIndex {
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
        if (k === 7) this.w0 = w;
        else if (k === 15) this.w1 = w;
        else if (k === 23) this.w2 = w;
        else this.w3 = w;
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
    if ((i + 1) * 4 > this.words.length) this.words = grown(this.words, Math.max(this.words.length * 2, (i + 1) * 4));
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
      if (v === -1) {
        this.slots[s] = i;
        this.count += 1;
        return;
      }
      if (this.same(v)) {
        this.slots[s] = i;
        return;
      }
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
      this.w0 = this.words[b];
      this.w1 = this.words[b + 1];
      this.w2 = this.words[b + 2];
      this.w3 = this.words[b + 3];
      let s = this.slotHash() & mask;
      while (this.slots[s] !== -1) s = (s + 1) & mask;
      this.slots[s] = v;
    }
  }
}
