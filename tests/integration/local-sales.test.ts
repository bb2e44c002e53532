import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { count, demoCookies, expectError, expectInvalid, query, uniqueEmail } from '../support/http';
import { LOCAL_SALE_MSG } from '../../contracts/local-sales';
import { MSG } from '../../contracts/messages';
import { placeMember } from '../../server/modules/tree/tree.service';

/** Local sales and retail customers of a franchise holder (issue 16). */
let t: TestApp;
let c: Awaited<ReturnType<typeof demoCookies>>;
let products: { id: string; price: string; bv: string; gst: string }[];
let member: { id: string; userId: string };
beforeAll(async () => {
  t = await startTestApp({ config: { dbPoolSize: 12 } });
  c = await demoCookies(t);
  products = ((await t.api('GET', '/api/products', { cookie: c.member })).body as typeof products).slice(0, 2);
  expect(products).toHaveLength(2);
  member = (await userByEmail(t, t.demo.member.email))!;
}, 120_000);
afterAll(async () => t?.close());

async function franchise() {
  const email = uniqueEmail('shop');
  const user = await t.createUser({ email, password: 'Shop#12345', role: 'basic_franchise', firstName: 'Meera', lastName: 'Stores', state: 'Maharashtra' });
  return { user, cookie: await t.login(email, 'Shop#12345') };
}

/** Stock through the whole request way: asked, approved, dispatched, received. */
async function stockUp(f: { cookie: string }, productId: string, quantity: number) {
  const id = (await t.api('POST', '/api/franchise/stock-requests', { cookie: f.cookie, body: { items: [{ productId, quantity }] } })).body.request.id;
  await t.api('POST', `/api/admin/stock-requests/${id}/approve`, { cookie: c.admin, body: {} });
  await t.api('POST', `/api/admin/stock-requests/${id}/dispatch`, { cookie: c.admin, body: {} });
  expect((await t.api('POST', `/api/franchise/stock-requests/${id}/receive`, { cookie: f.cookie })).status).toBe(200);
}

const sell = (cookie: string, body: Record<string, unknown>) => t.api('POST', '/api/franchise/local-sales', { cookie, body });
const addCustomer = (cookie: string, body: Record<string, unknown>) => t.api('POST', '/api/franchise/customers', { cookie, body });
const stockOf = async (franchiseId: string, productId: string) =>
  Number((await query<{ q: number }>(t, sql`select quantity as q from franchise_stock where franchise_id = ${franchiseId}::uuid and product_id = ${productId}::uuid`))[0]?.q ?? 0);

async function expectStockSound(franchiseId: string) {
  const rows = await query<{ product_id: string; s: string }>(
    t,
    sql`select product_id::text, sum(change)::text as s from stock_movements where franchise_id = ${franchiseId}::uuid group by product_id`,
  );
  for (const r of rows) expect(await stockOf(franchiseId, r.product_id)).toBe(Number(r.s));
}

describe('local sales', () => {
  it('to a member: stock down, a completed purchase with its journal row, BV applied, the invoice', async () => {
    const f = await franchise();
    await stockUp(f, products[0].id, 10);
    await stockUp(f, products[1].id, 4);
    const before = await count(t, 'purchases', sql`user_id = ${member.id}::uuid`);
    const res = await sell(f.cookie, {
      buyer: 'member',
      memberUserId: member.userId.toLowerCase(),
      paymentMethod: 'upi',
      paymentReference: 'UPI-778812',
      items: [
        { productId: products[0].id, quantity: 3 },
        { productId: products[1].id, quantity: 1 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe(LOCAL_SALE_MSG.sold);
    expect(res.body.sales).toHaveLength(2);
    const line = res.body.sales.find((s: { productId: string }) => s.productId === products[0].id);
    expect(line).toMatchObject({ buyer: 'member', memberUserId: member.userId, quantity: 3, paymentMethod: 'upi', paymentReference: 'UPI-778812' });
    expect(line.totalBV).toBe((Number(products[0].bv) * 3).toFixed(2));
    expect(await stockOf(f.user.id, products[0].id)).toBe(7);
    expect(await stockOf(f.user.id, products[1].id)).toBe(3);
    expect(await count(t, 'stock_movements', sql`franchise_id = ${f.user.id}::uuid and kind = 'local_sale'`)).toBe(2);
    await expectStockSound(f.user.id);
    // Exactly as an online purchase: a completed purchase of the member and its journal row, applied (auto-settle).
    expect(await count(t, 'purchases', sql`user_id = ${member.id}::uuid`)).toBe(before + 2);
    const [p] = await query<{ payment_status: string; payment_method: string; applied: boolean }>(
      t,
      sql`
      select p.payment_status, p.payment_method, e.applied_at is not null as applied from purchases p join volume_events e on e.purchase_id = p.id where p.id = ${line.purchaseId}::uuid`,
    );
    expect(p).toMatchObject({ payment_status: 'completed', payment_method: 'upi', applied: true });
    // The member sees it among their orders; the invoice is the purchase's, issued by the applier.
    const mine = await t.api('GET', '/api/purchases', { cookie: c.member });
    expect(mine.body.some((x: { id: string }) => x.id === line.purchaseId)).toBe(true);
    const list = await t.api('GET', '/api/franchise/local-sales', { cookie: f.cookie });
    expect(list.body.find((s: { id: string }) => s.id === line.id).invoiceNumber).toMatch(/^INV\//);
    const pdf = await t.api('GET', `/api/franchise/local-sales/${line.id}/invoice`, { cookie: f.cookie });
    expect(pdf.status).toBe(200);
    expect(String(pdf.headers['content-type'])).toContain('application/pdf');
    expect(await count(t, 'notifications', sql`user_id = ${member.id}::uuid and type = 'local_sale'`)).toBeGreaterThan(0);
    expect(await count(t, 'audit_log', sql`action = 'local_sale.create' and actor_id = ${f.user.id}::uuid`)).toBe(1);
  });

  it('to a registered customer: its own invoice at once, no purchase, no BV; the purchase history', async () => {
    const f = await franchise();
    await stockUp(f, products[0].id, 5);
    const made = await addCustomer(f.cookie, { name: 'Anita Desai', mobile: '9876501234', address: 'MG Road 4, Pune', consentToContact: true });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const customerId = made.body.customer.id;
    const purchases = await count(t, 'purchases');
    const events = await count(t, 'volume_events');
    const res = await sell(f.cookie, { buyer: 'customer', customerId, paymentMethod: 'cash', items: [{ productId: products[0].id, quantity: 2 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [sale] = res.body.sales;
    expect(sale).toMatchObject({ buyer: 'customer', buyerName: 'Anita Desai', customerId, purchaseId: null, totalBV: '0.00', paymentMethod: 'cash' });
    expect(sale.invoiceNumber).toMatch(/^INV\/\d{4}\/\d{6}$/);
    expect(await count(t, 'purchases')).toBe(purchases);
    expect(await count(t, 'volume_events')).toBe(events);
    expect(await stockOf(f.user.id, products[0].id)).toBe(3);
    const pdf = await t.api('GET', `/api/franchise/local-sales/${sale.id}/invoice`, { cookie: f.cookie });
    expect(pdf.status).toBe(200);
    expect(String(pdf.headers['content-disposition'])).toContain(sale.invoiceNumber.replace(/\//g, '-'));
    const detail = await t.api('GET', `/api/franchise/customers/${customerId}`, { cookie: f.cookie });
    expect(detail.body.customer).toMatchObject({ purchases: 1, totalSpent: sale.totalAmount, consentToContact: true });
    expect(detail.body.sales.map((s: { id: string }) => s.id)).toEqual([sale.id]);
  });

  it('refuses bad input and changes nothing', async () => {
    const f = await franchise();
    await stockUp(f, products[0].id, 2);
    const item = [{ productId: products[0].id, quantity: 1 }];
    expectError(await sell(f.cookie, { buyer: 'member', paymentMethod: 'cash', items: item }), 400, { message: LOCAL_SALE_MSG.buyerRequired });
    expectError(await sell(f.cookie, { buyer: 'member', memberUserId: 'NOPE000', paymentMethod: 'cash', items: item }), 400, { message: LOCAL_SALE_MSG.memberUnknown });
    expectError(await sell(f.cookie, { buyer: 'member', memberUserId: f.user.userId, paymentMethod: 'cash', items: item }), 400, { message: LOCAL_SALE_MSG.memberUnknown });
    expectError(await sell(f.cookie, { buyer: 'member', memberUserId: member.userId, paymentMethod: 'cheque', items: item }), 400, { message: LOCAL_SALE_MSG.paymentMethod });
    expectError(await sell(f.cookie, { buyer: 'member', memberUserId: member.userId, paymentMethod: 'cash', items: [] }), 400, { message: LOCAL_SALE_MSG.itemsRequired });
    expectError(await sell(f.cookie, { buyer: 'member', memberUserId: member.userId, paymentMethod: 'cash', items: [{ productId: products[0].id, quantity: 0 }] }), 400, {
      message: LOCAL_SALE_MSG.quantity,
    });
    expectError(await sell(f.cookie, { buyer: 'member', memberUserId: member.userId, paymentMethod: 'cash', items: [...item, ...item] }), 400, { message: LOCAL_SALE_MSG.duplicateProduct });
    expectError(await sell(f.cookie, { buyer: 'customer', customerId: '00000000-0000-4000-8000-000000000000', paymentMethod: 'cash', items: item }), 400, { message: LOCAL_SALE_MSG.customerUnknown });
    // More than the stock, also when a second line would have been fine: nothing of the sale stays.
    expectError(await sell(f.cookie, { buyer: 'member', memberUserId: member.userId, paymentMethod: 'cash', items: [{ productId: products[0].id, quantity: 3 }] }), 409, {
      message: LOCAL_SALE_MSG.notEnoughStock,
    });
    expectError(
      await sell(f.cookie, {
        buyer: 'member',
        memberUserId: member.userId,
        paymentMethod: 'card',
        items: [
          { productId: products[0].id, quantity: 1 },
          { productId: products[1].id, quantity: 1 },
        ],
      }),
      409,
    );
    expect(await stockOf(f.user.id, products[0].id)).toBe(2);
    expect(await count(t, 'local_sales', sql`franchise_id = ${f.user.id}::uuid`)).toBe(0);
    expectInvalid(await addCustomer(f.cookie, { name: 'X', mobile: '12345' }), MSG.mobilePattern, 'mobile');
    expectInvalid(await addCustomer(f.cookie, { name: ' ', mobile: '9876500000' }), LOCAL_SALE_MSG.customerName, 'name');
    expect((await addCustomer(f.cookie, { name: 'Ravi', mobile: '9876500000' })).status).toBe(201);
    expectError(await addCustomer(f.cookie, { name: 'Ravi again', mobile: '9876500000' }), 409, { message: LOCAL_SALE_MSG.customerExists });
  });

  it("is for franchise holders; another franchise's sales and customers do not exist", async () => {
    const f = await franchise();
    const other = await franchise();
    await stockUp(f, products[0].id, 1);
    const customerId = (await addCustomer(f.cookie, { name: 'Kiran', mobile: '9811100000' })).body.customer.id;
    const sale = (await sell(f.cookie, { buyer: 'customer', customerId, paymentMethod: 'card', items: [{ productId: products[0].id, quantity: 1 }] })).body.sales[0];
    expectError(await t.api('GET', `/api/franchise/local-sales/${sale.id}/invoice`, { cookie: other.cookie }), 404, { message: LOCAL_SALE_MSG.notFound });
    expectError(await t.api('GET', `/api/franchise/customers/${customerId}`, { cookie: other.cookie }), 404);
    expectError(await t.api('POST', `/api/franchise/customers/${customerId}/invite`, { cookie: other.cookie, body: {} }), 404);
    expectError(await sell(other.cookie, { buyer: 'customer', customerId, paymentMethod: 'cash', items: [{ productId: products[0].id, quantity: 1 }] }), 400, {
      message: LOCAL_SALE_MSG.customerUnknown,
    });
    expect((await t.api('GET', '/api/franchise/local-sales', { cookie: other.cookie })).body).toEqual([]);
    expect((await t.api('GET', '/api/franchise/customers', { cookie: other.cookie })).body).toEqual([]);
    for (const cookie of [c.member, c.admin, c.founder]) {
      expectError(await t.api('GET', '/api/franchise/local-sales', { cookie }), 403);
      expectError(await sell(cookie, { buyer: 'customer', customerId, paymentMethod: 'cash', items: [{ productId: products[0].id, quantity: 1 }] }), 403);
      expectError(await t.api('GET', '/api/franchise/customers', { cookie }), 403);
    }
    expectError(await t.api('GET', '/api/franchise/local-sales'), 401);
  });

  it('50 parallel sales of the last 10 units sell exactly 10; stock and ledger agree', async () => {
    const f = await franchise();
    await stockUp(f, products[1].id, 10);
    const customerId = (await addCustomer(f.cookie, { name: 'Rush Buyer', mobile: '9822200000' })).body.customer.id;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        sell(
          f.cookie,
          i % 2
            ? { buyer: 'member', memberUserId: member.userId, paymentMethod: 'cash', items: [{ productId: products[1].id, quantity: 1 }] }
            : { buyer: 'customer', customerId, paymentMethod: 'upi', items: [{ productId: products[1].id, quantity: 1 }] },
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    expect(await stockOf(f.user.id, products[1].id)).toBe(0);
    expect(await count(t, 'local_sales', sql`franchise_id = ${f.user.id}::uuid`)).toBe(10);
    expect(await count(t, 'stock_movements', sql`franchise_id = ${f.user.id}::uuid and kind = 'local_sale'`)).toBe(10);
    await expectStockSound(f.user.id);
    const memberSales = answers.filter((a) => a.status === 201 && a.body.sales[0].buyer === 'member').length;
    expect(await count(t, 'purchases', sql`id in (select purchase_id from local_sales where franchise_id = ${f.user.id}::uuid)`)).toBe(memberSales);
  });

  it('a sale to a member at depth d adds its BV to exactly the right leg of the d ancestors', async () => {
    const f = await franchise();
    await stockUp(f, products[0].id, 5);
    // A chain of five new members below the demo member, alternating sides; the buyer is the last.
    let top = member.id;
    let buyer = { id: '', userId: '' };
    for (let i = 0; i < 5; i++) {
      const u = await t.createUser({ email: uniqueEmail('leg'), password: 'Leg#123456' });
      await t.runtime.ctx.db.transaction((tx) => placeMember(tx, u, { startId: top, side: i % 2 ? 'right' : 'left' }, t.clock.now()));
      top = u.id;
      buyer = { id: u.id, userId: u.userId };
    }
    await t.settle();
    const legs = async () =>
      new Map((await query<{ id: string; l: string; r: string }>(t, sql`select member_id::text as id, left_bv::text as l, right_bv::text as r from member_volume`)).map((v) => [v.id, v]));
    const ancestors = await query<{ id: string; side: string }>(
      t,
      sql`
      with recursive up(id, parent, side) as (
        select id, parent_id, position from users where id = ${buyer.id}::uuid
        union all select u.id, u.parent_id, u.position from users u join up on u.id = up.parent)
      select parent::text as id, side from up where parent is not null`,
    );
    expect(ancestors.length).toBeGreaterThanOrEqual(5);
    const was = await legs();
    const res = await sell(f.cookie, { buyer: 'member', memberUserId: buyer.userId, paymentMethod: 'cash', items: [{ productId: products[0].id, quantity: 2 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await t.settle();
    const bv = Number(res.body.sales[0].totalBV);
    const now = await legs();
    const changed = [...now]
      .filter(([id, v]) => {
        const o = was.get(id);
        return !o || o.l !== v.l || o.r !== v.r;
      })
      .map(([id]) => id)
      .sort();
    expect(changed).toEqual(ancestors.map((a) => a.id).sort());
    for (const a of ancestors) {
      const o = was.get(a.id) ?? { l: '0', r: '0' };
      const v = now.get(a.id)!;
      expect(Number(v.l) - Number(o.l), `left of ${a.id}`).toBeCloseTo(a.side === 'left' ? bv : 0, 2);
      expect(Number(v.r) - Number(o.r), `right of ${a.id}`).toBeCloseTo(a.side === 'right' ? bv : 0, 2);
    }
  });
});

describe('customers', () => {
  it('search by name or mobile, and an invitation to join with the franchise holder as sponsor', async () => {
    const f = await franchise();
    await addCustomer(f.cookie, { name: 'Sunita Rao', mobile: '9700000001', consentToContact: true });
    await addCustomer(f.cookie, { name: 'Vikram Shah', mobile: '9700000002' });
    const all = await t.api('GET', '/api/franchise/customers', { cookie: f.cookie });
    expect(all.body.map((x: { name: string }) => x.name)).toEqual(['Sunita Rao', 'Vikram Shah']);
    expect((await t.api('GET', '/api/franchise/customers?q=vik', { cookie: f.cookie })).body.map((x: { name: string }) => x.name)).toEqual(['Vikram Shah']);
    expect((await t.api('GET', '/api/franchise/customers?q=0001', { cookie: f.cookie })).body.map((x: { name: string }) => x.name)).toEqual(['Sunita Rao']);
    expect((await t.api('GET', '/api/franchise/customers?q=%25', { cookie: f.cookie })).body).toEqual([]);
    const sunita = all.body[0];
    const inv = await t.api('POST', `/api/franchise/customers/${sunita.id}/invite`, { cookie: f.cookie, body: { email: 'sunita.rao@example.com' } });
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    expect(inv.body.message).toBe(LOCAL_SALE_MSG.invited);
    const token = new URL(inv.body.url).searchParams.get('ref');
    const valid = await t.api('GET', `/api/referral/validate?token=${token}`);
    expect(valid.body).toMatchObject({ valid: true, generatedBy: f.user.userId, email: 'sunita.rao@example.com' });
    expect((await t.api('GET', `/api/franchise/customers/${sunita.id}`, { cookie: f.cookie })).body.customer.invitedAt).not.toBeNull();
    expectInvalid(await t.api('POST', `/api/franchise/customers/${sunita.id}/invite`, { cookie: f.cookie, body: { email: 'nope' } }), MSG.emailInvalid, 'email');
  });
});
