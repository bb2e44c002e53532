import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { count, demoCookies, expectError, expectInvalid, uniqueEmail } from '../support/http';
import { expectTreeSound, placeAt } from '../support/tree';
import { FOUNDER_MSG } from '../../contracts/founder';
import { pendingRecruits } from '../../server/db/schema/index';
import type { UserRow } from '../../server/modules/users/users.repo';
import { enterPipeline } from '../../server/modules/recruitment/pipeline.service';
import { repairTree } from '../../server/modules/tree/tree.service';

/**
 * The founder portal's Network Override and Franchise Master Control (issue 16). The tree: the demo founder F at the
 * root; a second founder G placed in F's left leg with member A under G; member B in F's right leg (outside G's tree).
 */
let t: TestApp;
let c: Awaited<ReturnType<typeof demoCookies>>;
let F: UserRow, G: UserRow, A: UserRow, B: UserRow;
let gCookie: string;
const PASSWORD = 'Founder#1234';

const db = () => t.runtime.ctx.db;
/** A recruit waiting for `upline`'s choice of side (as a member's referral registration leaves it). */
async function recruitUnder(upline: UserRow, name = 'Kiran') {
  const user = await t.createUser({ email: uniqueEmail('recruit'), password: PASSWORD, firstName: name, lastName: 'Rao', status: 'pending', sponsorId: upline.id });
  return db().transaction((tx) => enterPipeline(tx, user, { recruiterId: upline.id, uplineId: upline.id, packageAmount: '5000.00' }));
}
const move = (id: string, body: unknown, cookie = gCookie) => t.api('POST', `/api/founder/network-override/${id}`, { cookie, body });
const list = (cookie = gCookie) => t.api('GET', '/api/founder/network-override', { cookie });
const masters = (cookie = gCookie, q?: string) => t.api('GET', `/api/founder/franchises${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`, { cookie });

beforeAll(async () => {
  t = await startTestApp({ config: { dbPoolSize: 12 } });
  c = await demoCookies(t);
  F = (await userByEmail(t, t.demo.founder.email))!;
  G = await placeAt(t, await t.createUser({ email: uniqueEmail('founder2'), password: PASSWORD, firstName: 'Gauri', lastName: 'Founder', role: 'founder', sponsorId: F.id }), F.id, 'left');
  A = await placeAt(t, await t.createUser({ email: uniqueEmail('a'), password: PASSWORD, firstName: 'Asha', lastName: 'Under', sponsorId: G.id }), G.id, 'left');
  B = await placeAt(t, await t.createUser({ email: uniqueEmail('b'), password: PASSWORD, firstName: 'Bharat', lastName: 'Right', sponsorId: F.id }), F.id, 'right');
  gCookie = await t.sessionOf(G.id);
});
afterAll(async () => t?.close());

describe("Network Override: a recruit awaiting placement moved to a free slot of the founder's own tree", () => {
  it("lists only the founder's own tree's recruits; moves one; notifies, audits; approval places it there; the recount is clean", async () => {
    const mine = await recruitUnder(A, 'Mine');
    const theirs = await recruitUnder(B, 'Theirs');
    const g = await list();
    expect(g.status).toBe(200);
    const ids = g.body.recruits.map((r: { id: string }) => r.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(g.body.recruits.find((r: { id: string }) => r.id === mine.id)).toMatchObject({ status: 'awaiting_upline', parent: null, side: null, overridden: false, recruiter: { userId: A.userId } });
    // The root founder sees both.
    const f = await list(c.founder);
    expect(f.body.recruits.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));

    const moved = await move(mine.id, { parentUserId: A.userId.toLowerCase(), side: 'right' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({
      message: FOUNDER_MSG.moved,
      recruit: { id: mine.id, status: 'awaiting_admin', placementType: 'strategic', parent: { id: A.id, userId: A.userId }, side: 'right', overridden: true },
    });
    const [row] = await db().select().from(pendingRecruits).where(eq(pendingRecruits.id, mine.id));
    expect(row).toMatchObject({ placementType: 'strategic', placementParentId: A.id, position: 'right', status: 'awaiting_admin' });
    expect(await count(t, 'audit_log', sql`entity_id = ${mine.id} and action = 'founder.network_override' and actor_id = ${G.id}::uuid`)).toBe(1);
    expect(await count(t, 'notifications', sql`user_id = ${A.id}::uuid and type = 'placement_overridden' and data->>'pendingRecruitId' = ${mine.id}`)).toBe(1);
    expect(await count(t, 'notifications', sql`type = 'recruit_awaiting_admin' and data->>'pendingRecruitId' = ${mine.id}`)).toBeGreaterThan(0);
    // The upline no longer decides it.
    expectError(await t.api('POST', `/api/upline/pending-recruits/${mine.id}/decide`, { cookie: await t.sessionOf(A.id), body: { decision: 'approved', position: 'left' } }), 409);

    const approved = await t.api('POST', `/api/admin/pending-recruits/${mine.id}/approve`, { cookie: c.admin, body: { packageAmount: '5000', kycDecision: { status: 'pending' } } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.placement).toEqual({ parentId: A.id, side: 'right' });
    const report = await expectTreeSound(db(), () => t.settle());
    expect(report.members).toBeGreaterThan(4);
    // The repair command's recount (npm run tree:repair) finds nothing to fix either.
    const repair = await repairTree(db(), false, t.clock.now());
    expect(repair.problems).toEqual([]);
    expect(repair.fixes).toEqual([]);
    // Placed now: no longer offered, and refused.
    expect((await list()).body.recruits.map((r: { id: string }) => r.id)).not.toContain(mine.id);
    expectError(await move(mine.id, { parentUserId: A.userId, side: 'left' }), 409, { code: 'INVALID_STATE', message: FOUNDER_MSG.recruitFinished });
  });

  it("refuses bad input, a slot outside the tree, a taken or promised slot, another founder's recruit, and other roles", async () => {
    const r = await recruitUnder(A, 'Second');
    const other = await recruitUnder(B, 'Other');
    expectInvalid(await move(r.id, { parentUserId: ' ', side: 'left' }), FOUNDER_MSG.parentRequired, 'parentUserId');
    expectInvalid(await move(r.id, { parentUserId: A.userId, side: 'up' }), FOUNDER_MSG.sideRequired, 'side');
    expectError(await move('not-a-uuid', { parentUserId: A.userId, side: 'left' }), 400);
    expectInvalid(await move(r.id, { parentUserId: 'MB9999999', side: 'left' }), FOUNDER_MSG.parentUnknown, 'parentUserId');
    // B is in F's right leg: outside G's downline.
    expectInvalid(await move(r.id, { parentUserId: B.userId, side: 'left' }), FOUNDER_MSG.parentOutside, 'parentUserId');
    // F (G's own upline) is not in G's downline either.
    expectInvalid(await move(r.id, { parentUserId: F.userId, side: 'left' }), FOUNDER_MSG.parentOutside, 'parentUserId');
    // G's left is A: taken.
    expectError(await move(r.id, { parentUserId: G.userId, side: 'left' }), 409, { message: FOUNDER_MSG.slotTaken });
    // Another founder's recruit: not found for G; a recruit id that does not exist likewise.
    expectError(await move(other.id, { parentUserId: A.userId, side: 'left' }), 404, { message: FOUNDER_MSG.recruitNotFound });
    expectError(await move('00000000-0000-4000-8000-000000000000', { parentUserId: A.userId, side: 'left' }), 404);
    // Promised: once one recruit is aimed at A's left, a second may not be.
    expect((await move(r.id, { parentUserId: A.userId, side: 'left' })).status).toBe(200);
    const third = await recruitUnder(A, 'Third');
    expectError(await move(third.id, { parentUserId: A.userId, side: 'left' }), 409, { message: FOUNDER_MSG.slotReserved });
    // Moving the same recruit again (to another free slot) is fine.
    expect((await move(r.id, { parentUserId: G.userId, side: 'right' })).status).toBe(200);
    // Roles.
    for (const cookie of [c.member, c.admin]) {
      expectError(await move(r.id, { parentUserId: A.userId, side: 'left' }, cookie), 403);
      expectError(await list(cookie), 403);
    }
    expect(await count(t, 'audit_log', sql`entity_id = ${r.id} and action = 'founder.network_override'`)).toBe(2);
    await expectTreeSound(db(), () => t.settle());
  });
});

describe('Franchise Master Control', () => {
  let products: { id: string; price: string }[];
  beforeAll(async () => {
    products = ((await t.api('GET', '/api/products', { cookie: c.member })).body as { id: string; price: string }[]).slice(0, 2);
  });

  async function holder(under: UserRow, role: 'basic_franchise' | 'mini_franchise', first: string) {
    const u = await placeAt(t, await t.createUser({ email: uniqueEmail('holder'), password: PASSWORD, firstName: first, lastName: 'Stores', role, sponsorId: under.id }), under.id, 'left');
    return { user: u, cookie: await t.sessionOf(u.id) };
  }
  async function stockUp(cookie: string, productId: string, quantity: number) {
    const id = (await t.api('POST', '/api/franchise/stock-requests', { cookie, body: { items: [{ productId, quantity }] } })).body.request.id;
    await t.api('POST', `/api/admin/stock-requests/${id}/approve`, { cookie: c.admin, body: {} });
    await t.api('POST', `/api/admin/stock-requests/${id}/dispatch`, { cookie: c.admin, body: {} });
    expect((await t.api('POST', `/api/franchise/stock-requests/${id}/receive`, { cookie })).status).toBe(200);
  }

  it("shows the founder's own downline's franchise holders with stock, sales and open requests; search; not another founder's; founder only", async () => {
    const mine = await holder(A, 'basic_franchise', 'Meera');
    const theirs = await holder(B, 'mini_franchise', 'Farhan');
    await t.createUser({ email: uniqueEmail('unplaced'), password: PASSWORD, firstName: 'Nowhere', lastName: 'Stores', role: 'basic_franchise' });
    await stockUp(mine.cookie, products[0].id, 10);
    await stockUp(mine.cookie, products[1].id, 4);
    // One request still open.
    expect((await t.api('POST', '/api/franchise/stock-requests', { cookie: mine.cookie, body: { items: [{ productId: products[0].id, quantity: 2 }] } })).status).toBe(201);
    const customer = await t.api('POST', '/api/franchise/customers', { cookie: mine.cookie, body: { name: 'Retail Buyer', mobile: '9812345670' } });
    expect(customer.status, JSON.stringify(customer.body)).toBe(201);
    const sale = await t.api('POST', '/api/franchise/local-sales', {
      cookie: mine.cookie,
      body: { buyer: 'customer', customerId: customer.body.customer.id, paymentMethod: 'cash', items: [{ productId: products[0].id, quantity: 3 }] },
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const value = sale.body.sales[0].totalAmount as string;

    const g = await masters();
    expect(g.status).toBe(200);
    expect(g.body.franchises).toHaveLength(1);
    expect(g.body.franchises[0]).toEqual({
      id: mine.user.id,
      userId: mine.user.userId,
      name: 'Meera Stores',
      email: mine.user.email,
      role: 'basic_franchise',
      status: mine.user.status,
      stockProducts: 2,
      stockUnits: 11,
      salesMonthCount: 1,
      salesMonthValue: value,
      salesTotalCount: 1,
      salesTotalValue: value,
      openStockRequests: 1,
    });
    expect(g.body.totals).toEqual({ holders: 1, stockUnits: 11, salesMonthValue: value, salesTotalValue: value, openStockRequests: 1 });

    // The root founder sees both placed holders, never the unplaced one.
    const f = await masters(c.founder);
    const userIds = f.body.franchises.map((x: { userId: string }) => x.userId);
    expect(userIds).toEqual(expect.arrayContaining([mine.user.userId, theirs.user.userId]));
    expect(f.body.franchises.some((x: { name: string }) => x.name.startsWith('Nowhere'))).toBe(false);

    // Search by name, user ID or email; another founder's holder is not found by G even by its user ID.
    expect((await masters(gCookie, 'meera')).body.franchises).toHaveLength(1);
    expect((await masters(gCookie, mine.user.userId.toLowerCase())).body.franchises).toHaveLength(1);
    expect((await masters(gCookie, 'nobody-like-this')).body.franchises).toHaveLength(0);
    expect((await masters(gCookie, theirs.user.userId)).body.franchises).toHaveLength(0);
    expect((await masters(gCookie, '100%_')).status).toBe(200);
    expectError(await masters(gCookie, 'x'.repeat(61)), 400);

    // Next month: the month's figures start again, the totals stay.
    t.clock.advance(32 * 86_400_000);
    const later = (await masters(await t.sessionOf(G.id))).body.franchises[0];
    expect(later).toMatchObject({ salesMonthCount: 0, salesMonthValue: '0.00', salesTotalCount: 1, salesTotalValue: value });

    for (const id of [B.id, (await userByEmail(t, t.demo.admin.email))!.id, mine.user.id]) expectError(await masters(await t.sessionOf(id)), 403);
  });
});
