type Growable = Int32Array | Uint32Array | Uint8Array | BigInt64Array;

/** A copy of a typed array with room for `cap` entries: its values first, zeros after. */
export function grown<T extends Growable>(a: T, cap: number): T {
  const b = new (a.constructor as new (length: number) => T)(cap);
  (b as { set(a: T): void }).set(a);
  return b;
}
