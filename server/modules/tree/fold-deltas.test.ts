import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { foldDeltas, deltasOf, type JournalDelta } from './tree.repo';
import { AncestryCache } from './ancestry';
import type { BatchDeltas } from './batch-deltas';

/**
 * The fold must give every ancestor exactly what walking each entry's own path up the tree gives
 * (the definition the applier used before it merged paths): BV, member and active counts per leg,
 * the depth of the deepest new placement and the sponsors' direct recruits.
 */
function bruteForce(parents: (number | null)[], positions: string[], events: JournalDelta[]) {
  const out = new Map<string, { lbv: bigint; rbv: bigint; lc: number; rc: number; la: number; ra: number; depth: number; ld: number; rd: number }>();
  for (const e of events) {
    let child = Number(e.member_id.slice(1));
    let dist = 0;
    while (parents[child] !== null) {
      const a = parents[child]!;
      dist += 1;
      const key = `m${a}`;
      const o = out.get(key) ?? { lbv: 0n, rbv: 0n, lc: 0, rc: 0, la: 0, ra: 0, depth: 0, ld: 0, rd: 0 };
      const left = positions[child] === 'left';
      const bv = BigInt(Math.round(Number(e.bv) * 100));
      if (left) {
        o.lbv += bv;
        o.lc += e.d_members;
        o.la += e.d_active;
      } else {
        o.rbv += bv;
        o.rc += e.d_members;
        o.ra += e.d_active;
      }
      if (e.d_members > 0) o.depth = Math.max(o.depth, dist);
      if (e.sponsor_id === key) {
        if (left) o.ld += 1;
        else o.rd += 1;
      }
      out.set(key, o);
      child = a;
    }
  }
  return out;
}

/** The members' own figures: a purchase's BV to the buyer, a placement to its sponsor's direct recruits. */
function ownFigures(events: JournalDelta[]) {
  const own = new Map<string, { pbv: number; td: number }>();
  const of = (id: string) => own.get(id) ?? own.set(id, { pbv: 0, td: 0 }).get(id)!;
  for (const e of events) {
    if (e.kind === 'purchase' && Number(e.bv)) of(e.member_id).pbv += Math.round(Number(e.bv) * 100);
    if (e.kind === 'placement' && e.sponsor_id) of(e.sponsor_id).td += 1;
  }
  return own;
}

/** Every member's row of BatchDeltas (a member must not come twice). */
function rowsOf(d: BatchDeltas) {
  const rows = new Map<string, { lbv: bigint; rbv: bigint; lc: number; rc: number; la: number; ra: number; depth: number; ld: number; rd: number; pbv: number; td: number }>();
  d.ids.forEach((id, r) => {
    expect(rows.has(id)).toBe(false);
    rows.set(id, { lbv: BigInt(d.lbv[r]), rbv: BigInt(d.rbv[r]), lc: d.lc[r], rc: d.rc[r], la: d.la[r], ra: d.ra[r], depth: d.depth[r], ld: d.ld[r], rd: d.rd[r], pbv: d.pbv[r], td: d.td[r] });
  });
  return rows;
}

describe('foldDeltas', () => {
  it('equals the per-entry walk on random trees and journals', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 60 })
          .chain((n) =>
            fc.tuple(
              fc.constant(n),
              fc.array(fc.nat(), { minLength: n, maxLength: n }),
              fc.array(fc.record({ m: fc.nat(), bv: fc.integer({ min: 0, max: 100_000 }), kind: fc.constantFrom('purchase', 'placement', 'activity'), s: fc.nat() }), { minLength: 1, maxLength: 40 }),
            ),
          ),
        ([n, picks, raw]) => {
          // A random binary tree: member i hangs under a random earlier member with a free slot.
          const parents: (number | null)[] = [null];
          const positions: string[] = [''];
          const level: number[] = [0];
          const used = new Map<number, Set<string>>();
          for (let i = 1; i < n; i++) {
            const free = [...Array(i).keys()].filter((p) => (used.get(p)?.size ?? 0) < 2);
            const p = free[picks[i] % free.length];
            const slots = used.get(p) ?? new Set<string>();
            const pos = slots.has('left') ? 'right' : 'left';
            slots.add(pos);
            used.set(p, slots);
            parents.push(p);
            positions.push(pos);
            level.push(level[p] + 1);
          }
          const events: JournalDelta[] = raw.map((r) => {
            const m = r.m % n;
            // a placement's sponsor is one of the member's ancestors (or nobody)
            const anc: number[] = [];
            for (let c = parents[m]; c !== null; c = parents[c]) anc.push(c);
            const sponsor = r.kind === 'placement' && anc.length ? `m${anc[r.s % anc.length]}` : null;
            return {
              kind: r.kind,
              member_id: `m${m}`,
              bv: r.kind === 'purchase' ? (r.bv / 100).toFixed(2) : '0.00',
              d_members: r.kind === 'placement' ? 1 : 0,
              d_active: r.kind === 'activity' ? (r.s % 2 ? 1 : -1) : r.kind === 'placement' ? 1 : 0,
              sponsor_id: sponsor,
            };
          });
          // The walk returns the union of the members' paths.
          const onPath = new Set<number>();
          for (const e of events) for (let c: number | null = Number(e.member_id.slice(1)); c !== null; c = parents[c]) onPath.add(c);
          const path = [...onPath].map((i) => ({ id: `m${i}`, parent_id: parents[i] === null ? null : `m${parents[i]}`, position: positions[i] || null, level: level[i] }));
          const got = new Map(foldDeltas(path, events).map((d) => [d.id, d]));
          // Rows that add nothing (a zero-BV purchase) may be left out.
          const want = new Map([...bruteForce(parents, positions, events)].filter(([, w]) => w.lbv || w.rbv || w.lc || w.rc || w.la || w.ra || w.depth || w.ld || w.rd));
          for (const [id, g] of got) if (!want.has(id)) expect(g).toMatchObject({ lbv: '0.00', rbv: '0.00', lc: 0, rc: 0, la: 0, ra: 0, depth: 0, ld: 0, rd: 0 });
          for (const id of [...got.keys()]) if (!want.has(id)) got.delete(id);
          expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
          for (const [id, w] of want) {
            const g = got.get(id)!;
            expect({ ...g, lbv: BigInt(Math.round(Number(g.lbv) * 100)), rbv: BigInt(Math.round(Number(g.rbv) * 100)) }).toEqual({ id, ...w });
          }
          // The applier's two ways to the same columns: the cache's walk, and the fold of the database's paths.
          const cache = new AncestryCache();
          for (let i = 0; i < n; i++) cache.add({ id: `m${i}`, parent_id: parents[i] === null ? null : `m${parents[i]}`, position: positions[i] || null, level: level[i] });
          const own = ownFigures(events);
          const zero = { lbv: 0n, rbv: 0n, lc: 0, rc: 0, la: 0, ra: 0, depth: 0, ld: 0, rd: 0 };
          for (const d of [cache.fold(events), deltasOf(foldDeltas(path, events), events)]) {
            const rows = rowsOf(d);
            for (const id of new Set([...want.keys(), ...own.keys(), ...rows.keys()])) {
              const expected = { ...zero, ...want.get(id), pbv: own.get(id)?.pbv ?? 0, td: own.get(id)?.td ?? 0 };
              expect({ id, ...(rows.get(id) ?? { ...zero, pbv: 0, td: 0 }) }).toEqual({ id, ...expected });
            }
          }
          // The cache's scratch rows are reset: the next fold starts from nothing.
          expect(rowsOf(cache.fold([]))).toEqual(new Map());
        },
      ),
      { numRuns: 300 },
    );
  });
});
