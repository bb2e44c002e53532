import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectError, query, rawGet, uniqueEmail } from '../support/http';
import { pdfText } from '../support/pdf';
import { RETURN_MSG } from '../../contracts/returns';
import { walletBalances } from '../../server/db/schema';
import { lastDayOf, windowEnd } from '../../server/modules/returns/returns.service';

/**
 * Issue 32, docs/spec/returns.md §2 and §7: a return through the HTTP API, from the member's request to the refund
 * and its credit note: the refund and its tax split to the paisa, the cooling-off window (example R5), the reversal
 * entry in the volume journal at the approval, the goods back in stock, the refund through the ledger, the second
 * admin above the limit, ownership, and concurrent returns of one order that never take back more than was bought.
 */
let t: TestApp;
let admin: string;
let admin2: string;
type Product = { id: string; name: string; price: string; gst: string; bv: string };
let product: Product;
const PASSWORD = 'Return#123456';

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login(t.demo.admin.email, t.demo.admin.password);
  admin2 = await t.login(t.demo.admin2.email, t.demo.admin2.password);
  const member = await t.login(t.demo.member.email, t.demo.member.password);
  const products = (await t.api('GET', '/api/products', { cookie: member })).body as Product[];
  product = products.find((p) => p.name === 'AquaPure Filter Kit') ?? products[0];
}, 120_000);
afterAll(async () => t?.close());

async function buyer(balance = '200000.00') {
  const email = uniqueEmail('ret');
  const user = await t.createUser({ email, password: PASSWORD, status: 'active', state: 'Maharashtra', city: 'Pune', address: '1 Main Road' });
  await t.runtime.ctx.db.insert(walletBalances).values({ userId: user.id, balance }).onConflictDoUpdate({ target: walletBalances.userId, set: { balance } });
  return { user, cookie: await t.login(email, PASSWORD) };
}

async function buy(cookie: string, quantity: number, paymentMethod = 'wallet') {
  const r = await t.api('POST', '/api/purchases', {
    cookie,
    body: { productId: product.id, quantity, paymentMethod, deliveryAddress: '12 Residency Road, Camp', deliveryState: 'Maharashtra', deliveryPincode: '411001' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  await t.runtime.settle();
  return r.body.purchase as { id: string; totalAmount: string; totalBV: string };
}

const ask = (cookie: string, purchaseId: string, quantity: number, reason = 'changed_mind', note?: string) =>
  t.api('POST', '/api/returns', { cookie, body: { purchaseId, lines: [{ productId: product.id, quantity }], reason, note } });
const balanceOf = async (userId: string) => (await query<{ balance: string }>(t, sql`select balance::text from wallet_balances where user_id = ${userId}::uuid`))[0]?.balance;

describe('a return from request to refund', () => {
  it('refunds the returned share of the paid line, reverses its BV, takes the goods back and issues a credit note', async () => {
    const { user, cookie } = await buyer();
    const p = await buy(cookie, 3);
    const before = await balanceOf(user.id);

    const own = await t.api('GET', '/api/returns', { cookie });
    expect(own.status).toBe(200);
    expect(own.body.coolingOffDays).toBe(30);
    expect(own.body.returnable.find((x: { purchaseId: string }) => x.purchaseId === p.id)).toMatchObject({ quantity: 3 });

    const asked = await ask(cookie, p.id, 1);
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.message).toBe(RETURN_MSG.created);
    const r = asked.body.return;
    expect(r.number).toMatch(/^RET\/\d{4}\/\d{6}$/);
    // One of three units of the paid line: its total / 3, the taxable value the same way, the tax the rest (CGST + SGST).
    const paid = Number(p.totalAmount);
    expect(r.refundAmount).toBe((Math.round((paid * 100) / 3) / 100).toFixed(2));
    expect((Number(r.taxableValue) + Number(r.cgst) + Number(r.sgst) + Number(r.igst)).toFixed(2)).toBe(r.refundAmount);
    expect(r.igst).toBe('0.00');
    expect(r.status).toBe('requested');

    // At most what is left: 2 more, not 3.
    expectError(await ask(cookie, p.id, 3), 400, { message: RETURN_MSG.tooMany(2) });

    const approved = await t.api('POST', `/api/admin/returns/${r.id}/approve`, { cookie: admin, body: {} });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const [reversal] = await query<{ kind: string; bv: string; reference: string }>(t, sql`select kind, bv::text, reference from volume_events where return_id = ${r.id}::uuid`);
    expect(reversal).toEqual({ kind: 'reversal', bv: (-Number(p.totalBV) / 3).toFixed(2), reference: r.number });

    // Refunded before the goods are back only with a reason.
    expectError(await t.api('POST', `/api/admin/returns/${r.id}/refund`, { cookie: admin, body: { method: 'wallet' } }), 400, { message: RETURN_MSG.earlyRefundNote });
    const received = await t.api('POST', `/api/admin/returns/${r.id}/receive`, { cookie: admin, body: {} });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    const [stock] = await query<{ quantity: number }>(t, sql`select quantity from company_stock where product_id = ${product.id}::uuid`);
    expect(Number(stock.quantity)).toBeGreaterThanOrEqual(1);

    // A wallet purchase goes back to the wallet, not outside.
    expectError(await t.api('POST', `/api/admin/returns/${r.id}/refund`, { cookie: admin, body: { method: 'external', reference: 'UTR1' } }), 400, { message: RETURN_MSG.walletOnly });
    const refunded = await t.api('POST', `/api/admin/returns/${r.id}/refund`, { cookie: admin, body: { method: 'wallet' } });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const done = refunded.body.return;
    expect(done.status).toBe('refunded');
    expect(done.creditNote.number).toMatch(/^CN\/\d{4}\/\d{6}$/);
    expect(done.creditNote.number.length).toBeLessThanOrEqual(16);
    expect(done.events.map((e: { action: string }) => e.action)).toEqual(['requested', 'approved', 'received', 'refunded']);
    expect(Number(await balanceOf(user.id))).toBeCloseTo(Number(before) + Number(r.refundAmount), 2);
    const [ledger] = await query<{ type: string; amount: string }>(t, sql`select type, amount::text from transactions where reference_id = ${r.id} and user_id = ${user.id}::uuid`);
    expect(ledger).toEqual({ type: 'refund', amount: r.refundAmount });
    // Refunded once.
    expectError(await t.api('POST', `/api/admin/returns/${r.id}/refund`, { cookie: admin, body: { method: 'wallet' } }), 409, { message: RETURN_MSG.notRefundable });

    const pdf = await rawGet(t, `/api/returns/${r.id}/credit-note`, cookie);
    expect(pdf.statusCode).toBe(200);
    expect(String(pdf.headers['content-type'])).toContain('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(done.creditNote.number);
    expect(text).toContain(`Against Invoice No: ${done.invoiceNumber}`);
    expect(text).toContain('CGST @ 9%');
  });

  it("another member's purchase and return are not found; a member cannot decide a return", async () => {
    const a = await buyer();
    const b = await buyer();
    const p = await buy(a.cookie, 1);
    expectError(await ask(b.cookie, p.id, 1), 404, { message: RETURN_MSG.saleNotFound });
    const r = (await ask(a.cookie, p.id, 1)).body.return;
    expectError(await t.api('GET', `/api/returns/${r.id}`, { cookie: b.cookie }), 404, { message: RETURN_MSG.notFound });
    expect((await rawGet(t, `/api/returns/${r.id}/credit-note`, b.cookie)).statusCode).toBe(404);
    expect((await t.api('POST', `/api/admin/returns/${r.id}/approve`, { cookie: a.cookie, body: {} })).status).toBe(403);
    const rejected = await t.api('POST', `/api/admin/returns/${r.id}/reject`, { cookie: admin, body: { reason: 'Seal broken by the buyer' } });
    expect(rejected.status).toBe(200);
    expect(rejected.body.return.status).toBe('rejected');
    // A rejected return gives its units back to what can be returned.
    expect((await ask(a.cookie, p.id, 1)).status).toBe(201);
  });

  it('a refund above RETURN_APPROVAL_ABOVE waits for a second admin, who approves it through Approvals', async () => {
    const { cookie } = await buyer('5000000.00');
    const p = await buy(cookie, 30);
    const r = (await ask(cookie, p.id, 30, 'defective', 'All units leak')).body.return;
    expect(Number(r.refundAmount)).toBeGreaterThan(50_000);
    const waiting = await t.api('POST', `/api/admin/returns/${r.id}/approve`, { cookie: admin, body: {} });
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(202);
    expect(waiting.body.message).toBe(RETURN_MSG.approvalRequested);
    expect((await t.api('GET', `/api/admin/returns/${r.id}`, { cookie: admin })).body.awaitingSecondAdmin).toBe(true);
    const approvalId = waiting.body.approval.id as string;
    expectError(await t.api('POST', `/api/admin/approvals/${approvalId}/approve`, { cookie: admin, body: {} }), 403, { code: 'SECOND_ADMIN_REQUIRED' });
    const second = await t.api('POST', `/api/admin/approvals/${approvalId}/approve`, { cookie: admin2, body: {} });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const after = (await t.api('GET', `/api/admin/returns/${r.id}`, { cookie: admin })).body;
    expect(after.status).toBe('approved');
    expect(after.awaitingSecondAdmin).toBe(false);
  });

  it('the admin list finds returns by number and status; the report counts units sold and returned', async () => {
    const { cookie } = await buyer();
    const p = await buy(cookie, 2);
    const r = (await ask(cookie, p.id, 1, 'wrong_item')).body.return;
    const found = await t.api('GET', `/api/admin/returns?q=${encodeURIComponent(r.number)}`, { cookie: admin });
    expect(found.status).toBe(200);
    expect(found.body.items.map((x: { id: string }) => x.id)).toEqual([r.id]);
    const requested = await t.api('GET', '/api/admin/returns?status=requested', { cookie: admin });
    expect(requested.body.items.every((x: { status: string }) => x.status === 'requested')).toBe(true);
    const report = await t.api('GET', '/api/admin/returns/report', { cookie: admin });
    expect(report.status).toBe(200);
    expect(report.body.returned.units).toBeGreaterThan(0);
    expect(report.body.byReason.find((x: { reason: string }) => x.reason === 'wrong_item').units).toBeGreaterThanOrEqual(1);
    const line = report.body.byProduct.find((x: { productId: string }) => x.productId === product.id);
    expect(line.sold).toBeGreaterThanOrEqual(line.returned);
  });
});

describe('concurrent returns of one order', () => {
  it('20 parallel requests of one unit on a 3-unit order: exactly 3 are accepted', async () => {
    const { cookie } = await buyer();
    const p = await buy(cookie, 3);
    const answers = await Promise.all(Array.from({ length: 20 }, () => ask(cookie, p.id, 1)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    for (const a of answers.filter((x) => x.status !== 201)) expect([400, 409]).toContain(a.status);
    const [{ n }] = await query<{ n: number }>(t, sql`select coalesce(sum(quantity), 0)::int as n from returns where purchase_id = ${p.id}::uuid`);
    expect(Number(n)).toBe(3);
  }, 60_000);
});

// Last: it moves the clock a month on.
describe('the cooling-off window', () => {
  it('R5: the window ends at midnight IST after the 30th day; an admin can still take back defective goods', async () => {
    // The example's own dates through the pure window (1 June 2026 10:00 IST, 30 days).
    const ends = windowEnd(new Date('2026-06-01T04:30:00Z'), 30);
    expect(ends.toISOString()).toBe('2026-07-01T18:30:00.000Z'); // 2 July 00:00 IST
    expect(RETURN_MSG.windowEnded(30, lastDayOf(ends))).toBe('The 30-day return window for this order ended on 1 Jul 2026.');

    // The same through the API, on the manual clock: delivered two days from now at 10:00 IST.
    const b = await buyer();
    const p = await buy(b.cookie, 2);
    const DAY = 86_400_000;
    const IST = 330 * 60_000;
    const today = Math.floor((t.clock.now().getTime() + IST) / DAY);
    const delivered = new Date((today + 2) * DAY - IST + 10 * 3_600_000);
    await t.runtime.ctx.db.execute(sql`update purchases set delivered_at = ${delivered.toISOString()}::timestamptz where id = ${p.id}::uuid`);
    const lastMinute = new Date((today + 2 + 31) * DAY - IST - 60_000); // day 30 after delivery, 23:59 IST
    t.clock.advance(lastMinute.getTime() - t.clock.now().getTime());
    // A month on, every session has ended: each signs in again.
    const cookie = await t.login(b.user.email, PASSWORD);
    admin = await t.login(t.demo.admin.email, t.demo.admin.password);
    admin2 = await t.login(t.demo.admin2.email, t.demo.admin2.password);
    const inTime = await ask(cookie, p.id, 1);
    expect(inTime.status, JSON.stringify(inTime.body)).toBe(201);
    t.clock.advance(60_000); // 00:00 IST the next day
    const shown = lastDayOf(windowEnd(delivered, 30));
    expectError(await ask(cookie, p.id, 1), 400, { code: 'RETURN_WINDOW_ENDED', message: `The 30-day return window for this order ended on ${shown}.` });
    const late = { purchaseId: p.id, lines: [{ productId: product.id, quantity: 1 }] };
    expectError(await t.api('POST', '/api/admin/returns', { cookie: admin, body: { ...late, reason: 'changed_mind' } }), 400, { message: RETURN_MSG.lateReason });
    const byAdmin = await t.api('POST', '/api/admin/returns', { cookie: admin, body: { ...late, reason: 'defective', note: 'Motor does not start' } });
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(201);
    expect(byAdmin.body.return.outsideWindow).toBe(true);
    // The admin who created it does not approve it.
    expectError(await t.api('POST', `/api/admin/returns/${byAdmin.body.return.id}/approve`, { cookie: admin, body: {} }), 403, { code: 'SECOND_ADMIN_REQUIRED' });
    expect((await t.api('POST', `/api/admin/returns/${byAdmin.body.return.id}/approve`, { cookie: admin2, body: {} })).status).toBe(200);
  });
});
