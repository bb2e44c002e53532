import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { findUserById } from '../support/users';
import { ID } from '../support/identity';
import { startTestApp, userByEmail, type TestApp, demoUsers } from '../support/test-app';
import { count, demoCookies, expectError, expectInvalid, query, uniqueEmail, signedInUser } from '../support/http';
import { bank, expectLedgerSound, fundedMember } from '../support/money';
import { FUND_APPROVAL_MSG, WALLET_MSG } from '../../contracts/wallet';
import { MSG } from '../../contracts/messages';
import type { UserRow } from '../support/users';
import { closePairingCycle } from '../support/compensation';

/**
 * Issue 13, a second approver (maker-checker) on `approval_requests`: Send Fund above the threshold
 * (SEND_FUND_APPROVAL_ABOVE, ₹50,000 by default), an admin's change of a member's bank or crypto payout details, a
 * role change to admin (or founder), a new admin account and payout posting each wait for a different admin. The
 * requester can neither approve nor see it applied alone; requested, applied and decided are in the audit log; two
 * approvals at once apply it once; a rejection changes nothing.
 */
let t: TestApp;
let c: Awaited<ReturnType<typeof demoCookies>>;
let second: string;
let third: string;
let admin: UserRow;
let admin2: UserRow;
beforeAll(async () => {
  t = await startTestApp();
  c = await demoCookies(t);
  second = await t.login(t.demo.admin2.email, t.demo.admin2.password);
  third = (await signedInUser(t, 'admin3', 'Third#Admin-2026', { role: 'admin' })).cookie;
  ({ admin, admin2 } = await demoUsers(t, 'admin', 'admin2'));
});
afterAll(async () => t?.close());

const sendFund = (cookie: string, userId: string, amount: string, option = 'Credit') => t.api('POST', '/api/admin/send-fund', { cookie, body: { userId, option, amount, remarks: 'Festival bonus' } });
const approve = (id: string, cookie: string) => t.api('POST', `/api/admin/approvals/${id}/approve`, { cookie });
const reject = (id: string, cookie: string, reason?: string) => t.api('POST', `/api/admin/approvals/${id}/reject`, { cookie, body: reason === undefined ? {} : { reason } });
const list = async (cookie: string, qs = '') => (await t.api('GET', `/api/admin/approvals${qs}`, { cookie })).body as { id: string; kind: string }[];
const balanceOf = async (userId: string) => (await query<{ balance: string }>(t, sql`select balance::text from wallet_balances where user_id = ${userId}`))[0]?.balance ?? '0.00';
/** The user's row as stored, with the sealed columns opened (they are ciphertext at rest, ADR 0011). */
const dbUser = async (id: string) => {
  // Payout details are the users module's own table (ADR 0026).
  const row = (
    await query<Record<string, unknown>>(
      t,
      sql`select u.*, p.bank_ifsc, p.bank_name, p.bank_account_holder_name, p.payout_details_changed_at, p.bank_account_changed_at
        from users u left join user_payout_details p on p.user_id = u.id where u.id = ${id}`,
    )
  )[0];
  const u = (await findUserById(t.runtime.ctx.db, id))!;
  return { ...row, bank_account_number: u.bankAccountNumber, crypto_wallet_address: u.cryptoWalletAddress, pan_number: u.panNumber, aadhaar_number: u.aadhaarNumber } as Record<string, unknown>;
};
/** The audit actions on these entities, sorted (rows of one transaction share their time). */
const auditActions = async (ids: string[], like: string) =>
  (await query<{ action: string }>(t, sql`select action from audit_log where entity_id in ${sql.raw(`(${ids.map((i) => `'${i}'`).join(',')})`)} and action like ${like}`)).map((a) => a.action).sort();

describe('Send Fund above the threshold', () => {
  it('waits for a second admin: 202, nothing applied, the requester cannot approve, another admin can', async () => {
    const m = await fundedMember(t, c.admin, '0');
    const r = await sendFund(c.admin, m.user.userId, '60000');
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body.message).toBe(`${FUND_APPROVAL_MSG.requested} ₹50,000.00.`);
    expect(r.body.approval).toMatchObject({
      kind: 'send_fund',
      status: 'pending',
      fund: { option: 'credit', amount: '60000.00' },
      summary: 'Credit of ₹60,000.00',
      remarks: 'Festival bonus',
      member: { userId: m.user.userId },
      requestedBy: { name: 'Platform Admin' },
    });
    expect(await balanceOf(m.user.id)).toBe('0.00');
    expect(await count(t, 'notifications', sql`user_id = ${admin2.id} and type = 'fund_approval_requested'`)).toBe(1);
    expect((await list(second, '?kind=send_fund')).map((a) => a.id)).toContain(r.body.approval.id);
    expect((await list(second)).map((a) => a.id)).toContain(r.body.approval.id);

    expectError(await approve(r.body.approval.id, c.admin), 403, { code: 'SECOND_ADMIN_REQUIRED', message: FUND_APPROVAL_MSG.ownRequest });
    expect(await balanceOf(m.user.id)).toBe('0.00');

    const ok = await approve(r.body.approval.id, second);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ message: FUND_APPROVAL_MSG.approved, approval: { status: 'approved', reviewedBy: { userId: admin2.userId } }, balance: '60000.00' });
    expect(await balanceOf(m.user.id)).toBe('60000.00');
    await expectLedgerSound(t, m.user.id);
    expect(await auditActions([r.body.approval.id, m.user.id], 'fund.%')).toEqual(['fund.approval_approved', 'fund.approval_requested', 'fund.credit']);
    expect(await count(t, 'notifications', sql`user_id = ${admin.id} and type = 'fund_approval_decided'`)).toBeGreaterThanOrEqual(1);
    // Decided once.
    expectError(await approve(r.body.approval.id, third), 409, { code: 'INVALID_STATE', message: MSG.approvalNotPending });
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
    expectInvalid(await reject(id, second, ' '), WALLET_MSG.rejectReasonRequired, 'reason');
    const r = await reject(id, second, 'No festival bonus this year');
    expect(r.body).toMatchObject({ message: FUND_APPROVAL_MSG.rejected, approval: { status: 'rejected', rejectionReason: 'No festival bonus this year' } });
    expectError(await approve(id, third), 409, { code: 'INVALID_STATE' });
    expect(await balanceOf(m.user.id)).toBe('0.00');
    expect((await list(c.admin, '?kind=send_fund&status=rejected')).map((a) => a.id)).toContain(id);
    expect((await list(c.admin, '?kind=send_fund')).map((a) => a.id)).not.toContain(id);
  });

  it('a large debit the balance no longer covers is refused at approval and stays pending', async () => {
    const m = await fundedMember(t, c.admin, '100000');
    const id = (await sendFund(c.admin, m.user.userId, '60000', 'Debit')).body.approval.id;
    // Meanwhile a direct debit (at the threshold, applied at once) leaves ₹50,000.
    expect((await sendFund(c.admin, m.user.userId, '50000', 'Debit')).status).toBe(200);
    expectError(await approve(id, second), 400, { code: 'INSUFFICIENT_FUNDS' });
    const [row] = await query<{ status: string }>(t, sql`select status from approval_requests where id = ${id}`);
    expect(row.status).toBe('pending');
    expect(await balanceOf(m.user.id)).toBe('50000.00');
  });

  it('two admins approving at once apply it once', async () => {
    const m = await fundedMember(t, c.admin, '0');
    const id = (await sendFund(c.admin, m.user.userId, '90000')).body.approval.id;
    const answers = await Promise.all([second, third].map((cookie) => approve(id, cookie)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(m.user.id)).toBe('90000.00');
    expect(await count(t, 'transactions', sql`user_id = ${m.user.id} and type = 'admin_credit'`)).toBe(1);
    await expectLedgerSound(t, m.user.id);
  });

  it('members and founders cannot see or decide requests', async () => {
    expectError(await t.api('GET', '/api/admin/approvals', { cookie: c.member }), 403);
    expectError(await t.api('GET', '/api/admin/approvals', { cookie: c.founder }), 403);
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

describe("an admin's change of a member's payout details", () => {
  const editBody = (u: UserRow, extra: Record<string, unknown> = {}) => ({
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    status: u.status,
    cryptoWalletAddress: u.cryptoWalletAddress ?? '',
    ...extra,
  });
  const edit = (u: UserRow, extra: Record<string, unknown>, cookie = c.admin) => t.api('PATCH', `/api/admin/users/${u.id}`, { cookie, body: editBody(u, extra) });

  it('waits for a second admin; the rest of the edit applies at once; the requester cannot approve; another admin applies it, audited, the member told', async () => {
    const m = await fundedMember(t, c.admin, '0');
    const r = await edit(m.user, { firstName: 'Renamed', bankAccountNumber: ID.account4, bankIFSC: 'icic0000001', bankName: 'ICICI Bank', bankAccountHolderName: 'Renamed Member' });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body).toMatchObject({ message: MSG.payoutChangeRequested, id: m.user.id, approval: { kind: 'payout_details', status: 'pending', member: { userId: m.user.userId } } });
    // What would change, old -> new, the account numbers masked.
    expect(r.body.approval.changes).toEqual([
      { field: 'bankAccountNumber', label: 'Bank account number', from: '••••••••4455', to: '••••••••7777' },
      { field: 'bankIFSC', label: 'IFSC', from: bank.ifsc, to: 'ICIC0000001' },
      { field: 'bankName', label: 'Bank name', from: bank.bankName, to: 'ICICI Bank' },
      { field: 'bankAccountHolderName', label: 'Account holder name', from: bank.accountHolderName, to: 'Renamed Member' },
    ]);
    expect(JSON.stringify(r.body)).not.toContain(ID.account4);
    let row = await dbUser(m.user.id);
    expect(row).toMatchObject({ first_name: 'Renamed', bank_account_number: bank.accountNumber, bank_ifsc: bank.ifsc, payout_details_changed_at: null });
    const id = r.body.approval.id as string;
    expect(await count(t, 'notifications', sql`user_id = ${admin2.id} and type = 'payout_details_approval_requested'`)).toBeGreaterThanOrEqual(1);
    const pending = (await t.api('GET', '/api/admin/approvals?kind=payout_details', { cookie: second })).body as { id: string; changes: unknown[] }[];
    expect(pending.find((a) => a.id === id)?.changes).toEqual(r.body.approval.changes);
    // The member heard nothing yet: nothing of the payout details changed.
    expect(await count(t, 'notifications', sql`user_id = ${m.user.id} and type = 'security'`)).toBe(0);

    expectError(await approve(id, c.admin), 403, { code: 'SECOND_ADMIN_REQUIRED', message: MSG.payoutChangeOwnRequest });
    expect(await dbUser(m.user.id)).toMatchObject({ bank_account_number: bank.accountNumber });

    const mailBefore = await count(t, 'mail_outbox');
    const ok = await approve(id, second);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ message: MSG.payoutChangeApproved, approval: { status: 'approved', reviewedBy: { userId: admin2.userId } } });
    row = await dbUser(m.user.id);
    expect(row).toMatchObject({ bank_account_number: ID.account4, bank_ifsc: 'ICIC0000001', bank_name: 'ICICI Bank', bank_account_holder_name: 'Renamed Member' });
    expect(row.payout_details_changed_at).not.toBeNull();
    expect(row.bank_account_changed_at).toEqual(row.payout_details_changed_at);
    expect(await auditActions([id, m.user.id], 'payout_details.%')).toEqual(['payout_details.approval_approved', 'payout_details.approval_requested']);
    const [applied] = await query<{ actor_id: string; previous_state: unknown; new_state: unknown }>(
      t,
      sql`select actor_id::text, previous_state, new_state from audit_log where entity_id = ${m.user.id} and action = 'user.payout_details_change'`,
    );
    expect(applied.actor_id).toBe(admin2.id);
    expect(applied.new_state).toMatchObject({ bankAccountNumber: '••••••••7777', bankIFSC: 'ICIC0000001' });
    expect(JSON.stringify(applied)).not.toContain(ID.account4);
    // The member is told by notification and mail, with the hold.
    const [note] = await query<{ message: string; priority: string }>(t, sql`select message, priority from notifications where user_id = ${m.user.id} and type = 'security'`);
    expect(note.priority).toBe('high');
    expect(note.message).toContain('bank payout details changed (withdrawals to it open on');
    expect(await count(t, 'mail_outbox')).toBe(mailBefore + 1);
    await t.flushMail();
    expect(t.mail.lastTo(m.user.email)?.subject).toBe('An administrator changed your account');
    expect(await count(t, 'notifications', sql`user_id = ${admin.id} and type = 'payout_details_approval_decided'`)).toBeGreaterThanOrEqual(1);
    expectError(await approve(id, third), 409, { code: 'INVALID_STATE' });
  });

  it('a rejection changes nothing; the requester is told; the crypto wallet waits the same way', async () => {
    const m = await fundedMember(t, c.admin, '0', { cryptoWalletAddress: 'TXold0000000000000000000000000000' });
    const r = await edit(m.user, { cryptoWalletAddress: 'TXnew1111111111111111111111111111' });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body.approval.changes).toEqual([{ field: 'cryptoWalletAddress', label: 'USDT wallet address', from: 'TXold0000000000000000000000000000', to: 'TXnew1111111111111111111111111111' }]);
    const before = await dbUser(m.user.id);
    expectInvalid(await reject(r.body.approval.id, second, ''), WALLET_MSG.rejectReasonRequired, 'reason');
    const no = await reject(r.body.approval.id, second, 'The member did not ask for this');
    expect(no.body).toMatchObject({ message: MSG.approvalRejected, approval: { status: 'rejected', rejectionReason: 'The member did not ask for this' } });
    const after = await dbUser(m.user.id);
    expect(after).toEqual(before);
    expect(await count(t, 'notifications', sql`user_id = ${m.user.id} and type = 'security'`)).toBe(0);
    const [told] = await query<{ message: string }>(
      t,
      sql`select message from notifications where user_id = ${admin.id} and type = 'payout_details_approval_decided' and data->>'approvalId' = ${r.body.approval.id}`,
    );
    expect(told.message).toContain('The member did not ask for this');
    expect(await auditActions([r.body.approval.id], 'payout_details.%')).toEqual(['payout_details.approval_rejected', 'payout_details.approval_requested']);
    expectError(await approve(r.body.approval.id, third), 409, { code: 'INVALID_STATE' });
  });

  it('the masked account number shown, or the same details, count as unchanged: the edit applies at once with no request', async () => {
    const m = await fundedMember(t, c.admin, '0');
    const before = await count(t, 'approval_requests', sql`target_user_id = ${m.user.id}`);
    const r = await edit(m.user, { lastName: 'Same', bankAccountNumber: '••••••••4455', bankIFSC: bank.ifsc, bankName: bank.bankName });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ message: 'User updated successfully', id: m.user.id });
    expect(await count(t, 'approval_requests', sql`target_user_id = ${m.user.id}`)).toBe(before);
    expect(await dbUser(m.user.id)).toMatchObject({ last_name: 'Same', payout_details_changed_at: null });
  });

  it('the requester may withdraw their own request', async () => {
    const m = await fundedMember(t, c.admin, '0');
    const id = (await edit(m.user, { bankName: 'Typo Bank' })).body.approval.id;
    const r = await reject(id, c.admin, 'Asked by mistake');
    expect(r.status).toBe(200);
    expect(await dbUser(m.user.id)).toMatchObject({ bank_name: bank.bankName });
  });

  it('bad payout input answers 400 and changes nothing, stores no request', async () => {
    const m = await fundedMember(t, c.admin, '0');
    const before = await dbUser(m.user.id);
    const requests = await count(t, 'approval_requests');
    expectInvalid(await edit(m.user, { firstName: 'Nope', bankIFSC: 'BAD' }), MSG.ifscPattern, 'bankIFSC');
    expectInvalid(await edit(m.user, { firstName: 'Nope', bankAccountNumber: '12ab' }), 'Bank account number must be 6 to 20 digits', 'bankAccountNumber');
    expectError(await edit(m.user, { bankName: 'x'.repeat(121) }), 400, { field: 'bankName' });
    expect(await dbUser(m.user.id)).toEqual(before);
    expect(await count(t, 'approval_requests')).toBe(requests);
  });
});

describe('role changes', () => {
  const memberBody = (u: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    firstName: u.first_name,
    lastName: u.last_name,
    email: u.email,
    role: u.role,
    status: u.status,
    ...extra,
  });
  const patch = (id: string, body: unknown, cookie = c.admin) => t.api('PATCH', `/api/users/${id}`, { cookie, body });

  it('to admin waits for a second admin; the rest applies at once; the requester cannot approve; another admin applies it and the user signs in again', async () => {
    const email = uniqueEmail('promote');
    const u = await t.createUser({ email, password: 'Promote#Me-2026', firstName: 'Pro', lastName: 'Mote' });
    const cookie = await t.login(email, 'Promote#Me-2026');
    const r = await patch(u.id, memberBody(await dbUser(u.id), { firstName: 'Promo', role: 'admin' }));
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body).toMatchObject({
      message: MSG.roleChangeRequested,
      id: u.id,
      approval: { kind: 'role_change', status: 'pending', summary: 'Role change: Member → Admin', changes: [{ field: 'role', label: 'Role', from: 'Member', to: 'Admin' }] },
    });
    expect(await dbUser(u.id)).toMatchObject({ first_name: 'Promo', role: 'user' });
    expect((await t.api('GET', '/api/auth/user', { cookie })).status).toBe(200);
    const id = r.body.approval.id as string;
    expectError(await approve(id, c.admin), 403, { code: 'SECOND_ADMIN_REQUIRED', message: MSG.roleChangeOwnRequest });
    expect((await dbUser(u.id)).role).toBe('user');
    const ok = await approve(id, second);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.message).toBe(MSG.roleChangeApproved);
    expect((await dbUser(u.id)).role).toBe('admin');
    expect((await t.api('GET', '/api/auth/user', { cookie })).status).toBe(401);
    expect(await auditActions([id, u.id], 'role_change.%')).toEqual(['role_change.approval_approved', 'role_change.approval_requested']);
    const [applied] = await query<{ actor_id: string; previous_state: unknown; new_state: unknown }>(
      t,
      sql`select actor_id::text, previous_state, new_state from audit_log where entity_id = ${u.id} and action = 'user.role_change'`,
    );
    expect(applied).toEqual({ actor_id: admin2.id, previous_state: { role: 'user' }, new_state: { role: 'admin' } });
  });

  it('back to member applies at once', async () => {
    const u = await t.createUser({ email: uniqueEmail('demote'), role: 'admin', firstName: 'De', lastName: 'Mote' });
    const r = await patch(u.id, memberBody(await dbUser(u.id), { role: 'user' }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ message: 'User updated successfully', id: u.id });
    expect((await dbUser(u.id)).role).toBe('user');
  });

  it('a rejection changes nothing; a role changed meanwhile is not overwritten', async () => {
    const u = await t.createUser({ email: uniqueEmail('nopromo'), firstName: 'No', lastName: 'Promo' });
    const id = (await patch(u.id, memberBody(await dbUser(u.id), { role: 'admin' }))).body.approval.id;
    expect((await reject(id, second, 'Not an employee')).status).toBe(200);
    expect((await dbUser(u.id)).role).toBe('user');
    expectError(await approve(id, third), 409, { code: 'INVALID_STATE' });

    const again = (await patch(u.id, memberBody(await dbUser(u.id), { role: 'admin' }))).body.approval.id;
    await query(t, sql`update users set role = 'founder' where id = ${u.id}`);
    expectError(await approve(again, second), 409, { code: 'CONFLICT', message: MSG.roleChangedMeanwhile });
    expect((await dbUser(u.id)).role).toBe('founder');
    const [row] = await query<{ status: string }>(t, sql`select status from approval_requests where id = ${again}`);
    expect(row.status).toBe('pending');
  });

  it('the founder role is refused by the form; nothing is stored', async () => {
    const u = await t.createUser({ email: uniqueEmail('founderish'), firstName: 'Fo', lastName: 'Under' });
    const before = await count(t, 'approval_requests');
    expectInvalid(await patch(u.id, memberBody(await dbUser(u.id), { role: 'founder' })), 'Role must be user or admin', 'role');
    expect(await count(t, 'approval_requests')).toBe(before);
  });
});

describe('a new admin account', () => {
  it('is created and invited only when a second admin approves', async () => {
    const email = uniqueEmail('new-admin');
    const mailBefore = await count(t, 'mail_outbox');
    const r = await t.api('POST', '/api/users', { cookie: c.admin, body: { firstName: 'Nadia', lastName: 'Admin', email, role: 'admin' } });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body).toMatchObject({ message: MSG.adminInviteRequested, approval: { kind: 'admin_invite', status: 'pending', member: null, summary: `New admin account for Nadia Admin (${email})` } });
    expect(await userByEmail(t, email)).toBeUndefined();
    expect(await count(t, 'mail_outbox')).toBe(mailBefore);
    expectError(await approve(r.body.approval.id, c.admin), 403, { code: 'SECOND_ADMIN_REQUIRED', message: MSG.adminInviteOwnRequest });
    expect(await userByEmail(t, email)).toBeUndefined();
    const ok = await approve(r.body.approval.id, second);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ message: MSG.adminInviteApproved, user: { userId: expect.stringMatching(/^MB\d{7}$/) } });
    expect(await userByEmail(t, email)).toMatchObject({ role: 'admin', status: 'invited', password: null });
    await t.flushMail();
    expect(t.mail.tokenFrom(email, '/complete-invitation')).toEqual(expect.any(String));
    expect(t.mail.lastTo(email)?.text).toContain('Platform Admin');
    expect(await auditActions([r.body.approval.id], 'admin_invite.%')).toEqual(['admin_invite.approval_approved', 'admin_invite.approval_requested']);
  });

  it('an email taken meanwhile is refused at approval and the request stays pending', async () => {
    const email = uniqueEmail('taken-admin');
    const id = (await t.api('POST', '/api/users', { cookie: c.admin, body: { firstName: 'Tak', lastName: 'En', email, role: 'admin' } })).body.approval.id;
    await t.createUser({ email });
    expectError(await approve(id, second), 409, { code: 'DUPLICATE_EMAIL' });
    const [row] = await query<{ status: string }>(t, sql`select status from approval_requests where id = ${id}`);
    expect(row.status).toBe('pending');
  });
});

describe('payout posting', () => {
  it('the admin who calculated the cycle cannot approve it; it posts only after another admin approved it', async () => {
    const BASE = '/api/admin/compensation';
    const id = await closePairingCycle(t, c.admin);
    expect((await t.api('POST', `${BASE}/cycles/${id}/calculate`, { cookie: c.admin })).status).toBe(200);
    expectError(await t.api('POST', `${BASE}/cycles/${id}/approve`, { cookie: c.admin }), 403, { code: 'SECOND_ADMIN_REQUIRED' });
    expectError(await t.api('POST', `${BASE}/cycles/${id}/post`, { cookie: c.admin }), 409);
    const [cycle] = await query<{ status: string }>(t, sql`select status from comp_cycles where id = ${id}::uuid`);
    expect(cycle.status).toBe('calculated');
    expect((await t.api('POST', `${BASE}/cycles/${id}/approve`, { cookie: second })).status).toBe(200);
    // Nor does the calculating admin post it (issue 29).
    expectError(await t.api('POST', `${BASE}/cycles/${id}/post`, { cookie: c.admin }), 403, { code: 'SECOND_ADMIN_REQUIRED' });
    const posted = await t.api('POST', `${BASE}/cycles/${id}/post`, { cookie: second });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body).toMatchObject({ id, status: 'posted' });
  });
});

describe('bad input on the approval routes', () => {
  it('a malformed or unknown id, a bad kind or status and a missing reason answer 4xx and change nothing', async () => {
    const before = await count(t, 'approval_requests');
    expectError(await approve('not-a-uuid', second), 400, { message: MSG.approvalNotFound });
    expectError(await approve('00000000-0000-4000-8000-000000000000', second), 404, { message: MSG.approvalNotFound });
    expectError(await reject('00000000-0000-4000-8000-000000000000', second, 'x'), 404);
    expectError(await t.api('GET', '/api/admin/approvals?status=lost', { cookie: second }), 400, { message: MSG.approvalStatusInvalid });
    expectError(await t.api('GET', '/api/admin/approvals?kind=recruit', { cookie: second }), 400, { message: MSG.approvalKindInvalid });
    const m = await fundedMember(t, c.admin, '0');
    const id = (await sendFund(c.admin, m.user.userId, '70000')).body.approval.id;
    expectInvalid(await reject(id, second), WALLET_MSG.rejectReasonRequired, 'reason');
    expectError(await approve(id, c.member), 403);
    expectError(await approve(id, c.founder), 403);
    expectError(await reject(id, c.member, 'no'), 403);
    expect(await count(t, 'approval_requests')).toBe(before + 1);
    expect(await balanceOf(m.user.id)).toBe('0.00');
    const [row] = await query<{ status: string }>(t, sql`select status from approval_requests where id = ${id}`);
    expect(row.status).toBe('pending');
  });

  it('a request of another kind in the same table (a recruit) is not found here', async () => {
    const [recruit] = await query<{ id: string }>(t, sql`insert into approval_requests (kind, status) values ('recruit', 'pending') returning id::text`);
    expectError(await approve(recruit.id, second), 404, { message: MSG.approvalNotFound });
    expectError(await reject(recruit.id, second, 'x'), 404);
    expect((await list(second)).map((a) => a.id)).not.toContain(recruit.id);
    const [row] = await query<{ status: string }>(t, sql`select status from approval_requests where id = ${recruit.id}::uuid`);
    expect(row.status).toBe('pending');
  });
});
