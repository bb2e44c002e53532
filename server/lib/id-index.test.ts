import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { IdIndex } from './id-index';

describe('IdIndex', () => {
  it('answers the index of each key and the key of each index, a million-member table keeping no id strings', () => {
    const ids = Array.from({ length: 5000 }, () => randomUUID());
    const index = new IdIndex();
    ids.forEach((id, i) => index.add(id, i));
    ids.forEach((id, i) => {
      expect(index.get(id)).toBe(i);
      expect(index.keyAt(i)).toBe(id);
    });
    expect(index.get(randomUUID())).toBe(-1);
    expect(index.keyAt(ids.length)).toBeUndefined();
    expect(index.keyAt(-1)).toBeUndefined();
  });

  it('gives back every key as it was given: other text, upper case and the nil uuid', () => {
    const keys = ['A', 'member-7', 'F47AC10B-58CC-4372-A567-0E02B2C3D479', '00000000-0000-0000-0000-000000000000', 'f47ac10b-58cc-4372-a567-0e02b2c3d480'];
    const index = new IdIndex();
    keys.forEach((k, i) => index.add(k, i));
    keys.forEach((k, i) => {
      expect(index.keyAt(i)).toBe(k);
      expect(index.get(k)).toBe(i);
    });
  });

  it('orders indices as their keys are ordered, which for uuids is PostgreSQL order (byte by byte)', () => {
    const ids = [...Array.from({ length: 300 }, () => randomUUID()), 'ffffffff-ffff-ffff-ffff-ffffffffffff', '80000000-0000-0000-0000-000000000000', '7fffffff-ffff-ffff-ffff-ffffffffffff'];
    const index = new IdIndex();
    ids.forEach((id, i) => index.add(id, i));
    const byIndex = ids.map((_, i) => i).sort((a, b) => index.compare(a, b));
    expect(byIndex.map((i) => ids[i])).toEqual([...ids].sort());
    const mixed = new IdIndex();
    ['b', 'a', '00000000-0000-4000-8000-000000000001'].forEach((k, i) => mixed.add(k, i));
    expect([0, 1, 2].sort((a, b) => mixed.compare(a, b))).toEqual([2, 1, 0]);
  });
});
