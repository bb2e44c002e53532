import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { expectError, uniqueEmail } from '../support/http';
import { placeMember } from '../../server/modules/tree/tree.service';
import { nameMatchesBelow, nameMatchesInDownline } from '../../server/modules/team/team.repo';
import type { UserRow } from '../../server/modules/users/users.repo';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';

/**
 * Issue 15, the genealogy explorer's reads: up to five levels at a time with what lies below flagged, search by user
 * ID or name inside the viewer's downline with the path to each match, the extreme left or right; members in their
 * own downline, admins in the whole tree.
 */
let t: TestApp;
let member: UserRow;
let memberCookie: string;
let admin: string;
const chain: UserRow[] = [];
let outsider: { user: UserRow; cookie: string };

beforeAll(async () => {
  t = await startTestApp();
  member = (await userByEmail(t, t.demo.member.email))!;
  memberCookie = await t.login(t.demo.member.email, t.demo.member.password);
  admin = await t.login(t.demo.admin.email, t.demo.admin.password);
  // Seven members down the demo member's extreme left, named so a search can find them.
  let parent = member.id;
  for (let i = 0; i < 7; i++) {
    const u = await t.createUser({ email: uniqueEmail('chain'), password: 'Chain#123456', status: 'active', sponsorId: member.id, firstName: 'Chainlink', lastName: `Number${i}` });
    await t.runtime.ctx.db.transaction((tx) => placeMember(tx, u, { startId: parent, side: 'left' }, t.clock.now()));
    chain.push((await userByEmail(t, u.email))!);
    parent = u.id;
  }
  // A member on the founder's right leg: not in the demo member's downline, and the demo member not in theirs.
  const franchise = (await userByEmail(t, t.demo.franchise.email))!;
  outsider = { user: franchise, cookie: await t.login(t.demo.franchise.email, t.demo.franchise.password) };
  await t.runtime.settle();
  member = (await userByEmail(t, t.demo.member.email))!;
});
afterAll(async () => t?.close());

type Node = { id: string; level: number; hasLeftChild: boolean; leftChild: Node | null; rightChild: Node | null; rank: string | null; leftActive: number };
const lefts = (n: Node | null): Node[] => (n ? [n, ...lefts(n.leftChild)] : []);

describe('levels at a time', () => {
  it('five levels below the viewed root, the deeper ones flagged for loading', async () => {
    const r = await t.api('GET', `/api/binary-tree?rootId=${chain[0].id}&depth=5`, { cookie: memberCookie });
    expect(r.status).toBe(200);
    const line = lefts(r.body);
    expect(line.map((n) => n.id)).toEqual(chain.slice(0, 6).map((u) => u.id));
    expect(line.map((n) => n.level)).toEqual([0, 1, 2, 3, 4, 5]);
    // The sixth level below is not sent, but the node says it is there.
    expect(line[5].leftChild).toBeNull();
    expect(line[5].hasLeftChild).toBe(true);
    expect(r.body).toHaveProperty('rank');
    expect(r.body.path.map((p: { id: string }) => p.id)[0]).toBe(member.id);
    // Two levels when not asked (doc 3 §2.4).
    expect(lefts((await t.api('GET', `/api/binary-tree?rootId=${chain[0].id}`, { cookie: memberCookie })).body)).toHaveLength(3);
  });

  it('refuses depths outside 1 to 5 and roots outside the downline', async () => {
    expectError(await t.api('GET', '/api/binary-tree?depth=6', { cookie: memberCookie }), 400, { message: 'Depth is 1 to 5 levels' });
    expectError(await t.api('GET', '/api/binary-tree?depth=zero', { cookie: memberCookie }), 400);
    expectError(await t.api('GET', `/api/binary-tree?rootId=${chain[3].id}`, { cookie: outsider.cookie }), 404);
  });

  it('an admin explores the whole tree from its root', async () => {
    const r = await t.api('GET', '/api/admin/binary-tree?depth=3', { cookie: admin });
    expect(r.status).toBe(200);
    expect(r.body.path).toHaveLength(1);
    const deep = await t.api('GET', `/api/admin/binary-tree?rootId=${chain[6].id}`, { cookie: admin });
    expect(deep.status).toBe(200);
    expect(deep.body.id).toBe(chain[6].id);
    expect(deep.body.pathOmitted + deep.body.path.length).toBeGreaterThan(8);
    expectError(await t.api('GET', '/api/admin/binary-tree', { cookie: memberCookie }), 403);
  });
});

describe('search and the extremes', () => {
  it('finds a member by user ID or by name inside the downline, with the path to it', async () => {
    const target = chain[6];
    const byId = await t.api('GET', `/api/binary-tree/search?q=${target.userId.toLowerCase()}`, { cookie: memberCookie });
    expect(byId.status).toBe(200);
    expect(byId.body).toHaveLength(1);
    expect(byId.body[0]).toMatchObject({ id: target.id, userId: target.userId, name: 'Chainlink Number6', pathOmitted: 0 });
    // From the demo member down to the chain (placed where the left leg had room), then down the chain.
    const path = byId.body[0].path.map((p: { id: string }) => p.id);
    expect(path[0]).toBe(member.id);
    expect(path.slice(-7)).toEqual(chain.map((u) => u.id));
    expect(byId.body[0].levelsBelow).toBe(path.length - 1);
    const byName = await t.api('GET', '/api/binary-tree/search?q=chainlink', { cookie: memberCookie });
    expect(byName.body.map((m: { id: string }) => m.id)).toEqual(chain.map((u) => u.id));
  });

  it('never answers members outside the downline', async () => {
    expect((await t.api('GET', '/api/binary-tree/search?q=chainlink', { cookie: outsider.cookie })).body).toEqual([]);
    expect((await t.api('GET', `/api/binary-tree/search?q=${member.userId}`, { cookie: outsider.cookie })).body).toEqual([]);
    // The admin finds them anywhere.
    expect((await t.api('GET', '/api/admin/binary-tree/search?q=chainlink', { cookie: admin })).body).toHaveLength(7);
    expectError(await t.api('GET', '/api/binary-tree/search?q=c', { cookie: memberCookie }), 400, { message: 'Type at least 2 characters' });
    expectError(await t.api('GET', '/api/binary-tree/search', { cookie: memberCookie }), 400);
  });

  it('in a downline too large to walk, name matches from the index are kept only when they are below the viewer', async () => {
    // What searchTree does past SEARCH_WALK members: the index's matches, each walked up no higher than the viewer.
    const db = t.runtime.ctx.db;
    const below = await nameMatchesBelow(db, { id: chain[2].id, level: chain[2].level }, 'chainlink', 500);
    expect(below.map((m) => m.id)).toEqual(chain.slice(3).map((u) => u.id));
    expect(await nameMatchesBelow(db, { id: outsider.user.id, level: outsider.user.level }, 'chainlink', 500)).toEqual([]);
    // The walk from the top stops at the limit and says whether it saw the whole downline.
    const walked = await nameMatchesInDownline(db, member.id, 'chainlink', 3, 4_000);
    expect(walked.rows).toHaveLength(3);
    expect(walked.complete).toBe(false);
    const small = await nameMatchesInDownline(db, chain[4].id, 'chainlink', 10, 4_000);
    expect(small).toMatchObject({ complete: true });
    expect(small.rows.map((m) => m.id).sort()).toEqual(
      chain
        .slice(5)
        .map((u) => u.id)
        .sort(),
    );
    const cut = await nameMatchesInDownline(db, chain[0].id, 'chainlink', 10, 3);
    expect(cut.complete).toBe(false);
  });

  it('the extreme left is the last member down the left side; outside roots are refused', async () => {
    const r = await t.api('GET', '/api/binary-tree/extreme?side=left', { cookie: memberCookie });
    expect(r.status).toBe(200);
    // Walk the left children from the demo member by hand.
    let at = member;
    let steps = 0;
    while (at.leftChildId) {
      at = (await t.runtime.ctx.db.select().from(users).where(eq(users.id, at.leftChildId)))[0];
      steps++;
    }
    expect(r.body).toMatchObject({ id: at.id, userId: at.userId, side: 'left', levelsBelow: steps });
    const fromChain = await t.api('GET', `/api/binary-tree/extreme?side=left&rootId=${chain[2].id}`, { cookie: memberCookie });
    expect(fromChain.body).toMatchObject({ id: chain[6].id, levelsBelow: 4 });
    const right = await t.api('GET', `/api/binary-tree/extreme?side=right&rootId=${chain[6].id}`, { cookie: memberCookie });
    expect(right.body).toMatchObject({ id: chain[6].id, levelsBelow: 0 });
    expectError(await t.api('GET', `/api/binary-tree/extreme?side=left&rootId=${chain[2].id}`, { cookie: outsider.cookie }), 404);
    expectError(await t.api('GET', '/api/binary-tree/extreme?side=up', { cookie: memberCookie }), 400, { message: 'Choose left or right' });
    expect((await t.api('GET', '/api/admin/binary-tree/extreme?side=right', { cookie: admin })).status).toBe(200);
  });
});
