import { describe, it, expect, afterAll } from 'vitest';
import fc from 'fast-check';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { reachedARank } from './volume.repo';
import { legsReachedARank, RANK_VOLUME_STEPS } from '../ranks/rank.service';

const pg = new PGlite();
const db = drizzle(pg);
afterAll(() => pg.close());

const rupees = (paise: number) => (paise / 100).toFixed(2);

/**
 * The figures statement answers only the members whose legs reached a rank's volume in the batch, with the
 * test written in SQL: it must answer exactly the members `legsReachedARank` (property-tested against the
 * rank table in rank.service.test) names, or a promotion would be missed.
 */
describe('reachedARank (the figures statement rank filter)', () => {
  it('agrees with legsReachedARank on random legs, at and around every rank volume', async () => {
    const near = fc.constantFrom(...RANK_VOLUME_STEPS.flatMap((s) => [s.left, s.right, s.team]).map((v) => Math.round(Number(v) * 100)));
    const leg = fc.oneof(
      fc.integer({ min: 0, max: 3_000_000_000 }),
      near.chain((v) => fc.integer({ min: Math.max(0, v - 2), max: v + 2 })),
    );
    // On a rank's edges: after the batch the legs sit within a paisa of a step's left, right and team volumes,
    // and the batch added nothing, a paisa or anything up to the whole leg.
    const paise = (v: string) => Math.round(Number(v) * 100);
    const edge = fc.tuple(fc.constantFrom(...RANK_VOLUME_STEPS), fc.integer({ min: -1, max: 1 }), fc.integer({ min: -1, max: 1 }), fc.nat(), fc.nat()).map(([s, o1, o2, a1, a2]) => {
      const al = Math.max(0, paise(s.left) + o1);
      const ar = Math.max(0, Math.max(paise(s.right), paise(s.team) - al) + o2);
      const added = (after: number, k: number) => Math.min(after, [0, 1, Math.floor(after / 2), after][k % 4]);
      const dl = added(al, a1);
      const dr = added(ar, a2);
      return [al - dl, ar - dr, dl, dr] as [number, number, number, number];
    });
    const cases = [...fc.sample(fc.tuple(leg, leg, leg, leg), 2_000), ...fc.sample(edge, 2_000)];
    const [bl, br, dl, dr] = [0, 1, 2, 3].map((k) => cases.map((c) => c[k]));
    const { rows } = await db.execute<{ k: number; hit: boolean }>(sql`
      select k::int, ${reachedARank(sql`(bl * 100)::int8`, sql`(br * 100)::int8`, sql`((bl + dl) * 100)::int8`, sql`((br + dr) * 100)::int8`, RANK_VOLUME_STEPS)} as hit
      from unnest(${`{${bl.map(rupees).join(',')}}`}::numeric[], ${`{${br.map(rupees).join(',')}}`}::numeric[],
                  ${`{${dl.map(rupees).join(',')}}`}::numeric[], ${`{${dr.map(rupees).join(',')}}`}::numeric[]) with ordinality as c(bl, br, dl, dr, k)`);
    expect(rows).toHaveLength(cases.length);
    let hits = 0;
    for (const r of rows) {
      const i = r.k - 1;
      const want = legsReachedARank({ left: rupees(bl[i]), right: rupees(br[i]) }, { left: rupees(bl[i] + dl[i]), right: rupees(br[i] + dr[i]) });
      expect({ i, hit: r.hit }).toEqual({ i, hit: want });
      if (want) hits += 1;
    }
    // Both answers occur, so the comparison means something.
    expect(hits).toBeGreaterThan(20);
    expect(hits).toBeLessThan(cases.length - 20);
  });
});
