import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { userByEmail, volumeByEmail, type TestApp } from '../support/test-app';
import { startWithDemoCookies, type DemoCookies } from '../support/start';
import { expectError, expectInvalid, query, uniqueEmail } from '../support/http';
import { expectTreeSound } from '../support/tree';
import { fundedMember, expectLedgerSound } from '../support/money';
import { COMMERCE_MSG, RANK_REQUIREMENTS } from '../../contracts/commerce';
import { orderTotals } from '../../server/lib/money';
import { placeMember } from '../../server/modules/tree/tree.service';
import { notifications, products, rankAchievements, users, memberVolume } from '../../server/db/schema/index';
import type { UserRow } from '../../server/modules/users/users.repo';

let t: TestApp;
let c: DemoCookies;
beforeAll(async () => ({ t, c } = await startWithDemoCookies()));
afterAll(() => t?.close());
const db = () => t.runtime.ctx.db;

async function newProduct(body: Record<string, unknown> = {}) {
  const r = await t.api('POST', '/api/admin/products', {
    cookie: c.admin,
    body: { name: `Test Fan ${Date.now()}`, description: 'A fan', price: '1000.00', bv: '500', gst: '18', category: 'ceiling_fan', purchaseType: 'first_purchase', ...body },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; price: string };
}
const buy = (cookie: string, productId: string, quantity: number | string, paymentMethod = 'wallet', headers: Record<string, string> = {}) =>
  t.api('POST', '/api/purchases', {
    cookie,
    headers,
    body: { productId, quantity, paymentMethod, deliveryAddress: '12 Residency Road, Camp, Pune', deliveryState: 'Maharashtra', deliveryPincode: '411001' },
  });

describe('totals (decisions.md §5)', () => {
  it('price x quantity plus GST, rounded half-up to 2 decimals, exact', () => {
    expect(orderTotals('14999.00', '18.00', '5000.00', 1)).toEqual({ subtotal: '14999.00', gst: '2699.82', total: '17698.82', bv: '5000.00' });
    expect(orderTotals('0.05', '10.00', '1.00', 1)).toMatchObject({ gst: '0.01', total: '0.06' }); // 0.005 rounds up
    expect(orderTotals('0.04', '10.00', '1.00', 1)).toMatchObject({ gst: '0.00', total: '0.04' });
    expect(orderTotals('333.33', '12.50', '0.10', 3)).toEqual({ subtotal: '999.99', gst: '125.00', total: '1124.99', bv: '0.30' });
  });
});

describe('products', () => {
  it('admins create, edit and deactivate; members see only active products, filtered', async () => {
    const p = await newProduct({ purchaseType: 'second_purchase', category: 'led_tv' });
    const list = await t.api('GET', '/api/products?purchaseType=second_purchase&category=led_tv', { cookie: c.member });
    expect(list.body.some((x: { id: string }) => x.id === p.id)).toBe(true);
    expect(list.body.every((x: { purchaseType: string; category: string }) => x.purchaseType === 'second_purchase' && x.category === 'led_tv')).toBe(true);
    const off = await t.api('PATCH', `/api/admin/products/${p.id}`, { cookie: c.admin, body: { isActive: false } });
    expect(off.body.isActive).toBe(false);
    expect((await t.api('GET', '/api/products', { cookie: c.member })).body.some((x: { id: string }) => x.id === p.id)).toBe(false);
    expectError(await buy(c.member, p.id, 1, 'upi'), 400, { message: COMMERCE_MSG.productUnavailable });
    const admins = await t.api('GET', '/api/admin/products', { cookie: c.admin });
    expect(admins.body.find((x: { id: string }) => x.id === p.id)).toMatchObject({ isActive: false, purchaseCount: 0 });
    const audit = await query<{ n: number }>(t, sql`select count(*)::int as n from audit_log where entity_id = ${p.id} and action in ('product.create', 'product.deactivate')`);
    expect(Number(audit[0].n)).toBe(2);
  });

  it("refuses bad products with the document's rules", async () => {
    const post = (body: Record<string, unknown>) =>
      t.api('POST', '/api/admin/products', { cookie: c.admin, body: { name: 'X', price: '1', bv: '1', gst: '0', category: 'others', purchaseType: 'first_purchase', ...body } });
    expectInvalid(await post({ name: ' ' }), COMMERCE_MSG.productNameRequired, 'name');
    expectInvalid(await post({ price: '0' }), COMMERCE_MSG.priceInvalid, 'price');
    expectInvalid(await post({ price: '-5' }), COMMERCE_MSG.priceInvalid, 'price');
    expectInvalid(await post({ bv: '0' }), COMMERCE_MSG.bvInvalid, 'bv');
    expectInvalid(await post({ gst: '-1' }), COMMERCE_MSG.gstInvalid, 'gst');
    expectInvalid(await post({ price: '1.005' }), COMMERCE_MSG.priceInvalid, 'price');
    expectError(await post({ category: 'cars' }), 400, { field: 'category' });
    expect((await post({})).status).toBe(201);
    expectError(await t.api('POST', '/api/admin/products', { cookie: c.member, body: {} }), 403);
    expectError(await t.api('PATCH', '/api/admin/products/00000000-0000-0000-0000-000000000000', { cookie: c.admin, body: { isActive: false } }), 404);
  });
});

describe('purchases', () => {
  it('wallet payment completes at once, debits the wallet and credits BV; other methods wait for the admin', async () => {
    const m = await fundedMember(t, c.admin, '5000');
    const p = await newProduct();
    const ok = await buy(m.cookie, p.id, 2);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.message).toBe(COMMERCE_MSG.purchaseSuccess);
    expect(ok.body.purchase).toMatchObject({ quantity: 2, totalAmount: '2360.00', totalBV: '1000.00', paymentStatus: 'completed', paymentMethod: 'wallet' });
    expect((await t.api('GET', '/api/wallet', { cookie: m.cookie })).body.balance).toBe('2640.00');
    expect((await volumeByEmail(t, m.user.email)).totalBV).toBe('1000.00');
    expectError(await buy(m.cookie, p.id, 3), 400, { code: 'INSUFFICIENT_FUNDS' });
    const upi = await buy(m.cookie, p.id, 3, 'upi');
    expect(upi.body.purchase).toMatchObject({ paymentStatus: 'pending', totalAmount: '3540.00' });
    expect((await volumeByEmail(t, m.user.email)).totalBV).toBe('1000.00');
    const mine = await t.api('GET', '/api/purchases', { cookie: m.cookie });
    expect(mine.body.map((x: { id: string }) => x.id)).toEqual([upi.body.purchase.id, ok.body.purchase.id]);
    expect((await t.api('GET', '/api/purchases', { cookie: c.member })).body.some((x: { id: string }) => x.id === upi.body.purchase.id)).toBe(false);

    const patch = (body: unknown) => t.api('PATCH', `/api/admin/purchases/${upi.body.purchase.id}`, { cookie: c.admin, body });
    expectError(await patch({ deliveryStatus: 'teleported' }), 400, { field: 'deliveryStatus' });
    expectError(await patch({}), 400);
    const paid = await patch({ paymentStatus: 'completed', deliveryStatus: 'shipped', trackingId: 'TRK123' });
    expect(paid.body.purchase).toMatchObject({ paymentStatus: 'completed', deliveryStatus: 'shipped', trackingId: 'TRK123' });
    expect((await volumeByEmail(t, m.user.email)).totalBV).toBe('2500.00');
    expectError(await patch({ paymentStatus: 'failed' }), 409, { message: COMMERCE_MSG.paymentFinal });
    expectError(await patch({ deliveryStatus: 'pending' }), 409);
    expect((await patch({ paymentStatus: 'completed' })).status).toBe(200); // no change, BV not credited twice
    expect((await volumeByEmail(t, m.user.email)).totalBV).toBe('2500.00');
    const orders = await t.api('GET', '/api/admin/purchases?paymentStatus=completed', { cookie: c.admin });
    expect(orders.body.items.some((x: { id: string }) => x.id === upi.body.purchase.id)).toBe(true);
    const told = await db().select().from(notifications).where(eq(notifications.userId, m.user.id));
    expect(told.some((n) => n.type === 'order_updated')).toBe(true);
    await expectLedgerSound(t, m.user.id);
  });

  it('refuses bad purchases', async () => {
    const p = await newProduct();
    expectInvalid(await buy(c.member, p.id, 0, 'upi'), COMMERCE_MSG.quantityInvalid, 'quantity');
    expectInvalid(await buy(c.member, p.id, 1.5, 'upi'), COMMERCE_MSG.quantityInvalid, 'quantity');
    expectInvalid(await buy(c.member, p.id, 'abc', 'upi'), COMMERCE_MSG.quantityInvalid, 'quantity');
    expectInvalid(await buy(c.member, p.id, 1, 'cheque'), COMMERCE_MSG.paymentMethodRequired, 'paymentMethod');
    expectInvalid(
      await t.api('POST', '/api/purchases', {
        cookie: c.member,
        body: { productId: p.id, quantity: 1, paymentMethod: 'upi', deliveryAddress: 'short', deliveryState: 'Maharashtra', deliveryPincode: '411001' },
      }),
      COMMERCE_MSG.deliveryAddressShort,
      'deliveryAddress',
    );
    expectInvalid(await buy(c.member, 'nope', 1, 'upi'), COMMERCE_MSG.productRequired, 'productId');
    expectError(await buy(c.member, '00000000-0000-0000-0000-000000000000', 1, 'upi'), 400, { message: COMMERCE_MSG.productUnavailable });
    expectError(await buy(c.admin, p.id, 1, 'upi'), 403);
    expectError(await buy(c.pending, p.id, 1, 'upi'), 403);
    expectError(await t.api('GET', '/api/admin/purchases', { cookie: c.member }), 403);
  });
});

describe('BV and ranks', () => {
  it('a purchase at depth d adds its BV to exactly the right leg of all d ancestors', async () => {
    const founder = (await userByEmail(t, t.demo.founder.email))!;
    // A zig-zag chain of 25 below the founder's right leg: each member on alternating sides of the last.
    let parent: UserRow = founder;
    const chain: UserRow[] = [];
    for (let i = 0; i < 25; i++) {
      const u = await t.createUser({ email: uniqueEmail(`d${i}`), sponsorId: parent.id });
      await db().transaction((tx) => placeMember(tx, u, { startId: parent.id, side: i % 2 ? 'left' : 'right' }, new Date()));
      parent = (await userByEmail(t, u.email))!;
      chain.push(parent);
    }
    const buyer = await fundedMember(t, c.admin, '100000', { sponsorId: parent.id });
    await db().transaction((tx) => placeMember(tx, buyer.user, { startId: parent.id, side: 'left' }, new Date()));
    const everyone = async () =>
      new Map(
        (
          await db()
            .select({ id: users.id, l: memberVolume.leftBV, r: memberVolume.rightBV, parentId: users.parentId, position: users.position })
            .from(users)
            .innerJoin(memberVolume, eq(memberVolume.memberId, users.id))
        ).map((u) => [u.id, u]),
      );
    const before = await everyone();
    const p = await newProduct({ bv: '123.45' });
    expect((await buy(buyer.cookie, p.id, 2)).status).toBe(201);
    const after = await everyone();
    // Expected: walk up from the buyer; each ancestor gains on the side of the child it came through.
    const expected = new Map<string, 'l' | 'r'>();
    let cur = after.get(buyer.user.id)!;
    while (cur.parentId) {
      expected.set(cur.parentId, cur.position === 'left' ? 'l' : 'r');
      cur = after.get(cur.parentId)!;
    }
    expect(expected.size).toBe((await userByEmail(t, buyer.user.email))!.level);
    for (const [id, now] of after) {
      const was = before.get(id);
      if (!was) continue;
      const side = expected.get(id);
      const dl = Math.round((Number(now.l) - Number(was.l)) * 100);
      const dr = Math.round((Number(now.r) - Number(was.r)) * 100);
      expect([dl, dr], id).toEqual(side === 'l' ? [24690, 0] : side === 'r' ? [0, 24690] : [0, 0]);
    }
    await expectTreeSound(db(), t.settle);
  });

  it('a rank is reached exactly when all four requirements of the table are met, and never goes down', async () => {
    const bronze = RANK_REQUIREMENTS['Bronze Star'];
    const founder = (await userByEmail(t, t.demo.founder.email))!;
    const leader = await t.createUser({ email: uniqueEmail('leader'), sponsorId: founder.id });
    await db().transaction((tx) => placeMember(tx, leader, { startId: founder.id, side: 'left' }, new Date()));
    const left = await fundedMember(t, c.admin, '100000', { sponsorId: leader.id });
    const right = await fundedMember(t, c.admin, '100000', { sponsorId: leader.id });
    await db().transaction((tx) => placeMember(tx, left.user, { startId: leader.id, side: 'left' }, new Date()));
    await db().transaction((tx) => placeMember(tx, right.user, { startId: leader.id, side: 'right' }, new Date()));
    const rank = async () => (await userByEmail(t, leader.email))!.currentRank;
    const half = await newProduct({ price: '10', bv: String(bronze.leftBV - 0.01), gst: '0' });
    const cent = await newProduct({ price: '1', bv: '0.01', gst: '0' });
    const rightFull = await newProduct({ price: '10', bv: String(bronze.rightBV), gst: '0' });
    await buy(left.cookie, half.id, 1);
    await buy(right.cookie, rightFull.id, 1);
    expect(await rank()).toBe('Executive'); // left 4999.99 < 5000
    await buy(left.cookie, cent.id, 1);
    expect(await rank()).toBe('Bronze Star');
    const ach = await db().select().from(rankAchievements).where(eq(rankAchievements.userId, leader.id));
    expect(ach).toHaveLength(1);
    expect(ach[0]).toMatchObject({ rank: 'Bronze Star', teamBV: '10000.00', leftBV: '5000.00', rightBV: '5000.00' });
    const told = await db().select().from(notifications).where(eq(notifications.userId, leader.id));
    expect(told.some((n) => n.type === 'rank_achieved')).toBe(true);
    // Never down: blocking a direct recruit does not take the rank away.
    await t.api('PATCH', `/api/admin/users/${left.user.id}/status`, { cookie: c.admin, body: { status: 'inactive' } });
    expect(await rank()).toBe('Bronze Star');
    const leaderCookie = await (async () => {
      await db()
        .update(users)
        .set({ password: (await userByEmail(t, left.user.email))!.password })
        .where(eq(users.id, leader.id));
      return t.login(leader.email, 'Wallet#123');
    })();
    const stats = await t.api('GET', '/api/team/stats', { cookie: leaderCookie });
    expect(stats.body.rank).toMatchObject({ current: 'Bronze Star', next: 'Gold Star', atTop: false });
    expect(stats.body.rank.requirements.directRecruits).toMatchObject({ have: '2', need: '4', percent: 50 });
    expect(stats.body.rank.requirements.teamBV).toMatchObject({ have: '10000.00', need: '25000.00', percent: 40 });
    expect(stats.body.rank.progress).toBe(42.5); // (40 + 40 + 40 + 50) / 4
    expect(stats.body).toMatchObject({ teamBV: '10000.00', leftBV: '5000.00', rightBV: '5000.00' });
  });
});

describe('product edits', () => {
  it('a blank description or image URL clears it', async () => {
    const p = await newProduct({ imageUrl: 'https://cdn.example.com/fan.png' });
    const cleared = await t.api('PATCH', `/api/admin/products/${p.id}`, { cookie: c.admin, body: { description: '', imageUrl: '' } });
    expect(cleared.body).toMatchObject({ description: null, imageUrl: null });
    expectError(await t.api('PATCH', `/api/admin/products/${p.id}`, { cookie: c.admin, body: { imageUrl: 'javascript:alert(1)' } }), 400, { field: 'imageUrl' });
    expectError(await t.api('PATCH', `/api/admin/products/${p.id}`, { cookie: c.admin, body: {} }), 400);
  });
});

describe('the product copy a purchase is priced from', () => {
  it('a price changed behind this process (another app process, an edit) is charged at the new price, never the copied one', async () => {
    const p = await newProduct({ price: '1000.00', gst: '0', bv: '100' });
    const m = await fundedMember(t, c.admin, '10000.00');
    expect((await buy(m.cookie, p.id, 1)).body.purchase.totalAmount).toBe('1000.00'); // this process now holds a copy
    // Another process changes the product: the copy here is stale for up to 5 s.
    await db().update(products).set({ price: '1500.00', bv: '150' }).where(eq(products.id, p.id));
    const r = await buy(m.cookie, p.id, 1);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.purchase).toMatchObject({ totalAmount: '1500.00', totalBV: '150.00', unitPrice: '1500.00' });
    expect((await t.api('GET', '/api/wallet', { cookie: m.cookie })).body.balance).toBe('7500.00');
    // Deactivated behind it: refused, nothing debited.
    await db().update(products).set({ isActive: false }).where(eq(products.id, p.id));
    expectError(await buy(m.cookie, p.id, 1), 400, { message: COMMERCE_MSG.productUnavailable });
    expect((await t.api('GET', '/api/wallet', { cookie: m.cookie })).body.balance).toBe('7500.00');
    await expectLedgerSound(t, m.user.id);
  });
});

describe('rows a purchase and the journal point to without a foreign key (ADR 0019)', () => {
  /** The database's own refusal (Drizzle wraps it in a 'Failed query' error with the cause). */
  const refusedAsNeverDeleted = async (statement: Promise<unknown>) => {
    const err = (await statement.then(
      () => null,
      (e: unknown) => e,
    )) as { message?: string; cause?: { message?: string } } | null;
    expect(err, 'the statement went through').not.toBeNull();
    expect(err!.cause?.message ?? err!.message).toMatch(/never deleted/);
  };
  it('a product is never deleted, a wallet purchase of an unknown product is refused and debits nothing', async () => {
    const p = await newProduct();
    const m = await fundedMember(t, c.admin, '5000.00');
    await refusedAsNeverDeleted(db().execute(sql`delete from products where id = ${p.id}`));
    await refusedAsNeverDeleted(db().execute(sql`truncate products cascade`));
    expect((await query<{ n: number }>(t, sql`select count(*)::int as n from products where id = ${p.id}`))[0].n).toBe(1);
    expectError(await buy(m.cookie, '00000000-0000-0000-0000-000000000000', 1), 400, { message: COMMERCE_MSG.productUnavailable });
    expect((await t.api('GET', '/api/wallet', { cookie: m.cookie })).body.balance).toBe('5000.00');
    await expectLedgerSound(t, m.user.id);
  });

  it('a cycle the journal names is never deleted', async () => {
    await t.runtime.settle();
    const [cycle] = await query<{ id: string }>(t, sql`select id::text from comp_cycles limit 1`);
    expect(cycle).toBeDefined();
    await refusedAsNeverDeleted(db().execute(sql`delete from comp_cycles where id = ${cycle.id}::uuid`));
    await refusedAsNeverDeleted(db().execute(sql`truncate comp_cycles cascade`));
  });
});
