import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RANKS } from '../../../contracts/enums';
import { legsReachedARank, qualifyingRank } from './rank.service';

const rupees = (paise: number) => (paise / 100).toFixed(2);
const idx = (r: string) => RANKS.indexOf(r as (typeof RANKS)[number]);

describe('legsReachedARank (the applier rank check filter)', () => {
  it('is true exactly when the legs meet a rank volume they did not meet before', () => {
    expect(legsReachedARank({ left: '4999.99', right: '5000.00' }, { left: '5000.00', right: '5000.00' })).toBe(true);
    expect(legsReachedARank({ left: '5000.00', right: '5000.00' }, { left: '6000.00', right: '5000.00' })).toBe(false);
    expect(legsReachedARank({ left: '5000.00', right: '5000.00' }, { left: '12500.00', right: '12500.00' })).toBe(true);
    expect(legsReachedARank({ left: '0.00', right: '0.00' }, { left: '100000.00', right: '0.00' })).toBe(false);
    expect(legsReachedARank({ left: '0.00', right: '0.00' }, { left: '0.01', right: '0.01' })).toBe(false);
  });

  it('never hides a promotion that the legs of this batch made possible (property)', () => {
    const leg = fc.integer({ min: 0, max: 3_000_000_000 });
    fc.assert(
      fc.property(leg, leg, leg, leg, fc.integer({ min: 0, max: 45 }), fc.integer({ min: 0, max: RANKS.length - 1 }), (bl, br, dl, dr, directs, current) => {
        const before = { left: rupees(bl), right: rupees(br) };
        const after = { left: rupees(bl + dl), right: rupees(br + dr) };
        const rankAfter = idx(qualifyingRank({ id: 'm', leftBV: after.left, rightBV: after.right, totalDirects: directs, currentRank: RANKS[current] }));
        const rankBefore = idx(qualifyingRank({ id: 'm', leftBV: before.left, rightBV: before.right, totalDirects: directs, currentRank: RANKS[current] }));
        // The figures before the batch were checked then: a promotion now that was not due then came from the legs.
        if (rankAfter > current && rankAfter > rankBefore) expect(legsReachedARank(before, after)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });
});
