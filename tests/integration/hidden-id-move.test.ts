import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { userByEmail, type TestApp } from '../support/test-app';
import { startWithDemoCookies, type DemoCookies } from '../support/start';
import { count, expectError, query, uniqueEmail } from '../support/http';
import { expectTreeSound } from '../support/tree';
import { FOUNDER_MSG } from '../../contracts/founder';
import { memberVolume, users } from '../../server/db/schema/index';
import { placeMember } from '../../server/modules/tree/tree.service';
import { insertVolumeEvent } from '../../server/modules/volume/volume.repo';

/**
 * Network Override of a hidden ID (issue 16, ADR 0018): a founder's hidden ID without a downline or volume moves to a
 * free slot of the founder's downline; every counter of both paths stays equal to a recount, and the journal applier
 * walks the new path afterwards (its copy of the parent links takes the move in).
 */
let t: TestApp;
let c: DemoCookies;
const db = () => t.runtime.ctx.db;
const move = (id: string, body: unknown, cookie = c.founder) => t.api('POST', `/api/founder/network-override/hidden-ids/${id}`, { cookie, body });

async function hiddenId(side: 'left' | 'right') {
  const email = uniqueEmail('hidden');
  const r = await t.api('POST', '/api/founder/create-hidden-id', { cookie: c.founder, body: { email, firstName: 'Hidden', lastName: 'Move', placementSide: side } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return (await userByEmail(t, email))!;
}
/** A placed member in one of the founder's legs with a free right side (none of `not`). */
async function freeSlotIn(leg: 'left' | 'right', not: string[]) {
  const founder = (await userByEmail(t, t.demo.founder.email))!;
  const top = leg === 'left' ? founder.leftChildId! : founder.rightChildId!;
  const [row] = await query<{ user_id: string; id: string }>(
    t,
    sql`with recursive down(id) as (select ${top}::uuid union all select u.id from down join users u on u.parent_id = down.id)
    select u.user_id, u.id::text from down join users u on u.id = down.id
    where u.right_child_id is null and not (u.id = any(${`{${not.join(',')}}`}::uuid[])) order by u.level, u.user_id limit 1`,
  );
  return row;
}

beforeAll(async () => ({ t, c } = await startWithDemoCookies()));
afterAll(async () => t?.close());

describe('Network Override of a hidden ID', () => {
  it('lists the hidden IDs with whether each can move; moves one to the other leg; every counter equals a recount; audited', async () => {
    const h = await hiddenId('left');
    const list = await t.api('GET', '/api/founder/network-override', { cookie: c.founder });
    expect(list.status).toBe(200);
    expect(list.body.hiddenIds.find((x: { id: string }) => x.id === h.id)).toMatchObject({ userId: h.userId, movable: true, reason: null, side: h.position });
    const target = await freeSlotIn('right', [h.id]);
    const before = await count(t, 'tree_moves');
    const r = await move(h.id, { parentUserId: target.user_id, side: 'right' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ message: FOUNDER_MSG.hiddenIdMoved, hiddenId: { id: h.id, parent: { userId: target.user_id }, side: 'right', movable: true } });
    const [after] = await db().select().from(users).where(eq(users.id, h.id));
    expect(after).toMatchObject({ parentId: target.id, position: 'right' });
    const [oldParent] = await db().select().from(users).where(eq(users.id, h.parentId!));
    expect(h.position === 'left' ? oldParent.leftChildId : oldParent.rightChildId).toBeNull();
    expect(await count(t, 'tree_moves')).toBe(before + 1);
    expect(await count(t, 'audit_log', sql`action = 'founder.hidden_id_move' and entity_id = ${h.id}`)).toBe(1);
    // Counts per leg, active counts, the sponsor's directs per leg, depth below, open depth, levels and jumps.
    await expectTreeSound(db(), t.runtime.settle);
  });

  it('afterwards the journal walks the new path: a member placed below the moved ID is counted where it now is', async () => {
    const h = await hiddenId('left');
    // The applier's copy of the links has the ID's old slot (its placement was applied above).
    const target = await freeSlotIn('right', [h.id]);
    expect((await move(h.id, { parentUserId: target.user_id, side: 'right' })).status).toBe(200);
    const u = await t.createUser({ email: uniqueEmail('below'), status: 'active', sponsorId: h.id });
    await db().transaction((tx) => placeMember(tx, u, { startId: h.id, side: 'left' }, t.clock.now()));
    await expectTreeSound(db(), t.runtime.settle);
    // With a member below it, the ID keeps its slot now.
    const again = await freeSlotIn('left', [h.id, u.id]);
    expectError(await move(h.id, { parentUserId: again.user_id, side: 'right' }), 409, { message: FOUNDER_MSG.hasDownline });
    const listed = (await t.api('GET', '/api/founder/network-override', { cookie: c.founder })).body.hiddenIds.find((x: { id: string }) => x.id === h.id);
    expect(listed).toMatchObject({ movable: false, reason: FOUNDER_MSG.hasDownline });
  });

  it('refuses an ID with volume, one whose entries are still being counted, taken or promised slots, bad input, and changes nothing', async () => {
    const h = await hiddenId('right');
    const target = await freeSlotIn('left', [h.id]);
    await db().update(memberVolume).set({ totalBV: '100.00' }).where(eq(memberVolume.memberId, h.id));
    expectError(await move(h.id, { parentUserId: target.user_id, side: 'right' }), 409, { message: FOUNDER_MSG.hasVolume });
    await db().update(memberVolume).set({ totalBV: '0' }).where(eq(memberVolume.memberId, h.id));

    // A journal entry of the ID not applied yet (a no-op one here): the move waits for it.
    await insertVolumeEvent(db(), { kind: 'activity', memberId: h.id, dActive: 0, occurredAt: t.clock.now() });
    expectError(await move(h.id, { parentUserId: target.user_id, side: 'right' }), 409, { message: FOUNDER_MSG.stillCounting });

    const taken = (await userByEmail(t, t.demo.founder.email))!;
    expectError(await move(h.id, { parentUserId: taken.userId, side: 'left' }), 409, { message: FOUNDER_MSG.slotTaken });
    expectError(await move(h.id, { parentUserId: 'MB0000000', side: 'left' }), 400, { field: 'parentUserId', message: FOUNDER_MSG.parentUnknown });
    expectError(await move(h.id, { parentUserId: h.userId, side: 'left' }), 400, { field: 'parentUserId', message: FOUNDER_MSG.ownSlot });
    expectError(await move(h.id, { parentUserId: target.user_id, side: 'up' }), 400, { field: 'side' });
    expectError(await move(h.id, { side: 'left' }), 400, { field: 'parentUserId' });
    expectError(await move('not-a-uuid', { parentUserId: target.user_id, side: 'right' }), 400);
    expectError(await move('00000000-0000-4000-8000-000000000000', { parentUserId: target.user_id, side: 'right' }), 404, { message: FOUNDER_MSG.hiddenIdNotFound });
    // A member who is not a hidden ID of this founder is not found.
    const member = (await userByEmail(t, t.demo.member.email))!;
    expectError(await move(member.id, { parentUserId: target.user_id, side: 'right' }), 404, { message: FOUNDER_MSG.hiddenIdNotFound });
    const [still] = await db().select().from(users).where(eq(users.id, h.id));
    expect(still).toMatchObject({ parentId: h.parentId, position: h.position });
    await expectTreeSound(db(), t.runtime.settle);
  });

  it('is for founders, and only within their own downline', async () => {
    const h = await hiddenId('left');
    const target = await freeSlotIn('right', [h.id]);
    expectError(await move(h.id, { parentUserId: target.user_id, side: 'right' }, c.member), 403);
    expectError(await move(h.id, { parentUserId: target.user_id, side: 'right' }, c.admin), 403);
    expectError(await t.api('POST', `/api/founder/network-override/hidden-ids/${h.id}`, { body: { parentUserId: target.user_id, side: 'right' } }), 401);
    // A second founder placed in the tree: the first founder's hidden ID is not theirs, and a slot outside their own
    // downline is refused for their own hidden ID.
    const founder = (await userByEmail(t, t.demo.founder.email))!;
    const g = await t.createUser({ email: uniqueEmail('founder2'), password: 'Founder#1234', firstName: 'Gauri', lastName: 'Founder', role: 'founder', sponsorId: founder.id });
    await db().transaction((tx) => placeMember(tx, g, { startId: founder.id, side: 'left' }, t.clock.now()));
    const gCookie = await t.sessionOf(g.id);
    expectError(await move(h.id, { parentUserId: target.user_id, side: 'right' }, gCookie), 404, { message: FOUNDER_MSG.hiddenIdNotFound });
    const email = uniqueEmail('ghidden');
    expect((await t.api('POST', '/api/founder/create-hidden-id', { cookie: gCookie, body: { email, firstName: 'Gauri', lastName: 'Hidden', placementSide: 'left' } })).status).toBe(201);
    const gh = (await userByEmail(t, email))!;
    expect((await t.api('GET', '/api/founder/network-override', { cookie: gCookie })).body.hiddenIds.map((x: { id: string }) => x.id)).toEqual([gh.id]);
    expectError(await move(gh.id, { parentUserId: target.user_id, side: 'right' }, gCookie), 400, { field: 'parentUserId', message: FOUNDER_MSG.parentOutside });
    await expectTreeSound(db(), t.runtime.settle);
  });
});
