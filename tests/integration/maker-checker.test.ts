import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { count, demoCookies, expectError, expectInvalid, query, uniqueEmail } from '../support/http';
import { expectLedgerSound, fundedMember } from '../support/money';
import { FUND_APPROVAL_MSG, WALLET_MSG } from '../../contracts/wallet';

/**
 * Issue 13, a second approver for money: one admin could credit any amount to any wallet. Send Fund above the
 * threshold (SEND_FUND_APPROVAL_ABOVE, ₹50,000 by default) now waits for a different admin; the requester can neither
 * approve it nor see it applied alone; both steps are audited; two approvals at once apply it once.
 */
let t: TestApp;
let c: Awaited<ReturnType<typeof demoCookies>>;
let second: string;
let third: string;
beforeAll(async () => {
  t = await startTestApp();
  c = await demoCookies(t);
  second = await t.login(t.demo.admin2.email, t.demo.admin2.password);
  const email = uniqueEmail('admin3');
  await t.createUser({ email, password: 'Third#Admin-2026', role: 'admin' });
  third = await t.login(email, 'Third#Admin-2026');
});
afterAll(async () => t?.close());

const sendFund = (cookie: string, userId: string, amount: string, option = 'Credit') =>
  t.api('POST', '/api/admin/send-fund', { cookie, body: { userId, option, amount, remarks: 'Festival bonus' } });
const balanceOf = async (userId: string) => (await query<{ balance: string }>(t, sql`select balance::text from wallet_balances where user_id = ${userId}`))[0]?.balance ?? '0.00';

describe('Send Fund above the threshold', () => {
  it('waits for a second admin: 202, nothing applied, the requester cannot approve, another admin can', async () => {
    const m = await fundedMember(t, c.admin, '0');
    const admin2 = (await userByEmail(t, t.demo.admin2.email))!;
    const r = await sendFund(c.admin, m.user.userId, '60000');
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body.message).toBe(`${FUND_APPROVAL_MSG.requested} ₹50,000.00.`);
    expect(r.body.approval).toMatchObject({ status: 'pending', option: 'credit', amount: '60000.00', member: { userId: m.user.userId }, requestedBy: { name: 'Platform Admin' } });
    expect(await balanceOf(m.user.id)).toBe('0.00');
    expect(await count(t, 'notifications', sql`user_id = ${admin2.id} and type = 'fund_approval_requested'`)).toBe(1);
    const list = await t.api('GET', '/api/admin/fund-approvals', { cookie: second });
    expect(list.body.map((a: { id: string }) => a.id)).toContain(r.body.approval.id);

    expectError(await t.api('POST', `/api/admin/fund-approvals/${r.body.approval.id}/approve`, { cookie: c.admin }), 403, { code: 'SECOND_ADMIN_REQUIRED', message: FUND_APPROVAL_MSG.ownRequest });
    expect(await balanceOf(m.user.id)).toBe('0.00');

    const ok = await t.api('POST', `/api/admin/fund-approvals/${r.body.approval.id}/approve`, { cookie: second });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ message: FUND_APPROVAL_MSG.approved, approval: { status: 'approved', reviewedBy: { userId: admin2.userId } }, balance: '60000.00' });
    expect(await balanceOf(m.user.id)).toBe('60000.00');
    await expectLedgerSound(t, m.user.id);
    const actions = await query<{ action: string }>(t, sql`select action from audit_log where (entity_id = ${r.body.approval.id} or entity_id = ${m.user.id}) and action like 'fund.%' order by created_at`);
    expect(actions.map((a) => a.action)).toEqual(['fund.approval_requested', 'fund.credit', 'fund.approval_approved']);
    // Decided once.
    expectError(await t.api('POST', `/api/admin/fund-approvals/${r.body.approval.id}/approve`, { cookie: third }), 409, { code: 'INVALID_STATE', message: FUND_APPROVAL_MSG.notPending });
  });

  it('at the threshold or below, Send Fund applies at once', async () => {
    const m = await fundedMember(t, c.admin, '0');
    const r = await sendFund(c.admin, m.user.userId, '50000');
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(WALLET_MSG.fundCredited);
    expect(await balanceOf(m.user.id)).toBe('50000.00');
  });

  it('a rejection needs a reason and applies nothing; it cannot be approved afterwards', async () => {
    const m = await fundedMember(t, c.admin, '0');
    const id = (await sendFund(c.admin, m.user.userId, '75000')).body.approval.id;
    expectInvalid(await t.api('POST', `/api/admin/fund-approvals/${id}/reject`, { cookie: second, body: { reason: ' ' } }), WALLET_MSG.rejectReasonRequired, 'reason');
    const r = await t.api('POST', `/api/admin/fund-approvals/${id}/reject`, { cookie: second, body: { reason: 'No festival bonus this year' } });
    expect(r.body).toMatchObject({ message: FUND_APPROVAL_MSG.rejected, approval: { status: 'rejected', rejectionReason: 'No festival bonus this year' } });
    expectError(await t.api('POST', `/api/admin/fund-approvals/${id}/approve`, { cookie: third }), 409, { code: 'INVALID_STATE' });
    expect(await balanceOf(m.user.id)).toBe('0.00');
    const rejected = await t.api('GET', '/api/admin/fund-approvals?status=rejected', { cookie: c.admin });
    expect(rejected.body.map((a: { id: string }) => a.id)).toContain(id);
  });

  it('a large debit the balance no longer covers is refused at approval and stays pending', async () => {
    const m = await fundedMember(t, c.admin, '100000');
    const id = (await sendFund(c.admin, m.user.userId, '60000', 'Debit')).body.approval.id;
    // Meanwhile a direct debit (at the threshold, applied at once) leaves ₹50,000.
    expect((await sendFund(c.admin, m.user.userId, '50000', 'Debit')).status).toBe(200);
    expectError(await t.api('POST', `/api/admin/fund-approvals/${id}/approve`, { cookie: second }), 400, { code: 'INSUFFICIENT_FUNDS' });
    const [row] = await query<{ status: string }>(t, sql`select status from approval_requests where id = ${id}`);
    expect(row.status).toBe('pending');
    expect(await balanceOf(m.user.id)).toBe('50000.00');
  });

  it('two admins approving at once apply it once', async () => {
    const m = await fundedMember(t, c.admin, '0');
    const id = (await sendFund(c.admin, m.user.userId, '90000')).body.approval.id;
    const answers = await Promise.all([second, third].map((cookie) => t.api('POST', `/api/admin/fund-approvals/${id}/approve`, { cookie })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(m.user.id)).toBe('90000.00');
    expect(await count(t, 'transactions', sql`user_id = ${m.user.id} and type = 'admin_credit'`)).toBe(1);
    await expectLedgerSound(t, m.user.id);
  });

  it('members and founders cannot see or decide requests', async () => {
    expectError(await t.api('GET', '/api/admin/fund-approvals', { cookie: c.member }), 403);
    expectError(await t.api('GET', '/api/admin/fund-approvals', { cookie: c.founder }), 403);
  });
});

describe('a large debit the balance does not cover', () => {
  it('is refused at once, as a direct one is, and no request is stored', async () => {
    const m = await fundedMember(t, c.admin, '1000');
    const before = await count(t, 'approval_requests', sql`target_user_id = ${m.user.id}`);
    expectError(await sendFund(c.admin, m.user.userId, '999999', 'Debit'), 400, { code: 'INSUFFICIENT_FUNDS', message: WALLET_MSG.insufficientBalance });
    expect(await count(t, 'approval_requests', sql`target_user_id = ${m.user.id}`)).toBe(before);
  });
});

describe('bad input on the approval routes', () => {
  it('a malformed or unknown id, a bad status and a missing reason answer 4xx and change nothing', async () => {
    const before = await count(t, 'approval_requests');
    expectError(await t.api('POST', '/api/admin/fund-approvals/not-a-uuid/approve', { cookie: second }), 400, { message: FUND_APPROVAL_MSG.notFound });
    expectError(await t.api('POST', '/api/admin/fund-approvals/00000000-0000-4000-8000-000000000000/approve', { cookie: second }), 404, { message: FUND_APPROVAL_MSG.notFound });
    expectError(await t.api('POST', '/api/admin/fund-approvals/00000000-0000-4000-8000-000000000000/reject', { cookie: second, body: { reason: 'x' } }), 404);
    expectError(await t.api('GET', '/api/admin/fund-approvals?status=lost', { cookie: second }), 400);
    const m = await fundedMember(t, c.admin, '0');
    const id = (await sendFund(c.admin, m.user.userId, '70000')).body.approval.id;
    expectInvalid(await t.api('POST', `/api/admin/fund-approvals/${id}/reject`, { cookie: second, body: {} }), WALLET_MSG.rejectReasonRequired, 'reason');
    expectError(await t.api('POST', `/api/admin/fund-approvals/${id}/approve`, { cookie: c.member }), 403);
    expect(await count(t, 'approval_requests')).toBe(before + 1);
    expect(await balanceOf(m.user.id)).toBe('0.00');
  });
});
