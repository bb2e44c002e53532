import { describe, expect, it } from 'vitest';
import { isTransient } from './applier.service';

/** ADR 0029: only a failure that would happen again with the same entries sets one aside. */
describe('isTransient', () => {
  it('keeps the entries for the connection, deadlocks, shutdowns, resources and lock timeouts', () => {
    for (const code of ['08006', '40001', '40P01', '57P01', '57014', '53300', '58030', '55P03', 'ECONNRESET', 'ETIMEDOUT'])
      expect(isTransient(Object.assign(new Error('x'), { code })), code).toBe(true);
    // Drizzle wraps the driver's error: its cause carries the code.
    expect(isTransient(Object.assign(new Error('Failed query'), { cause: { code: '40001' } }))).toBe(true);
  });

  it("blames the entries for the data's own errors and for a plain throw", () => {
    for (const code of ['23505', '23514', '22003', 'P0001', 'XX000']) expect(isTransient(Object.assign(new Error('x'), { code })), code).toBe(false);
    expect(isTransient(Object.assign(new Error('Failed query'), { cause: { code: 'P0001' } }))).toBe(false);
    expect(isTransient(new Error('invoice batch: unexpected ids'))).toBe(false);
    expect(isTransient(null)).toBe(false);
  });
});
