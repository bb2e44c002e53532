import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { count, demoCookies, expectError, query, uniqueEmail } from '../support/http';
import { pdfText } from '../support/pdf';
import { COMMERCE_MSG } from '../../contracts/commerce';
import { DEMO_COMPANY } from '../../server/seed/demo-data';
import { walletBalances } from '../../server/db/schema';

/**
 * Issue 30: the place of supply of goods is where the delivery ends (IGST Act s.10(1)(a)), so the tax split follows the
 * order's delivery state against the company's (Maharashtra in the demo): CGST + SGST within it, IGST across, UTGST in
 * a union territory without a legislature; a counter sale is supplied where the franchise's counter is. Every figure to
 * the paisa, read from the invoice row and from the PDF.
 */
let t: TestApp;
let c: Awaited<ReturnType<typeof demoCookies>>;
type Product = { id: string; name: string; price: string; gst: string };
let products: Product[];
beforeAll(async () => {
  t = await startTestApp();
  c = await demoCookies(t);
  products = (await t.api('GET', '/api/products', { cookie: c.member })).body as Product[];
}, 120_000);
afterAll(async () => t?.close());

const product = (name: string) => products.find((p) => p.name === name)!;
const raw = (url: string, cookie: string) => t.runtime.app.inject({ method: 'GET', url, headers: { cookie } });
type Tax = { taxable_value: string; cgst: string; sgst: string; igst: string; total: string };
const taxOf = async (purchaseId: string) => (await query<Tax>(t, sql`select taxable_value, cgst, sgst, igst, total from invoices where purchase_id = ${purchaseId}::uuid`))[0];

/** The text of the tax invoice PDF served at `url`. */
const invoiceText = async (url: string, cookie: string) => pdfText((await raw(url, cookie)).rawPayload);

async function buyer(profileState: string) {
  const email = uniqueEmail('pos');
  const user = await t.createUser({ email, password: 'Buyer#123456', status: 'active', state: profileState, city: 'Somewhere', address: '1 Main Road' });
  await t.runtime.ctx.db
    .insert(walletBalances)
    .values({ userId: user.id, balance: '100000.00' })
    .onConflictDoUpdate({ target: walletBalances.userId, set: { balance: '100000.00' } });
  return { user, cookie: await t.login(email, 'Buyer#123456') };
}
async function buy(cookie: string, name: string, quantity: number, deliveryState: string, deliveryPincode: string) {
  const r = await t.api('POST', '/api/purchases', {
    cookie,
    body: { productId: product(name).id, quantity, paymentMethod: 'wallet', deliveryAddress: '22 80 Feet Road, Koramangala', deliveryState, deliveryPincode },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expect(r.body.purchase).toMatchObject({ deliveryState, deliveryPincode });
  await t.runtime.settle();
  return r.body.purchase.id as string;
}

describe('place of supply from the delivery state', () => {
  it('intra-state: a Karnataka member delivering to Pune pays CGST and SGST, halves to the paisa', async () => {
    const { cookie } = await buyer('Karnataka');
    // 3 x 2,499.00 = 7,497.00 at 18 % = 1,349.46: CGST 674.73, SGST 674.73.
    const id = await buy(cookie, 'AquaPure Filter Kit', 3, 'Maharashtra', '411004');
    expect(await taxOf(id)).toEqual({ taxable_value: '7497.00', cgst: '674.73', sgst: '674.73', igst: '0.00', total: '8846.46' });
    const text = await invoiceText(`/api/purchases/${id}/invoice`, cookie);
    expect(text).toContain('Place of Supply: Maharashtra (27)');
    expect(text).toContain('CGST @ 9%');
    expect(text).toContain('SGST @ 9%');
    expect(text).not.toContain('IGST');
  });

  it("inter-state: the issue's case, a Pune member delivering to Bengaluru pays IGST", async () => {
    const { cookie } = await buyer('Maharashtra');
    // 899.00 at 18 % = 161.82 IGST.
    const id = await buy(cookie, 'BreezeLine Fan Regulator and Canopy Set', 1, 'Karnataka', '560034');
    expect(await taxOf(id)).toEqual({ taxable_value: '899.00', cgst: '0.00', sgst: '0.00', igst: '161.82', total: '1060.82' });
    const text = await invoiceText(`/api/purchases/${id}/invoice`, cookie);
    expect(text).toContain('Place of Supply: Karnataka (29)');
    expect(text).toContain('IGST @ 18%');
    expect(text).toContain('INR 161.82');
    expect(text).toContain('PIN 560034');
    expect(text).not.toContain('CGST');
    // The buyer's own state stays on the bill; the place of supply is the delivery's.
    expect(text).toContain('State: Maharashtra (27)');
    // My Purchases names the invoice once it is issued (the page asks again until then), with the delivery's state.
    const mine = (await t.api('GET', '/api/purchases', { cookie })).body as { id: string; invoiceNumber: string | null; deliveryState: string }[];
    expect(mine.find((p) => p.id === id)).toMatchObject({ invoiceNumber: expect.stringMatching(/^INV\/\d{4}\/\d{6}$/), deliveryState: 'Karnataka' });
  });

  it('union territory: a delivery to Chandigarh is inter-state; a company in Chandigarh charges CGST and UTGST there', async () => {
    const { cookie } = await buyer('Maharashtra');
    const a = await buy(cookie, 'AquaPure Filter Kit', 1, 'Chandigarh', '160017');
    // 2,499.00 at 18 % = 449.82 IGST.
    expect(await taxOf(a)).toEqual({ taxable_value: '2499.00', cgst: '0.00', sgst: '0.00', igst: '449.82', total: '2948.82' });
    expect(await invoiceText(`/api/purchases/${a}/invoice`, cookie)).toContain('Place of Supply: Chandigarh (04)');

    const moved = await t.api('PUT', '/api/admin/settings/branding', {
      cookie: c.admin,
      body: { ...DEMO_COMPANY, gstin: '04AAFCS1234K1Z5', address: 'SCO 12, Sector 17', city: 'Chandigarh', state: 'Chandigarh', pincode: '160017' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    try {
      // 899.00 at 18 % = 161.82 tax within the territory: CGST 80.91 and UTGST 80.91.
      const b = await buy(cookie, 'BreezeLine Fan Regulator and Canopy Set', 1, 'Chandigarh', '160017');
      expect(await taxOf(b)).toEqual({ taxable_value: '899.00', cgst: '80.91', sgst: '80.91', igst: '0.00', total: '1060.82' });
      const text = await invoiceText(`/api/purchases/${b}/invoice`, cookie);
      expect(text).toContain('CGST @ 9%');
      expect(text).toContain('UTGST @ 9%');
      expect(text).not.toContain('SGST');
      // Delivered back to Maharashtra from Chandigarh: inter-state.
      const back = await buy(cookie, 'BreezeLine Fan Regulator and Canopy Set', 1, 'Maharashtra', '411001');
      expect((await taxOf(back)).igst).toBe('161.82');
    } finally {
      expect((await t.api('PUT', '/api/admin/settings/branding', { cookie: c.admin, body: { ...DEMO_COMPANY } })).status).toBe(200);
    }
  });

  it('an odd paisa of tax goes to SGST within the state; all of it to IGST across', async () => {
    // 10.10 at 5 % = 0.505, half-up 0.51: CGST 0.25 and SGST 0.26.
    const made = await t.api('POST', '/api/admin/products', {
      cookie: c.admin,
      body: { name: 'Odd Paisa Washer', price: '10.10', bv: '1', gst: '5', category: 'others', purchaseType: 'first_purchase', hsnCode: '8421' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    products.push({ id: made.body.product?.id ?? made.body.id, name: 'Odd Paisa Washer', price: '10.10', gst: '5' });
    const { cookie } = await buyer('Maharashtra');
    const within = await buy(cookie, 'Odd Paisa Washer', 1, 'Maharashtra', '411001');
    expect(await taxOf(within)).toEqual({ taxable_value: '10.10', cgst: '0.25', sgst: '0.26', igst: '0.00', total: '10.61' });
    const across = await buy(cookie, 'Odd Paisa Washer', 1, 'Delhi', '110001');
    expect(await taxOf(across)).toEqual({ taxable_value: '10.10', cgst: '0.00', sgst: '0.00', igst: '0.51', total: '10.61' });
  });

  it('refuses a missing state, a bad PIN code and a PIN code of another state, and writes nothing', async () => {
    const { cookie, user } = await buyer('Maharashtra');
    const base = { productId: product('AquaPure Filter Kit').id, quantity: 1, paymentMethod: 'wallet', deliveryAddress: '22 80 Feet Road, Koramangala' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ deliveryPincode: '560034' }, 'deliveryState', COMMERCE_MSG.deliveryStateRequired],
      [{ deliveryState: 'Atlantis', deliveryPincode: '560034' }, 'deliveryState', COMMERCE_MSG.deliveryStateRequired],
      [{ deliveryState: 'Karnataka' }, 'deliveryPincode', COMMERCE_MSG.deliveryPincodeInvalid],
      [{ deliveryState: 'Karnataka', deliveryPincode: '56003' }, 'deliveryPincode', COMMERCE_MSG.deliveryPincodeInvalid],
      [{ deliveryState: 'Karnataka', deliveryPincode: '411001' }, 'deliveryPincode', COMMERCE_MSG.deliveryPincodeState],
    ];
    for (const [change, field, message] of cases) {
      expectError(await t.api('POST', '/api/purchases', { cookie, body: { ...base, ...change } }), 400, { message, field });
    }
    expect(await count(t, 'purchases', sql`user_id = ${user.id}::uuid`)).toBe(0);
  });
});

describe('counter sales are supplied at the counter', () => {
  async function franchise(state: string, pincode: string) {
    const email = uniqueEmail('counter');
    const user = await t.createUser({ email, password: 'Shop#12345', role: 'basic_franchise', firstName: 'Meera', lastName: 'Stores', state, pincode });
    const cookie = await t.login(email, 'Shop#12345');
    const fan = product('BreezeLine Fan Regulator and Canopy Set');
    const req = (await t.api('POST', '/api/franchise/stock-requests', { cookie, body: { items: [{ productId: fan.id, quantity: 5 }] } })).body.request.id;
    await t.api('POST', `/api/admin/stock-requests/${req}/approve`, { cookie: c.admin, body: {} });
    await t.api('POST', `/api/admin/stock-requests/${req}/dispatch`, { cookie: c.admin, body: {} });
    expect((await t.api('POST', `/api/franchise/stock-requests/${req}/receive`, { cookie })).status).toBe(200);
    return { user, cookie, fan };
  }

  it("to a member at a counter in Gujarat: IGST, whatever the member's own state; in Maharashtra: CGST and SGST", async () => {
    const member = (await userByEmail(t, t.demo.member.email))!;
    for (const [state, pincode, expected] of [
      ['Gujarat', '380009', { cgst: '0.00', sgst: '0.00', igst: '161.82' }],
      ['Maharashtra', '411038', { cgst: '80.91', sgst: '80.91', igst: '0.00' }],
    ] as const) {
      const f = await franchise(state, pincode);
      const sold = await t.api('POST', '/api/franchise/local-sales', {
        cookie: f.cookie,
        body: { buyer: 'member', memberUserId: member.userId, paymentMethod: 'cash', items: [{ productId: f.fan.id, quantity: 1 }] },
      });
      expect(sold.status, JSON.stringify(sold.body)).toBe(201);
      await t.runtime.settle();
      const purchaseId = sold.body.sales[0].purchaseId as string;
      const [p] = await query<{ delivery_state: string; delivery_pincode: string }>(t, sql`select delivery_state, delivery_pincode from purchases where id = ${purchaseId}::uuid`);
      expect(p).toEqual({ delivery_state: state, delivery_pincode: pincode });
      expect(await taxOf(purchaseId)).toEqual({ taxable_value: '899.00', ...expected, total: '1060.82' });
      const text = await invoiceText(`/api/franchise/local-sales/${sold.body.sales[0].id}/invoice`, f.cookie);
      expect(text).toContain(`Place of Supply: ${state}`);
    }
  });

  it("to a retail customer at a counter in Gujarat: IGST on the customer's invoice, no member number", async () => {
    const f = await franchise('Gujarat', '380009');
    const customer = await t.api('POST', '/api/franchise/customers', { cookie: f.cookie, body: { name: 'Ramesh Patel', mobile: '9825012345', address: '5 CG Road, Ahmedabad' } });
    expect(customer.status, JSON.stringify(customer.body)).toBe(201);
    const sold = await t.api('POST', '/api/franchise/local-sales', {
      cookie: f.cookie,
      body: { buyer: 'customer', customerId: customer.body.customer?.id ?? customer.body.id, paymentMethod: 'upi', items: [{ productId: f.fan.id, quantity: 2 }] },
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const [s] = await query<{ invoice: { cgst: string; sgst: string; igst: string; taxableValue: string } }>(t, sql`select invoice from local_sales where id = ${sold.body.sales[0].id}::uuid`);
    // 2 x 899.00 = 1,798.00 at 18 % = 323.64 IGST.
    expect(s.invoice).toMatchObject({ taxableValue: '1798.00', cgst: '0.00', sgst: '0.00', igst: '323.64' });
    const text = await invoiceText(`/api/franchise/local-sales/${sold.body.sales[0].id}/invoice`, f.cookie);
    expect(text).toContain('Place of Supply: Gujarat (24)');
    expect(text).toContain('IGST @ 18%');
    expect(text).not.toContain('Member null');
  });
});
