import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { AncestryCache, ensureLinks, type PathRow, type LinkReader, type PathReader } from './ancestry';

type Row = PathRow & { placed: boolean };

/**
 * The union of the paths up from `ids` (see ensureLinks), every member once; members outside the tree come
 * back as a path of their own. Undefined when a link cannot be resolved.
 */
async function resolvePaths(cache: AncestryCache, ids: string[], readLinks: LinkReader, readPaths: PathReader): Promise<PathRow[] | undefined> {
  const outside = new Map<string, PathRow & { placed: boolean }>();
  const recording: LinkReader = async (frontier) => {
    const rows = await readLinks(frontier);
    for (const r of rows) if (!r.placed) outside.set(r.id, r);
    return rows;
  };
  if (!(await ensureLinks(cache, ids, recording, readPaths))) return undefined;
  const paths = cache.pathsOf(ids.filter((id) => cache.has(id)));
  if (!paths) return undefined;
  for (const id of ids) {
    if (cache.has(id)) continue;
    const r = outside.get(id);
    // Outside the tree (or gone): its own entry, with nothing above it.
    if (r) paths.push({ id: r.id, parent_id: null, position: r.position, level: r.level });
  }
  return paths;
}

/** A random tree: member i > 0 hangs under a random earlier member; some members are outside the tree. */
function tree(parents: number[], unplaced: boolean[], uuids: boolean) {
  const ids = parents.map((_, i) => (uuids ? randomUUID() : `m${i}`));
  const rows = new Map<string, Row>();
  const level: number[] = [];
  const sides = new Map<number, number>();
  parents.forEach((p, i) => {
    const outside = i > 0 && unplaced[i];
    const parent = i === 0 || outside ? null : p % i;
    // Each parent takes at most two children: left, then right; a third is left outside the tree.
    const taken = parent === null ? 0 : (sides.get(parent) ?? 0);
    const placed = i === 0 || (!outside && taken < 2 && rows.get(ids[parent!])!.placed);
    if (placed && parent !== null) sides.set(parent, taken + 1);
    level[i] = placed && parent !== null ? level[parent] + 1 : 0;
    rows.set(ids[i], { id: ids[i], parent_id: placed && parent !== null ? ids[parent] : null, position: placed && parent !== null ? (taken === 0 ? 'left' : 'right') : null, level: level[i], placed });
  });
  return { ids, rows };
}

/** What the recursive query answers: every member on the paths up from `ids`, once. */
function union(rows: Map<string, Row>, ids: string[]) {
  const out = new Map<string, PathRow>();
  for (const id of ids) {
    let r = rows.get(id);
    while (r && !out.has(r.id)) {
      out.set(r.id, { id: r.id, parent_id: r.parent_id, position: r.position, level: r.level });
      r = r.parent_id ? rows.get(r.parent_id) : undefined;
    }
  }
  return out;
}

function readers(rows: Map<string, Row>) {
  const calls = { links: 0, paths: 0 };
  return {
    calls,
    links: async (ids: string[]) => {
      calls.links++;
      return ids.map((id) => rows.get(id)).filter((r): r is Row => !!r);
    },
    paths: async (ids: string[]) => {
      calls.paths++;
      return [...union(rows, ids).keys()].map((id) => rows.get(id)!);
    },
  };
}

const sorted = (xs: Iterable<PathRow>) => [...xs].sort((a, b) => a.id.localeCompare(b.id));

describe('the ancestry cache', () => {
  it('answers the same union of paths as the recursive query, batch after batch, cold or warm', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 1, max: 80 })
          .chain((n) =>
            fc.tuple(
              fc.array(fc.nat(), { minLength: n, maxLength: n }),
              fc.array(fc.boolean(), { minLength: n, maxLength: n }),
              fc.array(fc.array(fc.nat(), { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 5 }),
              fc.boolean(),
            ),
          ),
        async ([parents, unplaced, batches, uuids]) => {
          const { ids, rows } = tree(
            parents,
            unplaced.map((u, i) => u && i % 3 === 0),
            uuids,
          );
          const cache = new AncestryCache();
          const read = readers(rows);
          const walked = new Set<string>();
          for (const batch of batches) {
            const asked = [...new Set(batch.map((k) => ids[k % ids.length]))];
            const got = await resolvePaths(cache, asked, read.links, read.paths);
            expect(got).toBeDefined();
            const want = union(rows, asked);
            expect(sorted(got!)).toEqual(sorted(want.values()));
            for (const id of want.keys()) walked.add(id);
          }
          // What was walked is kept, but members outside the tree never are: they may be placed later.
          for (const r of rows.values()) expect(cache.has(r.id)).toBe(r.placed && walked.has(r.id));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads nothing once every path is known, and reads a long unknown chain in one recursive query', async () => {
    const n = 5_000;
    const { ids, rows } = tree(
      Array.from({ length: n }, (_, i) => Math.max(0, i - 1)),
      [],
      true,
    );
    const cache = new AncestryCache();
    const read = readers(rows);
    const deepest = ids[n - 1];
    const first = await resolvePaths(cache, [deepest], read.links, read.paths);
    expect(first).toHaveLength(n);
    expect(read.calls).toEqual({ links: 3, paths: 1 });
    const again = await resolvePaths(cache, [deepest, ids[10]], read.links, read.paths);
    expect(again).toHaveLength(n);
    expect(read.calls).toEqual({ links: 3, paths: 1 });
  });

  it('loads every placed member in any order, then walks without reading', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { minLength: 1, maxLength: 120 }), fc.array(fc.nat(), { minLength: 1, maxLength: 20 }), async (parents, asked) => {
        const { ids, rows } = tree(
          parents,
          parents.map((p) => p % 7 === 3),
          true,
        );
        const cache = new AncestryCache();
        await cache.load([...rows.values()].filter((r) => r.placed).reverse());
        const read = readers(rows);
        const want = [...new Set(asked.map((k) => ids[k % ids.length]))];
        const got = await resolvePaths(cache, want, read.links, read.paths);
        expect(sorted(got!)).toEqual(sorted(union(rows, want).values()));
        // Only members outside the tree are read (they may have been placed since).
        expect(read.calls.paths).toBe(0);
        expect(read.calls.links).toBe(want.some((id) => !rows.get(id)!.placed) ? 1 : 0);
      }),
      { numRuns: 200 },
    );
  });

  it("gives the batch back to the database when a placed member's parent cannot be read", async () => {
    const cache = new AncestryCache();
    const orphan: Row = { id: randomUUID(), parent_id: randomUUID(), position: 'left', level: 3, placed: true };
    const got = await resolvePaths(
      cache,
      [orphan.id],
      async () => [orphan],
      async () => [orphan],
    );
    expect(got).toBeUndefined();
    expect(cache.has(orphan.id)).toBe(false);
  });
});
