import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app';
import { startSignedIn } from '../support/start';
import { BASE } from '../support/compensation';
import { compCycles } from '../../server/db/schema/index';
import type { StoredCycleSummary } from '../../contracts/cycle-summary';

/**
 * A cycle's stored summary (comp_cycles.summary, jsonb) is parsed when it is read (contracts/cycle-summary.ts): a
 * well-formed one answers its figures, one of another shape answers 500 instead of a cycle of zeros.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => ({ t, admin } = await startSignedIn(['admin'])));
afterAll(() => t?.close());
const DAY = 86_400_000;

const summary: StoredCycleSummary = {
  totals: { sales_incentive: '20.00' },
  gross: '20.00',
  adminCharge: '1.00',
  tds: '0.00',
  net: '19.00',
  sales: '550.00',
  salesBV: '550.00',
  flushedBV: '0.00',
  membersPaid: 1,
  poolsLeft: {},
  achievers: [],
};

/** A calculated pairing cycle years back (its own start), with the given summary written as it is. */
async function calculatedCycle(yearsAgo: number, stored: unknown) {
  const startsAt = new Date(t.clock.now().getTime() - yearsAgo * 365 * DAY);
  const [row] = await t.runtime.ctx.db
    .insert(compCycles)
    .values({ kind: 'pairing', period: 'weekly', startsAt, endsAt: new Date(startsAt.getTime() + 7 * DAY), closedAt: new Date(startsAt.getTime() + 7 * DAY), status: 'calculated', summary: stored })
    .returning();
  return row.id;
}

describe('the stored cycle summary', () => {
  it('a well-formed summary answers its figures', async () => {
    const id = await calculatedCycle(20, summary);
    const r = await t.api('GET', `${BASE}/cycles/${id}`, { cookie: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ gross: '20.00', net: '19.00', sales: '550.00', payoutRatio: '3.45', membersPaid: 1, totals: { sales_incentive: '20.00' }, poolsLeft: {} });
  });

  it('a malformed one fails loudly instead of answering zeros', async () => {
    const id = await calculatedCycle(21, { gross: '20.00', net: 19 });
    const r = await t.api('GET', `${BASE}/cycles/${id}`, { cookie: admin });
    expect(r.status).toBe(500);
    expect(r.body.code).toBe('INTERNAL_ERROR');
  });
});
