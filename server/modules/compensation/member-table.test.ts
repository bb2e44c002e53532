import { randomUUID } from 'node:crypto';
import { describe, it, expect } from 'vitest';
import { MemberTable, paiseNumber } from './member-table';
import { PurchaseColumns } from './purchase-columns';
import { PayoutColumns } from './payout-columns';
import { purchaseColumnsOf } from './engine-columns';
import { CopyRow } from '../../db/copy';

describe('MemberTable', () => {
  it('finds every member by id through growth, uuids and other ids alike, and resolves parents and sponsors', () => {
    const ids = Array.from({ length: 20_000 }, (_, i) => (i % 10 === 0 ? `member-${i}` : randomUUID()));
    const t = new MemberTable();
    ids.forEach((id, i) => t.add(id, `U${i}`, i > 0 ? ids[(i * 7) % i] : null, i % 2 ? 'left' : 'right', i > 1 ? ids[i - 2] : null, 'user', true, i, null));
    t.freeze();
    ids.forEach((id, i) => {
      expect(t.indexOf(id)).toBe(i);
      expect(t.indexOf(id.toUpperCase())).toBe(id.startsWith('member') ? -1 : i); // uuids in either case are the same uuid
    });
    expect(t.indexOf(randomUUID())).toBe(-1);
    expect(t.indexOf('not-a-member')).toBe(-1);
    expect(t.parentOf(0)).toBe(-1);
    expect(t.parentOf(15)).toBe((15 * 7) % 15);
    expect(t.sponsorOf(15)).toBe(13);
    expect(t.get(ids[15])).toMatchObject({ id: ids[15], parent: ids[0], sponsor: ids[13], position: 'left', userId: 'U15' });
  });

  it('gives the id order whatever order members were added in', () => {
    const ids = Array.from({ length: 500 }, () => randomUUID());
    const t = MemberTable.from(ids.map((id) => ({ id, userId: id, parent: null, position: null, sponsor: null, role: 'user', active: true, personalBV: 0n, rank: 'Executive' })));
    expect(Array.from(t.idOrder(), (i) => t.idAt(i))).toEqual([...ids].sort());
  });

  it('a member added twice is found at its latest index', () => {
    const id = randomUUID();
    const t = new MemberTable();
    t.add(id, 'A', null, null, null, 'user', true, 0, null);
    t.add(id, 'B', null, null, null, 'user', true, 0, null);
    expect(t.freeze().indexOf(id)).toBe(1);
  });
});

describe('MemberTable.addRow (the snapshot read from COPY bytes)', () => {
  /** A COPY text row (fields already escaped as PostgreSQL writes them) as the CopyRow the reader hands over. */
  const rowOf = (fields: string[]) => {
    const r = new CopyRow();
    const buf = Buffer.from(`junk\n${fields.join('\t')}\nmore`);
    const from = buf.indexOf(10) + 1;
    r.set(buf, from, buf.indexOf(10, from));
    return r;
  };
  const N = '\\N';

  it('reads every field as add does: ids as words, escapes, other ids, upper case, unknown roles, nulls', () => {
    const ids = Array.from({ length: 3_000 }, (_, i) => (i % 97 === 5 ? `member-${i}` : i % 89 === 3 ? randomUUID().toUpperCase() : randomUUID()));
    const ranks = ['Executive', 'Ruby Star', null];
    const roles = ['user', 'mini_franchise', 'basic_franchise', 'founder', 'regional_lead'];
    const bvs = ['0.00', '15281.00', '12.5', '-3.40', '7', '100.10'];
    const spec = ids.map((id, i) => ({
      id,
      userId: i % 50 === 7 ? `U\\\\${i}` : `BN${i}`,
      parent: i > 0 && i % 13 ? ids[(i * 7) % i] : null,
      position: i % 3 === 0 ? 'left' : i % 3 === 1 ? 'right' : null,
      sponsor: i > 1 ? ids[i - 2] : null,
      role: roles[i % roles.length],
      status: i % 4 ? 'active' : 'pending',
      bv: bvs[i % bvs.length],
      rank: ranks[i % ranks.length],
    }));
    const a = new MemberTable();
    const b = new MemberTable();
    for (const m of spec) {
      a.addRow(rowOf([m.id, m.userId, m.parent ?? N, m.position ?? N, m.sponsor ?? N, m.role, m.status, m.bv, m.rank ?? N]));
      b.add(m.id, m.userId.replace('\\\\', '\\'), m.parent, m.position, m.sponsor, m.role, m.status === 'active', paiseNumber(m.bv), m.rank);
    }
    a.freeze();
    b.freeze();
    expect(a.size).toBe(b.size);
    for (let i = 0; i < a.size; i++) expect(a.at(i)).toEqual(b.at(i));
    expect(a.userIdAt(7)).toBe('U\\7');
    expect(a.get(ids[5])?.id).toBe('member-5');
    expect(a.personalBVAt(3)).toBe(-340n);
  });

  it('refuses a BV that is not an exact amount, and a rank outside the table', () => {
    const id = randomUUID();
    expect(() => new MemberTable().addRow(rowOf([id, 'BN1', N, N, N, 'user', 'active', '1e5', N]))).toThrow(/personal BV/);
    expect(() => new MemberTable().addRow(rowOf([id, 'BN1', N, N, N, 'user', 'active', '1.005', N]))).toThrow(/personal BV/);
    expect(() => new MemberTable().addRow(rowOf([id, 'BN1', N, N, N, 'user', 'active', '1.00', 'Platinum']))).toThrow(/rank table/);
    const t = new MemberTable();
    t.addRow(rowOf([id, 'BN1', N, N, N, 'user', 'active', '1.500', N]));
    expect(t.personalBVAt(0)).toBe(150n);
  });

  it('takes back what changed after the close', () => {
    const [x, y] = [randomUUID(), randomUUID()];
    const t = new MemberTable();
    t.addRow(rowOf([x, 'BN1', N, N, N, 'user', 'active', '500.00', N]));
    t.addRow(rowOf([y, 'BN2', x, 'left', x, 'user', 'pending', '20.00', N]));
    t.correct(
      new Map([
        [x, false],
        [y, true],
        [randomUUID(), true],
      ]),
      new Map([[x, 12_345n]]),
    );
    t.freeze();
    expect([t.isActive(0), t.isActive(1), t.personalBVAt(0), t.personalBVAt(1), t.parentOf(1), t.sponsorOf(1)]).toEqual([false, true, 37_655n, 2_000n, 0, 0]);
  });
});

describe('PurchaseColumns and PayoutColumns (the calculation held in columns)', () => {
  const ids = Array.from({ length: 3000 }, () => randomUUID());
  const table = () => MemberTable.from(ids.map((id) => ({ id, userId: id, parent: null, position: null, sponsor: null, role: 'user', active: true, personalBV: 0n, rank: 'Executive' })));

  it('keeps every purchase through growth, a buyer outside the table at -1 and in the total, and refuses a BV past 64 bits', () => {
    const t = table();
    const p = new PurchaseColumns(t);
    for (let k = 0; k < 2500; k++) p.add(ids[k], BigInt(k));
    p.add('an-admin', 100n);
    expect(p.size).toBe(2501);
    expect(p.buyerAt(1234)).toBe(t.indexOf(ids[1234]));
    expect(p.bvAt(1234)).toBe(1234n);
    expect(p.buyerAt(2500)).toBe(-1);
    expect(p.totalBV()).toBe((2499n * 2500n) / 2n + 100n);
    expect(() => p.add(ids[0], 2n ** 63n)).toThrow(/does not fit a 64-bit column/);
    expect(purchaseColumnsOf(t, p)).toBe(p);
    expect(() => purchaseColumnsOf(table(), p)).toThrow(/another member table/);
    const rows = purchaseColumnsOf(t, [{ buyer: ids[7], bv: 5n }]);
    expect([rows.size, rows.buyerAt(0), rows.bvAt(0)]).toEqual([1, t.indexOf(ids[7]), 5n]);
  });

  it('gives payouts one slot per member with a line, in member-id order, and refuses a figure past 64 bits', () => {
    const t = table();
    const has = new Uint8Array(t.size);
    const sums = new BigInt64Array(t.size);
    for (const k of [2999, 5, 1700]) {
      has[t.indexOf(ids[k])] = 1;
      sums[t.indexOf(ids[k])] = BigInt(k);
    }
    const p = new PayoutColumns(t, has, sums, 2026);
    expect(p.size).toBe(3);
    const paid = Array.from(p.member, (i) => t.idAt(i));
    expect(paid).toEqual([ids[2999], ids[5], ids[1700]].sort());
    expect(p.linesTotal[paid.indexOf(ids[1700])]).toBe(1700n);
    expect(p.slotOf(t.indexOf(ids[6]))).toBe(-1);
    const d = { gross: 10n, recovered: 0n, recovery: 0n, adminCharge: 1n, tds: 1n, tdsCarried: 0n, net: 8n, rate: '5' };
    p.set(p.slotOf(t.indexOf(ids[5])), d);
    expect(p.grossOf(t.indexOf(ids[5]))).toBe(10n);
    expect(p.grossOf(t.indexOf(ids[6]))).toBe(0n);
    expect(p.rate[p.slotOf(t.indexOf(ids[5]))]).toBe('5');
    expect(() => p.set(0, { ...d, net: 2n ** 63n })).toThrow(/does not fit a 64-bit column/);
  });
});
