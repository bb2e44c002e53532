import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { timeOrderedUuid } from './crypto';

describe('timeOrderedUuid', () => {
  it('is a version 7 uuid whose order follows time, unique within a millisecond', () => {
    const at = Date.UTC(2026, 10, 25, 12, 0, 0, 123);
    const id = timeOrderedUuid(at);
    expect(z.uuid().safeParse(id).success).toBe(true);
    expect(id[14]).toBe('7');
    expect('89ab').toContain(id[19]);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
    const ids = Array.from({ length: 2_000 }, (_, i) => timeOrderedUuid(at + Math.floor(i / 100)));
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 100; i < ids.length; i += 100) expect(ids[i - 1].slice(0, 13) < ids[i].slice(0, 13)).toBe(true);
  });
});
