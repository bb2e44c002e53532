import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../support/test-app';
import { b64, count, dataUrl, demoCookies, expectError, expectInvalid, fakeJpeg, fakePdf, htmlFile, query, uniqueEmail } from '../support/http';
import { expectLedgerSound } from '../support/money';
import { FUND_REQUEST_MSG } from '../../contracts/fund-requests';
import { WALLET_MSG } from '../../contracts/wallet';
import { MSG } from '../../contracts/messages';

/** Wallet top-ups by bank transfer or UPI (issue 16). */
let t: TestApp;
let c: Awaited<ReturnType<typeof demoCookies>>;
beforeAll(async () => {
  t = await startTestApp({ config: { dbPoolSize: 12, fundRequestMaxAmount: '50000.00', fundRequestDailyLimit: '80000.00' } });
  c = await demoCookies(t);
});
afterAll(async () => t?.close());

let refSeq = 0;
const ref = () => `UTR${Date.now().toString(36).toUpperCase()}${(refSeq++).toString().padStart(3, '0')}`;

async function member() {
  const email = uniqueEmail('topup');
  const user = await t.createUser({ email, password: 'Topup#1234' });
  return { user, cookie: await t.login(email, 'Topup#1234') };
}

const ask = (cookie: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  t.api('POST', '/api/fund-requests', { cookie, headers, body: { method: 'upi', amount: '1500', reference: ref(), proofData: b64(fakeJpeg(400)), proofFilename: 'receipt.jpg', ...body } });
const approve = (id: string, cookie = c.admin, headers: Record<string, string> = {}) => t.api('POST', `/api/admin/fund-requests/${id}/approve`, { cookie, headers });
const reject = (id: string, reason: unknown, cookie = c.admin) => t.api('POST', `/api/admin/fund-requests/${id}/reject`, { cookie, body: { reason } });
const balanceOf = async (userId: string) => (await query<{ b: string }>(t, sql`select balance::text as b from wallet_balances where user_id = ${userId}::uuid`))[0]?.b ?? '0.00';

describe('a member asks for a top-up', () => {
  it('stores the request with its proof, tells the admins and lists it with the limits', async () => {
    const m = await member();
    const reference = ref();
    const r = await ask(m.cookie, { method: 'bank', amount: '2500.50', reference: ` ${reference.toLowerCase()} ` });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ message: FUND_REQUEST_MSG.submitted, request: { method: 'bank', amount: '2500.50', reference, status: 'pending', transactionId: null } });
    const own = await t.api('GET', '/api/fund-requests', { cookie: m.cookie });
    expect(own.body.items.map((x: { id: string }) => x.id)).toEqual([r.body.request.id]);
    expect(own.body.limits).toEqual({ maxPerRequest: '50000.00', dailyLimit: '80000.00', usedToday: '2500.50', leftToday: '77499.50' });
    // The proof is re-encoded like a KYC document and served to its member and to admins only.
    const proof = await t.api('GET', r.body.request.proofUrl, { cookie: m.cookie });
    expect(proof.status).toBe(200);
    expect(proof.headers['content-type']).toBe('image/jpeg');
    expect(String(proof.headers['content-security-policy'])).toContain('sandbox');
    expect((await t.api('GET', r.body.request.proofUrl, { cookie: c.admin })).status).toBe(200);
    const other = await member();
    expectError(await t.api('GET', r.body.request.proofUrl, { cookie: other.cookie }), 404);
    expectError(await t.api('GET', r.body.request.proofUrl, { cookie: c.founder }), 404);
    expect(await count(t, 'notifications', sql`type = 'fund_request_submitted' and data->>'fundRequestId' = ${r.body.request.id}`)).toBeGreaterThan(0);
    expect(await count(t, 'audit_log', sql`action = 'fund_request.create' and entity_id = ${r.body.request.id}`)).toBe(1);
    // Nothing is credited until an admin approves.
    expect(await balanceOf(m.user.id)).toBe('0.00');
    // Another member sees only their own requests.
    expect((await t.api('GET', '/api/fund-requests', { cookie: other.cookie })).body.items).toEqual([]);
  });

  it('takes the proof as a data URL, a PDF or a multipart form', async () => {
    const m = await member();
    expect((await ask(m.cookie, { proofData: dataUrl(fakeJpeg(300), 'image/jpeg') })).status).toBe(201);
    const pdf = await ask(m.cookie, { proofData: b64(fakePdf(300)), proofFilename: 'statement.pdf' });
    expect(pdf.status, JSON.stringify(pdf.body)).toBe(201);
    expect(pdf.body.request.proofContentType).toBe('application/pdf');
    const boundary = '----topup';
    const parts = [
      ['method', 'bank'],
      ['amount', '700'],
      ['reference', ref()],
    ]
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('');
    const body = Buffer.concat([
      Buffer.from(`${parts}--${boundary}\r\nContent-Disposition: form-data; name="proofData"; filename="slip.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      fakeJpeg(500),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const form = await t.api('POST', '/api/fund-requests', { cookie: m.cookie, body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(form.status, JSON.stringify(form.body)).toBe(201);
    expect(form.body.request).toMatchObject({ method: 'bank', amount: '700.00' });
  });

  it('refuses bad input with the field and its message, storing nothing', async () => {
    const m = await member();
    const before = await count(t, 'fund_requests');
    expectInvalid(await ask(m.cookie, { method: 'cash' }), FUND_REQUEST_MSG.methodRequired, 'method');
    expectInvalid(await ask(m.cookie, { amount: '0' }), WALLET_MSG.validAmount, 'amount');
    expectInvalid(await ask(m.cookie, { amount: '10.005' }), WALLET_MSG.validAmount, 'amount');
    expectInvalid(await ask(m.cookie, { reference: '  ' }), FUND_REQUEST_MSG.referenceRequired, 'reference');
    expectInvalid(await ask(m.cookie, { reference: 'AB 12' }), FUND_REQUEST_MSG.referenceFormat, 'reference');
    expectInvalid(await ask(m.cookie, { proofData: '' }), FUND_REQUEST_MSG.proofRequired, 'proofData');
    expectError(await ask(m.cookie, { proofData: b64(htmlFile()) }), 400, { code: 'INVALID_FILE_TYPE', field: 'proofData', message: MSG.kycFileType });
    expectError(await ask(m.cookie, { proofData: b64(fakeJpeg(5 * 1024 * 1024 + 10)) }), 400, { code: 'FILE_TOO_LARGE', field: 'proofData' });
    expect(await count(t, 'fund_requests')).toBe(before);
  });

  it('keeps the limits per request and per day (Asia/Kolkata), and a reference once', async () => {
    const m = await member();
    expectError(await ask(m.cookie, { amount: '50000.01' }), 400, { code: 'LIMIT_EXCEEDED', field: 'amount', message: `${FUND_REQUEST_MSG.aboveMax} ₹50,000.00.` });
    expect((await ask(m.cookie, { amount: '50000' })).status).toBe(201);
    const second = await ask(m.cookie, { amount: '30000' });
    expect(second.status).toBe(201);
    const over = expectError(await ask(m.cookie, { amount: '0.01' }), 400, { code: 'LIMIT_EXCEEDED', field: 'amount' });
    expect(over.message).toContain('₹80,000.00');
    // A rejected request frees its share of the day, and its reference may be used again.
    expect((await reject(second.body.request.id, 'No such payment')).status).toBe(200);
    const reused = await ask(m.cookie, { amount: '100', reference: second.body.request.reference });
    expect(reused.status, JSON.stringify(reused.body)).toBe(201);
    // A reference pending or approved is refused, for anyone.
    const other = await member();
    expectError(await ask(other.cookie, { reference: reused.body.request.reference.toLowerCase() }), 409, { code: 'DUPLICATE_REFERENCE', field: 'reference' });
    // The next day in India the limit starts again: today's requests moved to yesterday (Asia/Kolkata) no longer count.
    await query(t, sql`update fund_requests set created_at = created_at - interval '1 day' where user_id = ${m.user.id}::uuid`);
    expect((await t.api('GET', '/api/fund-requests', { cookie: m.cookie })).body.limits.usedToday).toBe('0.00');
    expect((await ask(m.cookie, { amount: '50000' })).status).toBe(201);
  });

  it('is for members: admins, founders without a member role, signed-out callers and impersonators are refused', async () => {
    expectError(await ask(c.admin), 403);
    expectError(await t.api('GET', '/api/fund-requests', { cookie: c.admin }), 403);
    expectError(await t.api('POST', '/api/fund-requests', { body: {} }), 401);
    expectError(await t.api('GET', '/api/fund-requests'), 401);
    expectError(await ask(c.pending), 403);
  });

  it('five requests at once cannot pass the daily limit together', async () => {
    const m = await member();
    const answers = await Promise.all(Array.from({ length: 5 }, () => ask(m.cookie, { amount: '20000' })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 400 && a.body.code === 'LIMIT_EXCEEDED')).toHaveLength(1);
    expect((await t.api('GET', '/api/fund-requests', { cookie: m.cookie })).body.limits.usedToday).toBe('80000.00');
  });
});

describe('an admin decides (Manage Fund, Pending Fund Requests)', () => {
  it('approves: the wallet is credited through the ledger once, the member told, audited; a second decision is refused', async () => {
    const m = await member();
    const r = (await ask(m.cookie, { amount: '1234.56' })).body.request;
    const pending = await t.api('GET', '/api/admin/fund-requests?status=pending', { cookie: c.admin });
    expect(pending.body.items.find((x: { id: string }) => x.id === r.id)).toMatchObject({ userDisplayId: m.user.userId, amount: '1234.56', status: 'pending', processedBy: null });
    expect(pending.body.counts.pending).toBeGreaterThan(0);
    expect(pending.body.limits).toEqual({ maxPerRequest: '50000.00', dailyLimit: '80000.00' });
    const ok = await approve(r.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ message: FUND_REQUEST_MSG.approved, request: { status: 'approved' } });
    expect(await balanceOf(m.user.id)).toBe('1234.56');
    const ledger = await t.api('GET', '/api/wallet/transactions', { cookie: m.cookie });
    expect(ledger.body.items[0]).toMatchObject({ id: ok.body.request.transactionId, type: 'wallet_topup', amount: '1234.56', referenceId: r.id });
    // A top-up is not income.
    expect((await t.api('GET', '/api/wallet', { cookie: m.cookie })).body.totalEarnings).toBe('0.00');
    expectError(await approve(r.id), 409, { code: 'INVALID_STATE', message: FUND_REQUEST_MSG.notPending });
    expectError(await reject(r.id, 'late'), 409, { code: 'INVALID_STATE' });
    expect(await count(t, 'notifications', sql`user_id = ${m.user.id}::uuid and type = 'fund_request_approved'`)).toBe(1);
    expect(await count(t, 'audit_log', sql`action = 'fund_request.approve' and entity_id = ${r.id}`)).toBe(1);
    // The admins' bell entry for it is done.
    expect(await count(t, 'notifications', sql`type = 'fund_request_submitted' and data->>'fundRequestId' = ${r.id} and not read`)).toBe(0);
    const approved = await t.api('GET', `/api/admin/fund-requests?status=approved&search=${m.user.userId}`, { cookie: c.admin });
    expect(approved.body.items).toHaveLength(1);
    expect(approved.body.items[0].processedBy).toMatch(/\S/);
    await expectLedgerSound(t, m.user.id);
  });

  it('rejects with a reason: nothing credited, the member told with the reason', async () => {
    const m = await member();
    const r = (await ask(m.cookie)).body.request;
    expectInvalid(await reject(r.id, '  '), WALLET_MSG.rejectReasonRequired, 'reason');
    const no = await reject(r.id, 'Payment not received');
    expect(no.body).toMatchObject({ message: FUND_REQUEST_MSG.rejected, request: { status: 'rejected', rejectionReason: 'Payment not received' } });
    expect(await balanceOf(m.user.id)).toBe('0.00');
    const told = await query<{ message: string }>(t, sql`select message from notifications where user_id = ${m.user.id}::uuid and type = 'fund_request_rejected'`);
    expect(told[0].message).toContain('Payment not received');
    expectError(await approve(r.id), 409);
  });

  it('only admins decide; unknown and malformed ids are refused', async () => {
    const m = await member();
    const r = (await ask(m.cookie)).body.request;
    for (const cookie of [c.founder, c.member, m.cookie]) {
      expectError(await approve(r.id, cookie), 403);
      expectError(await reject(r.id, 'x', cookie), 403);
      expectError(await t.api('GET', '/api/admin/fund-requests', { cookie }), 403);
    }
    expectError(await approve('00000000-0000-0000-0000-000000000000'), 404, { message: FUND_REQUEST_MSG.notFound });
    expectError(await approve('abc'), 400);
    expectError(await t.api('GET', '/api/admin/fund-requests?status=lost', { cookie: c.admin }), 400, { field: 'status' });
    expect(await balanceOf(m.user.id)).toBe('0.00');
  });

  it('a fund request approved twice at once credits once (with and without one Idempotency-Key)', async () => {
    const m = await member();
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await ask(m.cookie, { amount: '100' })).body.request.id);
    const second = await t.login(t.demo.admin2.email, t.demo.admin2.password);
    // Two admins press Approve on the same request at the same moment: one credit, the other told it is decided.
    for (const id of ids.slice(0, 5)) {
      const [a, b] = await Promise.all([approve(id), approve(id, second)]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
    }
    // One admin's double click with one key: one credit and the same answer twice.
    for (const id of ids.slice(5)) {
      const key = `approve-${id}`;
      const [a, b] = await Promise.all([approve(id, c.admin, { 'idempotency-key': key }), approve(id, c.admin, { 'idempotency-key': key })]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(b.body).toEqual(a.body);
    }
    expect(await balanceOf(m.user.id)).toBe('1000.00');
    expect(await count(t, 'transactions', sql`user_id = ${m.user.id}::uuid and type = 'wallet_topup'`)).toBe(10);
    await expectLedgerSound(t, m.user.id);
  });

  it('approve against reject at once: one wins, money moves at most once', async () => {
    const m = await member();
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push((await ask(m.cookie, { amount: '10' })).body.request.id);
    let approvedCount = 0;
    for (const id of ids) {
      const [a, r] = await Promise.all([approve(id), reject(id, 'race')]);
      expect([a.status, r.status].sort()).toEqual([200, 409]);
      if (a.status === 200) approvedCount++;
    }
    expect(await balanceOf(m.user.id)).toBe(`${approvedCount * 10}.00`);
    await expectLedgerSound(t, m.user.id);
  });
});
