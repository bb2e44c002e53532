import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp, demoUsers } from '../support/test-app';
import { codeFor } from '../support/authenticator';
import { count, expectError, expectInvalid, query } from '../support/http';
import { ADJUSTMENT_MSG } from '../../contracts/compensation';
import { MSG } from '../../contracts/messages';
import type { UserRow } from '../../server/modules/users/users.repo';
import { closePairingCycle, threeAdmins } from '../support/compensation';

/**
 * Issue 29, "Cycles and adjustments": an adjustment needs step-up and a reason, is capped (ADJUSTMENT_MAX_AMOUNT,
 * ₹1,00,000 by default) and above ADJUSTMENT_APPROVAL_ABOVE (₹10,000) waits for a second admin (a comp_adjustment
 * approval request; the adjustment exists only once approved, made by the requester). A cycle is approved and posted
 * only by an admin who neither calculated it nor made an adjustment that it pays.
 */
let t: TestApp;
/** Admin A (the demo admin): makes the adjustments. */
let a: string;
/** Admin B: calculates the cycles. */
let b: string;
/** Admin C (the second demo admin): approves and posts them. */
let c: string;
let adminA: UserRow;
let member: UserRow;
const BASE = '/api/admin/compensation';

beforeAll(async () => {
  t = await startTestApp();
  ({ a, b, c } = await threeAdmins(t, { prefix: 'calc.admin', password: 'Calc#Admin-2026' }));
  ({ admin: adminA, member } = await demoUsers(t, 'admin', 'member'));
}, 120_000);
afterAll(async () => t?.close());

const adjust = (cookie: string, amount: string, reason = 'Missed sponsor income in October', type = 'sponsor_income') =>
  t.api('POST', `${BASE}/adjustments`, { cookie, body: { userId: member.userId, type, amount, reason } });
const approveRequest = (id: string, cookie: string) => t.api('POST', `/api/admin/approvals/${id}/approve`, { cookie });
const cycleStep = (id: string, step: 'calculate' | 'approve' | 'post', cookie: string) => t.api('POST', `${BASE}/cycles/${id}/${step}`, { cookie });
const adjustments = () => count(t, 'comp_adjustments', sql`member_id = ${member.id}`);
const approvalRequests = () => count(t, 'approval_requests', sql`kind = 'comp_adjustment'`);
/** The member's adjustment lines of a cycle, with their amounts. */
const adjustmentLines = (cycleId: string) =>
  query<{ amount: string; created_by: string }>(
    t,
    sql`
    select l.amount::text, a.created_by::text from comp_lines l join comp_adjustments a on a.id = l.adjustment_id
    where l.cycle_id = ${cycleId}::uuid and l.member_id = ${member.id}::uuid order by l.id`,
  );

/** Closes the open pairing cycle now and admin B calculates it; answers its id. */
async function closeAndCalculate() {
  t.clock.advance(1_000);
  const id = await closePairingCycle(t, a);
  const calc = await cycleStep(id, 'calculate', b);
  expect(calc.status, JSON.stringify(calc.body)).toBe(200);
  return id;
}

describe('what an adjustment may be', () => {
  it('above the cap (either way) is refused with the cap in rupees, and nothing is stored', async () => {
    const before = [await adjustments(), await approvalRequests()];
    const overCap = `${ADJUSTMENT_MSG.overCap} ₹1,00,000.00, added or taken back.`;
    expectInvalid(await adjust(a, '100000.01'), overCap, 'amount');
    expectInvalid(await adjust(a, '-250000'), overCap, 'amount');
    expectInvalid(await adjust(a, '400000'), overCap, 'amount');
    expect([await adjustments(), await approvalRequests()]).toEqual(before);
  });

  it('needs a reason of at least 5 characters and an amount that is not zero', async () => {
    const before = await adjustments();
    expectInvalid(await adjust(a, '100', '   '), 'Reason is required', 'reason');
    expectInvalid(await adjust(a, '100', ' Oops  '), 'Give a reason of at least 5 characters', 'reason');
    expectInvalid(await adjust(a, '0.00'), 'Amount cannot be 0', 'amount');
    expect(await adjustments()).toBe(before);
  });
});

describe('an adjustment above the approval amount', () => {
  let requestId: string;
  let first: string;

  it('waits for a second admin (202) and is not in the next calculation meanwhile', async () => {
    const before = await adjustments();
    const r = await adjust(a, '20000', 'Festival correction, approved by the board');
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body.message).toBe(`${ADJUSTMENT_MSG.requested} ₹10,000.00.`);
    expect(r.body.approval).toMatchObject({
      kind: 'comp_adjustment',
      status: 'pending',
      summary: 'Direct Income adjustment of ₹20,000.00',
      remarks: 'Festival correction, approved by the board',
      member: { userId: member.userId },
      requestedBy: { userId: adminA.userId },
      fund: null,
    });
    requestId = r.body.approval.id;
    expect(await adjustments()).toBe(before);
    const pending = (await t.api('GET', '/api/admin/approvals?kind=comp_adjustment', { cookie: c })).body as { id: string }[];
    expect(pending.map((p) => p.id)).toContain(requestId);

    first = await closeAndCalculate();
    expect(await adjustmentLines(first)).toEqual([]);
  });

  it("the requester cannot approve it; another admin can, and the adjustment is the requester's", async () => {
    expectError(await approveRequest(requestId, a), 403, { code: 'SECOND_ADMIN_REQUIRED', message: ADJUSTMENT_MSG.ownRequest });
    const ok = await approveRequest(requestId, c);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ message: ADJUSTMENT_MSG.approved, approval: { status: 'approved' } });
    const rows = await query<{ amount: string; created_by: string; reason: string }>(
      t,
      sql`
      select amount::text, created_by::text, reason from comp_adjustments where member_id = ${member.id}::uuid order by created_at desc limit 1`,
    );
    expect(rows[0]).toEqual({ amount: '20000.00', created_by: adminA.id, reason: 'Festival correction, approved by the board' });
    expectError(await approveRequest(requestId, b), 409, { code: 'INVALID_STATE', message: MSG.approvalNotPending });
    // Approved after that cycle closed: it waits for the next one. This one posts without it.
    expect((await cycleStep(first, 'calculate', b)).status).toBe(200);
    expect(await adjustmentLines(first)).toEqual([]);
    expect((await cycleStep(first, 'approve', a)).status).toBe(200);
    expect((await cycleStep(first, 'post', c)).status).toBe(200);
  });

  it("is in the next calculation, whose approval and posting are then not the requester's", async () => {
    const id = await closeAndCalculate();
    expect(await adjustmentLines(id)).toEqual([{ amount: '20000.00', created_by: adminA.id }]);
    expectError(await cycleStep(id, 'approve', a), 403, { code: 'SECOND_ADMIN_REQUIRED', message: ADJUSTMENT_MSG.approveOwnAdjustment });
    expectError(await cycleStep(id, 'approve', b), 403, { code: 'SECOND_ADMIN_REQUIRED', message: ADJUSTMENT_MSG.approveOwnCalculation });
    expect((await cycleStep(id, 'approve', c)).status).toBe(200);
    expectError(await cycleStep(id, 'post', a), 403, { code: 'SECOND_ADMIN_REQUIRED', message: ADJUSTMENT_MSG.postOwnAdjustment });
    expectError(await cycleStep(id, 'post', b), 403, { code: 'SECOND_ADMIN_REQUIRED', message: ADJUSTMENT_MSG.postOwnCalculation });
    expect(await count(t, 'transactions', sql`reference_id = ${id}`)).toBe(0);
    const posted = await cycleStep(id, 'post', c);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body.status).toBe('posted');
    const [paid] = await query<{ cycle_id: string }>(t, sql`select cycle_id::text from comp_adjustments where member_id = ${member.id}::uuid and amount = 20000`);
    expect(paid.cycle_id).toBe(id);
  });

  it('a negative one is capped and approved by its absolute value too', async () => {
    const r = await adjust(a, '-10000.01', 'Clawback of a returned order');
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body.approval.summary).toBe('Direct Income adjustment of -₹10,000.01');
    // The requester withdraws it: nothing is made.
    const before = await adjustments();
    expect((await t.api('POST', `/api/admin/approvals/${r.body.approval.id}/reject`, { cookie: a, body: { reason: 'Entered twice' } })).status).toBe(200);
    expect(await adjustments()).toBe(before);
  });
});

describe('an adjustment up to the approval amount', () => {
  it('is made at once (201); the cycle that pays it is approved and posted by a third admin, never its author', async () => {
    const r = await adjust(a, '10000.00', 'Bonus for the October event');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ userId: member.userId, type: 'sponsor_income', amount: '10000.00', reason: 'Bonus for the October event' });
    expect(await count(t, 'audit_log', sql`entity_id = ${r.body.id} and action = 'adjustment.created' and actor_id = ${adminA.id}`)).toBe(1);

    const id = await closeAndCalculate();
    expect(await adjustmentLines(id)).toEqual([{ amount: '10000.00', created_by: adminA.id }]);
    expectError(await cycleStep(id, 'approve', a), 403, { code: 'SECOND_ADMIN_REQUIRED', message: ADJUSTMENT_MSG.approveOwnAdjustment });
    expect((await cycleStep(id, 'approve', c)).status).toBe(200);
    expectError(await cycleStep(id, 'post', a), 403, { code: 'SECOND_ADMIN_REQUIRED', message: ADJUSTMENT_MSG.postOwnAdjustment });
    const [cycle] = await query<{ status: string }>(t, sql`select status from comp_cycles where id = ${id}::uuid`);
    expect(cycle.status).toBe('approved');
    expect((await cycleStep(id, 'post', c)).status).toBe(200);
  });
});

// Last: it moves the clock past every session's step-up window.
describe('step-up', () => {
  it('an adjustment without a recent second factor is refused (403 STEP_UP_REQUIRED) and nothing is stored', async () => {
    t.clock.advance(6 * 60_000);
    const before = await adjustments();
    expectError(await adjust(a, '500'), 403, { code: 'STEP_UP_REQUIRED', message: MSG.stepUpRequired });
    expect(await adjustments()).toBe(before);
    const up = await t.api('POST', '/api/auth/two-factor/step-up', { cookie: a, body: { code: codeFor(t.demo.admin.email) } });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect((await adjust(a, '500')).status).toBe(201);
    expect(await adjustments()).toBe(before + 1);
  });
});
