/**
 * The compensation engine (compensation.md §3-§5) as pure functions over a frozen snapshot: no database,
 * no clock. The service loads the snapshot of a closed cycle, calls these, and stores what they answer;
 * the simulator calls them with a draft version and stores nothing.
 *
 * Arithmetic is exact: BV and rupees are integer paise (bigint); percentages are scaled by 10^4. Each line
 * is summed exactly and rounded half-up to the paisa once, at the end (pool shares are rounded down).
 */
import { formatBV, formatMoney } from '../../../contracts/format-money';
import { POOL_TYPES, type PlanConfig, type PoolType } from '../../../contracts/compensation';
import { RANKS } from '../../../contracts/enums';
import { fromPaise, parsePaise } from '../../../contracts/money';
import { CarryColumns, LegColumns, MemberTable } from './member-table';

export interface SnapshotMember {
  id: string;
  userId: string;
  parent: string | null;
  position: 'left' | 'right' | null;
  sponsor: string | null;
  role: string;
  /** Active when the cycle closed (read when the cycle is calculated). */
  active: boolean;
  /** Lifetime personal BV in paise. */
  personalBV: bigint;
  rank: string;
}

/** How the engine reads the snapshot: a Map of members, or the columnar MemberTable of a real run. */
export interface MemberLookup {
  get(id: string): SnapshotMember | undefined;
  has(id: string): boolean;
  values(): Iterable<SnapshotMember>;
}

export interface Purchase {
  buyer: string;
  bv: bigint;
}

export interface Carry {
  l: bigint;
  r: bigint;
  pairedEver: boolean;
}

export interface Line {
  memberId: string;
  /** The member's index in the run's MemberTable (-1 when outside it): results are written in that order. */
  member: number;
  type: string;
  amount: bigint;
  explanation: Record<string, unknown> & { text: string };
  adjustmentId?: string;
}

export interface Adjustment {
  id: string;
  memberId: string;
  type: string;
  amount: bigint;
  reason: string;
}

export interface PairingInput {
  plan: PlanConfig;
  members: MemberLookup;
  /** BV added to each member's legs in this cycle (paise): by member id, or columns by index of `members` (a MemberTable). */
  legs: Map<string, { l: bigint; r: bigint }> | LegColumns;
  /** Carry after the previous pairing cycle: by member id, or columns. */
  carry: Map<string, Carry> | CarryColumns;
  purchases: Purchase[];
  /** Ranks first achieved within this cycle. */
  ranksAchieved: { memberId: string; rank: string }[];
  adjustments: Adjustment[];
}

export interface MonthlyInput {
  plan: PlanConfig;
  members: MemberLookup;
  purchases: Purchase[];
  /** Own purchase BV per member in the previous monthly cycles, newest first (paise). */
  previousOwnBV: Map<string, bigint[]>;
  /** How many monthly cycles precede this one. */
  previousMonths: number;
  /** For each pool, the members whose rank was at least its minimum at every one of its hold months' closes. */
  heldRank: (pool: PoolType, member: SnapshotMember) => boolean;
  adjustments: Adjustment[];
}

export interface CalcResult {
  lines: Line[];
  /** Carry out by member index (`get(id)` for one member; empty for a monthly cycle). */
  carry: CarryColumns;
  flushedBV: bigint;
  salesBV: bigint;
  poolsLeft: Record<string, bigint>;
}

// ---- exact arithmetic ----
const P4 = 10_000n;
/** "2.5" percent -> 25000n (scaled by 10^4). */
const pct4Seen = new Map<string, bigint>();
export const pct4 = (p: string) => {
  let v = pct4Seen.get(p);
  if (v === undefined) {
    const [i, f = ''] = p.split('.');
    v = BigInt(i) * P4 + BigInt(f.padEnd(4, '0').slice(0, 4));
    if (pct4Seen.size < 10_000) pct4Seen.set(p, v);
  }
  return v;
};
export const paise = (v: string) => parsePaise(v) ?? 0n;
/** num / den rounded half-up (num >= 0). */
export const roundDiv = (num: bigint, den: bigint) => (num >= 0n ? (num * 2n + den) / (den * 2n) : -((-num * 2n + den) / (den * 2n)));
const money = (p: bigint) => fromPaise(p);
const bvText = (p: bigint) => fromPaise(p);
/** BV in a sentence a member reads (the Income page): grouped as everywhere else, '1,500' or '1,234.50' (issue 30). */
const bvWords = (p: bigint) => formatBV(fromPaise(p));
const moneyWords = (p: bigint) => formatMoney(fromPaise(p));
const min = (a: bigint, b: bigint) => (a < b ? a : b);

const rankIdx = (r: string) => Math.max(0, RANKS.indexOf(r as (typeof RANKS)[number]));

/** The table the engine walks: a MemberTable as is, a Map of members (the unit tests' trees) turned into one. */
const tableOf = (members: MemberLookup) => (members instanceof MemberTable ? members : MemberTable.from(members.values()));

/** Legs by member index: columns as given, or a Map by member id spread over the table. */
function legColumnsOf(t: MemberTable, legs: PairingInput['legs']): LegColumns {
  if (legs instanceof LegColumns) return legs;
  const out = new LegColumns(t.size);
  for (const [id, v] of legs) {
    const i = t.indexOf(id);
    if (i >= 0) { out.l[i] = Number(v.l); out.r[i] = Number(v.r); }
  }
  return out;
}

/** Carry by member index (a Map by id, or another table's columns, is spread over this table). */
function carryColumnsOf(t: MemberTable, carry: PairingInput['carry']): CarryColumns {
  if (carry instanceof CarryColumns && carry.belongsTo(t)) return carry;
  const out = new CarryColumns(t);
  for (const [id, c] of carry instanceof CarryColumns ? carry.entries() : carry) {
    const i = t.indexOf(id);
    if (i >= 0) out.set(i, c);
  }
  return out;
}

/** The member `level` steps up the sponsor line of member `i` (level 1 is the sponsor), or -1. */
function sponsorUp(t: MemberTable, i: number, level: number) {
  let cur = i;
  for (let k = 0; k < level && cur >= 0; k++) cur = t.sponsorOf(cur);
  return cur;
}

/** Active members each member sponsored, per leg of theirs (for the pairing qualification). */
function directsPerLeg(t: MemberTable) {
  const l = new Int32Array(t.size);
  const r = new Int32Array(t.size);
  for (let m = 0; m < t.size; m++) {
    const s = t.sponsorOf(m);
    if (!t.isActive(m) || s < 0) continue;
    // Walk up from the recruit to the sponsor: the last step tells the leg.
    let child = m;
    let guard = 0;
    while (t.parentOf(child) >= 0 && t.parentOf(child) !== s && guard++ < 10_000_000) child = t.parentOf(child);
    if (t.parentOf(child) !== s) continue;
    if (t.isLeft(child)) l[s] += 1;
    else if (t.isRight(child)) r[s] += 1;
  }
  return { l, r };
}

/** Binary pairing for one member (compensation.md §3), exported for the member's "this cycle so far". */
export function pairMember(plan: PlanConfig, carryIn: Carry, add: { l: bigint; r: bigint }, qualifies: boolean) {
  const p = plan.pairing;
  const unit = BigInt(p.pairUnitBV) * 100n;
  const L = carryIn.l + add.l;
  const R = carryIn.r + add.r;
  const uL = L / unit;
  const uR = R / unit;
  let pairs = 0n;
  let firstTwoToOne: 'left' | 'right' | null = null;
  if (qualifies) {
    if (p.firstPair === '2:1' && !carryIn.pairedEver) {
      const strong = L >= R ? 'left' : 'right';
      const [uS, uO] = strong === 'left' ? [uL, uR] : [uR, uL];
      if (uS >= 2n && uO >= 1n) {
        firstTwoToOne = strong;
        pairs = 1n + min(uS - 2n, uO - 1n);
      }
    } else pairs = min(uL, uR);
  }
  const paid = p.capPairs === null ? pairs : min(pairs, BigInt(p.capPairs));
  const consumedPairs = p.overflow === 'flush' ? pairs : paid;
  let cL = consumedPairs * unit;
  let cR = consumedPairs * unit;
  if (firstTwoToOne && consumedPairs > 0n) {
    if (firstTwoToOne === 'left') cL += unit;
    else cR += unit;
  }
  const overCap = p.overflow === 'flush' ? (pairs - paid) * unit * 2n : 0n;
  let outL = L - cL;
  let outR = R - cR;
  let capCut = 0n;
  if (p.carryCapBV !== null) {
    const cap = BigInt(p.carryCapBV) * 100n;
    if (outL > cap) { capCut += outL - cap; outL = cap; }
    if (outR > cap) { capCut += outR - cap; outR = cap; }
  }
  const amount = roundDiv(paid * unit * paise(plan.bvValue) * pct4(p.pairRate), 100n * 100n * P4);
  return {
    L, R, uL, uR, pairs, paid, amount, firstTwoToOne,
    flushed: overCap + capCut,
    carryOut: { l: outL, r: outR, pairedEver: carryIn.pairedEver || paid > 0n },
  };
}

/** Lines of a pairing cycle: sales_incentive, sponsor_income, sales_bonus, franchise_income, rank_bonus, adjustments. */
export function calculatePairing(input: PairingInput): CalcResult {
  const { plan } = input;
  const t = tableOf(input.members);
  const legs = legColumnsOf(t, input.legs);
  const carryIn = carryColumnsOf(t, input.carry);
  const lines: Line[] = [];
  const carryOut = new CarryColumns(t);
  let flushedBV = 0n;
  const bvValue = paise(plan.bvValue);
  const minPersonal = Number(paise(plan.pairing.minPersonalBV));
  const needDirects = plan.pairing.minDirectsEachLeg;
  const directs = needDirects > 0 ? directsPerLeg(t) : undefined;

  // 1. Binary pairing for every member with carry or new BV.
  const si = new Map<number, bigint>();
  for (let i = 0; i < t.size; i++) {
    const addL = legs.l[i];
    const addR = legs.r[i];
    if (addL === 0 && addR === 0 && !carryIn.hasAt(i)) continue;
    const cin: Carry = { l: BigInt(carryIn.l[i]), r: BigInt(carryIn.r[i]), pairedEver: carryIn.pairedEver[i] === 1 };
    const add = { l: BigInt(addL), r: BigInt(addR) };
    let qualifies = t.isActive(i) && t.personalBVAt(i) >= minPersonal;
    if (qualifies && directs && (directs.l[i] < needDirects || directs.r[i] < needDirects)) qualifies = false;
    const r = pairMember(plan, cin, add, qualifies);
    flushedBV += r.flushed;
    if (r.carryOut.l > 0n || r.carryOut.r > 0n || r.carryOut.pairedEver) carryOut.set(i, r.carryOut);
    // Not paid: the explanation stays with the member's carry (no line; the Income page reads the carry).
    if (r.amount <= 0n) continue;
    si.set(i, r.amount);
    lines.push({
      memberId: t.idAt(i), member: i, type: 'sales_incentive', amount: r.amount,
      explanation: {
        text: `Left ${bvWords(r.L)} BV (carry ${bvWords(cin.l)} + new ${bvWords(add.l)}), right ${bvWords(r.R)} BV (carry ${bvWords(cin.r)} + new ${bvWords(add.r)}): `
          + `${r.pairs} pair${r.pairs === 1n ? '' : 's'} of ${plan.pairing.pairUnitBV} BV${r.firstTwoToOne ? ` (first pair 2:1 from the ${r.firstTwoToOne})` : ''}, ${r.paid} paid at ${plan.pairing.pairRate} %`
          + `${r.flushed > 0n ? `, ${bvWords(r.flushed)} BV flushed` : ''}; carry ${bvWords(r.carryOut.l)} / ${bvWords(r.carryOut.r)}.`,
        carryIn: { left: bvText(cin.l), right: bvText(cin.r) }, newBV: { left: bvText(add.l), right: bvText(add.r) },
        units: { left: String(r.uL), right: String(r.uR) }, pairs: String(r.pairs), paid: String(r.paid),
        flushedBV: bvText(r.flushed), carryOut: { left: bvText(r.carryOut.l), right: bvText(r.carryOut.r) },
        firstPair: r.firstTwoToOne ? `2:1 (${r.firstTwoToOne})` : null, pairUnitBV: plan.pairing.pairUnitBV, pairRate: plan.pairing.pairRate,
      },
    });
  }

  // The cycle's purchases by buyer index (buyers outside the snapshot earn nobody anything).
  const buys = input.purchases.map((p) => ({ buyer: t.indexOf(p.buyer), bv: p.bv })).filter((p) => p.buyer >= 0);

  // 2. Sponsor income: percent of each purchase's BV by sponsor level.
  const sponsorLevels = plan.sponsorIncome.levels.map((lv) => ({ ...lv, rate: pct4(lv.percent) }));
  const sponsorAcc = new Map<number, { num: bigint; levels: Map<number, { purchases: number; bv: bigint; from: Set<string> }> }>();
  for (const p of buys) {
    for (const lv of sponsorLevels) {
      const earner = sponsorUp(t, p.buyer, lv.level);
      if (earner < 0 || !t.isActive(earner)) continue;
      let acc = sponsorAcc.get(earner);
      if (!acc) sponsorAcc.set(earner, (acc = { num: 0n, levels: new Map() }));
      acc.num += p.bv * bvValue * lv.rate;
      let l = acc.levels.get(lv.level);
      if (!l) acc.levels.set(lv.level, (l = { purchases: 0, bv: 0n, from: new Set<string>() }));
      l.purchases += 1;
      l.bv += p.bv;
      if (l.from.size < 20) l.from.add(t.userIdAt(p.buyer));
    }
  }
  for (const [i, acc] of sponsorAcc) {
    const amount = roundDiv(acc.num, 100n * 100n * P4);
    if (amount <= 0n) continue;
    const levels = [...acc.levels].sort((a, b) => a[0] - b[0]).map(([level, l]) => ({
      level, percent: plan.sponsorIncome.levels.find((x) => x.level === level)!.percent, purchases: l.purchases, bv: bvText(l.bv), members: [...l.from],
    }));
    lines.push({
      memberId: t.idAt(i), member: i, type: 'sponsor_income', amount,
      explanation: {
        text: levels.map((l) => `Level ${l.level}: ${l.purchases} purchase${l.purchases === 1 ? '' : 's'}, ${formatBV(l.bv)} BV at ${l.percent} % (${l.members.join(', ')})`).join('; ') + '.',
        levels, bvValue: plan.bvValue,
      },
    });
  }

  // 3. Matching bonus: percent of the sales incentive of the members at each sponsor level.
  const matchLevels = plan.matching.levels.map((lv) => ({ ...lv, rate: pct4(lv.percent) }));
  const matchAcc = new Map<number, { num: bigint; from: { userId: string; level: number; incentive: string }[] }>();
  for (const [i, amount] of si) {
    for (const lv of matchLevels) {
      const earner = sponsorUp(t, i, lv.level);
      if (earner < 0 || !t.isActive(earner)) continue;
      let acc = matchAcc.get(earner);
      if (!acc) matchAcc.set(earner, (acc = { num: 0n, from: [] }));
      acc.num += amount * lv.rate;
      if (acc.from.length < 20) acc.from.push({ userId: t.userIdAt(i), level: lv.level, incentive: money(amount) });
    }
  }
  for (const [i, acc] of matchAcc) {
    const amount = roundDiv(acc.num, 100n * P4);
    if (amount <= 0n) continue;
    lines.push({
      memberId: t.idAt(i), member: i, type: 'sales_bonus', amount,
      explanation: {
        text: acc.from.map((f) => `${f.level === 1 ? '' : `level ${f.level}: `}${plan.matching.levels.find((x) => x.level === f.level)!.percent} % of ${f.userId}'s ${f.incentive}`).join('; ') + '.',
        from: acc.from,
      },
    });
  }

  // 4. Franchise income: the nearest placement ancestor with a franchise role (the buyer excluded).
  // nearest[i]: -2 not known yet, -1 none above, else the franchise holder's index.
  const nearest = new Int32Array(t.size).fill(-2);
  const path: number[] = [];
  const franchiseOf = (i: number): number => {
    path.length = 0;
    let cur = t.parentOf(i);
    let found = -1;
    while (cur >= 0) {
      if (nearest[cur] !== -2) { found = nearest[cur]; break; }
      if (t.franchiseRole(cur)) { found = cur; break; }
      path.push(cur);
      cur = t.parentOf(cur);
    }
    // Everything walked through has the same nearest franchise above it.
    for (const p of path) nearest[p] = found;
    return found;
  };
  const franchiseAcc = new Map<number, { num: bigint; purchases: number; bv: bigint; role: 'mini_franchise' | 'basic_franchise'; rate: string }>();
  for (const p of buys) {
    const f = franchiseOf(p.buyer);
    if (f < 0 || !t.isActive(f)) continue;
    let acc = franchiseAcc.get(f);
    if (!acc) {
      const role = t.franchiseRole(f)!;
      franchiseAcc.set(f, (acc = { num: 0n, purchases: 0, bv: 0n, role, rate: role === 'mini_franchise' ? plan.franchise.mini_franchise : plan.franchise.basic_franchise }));
    }
    acc.num += p.bv * bvValue * pct4(acc.rate);
    acc.purchases += 1;
    acc.bv += p.bv;
  }
  for (const [i, acc] of franchiseAcc) {
    const amount = roundDiv(acc.num, 100n * 100n * P4);
    if (amount <= 0n) continue;
    lines.push({
      memberId: t.idAt(i), member: i, type: 'franchise_income', amount,
      explanation: { text: `${acc.purchases} purchase${acc.purchases === 1 ? '' : 's'} below you, ${bvWords(acc.bv)} BV at ${acc.rate} % (${acc.role === 'mini_franchise' ? 'mini' : 'basic'} franchise).`, purchases: acc.purchases, bv: bvText(acc.bv), rate: acc.rate, role: acc.role },
    });
  }

  // 5. Rank bonus: once, in the cycle in which the rank is first achieved.
  for (const a of input.ranksAchieved) {
    const row = plan.rankBonus.find((r) => r.rank === a.rank);
    const amount = row ? paise(row.amount) : 0n;
    if (amount <= 0n) continue;
    lines.push({ memberId: a.memberId, member: t.indexOf(a.memberId), type: 'rank_bonus', amount, explanation: { text: `${a.rank} achieved in this cycle.`, rank: a.rank } });
  }

  lines.push(...adjustmentLines(t, lines, input.adjustments));
  const salesBV = input.purchases.reduce((s, p) => s + p.bv, 0n);
  return { lines, carry: carryOut, flushedBV, salesBV, poolsLeft: {} };
}

/**
 * The adjustment lines of a cycle. The net is never negative (compensation.md §5): a negative adjustment
 * that the member's other lines of the cycle (and their positive adjustments) do not cover is left out and
 * waits, unconsumed, for a later cycle.
 */
function adjustmentLines(t: MemberTable, lines: Line[], adjustments: Adjustment[]): Line[] {
  if (!adjustments.length) return [];
  const gross = new Map<string, bigint>();
  for (const l of lines) gross.set(l.memberId, (gross.get(l.memberId) ?? 0n) + l.amount);
  for (const a of adjustments) if (a.amount > 0n) gross.set(a.memberId, (gross.get(a.memberId) ?? 0n) + a.amount);
  const deferred = new Set<string>();
  for (const a of adjustments) {
    if (a.amount >= 0n) continue;
    const g = (gross.get(a.memberId) ?? 0n) + a.amount;
    if (g < 0n) deferred.add(a.id);
    else gross.set(a.memberId, g);
  }
  return adjustments.filter((a) => !deferred.has(a.id))
    .map((a) => ({ memberId: a.memberId, member: t.indexOf(a.memberId), type: a.type, amount: a.amount, adjustmentId: a.id, explanation: { text: `Adjustment: ${a.reason}`, adjustment: true, reason: a.reason } }));
}

/** Lines of a monthly cycle: consistency_bonus and the six pools (with their achievers), adjustments. */
export function calculateMonthly(input: MonthlyInput): CalcResult & { achievers: { memberId: string; type: PoolType; amount: bigint; points: number }[] } {
  const { plan } = input;
  const t = tableOf(input.members);
  const bvValue = paise(plan.bvValue);
  const lines: Line[] = [];
  const own = new Map<string, bigint>();
  for (const p of input.purchases) own.set(p.buyer, (own.get(p.buyer) ?? 0n) + p.bv);
  const companyBV = input.purchases.reduce((s, p) => s + p.bv, 0n);

  // Consistency: own BV at least minBV in each of the last `months` monthly cycles, this one included.
  const c = plan.consistency;
  const minBV = paise(c.minBV);
  if (pct4(c.percent) > 0n && input.previousMonths >= c.months - 1) {
    for (const [id, bv] of own) {
      const i = t.indexOf(id);
      if (i < 0 || !t.isActive(i) || bv < minBV) continue;
      const prev = input.previousOwnBV.get(id) ?? [];
      const window = prev.slice(0, c.months - 1);
      if (window.length < c.months - 1 || window.some((x) => x < minBV)) continue;
      const amount = roundDiv(bv * bvValue * pct4(c.percent), 100n * 100n * P4);
      if (amount <= 0n) continue;
      lines.push({
        memberId: id, member: i, type: 'consistency_bonus', amount,
        explanation: { text: `Own BV ${[bv, ...window].map(bvWords).reverse().join(', ')} over the last ${c.months} months, each at least ${c.minBV}: ${c.percent} % of this month's ${bvWords(bv)} BV.`, months: [bv, ...window].map(bvText), minBV: c.minBV, percent: c.percent },
      });
    }
  }

  // Pools: percent of the company BV, shared by points among the qualifiers.
  const achievers: { memberId: string; type: PoolType; amount: bigint; points: number }[] = [];
  const poolsLeft: Record<string, bigint> = {};
  for (const type of POOL_TYPES) {
    const cfg = plan.pools[type];
    // The pool in paise x 10^8 (exact): companyBV(paise) * bvValue(paise) * pct4.
    const poolNum = companyBV * bvValue * pct4(cfg.percent);
    const poolDen = 100n * 100n * P4;
    if (poolNum === 0n) continue;
    const qualifiers: { m: SnapshotMember; i: number; points: number }[] = [];
    const minRank = rankIdx(cfg.minRank);
    for (let i = 0; i < t.size; i++) {
      if (!t.isActive(i) || t.rankIndex(i) < minRank) continue;
      const m = t.at(i);
      if (!input.heldRank(type, m)) continue;
      const pts = cfg.points[m.rank as keyof typeof cfg.points] ?? 1;
      if (pts > 0) qualifiers.push({ m, i, points: pts });
    }
    const poolPaise = poolNum / poolDen; // the pool itself, rounded down to the paisa
    const totalPoints = BigInt(qualifiers.reduce((s, q) => s + q.points, 0));
    if (!totalPoints) { poolsLeft[type] = poolPaise; continue; }
    const cap = cfg.capPerMember === null ? null : paise(cfg.capPerMember);
    let paid = 0n;
    const shares = qualifiers.map((q) => {
      let share = (poolNum * BigInt(q.points)) / (poolDen * totalPoints);
      const capped = cap !== null && share > cap;
      if (capped) share = cap!;
      paid += share;
      return { ...q, share, capped };
    });
    poolsLeft[type] = poolPaise - paid;
    const pointValue = (poolNum) / (poolDen * totalPoints);
    for (const s of shares) {
      if (s.share <= 0n) continue;
      achievers.push({ memberId: s.m.id, type, amount: s.share, points: s.points });
      lines.push({
        memberId: s.m.id, member: s.i, type, amount: s.share,
        explanation: {
          text: `Pool ${moneyWords(poolPaise)} (${cfg.percent} % of ${bvWords(companyBV)} company BV), ${totalPoints} points: ${s.points} point${s.points === 1 ? '' : 's'} at ${moneyWords(pointValue)}${s.capped ? `, capped at ${cfg.capPerMember}` : ''}.`,
          pool: money(poolPaise), companyBV: bvText(companyBV), percent: cfg.percent, totalPoints: Number(totalPoints), points: s.points,
          pointValue: money(pointValue), capped: s.capped, rank: s.m.rank,
        },
      });
    }
  }

  lines.push(...adjustmentLines(t, lines, input.adjustments));
  return { lines, carry: new CarryColumns(t), flushedBV: 0n, salesBV: companyBV, poolsLeft, achievers };
}

export interface TdsState {
  /** Gross of this financial year's posted cycles before this one, and TDS deducted on it. */
  ytdGross: bigint;
  ytdTds: bigint;
  panApproved: boolean;
}

export interface TdsRule { rateWithPan: string; rateWithoutPan: string; threshold: string }

/**
 * Deductions of one member's cycle (compensation.md §5): admin charge on the gross; TDS once the financial
 * year's gross passes the threshold: the crossing cycle deducts the rate on the whole year-to-date gross
 * less TDS already deducted, later cycles on their own gross. The net is never negative.
 */
export function deductions(gross: bigint, adminChargePercent: string, tds: TdsRule, st: TdsState) {
  if (gross <= 0n) return { adminCharge: 0n, tds: 0n, net: 0n, rate: tds.rateWithPan };
  const adminCharge = roundDiv(gross * pct4(adminChargePercent), 100n * P4);
  const rate = st.panApproved ? tds.rateWithPan : tds.rateWithoutPan;
  const threshold = paise(tds.threshold);
  const after = st.ytdGross + gross;
  let t = 0n;
  if (after > threshold) {
    t = st.ytdGross > threshold ? roundDiv(gross * pct4(rate), 100n * P4) : roundDiv(after * pct4(rate), 100n * P4) - st.ytdTds;
    if (t < 0n) t = 0n;
  }
  if (t > gross - adminCharge) t = gross - adminCharge;
  return { adminCharge, tds: t, net: gross - adminCharge - t, rate };
}

/** The TDS row in force on a date (the newest row starting on or before it). */
export function tdsRuleOn(plan: PlanConfig, day: string): TdsRule {
  const rows = [...plan.deductions.tds].sort((a, b) => a.from.localeCompare(b.from));
  let rule = rows[0];
  for (const r of rows) if (r.from <= day) rule = r;
  return rule;
}

export { money as paiseText };
