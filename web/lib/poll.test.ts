import { describe, expect, it } from 'vitest';
import { anyPending, pollWhile, REVIEW_POLL_MS, SERVER_WORK_POLL_MS } from './poll';

const q = <T>(data: T | undefined) => ({ state: { data } });

describe('pollWhile (issue 30: statuses that wait on the server refresh themselves)', () => {
  it('asks again while waiting and stops once settled', () => {
    const interval = pollWhile((rows: { invoiceNumber: string | null }[]) => rows.some((r) => !r.invoiceNumber), SERVER_WORK_POLL_MS);
    expect(interval(q([{ invoiceNumber: null }, { invoiceNumber: 'INV/2026/000001' }]))).toBe(SERVER_WORK_POLL_MS);
    expect(interval(q([{ invoiceNumber: 'INV/2026/000001' }]))).toBe(false);
    expect(interval(q(undefined))).toBe(false);
  });
  it('polls reviews more slowly', () => {
    const interval = pollWhile(anyPending, REVIEW_POLL_MS);
    expect(interval(q([{ status: 'approved' }, { status: 'pending' }]))).toBe(REVIEW_POLL_MS);
    expect(interval(q([{ status: 'approved' }, { status: 'rejected' }]))).toBe(false);
    expect(REVIEW_POLL_MS).toBeGreaterThan(SERVER_WORK_POLL_MS);
  });
});
