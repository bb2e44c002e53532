import { grown } from './typed-arrays';

/** Hex digit values by char code (-1 for anything else). */
const HEX = new Int8Array(128).fill(-1);
for (let c = 0; c < 10; c++) HEX[48 + c] = c;
for (let c = 0; c < 6; c++) HEX[65 + c] = HEX[97 + c] = 10 + c;
/** The lower-case hex digits as bytes, and the text of one uuid being rebuilt (its dashes in place). */
const HEX_DIGIT = Buffer.from('0123456789abcdef', 'latin1');
const UUID_TEXT = Buffer.alloc(36, '-');
/** Where the 32 hex digits of a canonical uuid (8-4-4-4-12) sit in its text. */
const UUID_HEX = [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15, 16, 17, 19, 20, 21, 22, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35];

/**
 * Member id -> index for a million members: each uuid is kept as four 32-bit words, found by open
 * addressing over typed arrays and compared as numbers. A Map with a million string keys spent seconds of a
 * payout run comparing strings scattered over the heap. Ids that are not uuids (the unit tests' 'A', 'B')
 * go to a plain Map.
 *
 * The index also answers the id of an index (`keyAt`), rebuilt from its words, so that a caller keeps no array of a
 * million id strings beside it: an id read from a COPY stream is a slice of the stream's text, and an array of them
 * kept every chunk of that text alive for as long as the caller lived (about 465 MB at three million members).
 */
export class IdIndex {
  private slots = new Int32Array(1 << 12).fill(-1);
  private words = new Int32Array(4 << 11);
  private count = 0;
  private readonly other = new Map<string, number>();
  /** The keys `keyAt` cannot rebuild from words (not a uuid, or not in lower case), by index. */
  private readonly verbatim = new Map<number, string>();
  /** Set by `parse`: the key has an upper-case hex digit (its words would be rebuilt in lower case). */
  private upper = false;
  // The words of the key being looked up (no array per lookup).
  private w0 = 0;
  private w1 = 0;
  private w2 = 0;
  private w3 = 0;

  /** Parses a canonical uuid into w0..w3; false when `s` is not one. */
  private parse(s: string) {
    if (s.length !== 36) return false;
    let w = 0;
    let upper = false;
    for (let k = 0; k < 32; k++) {
      const c = s.charCodeAt(UUID_HEX[k]);
      const v = c < 128 ? HEX[c] : -1;
      if (v < 0) return false;
      if (c >= 65 && c <= 70) upper = true;
      w = (w << 4) | v;
      if ((k & 7) === 7) {
        if (k === 7) this.w0 = w;
        else if (k === 15) this.w1 = w;
        else if (k === 23) this.w2 = w;
        else this.w3 = w;
        w = 0;
      }
    }
    this.upper = upper;
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
      this.verbatim.set(i, key);
      return;
    }
    if (this.upper || (this.w0 | this.w1 | this.w2 | this.w3) === 0) this.verbatim.set(i, key);
    else if (this.verbatim.size) this.verbatim.delete(i);
    this.place(i);
  }

  /**
   * `add` for a key given as bytes (buf[start, end), a COPY's text): no string is made for a canonical
   * lower-case uuid, the shape PostgreSQL writes; any other key goes through `add` as text.
   */
  addBytes(buf: Buffer, start: number, end: number, i: number) {
    // Room first, as in add.
    if ((this.count + 1) * 2 > this.slots.length) this.grow();
    if ((i + 1) * 4 > this.words.length) this.words = grown(this.words, Math.max(this.words.length * 2, (i + 1) * 4));
    if (!this.parseBytes(buf, start, end)) return this.add(buf.toString('utf8', start, end), i);
    if (this.verbatim.size) this.verbatim.delete(i);
    this.place(i);
  }

  /**
   * Reads a key given as bytes into `out` at `at` (four words) for `getWords` later; false when it is not a canonical
   * lower-case uuid (the caller keeps it as text).
   */
  wordsOf(buf: Buffer, start: number, end: number, out: Int32Array, at: number) {
    if (!this.parseBytes(buf, start, end)) return false;
    out[at] = this.w0;
    out[at + 1] = this.w1;
    out[at + 2] = this.w2;
    out[at + 3] = this.w3;
    return true;
  }

  /** The index of the uuid whose words are in `w` at `at` (from `wordsOf`), or -1. */
  getWords(w: Int32Array, at: number) {
    this.w0 = w[at];
    this.w1 = w[at + 1];
    this.w2 = w[at + 2];
    this.w3 = w[at + 3];
    return this.find();
  }

  /** parse for bytes, refusing upper-case digits and the nil uuid (both kept verbatim by `add`). */
  private parseBytes(buf: Buffer, start: number, end: number) {
    if (end - start !== 36) return false;
    let w = 0;
    for (let k = 0; k < 32; k++) {
      const c = buf[start + UUID_HEX[k]];
      const v = c < 128 ? HEX[c] : -1;
      if (v < 0 || (c >= 65 && c <= 70)) return false;
      w = (w << 4) | v;
      if ((k & 7) === 7) {
        if (k === 7) this.w0 = w;
        else if (k === 15) this.w1 = w;
        else if (k === 23) this.w2 = w;
        else this.w3 = w;
        w = 0;
      }
    }
    return (this.w0 | this.w1 | this.w2 | this.w3) !== 0;
  }

  /** Stores w0..w3 as index i and files it in its slot. */
  private place(i: number) {
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

  /** The key registered as index `i` (as it was given); undefined for an index never registered. */
  keyAt(i: number): string | undefined {
    if (this.verbatim.size) {
      const v = this.verbatim.get(i);
      if (v !== undefined) return v;
    }
    const b = i * 4;
    if (i < 0 || b + 3 >= this.words.length) return undefined;
    // An index never registered has zero words (the nil uuid, were it ever a key, is kept verbatim).
    if ((this.words[b] | this.words[b + 1] | this.words[b + 2] | this.words[b + 3]) === 0) return undefined;
    // Written digit by digit into one buffer: a flat string of 36 characters, about 0.1 microsecond.
    for (let k = 0; k < 32; k++) UUID_TEXT[UUID_HEX[k]] = HEX_DIGIT[(this.words[b + (k >> 3)] >>> (28 - 4 * (k & 7))) & 15];
    return UUID_TEXT.toString('latin1', 0, 36);
  }

  /** `keyAt` for an index the caller registered itself: a missing one is a bug, named with `where` (what the index is of). */
  requireKey(i: number, where: string): string {
    const key = this.keyAt(i);
    if (key === undefined) throw new RangeError(`no member at index ${i} of ${where}`);
    return key;
  }

  /**
   * Orders two registered indices as their keys: uuids by their words (the order of their lower-case text, and
   * PostgreSQL's order of uuid), any other key by its text.
   */
  compare(a: number, b: number): number {
    if (this.verbatim.size && (this.verbatim.has(a) || this.verbatim.has(b))) {
      const x = this.keyAt(a)!;
      const y = this.keyAt(b)!;
      return x < y ? -1 : x > y ? 1 : 0;
    }
    const wa = this.words;
    for (let k = 0; k < 4; k++) {
      const x = wa[a * 4 + k] >>> 0;
      const y = wa[b * 4 + k] >>> 0;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  }

  /** The index of `key`, or -1. */
  get(key: string) {
    if (!this.parse(key)) return this.other.get(key) ?? -1;
    return this.find();
  }

  /** The index of the uuid in w0..w3, or -1. */
  private find() {
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
