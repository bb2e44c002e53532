/** A pairing cycle (docs/spec/compensation.md §3): binary pairing, sponsor income, matching, franchise income and rank bonus. */
import { formatBV } from '../../../contracts/format-money';
import type { PlanConfig } from '../../../contracts/compensation';
import { CarryColumns } from './member-table';
import { P4, bvText, bvWords, min, money, paise, pct4, roundDiv } from './arithmetic';
import { carryColumnsOf, directsPerLeg, legColumnsOf, purchaseColumnsOf, sponsorUp, tableOf } from './engine-columns';
import { adjustmentLines } from './adjustments';
import { clawbackLines } from './clawbacks';
import type { CalcResult, Carry, Line, PairingInput } from './engine-types';

/**
 * A line whose explanation is worked out when it is read (when the line is written), by `explain` from `arg`: kept
 * finished on the 350,000 lines of a million-member cycle, explanations were most of the calculation's memory. A class
 * (one shape for every line, the function and its argument in private fields) and not an object literal with a getter,
 * which costs a closure and a hidden class of its own per line: more than the explanation it spares.
 */
class LazyLine<A> implements Line {
  readonly memberId: string;
  readonly member: number;
  readonly type: string;
  readonly amount: bigint;
  readonly #explain: (arg: A) => Line['explanation'];
  readonly #arg: A;
  constructor(memberId: string, member: number, type: string, amount: bigint, explain: (arg: A) => Line['explanation'], arg: A) {
    this.memberId = memberId;
    this.member = member;
    this.type = type;
    this.amount = amount;
    this.#explain = explain;
    this.#arg = arg;
  }
  get explanation() {
    return this.#explain(this.#arg);
  }
  /** JSON (and a spread's reader) see the explanation like any other line's. */
  toJSON() {
    return { memberId: this.memberId, member: this.member, type: this.type, amount: this.amount, explanation: this.explanation };
  }
}

/**
 * A plan's pairing figures in the engine's units, worked out once per plan: pairMember runs for every member with BV
 * or carry (600,000 in a million-member cycle), and parsing the plan's texts each time cost a second of a calculation.
 */
type PairingFigures = { from: readonly unknown[]; unit: bigint; capPairs: bigint | null; carryCap: bigint | null; unitValue: bigint };
const pairingFigures = new WeakMap<PlanConfig, PairingFigures>();
function pairingFiguresOf(plan: PlanConfig) {
  const p = plan.pairing;
  // What the figures are made of: a plan object changed in place (a test, an editor's draft) is worked out again.
  const from = [p.pairUnitBV, p.capPairs, p.carryCapBV, plan.bvValue, p.pairRate] as const;
  let f = pairingFigures.get(plan);
  if (!f || f.from.some((v, k) => v !== from[k])) {
    const unit = BigInt(p.pairUnitBV) * 100n;
    f = {
      from,
      unit,
      capPairs: p.capPairs === null ? null : BigInt(p.capPairs),
      carryCap: p.carryCapBV === null ? null : BigInt(p.carryCapBV) * 100n,
      // One paid pair's amount before rounding, scaled by 100 * 100 * P4 (paise of BV, paise of rupees, the rate's 10^4).
      unitValue: unit * paise(plan.bvValue) * pct4(p.pairRate),
    };
    pairingFigures.set(plan, f);
  }
  return f;
}

/** Binary pairing for one member (docs/spec/compensation.md §3), exported for the member's "this cycle so far". */
export function pairMember(plan: PlanConfig, carryIn: Carry, add: { l: bigint; r: bigint }, qualifies: boolean) {
  const p = plan.pairing;
  const { unit, capPairs, carryCap, unitValue } = pairingFiguresOf(plan);
  const L = carryIn.l + add.l;
  const R = carryIn.r + add.r;
  // A side below zero (returned BV, docs/spec/returns.md §3) makes no units: bigint division would answer a negative
  // count. With no units it makes no pair, so it consumes nothing and its negative carry goes forward as it is.
  const uL = L > 0n ? L / unit : 0n;
  const uR = R > 0n ? R / unit : 0n;
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
  const paid = capPairs === null ? pairs : min(pairs, capPairs);
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
  // The carry cap cuts positive carry only: negative carry is BV still owed, never flushed.
  if (carryCap !== null) {
    const cap = carryCap;
    if (outL > cap) {
      capCut += outL - cap;
      outL = cap;
    }
    if (outR > cap) {
      capCut += outR - cap;
      outR = cap;
    }
  }
  const amount = roundDiv(paid * unitValue, 100n * 100n * P4);
  return {
    L,
    R,
    uL,
    uR,
    pairs,
    paid,
    amount,
    firstTwoToOne,
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
  const minPersonal = paise(plan.pairing.minPersonalBV, 'minimum personal BV');
  const needDirects = plan.pairing.minDirectsEachLeg;
  const directs = needDirects > 0 ? directsPerLeg(t) : undefined;

  // 1. Binary pairing for every member with carry or new BV.
  const qualifiesAt = (i: number) => {
    if (!t.isActive(i) || t.personalBVAt(i) < minPersonal) return false;
    return !(directs && (directs.l[i] < needDirects || directs.r[i] < needDirects));
  };
  const carryAt = (i: number): Carry => ({ l: carryIn.l[i], r: carryIn.r[i], pairedEver: carryIn.pairedEver[i] === 1 });
  /**
   * A paid member's explanation, worked out again from the same columns when it is read (when the line is written):
   * kept on 400,000 lines of a million-member cycle, the explanations were most of the calculation's memory.
   */
  const explainPair = (i: number) => {
    const cin = carryAt(i);
    const add = { l: legs.l[i], r: legs.r[i] };
    const r = pairMember(plan, cin, add, qualifiesAt(i));
    return {
      text:
        `Left ${bvWords(r.L)} BV (carry ${bvWords(cin.l)} + new ${bvWords(add.l)}), right ${bvWords(r.R)} BV (carry ${bvWords(cin.r)} + new ${bvWords(add.r)}): ` +
        `${r.pairs} pair${r.pairs === 1n ? '' : 's'} of ${plan.pairing.pairUnitBV} BV${r.firstTwoToOne ? ` (first pair 2:1 from the ${r.firstTwoToOne})` : ''}, ${r.paid} paid at ${plan.pairing.pairRate} %` +
        `${r.flushed > 0n ? `, ${bvWords(r.flushed)} BV flushed` : ''}; carry ${bvWords(r.carryOut.l)} / ${bvWords(r.carryOut.r)}.`,
      carryIn: { left: bvText(cin.l), right: bvText(cin.r) },
      newBV: { left: bvText(add.l), right: bvText(add.r) },
      units: { left: String(r.uL), right: String(r.uR) },
      pairs: String(r.pairs),
      paid: String(r.paid),
      flushedBV: bvText(r.flushed),
      carryOut: { left: bvText(r.carryOut.l), right: bvText(r.carryOut.r) },
      firstPair: r.firstTwoToOne ? `2:1 (${r.firstTwoToOne})` : null,
      pairUnitBV: plan.pairing.pairUnitBV,
      pairRate: plan.pairing.pairRate,
    };
  };
  const si = new Map<number, bigint>();
  for (let i = 0; i < t.size; i++) {
    const addL = legs.l[i];
    const addR = legs.r[i];
    if (addL === 0n && addR === 0n && !carryIn.hasAt(i)) continue;
    const r = pairMember(plan, carryAt(i), { l: addL, r: addR }, qualifiesAt(i));
    flushedBV += r.flushed;
    // Negative carry (returned BV to be filled, returns.md §3) is kept like positive carry.
    if (r.carryOut.l !== 0n || r.carryOut.r !== 0n || r.carryOut.pairedEver) carryOut.set(i, r.carryOut);
    // Not paid: the explanation stays with the member's carry (no line; the Income page reads the carry).
    if (r.amount <= 0n) continue;
    si.set(i, r.amount);
    lines.push(new LazyLine(t.idAt(i), i, 'sales_incentive', r.amount, explainPair, i));
  }

  // The cycle's purchases by buyer index (buyers outside the snapshot earn nobody anything).
  const buys = purchaseColumnsOf(t, input.purchases);

  // 2. Sponsor income: percent of each purchase's BV by sponsor level.
  const sponsorLevels = plan.sponsorIncome.levels.map((lv) => ({ ...lv, rate: pct4(lv.percent) }));
  // Per earner and level: purchases, BV and the first 20 buyers (member indices, a number each: a Set of user ids per
  // earner and level cost about a kilobyte each, for some 200,000 earners of a million-member cycle).
  type LevelAcc = { purchases: number; bv: bigint; from: number[] };
  type SponsorAcc = { num: bigint; levels: (LevelAcc | undefined)[] };
  const sponsorAcc = new Map<number, SponsorAcc>();
  for (let k = 0; k < buys.size; k++) {
    const buyer = buys.buyerAt(k);
    if (buyer < 0) continue;
    const bv = buys.bvAt(k);
    for (const lv of sponsorLevels) {
      const earner = sponsorUp(t, buyer, lv.level);
      if (earner < 0 || !t.isActive(earner)) continue;
      let acc = sponsorAcc.get(earner);
      if (!acc) sponsorAcc.set(earner, (acc = { num: 0n, levels: [] }));
      acc.num += bv * bvValue * lv.rate;
      let l = acc.levels[lv.level];
      if (!l) acc.levels[lv.level] = l = { purchases: 0, bv: 0n, from: [] };
      l.purchases += 1;
      l.bv += bv;
      if (l.from.length < 20 && !l.from.includes(buyer)) l.from.push(buyer);
    }
  }
  const sponsorExplanation = (acc: SponsorAcc) => {
    // By level, lowest first (the array is indexed by level).
    const levels = acc.levels.flatMap((l, level) =>
      l
        ? [
            {
              level,
              percent: plan.sponsorIncome.levels.find((x) => x.level === level)!.percent,
              purchases: l.purchases,
              bv: bvText(l.bv),
              members: l.from.map((b) => t.userIdAt(b)),
            },
          ]
        : [],
    );
    return {
      text: levels.map((l) => `Level ${l.level}: ${l.purchases} purchase${l.purchases === 1 ? '' : 's'}, ${formatBV(l.bv)} BV at ${l.percent} % (${l.members.join(', ')})`).join('; ') + '.',
      levels,
      bvValue: plan.bvValue,
    };
  };
  for (const [i, acc] of sponsorAcc) {
    const amount = roundDiv(acc.num, 100n * 100n * P4);
    if (amount <= 0n) continue;
    // Worked out when read, from the figures the line keeps anyway (see explainPair).
    lines.push(new LazyLine(t.idAt(i), i, 'sponsor_income', amount, sponsorExplanation, acc));
  }

  // 3. Matching bonus: percent of the sales incentive of the members at each sponsor level.
  const matchLevels = plan.matching.levels.map((lv) => ({ ...lv, rate: pct4(lv.percent) }));
  // `from`: the first 20 (member index, level) pairs, flat; their incentives are in `si` (one object each cost memory).
  type MatchAcc = { num: bigint; from: number[] };
  const matchAcc = new Map<number, MatchAcc>();
  for (const [i, amount] of si) {
    for (const lv of matchLevels) {
      const earner = sponsorUp(t, i, lv.level);
      if (earner < 0 || !t.isActive(earner)) continue;
      let acc = matchAcc.get(earner);
      if (!acc) matchAcc.set(earner, (acc = { num: 0n, from: [] }));
      acc.num += amount * lv.rate;
      if (acc.from.length < 40) acc.from.push(i, lv.level);
    }
  }
  const matchingExplanation = (acc: MatchAcc) => {
    const from: { userId: string; level: number; incentive: string }[] = [];
    for (let k = 0; k < acc.from.length; k += 2) from.push({ userId: t.userIdAt(acc.from[k]), level: acc.from[k + 1], incentive: money(si.get(acc.from[k])!) });
    return {
      text: from.map((f) => `${f.level === 1 ? '' : `level ${f.level}: `}${plan.matching.levels.find((x) => x.level === f.level)!.percent} % of ${f.userId}'s ${f.incentive}`).join('; ') + '.',
      from,
    };
  };
  for (const [i, acc] of matchAcc) {
    const amount = roundDiv(acc.num, 100n * P4);
    if (amount <= 0n) continue;
    lines.push(new LazyLine(t.idAt(i), i, 'sales_bonus', amount, matchingExplanation, acc));
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
      if (nearest[cur] !== -2) {
        found = nearest[cur];
        break;
      }
      if (t.franchiseRole(cur)) {
        found = cur;
        break;
      }
      path.push(cur);
      cur = t.parentOf(cur);
    }
    // Everything walked through has the same nearest franchise above it.
    for (const p of path) nearest[p] = found;
    return found;
  };
  const franchiseAcc = new Map<number, { num: bigint; purchases: number; bv: bigint; role: 'mini_franchise' | 'basic_franchise'; rate: string }>();
  for (let k = 0; k < buys.size; k++) {
    const buyer = buys.buyerAt(k);
    if (buyer < 0) continue;
    const bv = buys.bvAt(k);
    const f = franchiseOf(buyer);
    if (f < 0 || !t.isActive(f)) continue;
    let acc = franchiseAcc.get(f);
    if (!acc) {
      const role = t.franchiseRole(f)!;
      franchiseAcc.set(f, (acc = { num: 0n, purchases: 0, bv: 0n, role, rate: role === 'mini_franchise' ? plan.franchise.mini_franchise : plan.franchise.basic_franchise }));
    }
    acc.num += bv * bvValue * pct4(acc.rate);
    acc.purchases += 1;
    acc.bv += bv;
  }
  for (const [i, acc] of franchiseAcc) {
    const amount = roundDiv(acc.num, 100n * 100n * P4);
    if (amount <= 0n) continue;
    lines.push({
      memberId: t.idAt(i),
      member: i,
      type: 'franchise_income',
      amount,
      explanation: {
        text: `${acc.purchases} purchase${acc.purchases === 1 ? '' : 's'} below you, ${bvWords(acc.bv)} BV at ${acc.rate} % (${acc.role === 'mini_franchise' ? 'mini' : 'basic'} franchise).`,
        purchases: acc.purchases,
        bv: bvText(acc.bv),
        rate: acc.rate,
        role: acc.role,
      },
    });
  }

  // 5. Rank bonus: once, in the cycle in which the rank is first achieved.
  for (const a of input.ranksAchieved) {
    const row = plan.rankBonus.find((r) => r.rank === a.rank);
    const amount = row ? paise(row.amount) : 0n;
    if (amount <= 0n) continue;
    lines.push({ memberId: a.memberId, member: t.indexOf(a.memberId), type: 'rank_bonus', amount, explanation: { text: `${a.rank} achieved in this cycle.`, rank: a.rank } });
  }

  // 6. Clawback of income earlier posted cycles paid for returned BV (returns.md §4).
  if (input.reversals?.length) lines.push(...clawbackLines(t, input.reversals));

  lines.push(...adjustmentLines(t, lines, input.adjustments));
  const salesBV = buys.totalBV();
  return { lines, carry: carryOut, flushedBV, salesBV, poolsLeft: {}, clawedBack: (input.reversals ?? []).map((r) => r.eventId) };
}
