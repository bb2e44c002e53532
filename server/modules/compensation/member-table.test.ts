import { randomUUID } from 'node:crypto';
import { describe, it, expect } from 'vitest';
import { MemberTable } from './member-table';

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
