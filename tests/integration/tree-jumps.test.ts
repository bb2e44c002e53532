import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { uniqueEmail } from '../support/http';
import { expectTreeSound } from '../support/tree';
import { users } from '../../server/db/schema/index';
import { placeMember } from '../../server/modules/tree/tree.service';
import { ancestorsAtLevel, isInDownline, legUnder, scanPlacedMembers, writeCounters } from '../../server/modules/tree/tree.repo';
import { nameMatchesBelow } from '../../server/modules/team/team.repo';
import { recount } from '../../server/modules/tree/recount';
import { TREE_JUMP } from '../../server/modules/tree/jumps';
import type { UserRow } from '../../server/modules/users/users.repo';

/**
 * The jump pointers (ADR 0017): every placed member points at its nearest ancestor on a level that is a multiple of 64,
 * and "is X below me" climbs by them. A chain deeper than two jumps, with a side branch, checks the climb against the
 * parent links at every level, and the recount checks (and repairs) every pointer.
 */
let t: TestApp;
const chain: UserRow[] = [];
let branch: UserRow;
const DEPTH = 2 * TREE_JUMP + 20;

beforeAll(async () => {
  t = await startTestApp();
  const top = (await userByEmail(t, t.demo.member.email))!;
  const db = t.runtime.ctx.db;
  // The chain hangs down the right side of the demo member's extreme right, so nothing else is placed inside it.
  let parent = top;
  while (parent.rightChildId) parent = (await db.select().from(users).where(eq(users.id, parent.rightChildId)))[0];
  for (let i = 0; i < DEPTH; i++) {
    const u = await t.createUser({ email: uniqueEmail('deep'), password: 'Deep#1234567', status: 'active', sponsorId: top.id, firstName: 'Jumpchain', lastName: `N${i}` });
    await db.transaction((tx) => placeMember(tx, u, { startId: parent.id, side: i === 0 ? 'right' : 'left' }, t.clock.now()));
    parent = (await userByEmail(t, u.email))!;
    chain.push(parent);
  }
  // One member on the right of a link deep in the chain: below everything above that link, in its right leg.
  const u = await t.createUser({ email: uniqueEmail('branch'), status: 'active', sponsorId: top.id, firstName: 'Jumpbranch', lastName: 'Side' });
  await db.transaction((tx) => placeMember(tx, u, { startId: chain[TREE_JUMP + 5].id, side: 'right' }, t.clock.now()));
  branch = (await userByEmail(t, u.email))!;
  await t.runtime.settle();
});
afterAll(async () => t?.close());

describe('jump pointers', () => {
  it('each member points at its nearest ancestor on a multiple of 64 levels, as the recount expects', async () => {
    const db = t.runtime.ctx.db;
    const byId = new Map<string, UserRow>();
    for (const u of await db.select().from(users)) byId.set(u.id, u);
    for (const m of [...chain, branch]) {
      let a = byId.get(m.parentId!)!;
      while (a.level % TREE_JUMP !== 0) a = byId.get(a.parentId!)!;
      expect(byId.get(m.id)!.jumpId).toBe(a.id);
    }
    expect(chain.at(-1)!.level - chain[0].level).toBe(DEPTH - 1);
    await expectTreeSound(db, t.runtime.settle);
  });

  it('the climb reaches the same ancestor as the parent links, from every level to every level', async () => {
    const db = t.runtime.ctx.db;
    const bottom = chain.at(-1)!;
    const levels = [0, 1, chain[0].level, TREE_JUMP - 1, TREE_JUMP, TREE_JUMP + 1, 2 * TREE_JUMP, bottom.level - 1, bottom.level];
    for (const level of levels) {
      const want = level >= chain[0].level ? chain[level - chain[0].level] : undefined;
      const [got] = await ancestorsAtLevel(db, [bottom.id], level);
      if (want) expect(got.id).toBe(want.id);
      else expect(got.id).toBeTruthy();
    }
    // Above a member's own level there is nothing to reach.
    expect(await ancestorsAtLevel(db, [chain[3].id], chain[3].level + 1)).toEqual([]);
    for (const [i, a] of chain.entries()) {
      expect(await isInDownline(db, a, bottom.id)).toBe(true);
      expect(await isInDownline(db, bottom, a.id)).toBe(i === chain.length - 1);
      expect(await isInDownline(db, a, branch.id)).toBe(i <= TREE_JUMP + 5);
    }
    expect(await legUnder(db, chain[TREE_JUMP + 5].id, branch.id)).toBe('right');
    expect(await legUnder(db, chain[2].id, branch.id)).toBe('left');
    expect(await legUnder(db, chain[TREE_JUMP + 6].id, branch.id)).toBeNull();
    expect(await legUnder(db, branch.id, chain[2].id)).toBeNull();
  });

  it('the genealogy search finds a member far below by user ID and by name, and nothing outside the downline', async () => {
    const db = t.runtime.ctx.db;
    const top = chain[1];
    const cookie = await t.login(top.email, 'Deep#1234567');
    const bottom = chain.at(-1)!;
    const r = await t.api('GET', `/api/binary-tree/search?q=${bottom.userId}`, { cookie });
    expect(r.body).toMatchObject([{ id: bottom.id, levelsBelow: bottom.level - top.level }]);
    const named = await nameMatchesBelow(db, { id: top.id, level: top.level }, 'jumpbranch', 500);
    expect(named.map((m) => m.id)).toEqual([branch.id]);
    expect(await nameMatchesBelow(db, { id: chain[TREE_JUMP + 6].id, level: chain[TREE_JUMP + 6].level }, 'jumpbranch', 500)).toEqual([]);
    const deepCookie = await t.login(bottom.email, 'Deep#1234567');
    expect((await t.api('GET', `/api/binary-tree/search?q=${top.userId}`, { cookie: deepCookie })).body).toEqual([]);
    const sub = await t.api('GET', `/api/binary-tree?rootId=${bottom.id}&depth=2`, { cookie });
    expect(sub.status).toBe(200);
    expect((await t.api('GET', `/api/binary-tree?rootId=${top.id}&depth=2`, { cookie: deepCookie })).status).toBe(404);
  });

  it('the extreme left or right is the deepest member of one run, from any member of it', async () => {
    const bottom = chain.at(-1)!;
    const top = chain[1];
    const cookie = await t.login(top.email, 'Deep#1234567');
    // The chain goes down the left from chain[1]: its extreme left is the bottom; its extreme right is itself.
    expect((await t.api('GET', '/api/binary-tree/extreme?side=left', { cookie })).body).toMatchObject({ id: bottom.id, levelsBelow: bottom.level - top.level });
    expect((await t.api('GET', '/api/binary-tree/extreme?side=right', { cookie })).body).toMatchObject({ id: top.id, levelsBelow: 0 });
    // From deep inside the run, and from the branch's parent: its right is the branch, a leaf.
    const mid = chain[TREE_JUMP + 5];
    expect((await t.api('GET', `/api/binary-tree/extreme?side=left&rootId=${mid.id}`, { cookie })).body).toMatchObject({ id: bottom.id, levelsBelow: bottom.level - mid.level });
    expect((await t.api('GET', `/api/binary-tree/extreme?side=right&rootId=${mid.id}`, { cookie })).body).toMatchObject({ id: branch.id, levelsBelow: 1 });
    expect((await t.api('GET', `/api/binary-tree/extreme?side=left&rootId=${branch.id}`, { cookie })).body).toMatchObject({ id: branch.id, levelsBelow: 0 });
    // chain[0] is the right child of the demo member's extreme right: its right run ends at chain[0] itself, which
    // the demo member's extreme right reaches.
    const member = (await userByEmail(t, t.demo.member.email))!;
    const memberCookie = await t.login(t.demo.member.email, t.demo.member.password);
    expect((await t.api('GET', '/api/binary-tree/extreme?side=right', { cookie: memberCookie })).body).toMatchObject({ id: chain[0].id, levelsBelow: chain[0].level - member.level });
  });

  it('the repair recount reports a wrong or missing pointer and restores it', async () => {
    const db = t.runtime.ctx.db;
    const m = chain[TREE_JUMP + 10];
    const right = (await db.select({ jumpId: users.jumpId }).from(users).where(eq(users.id, m.id)))[0].jumpId;
    await db.update(users).set({ jumpId: chain[3].id }).where(eq(users.id, m.id));
    await db.update(users).set({ jumpId: null }).where(eq(users.id, chain[5].id));
    await db.update(users).set({ runTop: chain[7].id }).where(eq(users.id, chain[9].id));
    const report = recount(await scanPlacedMembers(db));
    expect(report.differences).toEqual(expect.arrayContaining([{ id: m.id, field: 'jump_id', stored: chain[3].id, expected: right }]));
    expect(report.differences.map((d) => d.id)).toContain(chain[5].id);
    expect(report.differences).toEqual(expect.arrayContaining([{ id: chain[9].id, field: 'run_top', stored: chain[7].id, expected: chain[0].id }]));
    await writeCounters(db, report.fixes);
    await expectTreeSound(db, t.runtime.settle);
  });
});
