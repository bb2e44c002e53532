import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../support/test-app';
import { count, demoCookies, expectError, expectInvalid, query, uniqueEmail } from '../support/http';
import { STOCK_MSG } from '../../contracts/franchise-stock';

/** Franchise stock and stock requests (issue 16). */
let t: TestApp;
let c: Awaited<ReturnType<typeof demoCookies>>;
let productIds: string[];
beforeAll(async () => {
  t = await startTestApp({ config: { dbPoolSize: 12 } });
  c = await demoCookies(t);
  const products = await t.api('GET', '/api/products', { cookie: c.member });
  productIds = (products.body as { id: string }[]).map((p) => p.id).slice(0, 2);
  expect(productIds).toHaveLength(2);
});
afterAll(async () => t?.close());

async function franchise(role: 'basic_franchise' | 'mini_franchise' = 'basic_franchise') {
  const email = uniqueEmail('franchise');
  const user = await t.createUser({ email, password: 'Stock#1234', role, firstName: 'Ravi', lastName: 'Stores' });
  return { user, cookie: await t.login(email, 'Stock#1234') };
}

const ask = (cookie: string, items: unknown, note?: string) => t.api('POST', '/api/franchise/stock-requests', { cookie, body: { items, note } });
const admin = (id: string, action: 'approve' | 'reject' | 'dispatch', body: unknown = {}, cookie = c.admin) => t.api('POST', `/api/admin/stock-requests/${id}/${action}`, { cookie, body });
const receive = (id: string, cookie: string) => t.api('POST', `/api/franchise/stock-requests/${id}/receive`, { cookie });

/** Stock and ledger agree: each product's quantity is the sum of its movements, each row continuing the last. */
async function expectStockSound(franchiseId: string) {
  const rows = await query<{ product_id: string; change: number; quantity_after: number }>(
    t,
    sql`
    select product_id::text, change, quantity_after from stock_movements where franchise_id = ${franchiseId}::uuid order by created_at, id`,
  );
  const stock = await query<{ product_id: string; quantity: number }>(t, sql`select product_id::text, quantity from franchise_stock where franchise_id = ${franchiseId}::uuid`);
  for (const s of stock) {
    const sum = rows.filter((r) => r.product_id === s.product_id).reduce((n, r) => n + Number(r.change), 0);
    expect(Number(s.quantity)).toBe(sum);
    expect(Number(s.quantity)).toBeGreaterThanOrEqual(0);
  }
  for (const r of rows) expect(Number(r.quantity_after)).toBeGreaterThanOrEqual(0);
}

describe('stock requests: requested, approved with quantities, dispatched, received', () => {
  it('the whole way, with the ledger and notifications', async () => {
    const f = await franchise();
    const made = await ask(
      f.cookie,
      [
        { productId: productIds[0], quantity: 12 },
        { productId: productIds[1], quantity: 5 },
      ],
      'For the Diwali rush',
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ message: STOCK_MSG.requested, request: { status: 'requested', note: 'For the Diwali rush', franchiseUserId: f.user.userId } });
    const id = made.body.request.id as string;
    expect(await count(t, 'notifications', sql`type = 'stock_requested' and data->>'stockRequestId' = ${id}`)).toBeGreaterThan(0);

    expectError(await receive(id, f.cookie), 409, { code: 'INVALID_STATE' });
    expectError(await admin(id, 'dispatch'), 409);
    expectError(await admin(id, 'approve', { items: [{ productId: productIds[0], quantity: 13 }] }), 400, { message: STOCK_MSG.approvedQuantity });
    expectError(
      await admin(id, 'approve', {
        items: [
          { productId: productIds[0], quantity: 0 },
          { productId: productIds[1], quantity: 0 },
        ],
      }),
      400,
      { message: STOCK_MSG.nothingApproved },
    );
    const approved = await admin(id, 'approve', { items: [{ productId: productIds[0], quantity: 10 }] });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.request.items.map((i: { approved: number }) => i.approved)).toEqual([10, 5]);
    expect((await admin(id, 'dispatch')).body.request.status).toBe('dispatched');

    const got = await receive(id, f.cookie);
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    expect(got.body).toMatchObject({ message: STOCK_MSG.received, request: { status: 'received' } });
    expectError(await receive(id, f.cookie), 409);

    const own = await t.api('GET', '/api/franchise/stock', { cookie: f.cookie });
    const qty = Object.fromEntries(own.body.stock.map((s: { productId: string; quantity: number }) => [s.productId, s.quantity]));
    expect(qty).toEqual({ [productIds[0]]: 10, [productIds[1]]: 5 });
    expect(own.body.movements).toHaveLength(2);
    expect(own.body.movements.every((m: { kind: string; referenceId: string }) => m.kind === 'received' && m.referenceId === id)).toBe(true);
    const all = await t.api('GET', '/api/admin/franchise-stock', { cookie: c.admin });
    expect(all.body.stock.filter((s: { franchiseId: string }) => s.franchiseId === f.user.id)).toHaveLength(2);
    expect(all.body.requests.find((r: { id: string }) => r.id === id).status).toBe('received');
    expect(await count(t, 'audit_log', sql`entity_id = ${id} and action like 'stock_request.%'`)).toBe(4);
    await expectStockSound(f.user.id);
  });

  it('reject with a reason, before or after approval; nothing enters the stock', async () => {
    const f = await franchise('mini_franchise');
    const id = (await ask(f.cookie, [{ productId: productIds[0], quantity: 3 }])).body.request.id;
    expectInvalid(await admin(id, 'reject', { reason: ' ' }), STOCK_MSG.reasonRequired, 'reason');
    const no = await admin(id, 'reject', { reason: 'Out of stock at the depot' });
    expect(no.body.request).toMatchObject({ status: 'rejected', rejectionReason: 'Out of stock at the depot' });
    expectError(await admin(id, 'approve'), 409);
    expect((await t.api('GET', '/api/franchise/stock', { cookie: f.cookie })).body.stock).toEqual([]);
  });

  it('refuses bad input', async () => {
    const f = await franchise();
    expectError(await ask(f.cookie, []), 400, { message: STOCK_MSG.itemsRequired });
    expectError(await ask(f.cookie, [{ productId: productIds[0], quantity: 0 }]), 400, { message: STOCK_MSG.quantity });
    expectError(await ask(f.cookie, [{ productId: productIds[0], quantity: 1.5 }]), 400, { message: STOCK_MSG.quantity });
    expectError(
      await ask(f.cookie, [
        { productId: productIds[0], quantity: 1 },
        { productId: productIds[0], quantity: 2 },
      ]),
      400,
      { message: STOCK_MSG.duplicateProduct },
    );
    expectError(await ask(f.cookie, [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }]), 400, { message: STOCK_MSG.productUnknown });
    expectError(await ask(f.cookie, 'lots'), 400);
    expect(await count(t, 'stock_requests', sql`franchise_id = ${f.user.id}::uuid`)).toBe(0);
  });

  it("is for franchise holders and the admin; another franchise's request does not exist", async () => {
    const f = await franchise();
    const other = await franchise();
    const id = (await ask(f.cookie, [{ productId: productIds[0], quantity: 2 }])).body.request.id;
    await admin(id, 'approve');
    await admin(id, 'dispatch');
    expectError(await receive(id, other.cookie), 404, { message: STOCK_MSG.notFound });
    expect((await t.api('GET', '/api/franchise/stock', { cookie: other.cookie })).body.requests).toEqual([]);
    // Stock is for franchise holders: a plain member and the admin are refused.
    expectError(await t.api('GET', '/api/franchise/stock', { cookie: c.member }), 403, { code: 'FORBIDDEN' });
    expectError(await ask(c.member, [{ productId: productIds[0], quantity: 1 }]), 403);
    expectError(await t.api('GET', '/api/franchise/stock', { cookie: c.admin }), 403);
    for (const cookie of [f.cookie, c.member, c.founder]) {
      expectError(await t.api('GET', '/api/admin/franchise-stock', { cookie }), 403);
      expectError(await admin(id, 'approve', {}, cookie), 403);
    }
    expectError(await admin('nope', 'approve'), 400);
    expectError(await admin('00000000-0000-4000-8000-000000000000', 'dispatch'), 404);
    expectError(await receive(id, c.member), 403);
  });

  it('receiving twice at once adds the stock once', async () => {
    const f = await franchise();
    const id = (await ask(f.cookie, [{ productId: productIds[1], quantity: 7 }])).body.request.id;
    await admin(id, 'approve');
    await admin(id, 'dispatch');
    const answers = await Promise.all(Array.from({ length: 6 }, () => receive(id, f.cookie)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const own = await t.api('GET', '/api/franchise/stock', { cookie: f.cookie });
    expect(own.body.stock).toMatchObject([{ productId: productIds[1], quantity: 7 }]);
    expect(await count(t, 'stock_movements', sql`franchise_id = ${f.user.id}::uuid`)).toBe(1);
    await expectStockSound(f.user.id);
  });

  it('the stock never goes below zero, even at the database', async () => {
    const f = await franchise();
    await expect(query(t, sql`insert into franchise_stock (franchise_id, product_id, quantity) values (${f.user.id}::uuid, ${productIds[0]}::uuid, -1)`)).rejects.toThrow();
  });
});
