import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { cookieFrom, userByEmail, type TestApp, demoUsers } from '../support/test-app';
import { registerRecruit } from '../support/referral';
import { bearer, count, dataUrl, expectError, fakeJpeg, fakePng, query, uniqueEmail, signedInUser } from '../support/http';
import { bank, bankProfile, expectLedgerSound, fundedMember } from '../support/money';
import { ID, uniquePan } from '../support/identity';
import { CUSTODY_MSG } from '../../contracts/money-controls';
import { MSG } from '../../contracts/messages';
import { ADJUSTMENT_MSG } from '../../contracts/compensation';
import { TWO_FACTOR_CHALLENGE_COOKIE } from '../../contracts/constants';
import { issueImpersonationCode } from '../../server/modules/impersonation/impersonation.service';
import { createReferralLink } from '../../server/modules/referral/referral.service';
import { insertSession } from '../../server/modules/auth/session.repo';
import { newToken, sha256 } from '../../server/lib/crypto';
import { verifyPassword } from '../../server/lib/password';
import { actorFor } from '../support/actor';
import type { UserRow } from '../support/users';
import { closePairingCycle } from '../support/compensation';
import { loginAs, startSignedIn } from '../support/start';

/**
 * Issue 29: the eight chains by which one dishonest admin could create money and pay it out, or take over another
 * admin, replayed step by step on the real app (PostgreSQL under TEST_DATABASE_URL). Each test asserts the step that
 * now refuses, and that balances, roles and credentials are as they were; variants change the order of the steps.
 */
let t: TestApp;
/** admin@demo.local: the honest admin. */
let a1: string;
/** admin2@demo.local: the insider. */
let a2: string;
let admin1: UserRow;
let admin2: UserRow;
let founder: UserRow;

beforeAll(async () => {
  ({ t, admin: a1, admin2: a2 } = await startSignedIn(['admin', 'admin2']));
  ({ admin: admin1, admin2, founder } = await demoUsers(t, 'admin', 'admin2', 'founder'));
}, 120_000);
afterAll(async () => t?.close());

const balanceOf = async (userId: string) => (await query<{ balance: string }>(t, sql`select balance::text from wallet_balances where user_id = ${userId}::uuid`))[0]?.balance ?? '0.00';
const approvedWithdrawals = (userId: string) => count(t, 'withdrawal_requests', sql`user_id = ${userId}::uuid and status = 'approved'`);
const sendFund = (cookie: string, userId: string, amount: string) => t.api('POST', '/api/admin/send-fund', { cookie, body: { userId, option: 'Credit', amount, remarks: 'Goodwill credit' } });
const impersonate = async (target: UserRow, issuer = admin2) => {
  const { code } = await issueImpersonationCode(t.runtime.ctx, actorFor(issuer), target.id);
  const r = await t.exchange(code, issuer.id);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.accessToken as string;
};
/** A session of `user` that last gave its second factor long ago (no step-up in it). */
const staleSession = async (user: UserRow) => {
  const token = newToken();
  await insertSession(t.runtime.ctx.db, { sid: sha256(token), userId: user.id, expire: new Date(t.clock.now().getTime() + 3600_000), sess: {}, verifiedAt: null });
  return `sid=${token}`;
};
/** After the clock moved past the sessions' 12 hours, the admins sign in again. */
const signInAgain = async () => {
  a1 = await loginAs(t, 'admin');
  a2 = await loginAs(t, 'admin2');
};
const credentialsOf = async (id: string) => {
  const [u] = await query<{ email: string; password: string; txn_pin: string | null; role: string; two_factor_enabled_at: Date | null }>(
    t,
    sql`select email, password, txn_pin, role, two_factor_enabled_at from users where id = ${id}::uuid`,
  );
  return u;
};

/** An accomplice registered through the demo member's link on `side`: the form sent and the user it made. */
async function accompliceThroughMemberLink(side: 'left' | 'right') {
  const member = (await userByEmail(t, t.demo.member.email))!;
  const { token } = await createReferralLink(t.runtime.ctx, t.runtime.ctx.db, member, { placementSide: side });
  const body = accompliceRegistration(token);
  expect((await registerRecruit(t, body)).status).toBe(201);
  return { body, accomplice: (await userByEmail(t, body.email))! };
}

/** A registration through `token` with every KYC document and the accomplice's bank account. */
function accompliceRegistration(token: string) {
  const jpeg = dataUrl(fakeJpeg(600), 'image/jpeg');
  return {
    firstName: 'Ravi',
    lastName: 'Accomplice',
    email: uniqueEmail('accomplice'),
    mobile: '9812345670',
    nominee: 'Someone',
    password: 'Accomplice#123',
    address: '12 Side Street, Kothrud',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411038',
    panNumber: uniquePan(),
    aadhaarNumber: ID.otherAadhaar,
    bankAccountNumber: ID.account4,
    bankIFSC: 'ICIC0000001',
    bankName: 'ICICI BANK',
    bankAccountHolderName: 'RAVI ACCOMPLICE',
    packageAmount: 5000,
    referralToken: token,
    panCardUrl: jpeg,
    aadhaarFrontUrl: jpeg,
    aadhaarBackUrl: jpeg,
    bankCancelledChequeUrl: jpeg,
    photoUrl: dataUrl(fakePng(600), 'image/png'),
  };
}

describe('chain 4: a compensation adjustment the insider approves and posts', () => {
  const BASE = '/api/admin/compensation';
  const adjust = (cookie: string, userId: string, amount: string) =>
    t.api('POST', `${BASE}/adjustments`, { cookie, body: { userId, type: 'sponsor_income', amount, reason: 'Missed sponsor income' } });
  const wallets = async () => (await query<{ total: string }>(t, sql`select coalesce(sum(balance), 0)::text as total from wallet_balances`))[0].total;

  // First in the file: the other chains move the clock by days, which closes cycles on schedule.
  it('as it was tried: ₹4,00,000 is over the cap; a smaller one keeps its author from approving the cycle that pays it', async () => {
    const member = (await userByEmail(t, t.demo.member.email))!;
    const before = await wallets();
    expectError(await adjust(a2, member.userId, '400000'), 400, { code: 'VALIDATION_ERROR', field: 'amount' });
    expect(await count(t, 'comp_adjustments', sql`amount = 400000`)).toBe(0);
    const small = await adjust(a2, member.userId, '9000');
    expect(small.status, JSON.stringify(small.body)).toBe(201);
    t.clock.advance(1_000);
    const id = await closePairingCycle(t, a1);
    expect((await t.api('POST', `${BASE}/cycles/${id}/calculate`, { cookie: a1 })).status).toBe(200);
    expectError(await t.api('POST', `${BASE}/cycles/${id}/approve`, { cookie: a2 }), 403, { code: 'SECOND_ADMIN_REQUIRED', message: ADJUSTMENT_MSG.approveOwnAdjustment });
    expectError(await t.api('POST', `${BASE}/cycles/${id}/approve`, { cookie: a1 }), 403, { code: 'SECOND_ADMIN_REQUIRED', message: ADJUSTMENT_MSG.approveOwnCalculation });
    expectError(await t.api('POST', `${BASE}/cycles/${id}/post`, { cookie: a2 }), 409);
    expect(await wallets()).toBe(before);
  });

  it('variants: above ₹10,000 it waits for another admin, and without step-up nothing is stored', async () => {
    const member = (await userByEmail(t, t.demo.member.email))!;
    const big = await adjust(a2, member.userId, '50000');
    expect(big.status, JSON.stringify(big.body)).toBe(202);
    expectError(await t.api('POST', `/api/admin/approvals/${big.body.approval.id}/approve`, { cookie: a2 }), 403, { code: 'SECOND_ADMIN_REQUIRED', message: ADJUSTMENT_MSG.ownRequest });
    const adjustments = await count(t, 'comp_adjustments');
    expectError(await adjust(await staleSession(admin2), member.userId, '5000'), 403, { code: 'STEP_UP_REQUIRED' });
    expect(await count(t, 'comp_adjustments')).toBe(adjustments);
  });
});

describe('chain 1: one admin pays ₹1,00,000 into a bank account he controls', () => {
  it('as it was tried: the recruit link made under "Login as user" is refused, and no link exists', async () => {
    const member = (await userByEmail(t, t.demo.member.email))!;
    const links = await count(t, 'referral_links');
    const token = await impersonate(member);
    expectError(await t.api('POST', '/api/team/recruit', { headers: bearer(token), body: { placementSide: 'left' } }), 403, { code: 'IMPERSONATION_FORBIDDEN', message: MSG.impersonationReadOnly });
    expect(await count(t, 'referral_links')).toBe(links);
  });

  it('variant: his own referral link; he cannot approve the recruit who came through it', async () => {
    const { token } = await createReferralLink(t.runtime.ctx, t.runtime.ctx.db, admin2, { placementSide: 'left', placementType: 'root' });
    const body = accompliceRegistration(token);
    expect((await registerRecruit(t, body)).status).toBe(201);
    const accomplice = (await userByEmail(t, body.email))!;
    const [recruit] = await query<{ id: string }>(t, sql`select id from pending_recruits where applicant_user_id = ${accomplice.id}::uuid`);
    expectError(await t.api('POST', `/api/admin/pending-recruits/${recruit.id}/approve`, { cookie: a2, body: { packageAmount: 5000, position: 'left', kycDecision: { status: 'approved' } } }), 403, {
      code: 'SELF_APPROVAL',
    });
    expect((await userByEmail(t, body.email))!.status).toBe('pending');
  });

  it('variant: an honest member’s link; approve, credit twice, withdraw: held a day, then refused to him and the credits split', async () => {
    const { body, accomplice } = await accompliceThroughMemberLink('left');
    // Payout details given at registration start the 24-hour hold (issue 29).
    expect(accomplice.payoutDetailsChangedAt).not.toBeNull();
    const [recruit] = await query<{ id: string }>(t, sql`select id from pending_recruits where applicant_user_id = ${accomplice.id}::uuid`);
    const memberCookie = await t.login(t.demo.member.email, t.demo.member.password);
    expect((await t.api('POST', `/api/upline/pending-recruits/${recruit.id}/decide`, { cookie: memberCookie, body: { decision: 'approved', position: 'left' } })).status).toBe(200);
    const approved = await t.api('POST', `/api/admin/pending-recruits/${recruit.id}/approve`, { cookie: a2, body: { packageAmount: 5000, kycDecision: { status: 'approved' } } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    // ₹50,000 twice: the first applies, the second passes the 24-hour total and waits for another admin.
    expect((await sendFund(a2, accomplice.userId, '50000')).status).toBe(200);
    const second = await sendFund(a2, accomplice.userId, '50000');
    expect(second.status).toBe(202);
    expect(second.body.message).toBe(CUSTODY_MSG.adminTotal('₹50,000.00', '₹50,000.00'));
    expect(await balanceOf(accomplice.id)).toBe('50000.00');
    // The accomplice asks at once: the registration's hold refuses it.
    const acc = await t.login(body.email, body.password);
    const now = await t.api('POST', '/api/withdrawals', { cookie: acc, body: { withdrawalType: 'bank', bankDetails: { ...bank, accountNumber: ID.account4, ifsc: 'ICIC0000001' }, amount: '50000' } });
    expect([now.status, now.body.code]).toEqual([403, 'PAYOUT_HOLD']);
    // A day later the request goes in, and the insider cannot approve it: he approved the account and credited it.
    t.clock.advance(25 * 3600_000);
    await signInAgain();
    const acc2 = await t.login(body.email, body.password);
    const w = await t.api('POST', '/api/withdrawals', { cookie: acc2, body: { withdrawalType: 'bank', bankDetails: { ...bank, accountNumber: ID.account4, ifsc: 'ICIC0000001' }, amount: '50000' } });
    expect(w.status, JSON.stringify(w.body)).toBe(201);
    const refused = await t.api('POST', `/api/admin/approve-withdrawal/${w.body.withdrawal.id}`, { cookie: a2, body: {} });
    expect([refused.status, refused.body.code]).toEqual([403, 'CUSTODY_CONFLICT']);
    expect(refused.body.message).toMatch(/^You cannot approve this withdrawal: you (credited this member by Send Fund|approved this member’s registration) on /);
    expect(await approvedWithdrawals(accomplice.id)).toBe(0);
    expect(await balanceOf(accomplice.id)).toBe('0.00');
    await expectLedgerSound(t, accomplice.id);
    // The honest admin, who touched nothing of this account, is the one who can decide it.
    const rejected = await t.api('POST', `/api/admin/reject-withdrawal/${w.body.withdrawal.id}`, { cookie: a1, body: { reason: 'Under review' } });
    expect(rejected.status).toBe(200);
  });

  it('variant: a member’s first withdrawal is never approved by the admin who approved the account, even after 30 days', async () => {
    const { body, accomplice } = await accompliceThroughMemberLink('right');
    const [recruit] = await query<{ id: string }>(t, sql`select id from pending_recruits where applicant_user_id = ${accomplice.id}::uuid`);
    const memberCookie = await t.login(t.demo.member.email, t.demo.member.password);
    await t.api('POST', `/api/upline/pending-recruits/${recruit.id}/decide`, { cookie: memberCookie, body: { decision: 'approved', position: 'right' } });
    expect((await t.api('POST', `/api/admin/pending-recruits/${recruit.id}/approve`, { cookie: a2, body: { packageAmount: 5000, kycDecision: { status: 'approved' } } })).status).toBe(200);
    // The honest admin credits; 31 days pass.
    expect((await sendFund(a1, accomplice.userId, '20000')).status).toBe(200);
    t.clock.advance(31 * 86_400_000);
    await signInAgain();
    const acc = await t.login(body.email, body.password);
    const w = await t.api('POST', '/api/withdrawals', { cookie: acc, body: { withdrawalType: 'bank', bankDetails: { ...bank, accountNumber: ID.account4, ifsc: 'ICIC0000001' }, amount: '20000' } });
    expect(w.status, JSON.stringify(w.body)).toBe(201);
    expectError(await t.api('POST', `/api/admin/approve-withdrawal/${w.body.withdrawal.id}`, { cookie: a2, body: {} }), 403, { code: 'CUSTODY_CONFLICT', message: CUSTODY_MSG.firstWithdrawal });
    expect(await approvedWithdrawals(accomplice.id)).toBe(0);
    // Admin 1's credit is more than 30 days old: admin 1 may approve it now.
    expect((await t.api('POST', `/api/admin/approve-withdrawal/${w.body.withdrawal.id}`, { cookie: a1, body: {} })).status).toBe(200);
  });

  it('variant: Withdraw Personally by the insider is not approved by him', async () => {
    const m = await fundedMember(t, a1, '3000', bankProfile);
    t.clock.advance(25 * 3600_000);
    await signInAgain();
    const made = await t.api('POST', '/api/admin/withdraw-personally', { cookie: a2, body: { userId: m.user.userId, withdrawalType: 'INR', amount: '3000', remarks: 'As asked by phone' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expectError(await t.api('POST', `/api/admin/approve-withdrawal/${made.body.withdrawal.id}`, { cookie: a2, body: {} }), 403, { code: 'CUSTODY_CONFLICT', message: CUSTODY_MSG.createdIt });
    expect(await approvedWithdrawals(m.user.id)).toBe(0);
    await expectLedgerSound(t, m.user.id);
  });
});

describe('chain 2: one admin takes over the other', () => {
  it('as it was tried: the password change and the two-factor reset of admin 1 wait for a third person; nobody of the two applies them', async () => {
    const before = await credentialsOf(admin1.id);
    const fund = await sendFund(a2, (await userByEmail(t, t.demo.member.email))!.userId, '90000');
    expect(fund.status).toBe(202);
    const pw = await t.api('PATCH', `/api/admin/users/${admin1.id}`, {
      cookie: a2,
      body: { firstName: admin1.firstName, lastName: admin1.lastName, email: admin1.email, status: 'active', password: 'Taken#Over-2026' },
    });
    expect(pw.status, JSON.stringify(pw.body)).toBe(202);
    expect(pw.body.message).toBe(MSG.credentialChangeRequested);
    expect(pw.body.approval).toMatchObject({ kind: 'credential_change', status: 'pending' });
    const tf = await t.api('POST', `/api/admin/users/${admin1.id}/two-factor/reset`, { cookie: a2 });
    expect(tf.status, JSON.stringify(tf.body)).toBe(202);
    // Neither admin can approve: the insider asked, admin 1 is the target.
    for (const id of [pw.body.approval.id, tf.body.approval.id]) {
      expectError(await t.api('POST', `/api/admin/approvals/${id}/approve`, { cookie: a2 }), 403, { code: 'SECOND_ADMIN_REQUIRED', message: MSG.credentialChangeOwnRequest });
      expectError(await t.api('POST', `/api/admin/approvals/${id}/approve`, { cookie: a1 }), 403, { code: 'SECOND_ADMIN_REQUIRED', message: MSG.ownAccountApproval });
    }
    // The insider cannot approve his own fund request either; admin 1 still signs in with the old password and code.
    expectError(await t.api('POST', `/api/admin/approvals/${fund.body.approval.id}/approve`, { cookie: a2 }), 403, { code: 'SECOND_ADMIN_REQUIRED' });
    const after = await credentialsOf(admin1.id);
    expect(after).toEqual(before);
    expect(await verifyPassword(after.password, t.demo.admin.password)).toBe(true);
    await t.login(t.demo.admin.email, t.demo.admin.password);
    // Admin 1 withdraws the fund request it cannot approve (a rejection, nothing applied).
    expect((await t.api('POST', `/api/admin/approvals/${fund.body.approval.id}/reject`, { cookie: a1, body: { reason: 'Not asked for' } })).status).toBe(200);
  });

  it('variants: by user ID, the email by PATCH /api/users/:id, the PIN; the founder too', async () => {
    const before1 = await credentialsOf(admin1.id);
    const beforeF = await credentialsOf(founder.id);
    const byUserId = await t.api('PUT', `/api/users/${admin1.userId}`, {
      cookie: a2,
      body: { firstName: admin1.firstName, lastName: admin1.lastName, email: admin1.email, status: 'active', txnPin: '4321' },
    });
    expect(byUserId.status, JSON.stringify(byUserId.body)).toBe(202);
    const email = await t.api('PATCH', `/api/users/${admin1.id}`, {
      cookie: a2,
      body: { firstName: admin1.firstName, lastName: admin1.lastName, email: 'insider.owned@example.com', role: 'admin', status: 'active' },
    });
    expect(email.status, JSON.stringify(email.body)).toBe(202);
    expect(email.body.approval.kind).toBe('credential_change');
    const f = await t.api('PATCH', `/api/admin/users/${founder.id}`, {
      cookie: a2,
      body: { firstName: founder.firstName, lastName: founder.lastName, email: 'founder.owned@example.com', status: 'active' },
    });
    expect(f.status, JSON.stringify(f.body)).toBe(202);
    expect(await credentialsOf(admin1.id)).toEqual(before1);
    expect(await credentialsOf(founder.id)).toEqual(beforeF);
    // Without a fresh second factor, the edit is refused before anything is stored.
    const stale = await staleSession(admin2);
    const requests = await count(t, 'approval_requests', sql`kind = 'credential_change'`);
    expectError(
      await t.api('PATCH', `/api/admin/users/${admin1.id}`, { cookie: stale, body: { firstName: 'A', lastName: 'B', email: admin1.email, status: 'active', password: 'Taken#Over-2026' } }),
      403,
      { code: 'STEP_UP_REQUIRED' },
    );
    expect(await count(t, 'approval_requests', sql`kind = 'credential_change'`)).toBe(requests);
  });
});

describe('chain 3: splitting Send Fund credits', () => {
  it('as it was tried: three credits of ₹50,000 in a row; only the first applies alone', async () => {
    const m = await fundedMember(t, a1, '0');
    const answers = [await sendFund(a2, m.user.userId, '50000'), await sendFund(a2, m.user.userId, '50000'), await sendFund(a2, m.user.userId, '50000')];
    expect(answers.map((r) => r.status)).toEqual([200, 202, 202]);
    expect(await balanceOf(m.user.id)).toBe('50000.00');
    await expectLedgerSound(t, m.user.id);
  });

  it('variants: across members (the admin’s total), across admins (the member’s total), and ten at once', async () => {
    t.clock.advance(25 * 3600_000);
    await signInAgain();
    const [m1, m2, m3] = [await fundedMember(t, a1, '0'), await fundedMember(t, a1, '0'), await fundedMember(t, a1, '0')];
    expect((await sendFund(a2, m1.user.userId, '30000')).status).toBe(200);
    const acrossMembers = await sendFund(a2, m2.user.userId, '30000');
    expect(acrossMembers.status).toBe(202);
    expect(acrossMembers.body.message).toBe(CUSTODY_MSG.adminTotal('₹30,000.00', '₹50,000.00'));
    expect((await sendFund(a1, m3.user.userId, '45000')).status).toBe(200);
    const acrossAdmins = await t.api('POST', '/api/admin/send-fund', { cookie: await staleFree(), body: { userId: m3.user.userId, option: 'Credit', amount: '10000', remarks: 'Goodwill credit' } });
    expect(acrossAdmins.status).toBe(202);
    expect(acrossAdmins.body.message).toBe(CUSTODY_MSG.memberTotal('₹45,000.00', '₹50,000.00'));
    expect([await balanceOf(m1.user.id), await balanceOf(m2.user.id), await balanceOf(m3.user.id)]).toEqual(['30000.00', '0.00', '45000.00']);
    // Ten credits of ₹10,000 at once by a fresh admin to a fresh member: at most five apply (₹50,000), the rest wait.
    t.clock.advance(25 * 3600_000);
    await signInAgain();
    const m4 = await fundedMember(t, a1, '0');
    const burst = await Promise.all(Array.from({ length: 10 }, () => sendFund(a2, m4.user.userId, '10000')));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(5);
    expect(burst.filter((r) => r.status === 202)).toHaveLength(5);
    expect(await balanceOf(m4.user.id)).toBe('50000.00');
    await expectLedgerSound(t, m4.user.id);
  });
});

/** A third admin, signed in (the member's total is the member's, whoever credits). */
async function staleFree() {
  return (await signedInUser(t, 'third.admin', 'Third#Admin-2026', { role: 'admin' })).cookie;
}

describe('chain 5: an email change as a password reset', () => {
  it('needs step-up; then no reset link goes to the new address for a day, the old address is told, withdrawals wait', async () => {
    const m = await fundedMember(t, a1, '1000', bankProfile);
    const stale = await staleSession(admin2);
    const newEmail = uniqueEmail('insider.mailbox');
    const edit = (cookie: string) => t.api('PATCH', `/api/admin/users/${m.user.id}`, { cookie, body: { firstName: m.user.firstName, lastName: m.user.lastName, email: newEmail, status: 'active' } });
    expectError(await edit(stale), 403, { code: 'STEP_UP_REQUIRED' });
    expect((await userByEmail(t, m.user.email))?.id).toBe(m.user.id);
    expect((await edit(a2)).status).toBe(200);
    await t.flushMail();
    const tokens = await count(t, 'email_tokens', sql`user_id = ${m.user.id}::uuid and type = 'password_reset'`);
    expect((await t.api('POST', '/api/auth/forgot-password', { body: { email: newEmail } })).status).toBe(200);
    await t.runtime.ctx.runJobsHere?.(['auth.password-reset']);
    expect(await count(t, 'email_tokens', sql`user_id = ${m.user.id}::uuid and type = 'password_reset'`)).toBe(tokens);
    expect(await count(t, 'notifications', sql`user_id = ${m.user.id}::uuid and title = 'Password reset paused'`)).toBe(1);
    expect(await count(t, 'mail_outbox', sql`to_address = ${m.user.email}`)).toBeGreaterThan(0);
    const w = await t.api('POST', '/api/withdrawals', { cookie: m.cookie, body: { withdrawalType: 'bank', bankDetails: bank, amount: '100' } });
    expect([w.status, w.body.code]).toEqual([403, 'PAYOUT_HOLD']);
    const cred = await credentialsOf(m.user.id);
    expect(await verifyPassword(cred.password, 'Wallet#123')).toBe(true);
  });
});

describe('chain 6: writes under "Login as user"', () => {
  it('franchise stock, local sales, customers, recruit links: all refused; founders cannot be opened', async () => {
    const franchise = (await userByEmail(t, t.demo.franchise.email))!;
    const token = await impersonate(franchise);
    const purchases = await count(t, 'purchases');
    for (const [method, url, body] of [
      ['POST', '/api/franchise/stock-requests', { items: [] }],
      ['POST', '/api/franchise/local-sales', { lines: [] }],
      ['POST', '/api/franchise/customers', { name: 'X' }],
      ['POST', '/api/team/recruit', { placementSide: 'left' }],
    ] as const) {
      expectError(await t.api(method, url, { headers: bearer(token), body }), 403, { code: 'IMPERSONATION_FORBIDDEN' });
    }
    expect(await count(t, 'purchases')).toBe(purchases);
    const f = await t.api('POST', `/api/admin/login-as-user/${founder.id}`, { cookie: a2 });
    expect([f.status, f.body.message]).toEqual([409, MSG.impersonationPrivileged]);
  });
});

describe('chain 7: two-factor attempts', () => {
  it('ten wrong codes at once on one sign-in challenge: at most five are checked, then the challenge is gone', async () => {
    const login = await t.api('POST', '/api/login', { body: { userId: t.demo.admin2.email, password: t.demo.admin2.password } });
    expect(login.body.twoFactorRequired).toBe(true);
    const challenge = cookieFrom(login, TWO_FACTOR_CHALLENGE_COOKIE);
    const challenges = await count(t, 'login_challenges', sql`user_id = ${admin2.id}::uuid`);
    const answers = await Promise.all(Array.from({ length: 10 }, (_v, i) => t.api('POST', '/api/login/two-factor', { cookie: challenge, body: { code: String(100000 + i) } })));
    // The fifth wrong code ends the challenge (401), so four at most answer INVALID_CODE, and none signs in.
    expect(answers.filter((r) => r.body?.code === 'INVALID_CODE').length).toBeLessThanOrEqual(4);
    expect(answers.every((r) => r.status >= 400 && r.status < 500)).toBe(true);
    expect(await count(t, 'login_challenges', sql`user_id = ${admin2.id}::uuid`)).toBe(challenges - 1);
  });
});

describe('chain 8: a role change without step-up', () => {
  it('approving a franchise request asks for the second factor; the role stays', async () => {
    const m = await fundedMember(t, a1, '0');
    const asked = await t.api('POST', '/api/franchise-requests', {
      cookie: m.cookie,
      body: { franchiseType: 'Mini', investmentAmount: '200000', businessPlan: 'A shop on the main road of Kothrud, Pune, serving the members of the area every day.' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBeLessThan(300);
    const [req] = await query<{ id: string }>(t, sql`select id from franchise_requests where user_id = ${m.user.id}::uuid`);
    expectError(await t.api('PATCH', `/api/admin/franchise-requests/${req.id}`, { cookie: await staleSession(admin2), body: { status: 'approved' } }), 403, { code: 'STEP_UP_REQUIRED' });
    expect((await userByEmail(t, m.user.email))!.role).toBe('user');
    expect((await t.api('PATCH', `/api/admin/franchise-requests/${req.id}`, { cookie: a2, body: { status: 'approved' } })).status).toBe(200);
  });
});
