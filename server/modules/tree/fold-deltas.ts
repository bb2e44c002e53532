/** The pure side of the journal's ancestor deltas: the fold of the paths up from a batch's members, and its columns. */
import { parsePaise, fromPaise } from '../../../contracts/money';
import { BatchDeltas, addOwnFigures, type JournalDelta } from './batch-deltas';

export interface AncestorDelta {
  id: string;
  lbv: string;
  rbv: string;
  lc: number;
  rc: number;
  la: number;
  ra: number;
  depth: number;
  /** Direct recruits added on the left and right leg (this ancestor sponsored the placed member). */
  ld: number;
  rd: number;
}

/** The columns of `foldDeltas`'s ancestors, with the members' own figures added. */
export function deltasOf(ancestors: AncestorDelta[], events: JournalDelta[] = []) {
  const d = new BatchDeltas();
  const rows = new Map<string, number>();
  const rowOf = (id: string) => rows.get(id) ?? rows.set(id, d.add(id)).get(id)!;
  for (const a of ancestors) {
    const r = rowOf(a.id);
    d.lbv[r] = Number(parsePaise(a.lbv) ?? 0n);
    d.rbv[r] = Number(parsePaise(a.rbv) ?? 0n);
    d.lc[r] = a.lc;
    d.rc[r] = a.rc;
    d.la[r] = a.la;
    d.ra[r] = a.ra;
    d.depth[r] = a.depth;
    d.ld[r] = a.ld;
    d.rd[r] = a.rd;
  }
  addOwnFigures(events, d, rowOf);
  return d;
}

interface FoldNode {
  parent: string | null;
  position: string | null;
  level: number;
  /** What this node passes up: BV in paise, members, active members, the deepest new placement below (or -1), sponsors still to reach. */
  bv: bigint;
  dm: number;
  da: number;
  pd: number;
  sponsors: string[];
  out?: AncestorDelta & { lp: bigint; rp: bigint };
}

/** The pure fold of ancestorDeltas (exported for its unit test). */
export function foldDeltas(path: { id: string; parent_id: string | null; position: string | null; level: number }[], events: JournalDelta[]): AncestorDelta[] {
  const nodes = new Map<string, FoldNode>();
  for (const p of path) nodes.set(p.id, { parent: p.parent_id, position: p.position, level: p.level, bv: 0n, dm: 0, da: 0, pd: -1, sponsors: [] });
  for (const e of events) {
    const n = nodes.get(e.member_id);
    if (!n) continue;
    n.bv += parsePaise(e.bv) ?? 0n;
    n.dm += e.d_members;
    n.da += e.d_active;
    if (e.d_members > 0) n.pd = Math.max(n.pd, 0);
    if (e.sponsor_id) n.sponsors.push(e.sponsor_id);
  }
  const order = [...nodes.entries()].sort((a, b) => b[1].level - a[1].level);
  const touched: FoldNode[] = [];
  for (const [, n] of order) {
    const parent = n.parent ? nodes.get(n.parent) : undefined;
    if (!parent || !n.parent || (n.bv === 0n && !n.dm && !n.da && n.pd < 0 && !n.sponsors.length)) continue;
    if (!parent.out) {
      parent.out = { id: n.parent, lbv: '', rbv: '', lp: 0n, rp: 0n, lc: 0, rc: 0, la: 0, ra: 0, depth: 0, ld: 0, rd: 0 };
      touched.push(parent);
    }
    const o = parent.out;
    const left = n.position === 'left';
    if (left) {
      o.lp += n.bv;
      o.lc += n.dm;
      o.la += n.da;
    } else {
      o.rp += n.bv;
      o.rc += n.dm;
      o.ra += n.da;
    }
    parent.bv += n.bv;
    parent.dm += n.dm;
    parent.da += n.da;
    if (n.pd >= 0) {
      o.depth = Math.max(o.depth, n.pd + 1);
      parent.pd = Math.max(parent.pd, n.pd + 1);
    }
    for (const s of n.sponsors) {
      if (s === n.parent) {
        if (left) o.ld += 1;
        else o.rd += 1;
      } else parent.sponsors.push(s);
    }
  }
  return touched.map(({ out }) => {
    const { lp, rp, ...d } = out!;
    return { ...d, lbv: fromPaise(lp), rbv: fromPaise(rp) };
  });
}
