import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { b64, bearer, count, demoCookies, expectError, fakeJpeg, query, uniqueEmail, signedInUser } from '../support/http';
import { bank, bankProfile, expectLedgerSound, fundedMember, verifyKyc } from '../support/money';
import { placeInTree } from '../support/tree';
import { MSG, payoutHoldMessage } from '../../contracts/messages';
import { payoutTime } from '../../server/modules/users/payout-details';
import type { UserRow } from '../support/users';
import { ID } from '../support/identity';

/**
 * Issue 13, payout safety around impersonation, each finding of the probe reproduced and shown closed: an
 * impersonating session changed the member's bank details and spent the wallet; a founder impersonated any
 * member; tokens outlived the admin's logout and password change; whoever opened the code link got the session.
 * And withdrawals go only to the profile's payout details: to a bank account only once KYC approved its cancelled
 * cheque or statement (approved after the account last changed), and only 24 hours after any change of the details,
 * which the member is told of and sees (GET /api/auth/user, GET /api/wallet).
 */
let t: TestApp;
let c: Awaited<ReturnType<typeof demoCookies>>;
let admin: UserRow;
beforeAll(async () => {
  t = await startTestApp();
  c = await demoCookies(t);
  admin = (await userByEmail(t, t.demo.admin.email))!;
});
afterAll(async () => t?.close());

/** Issues a code from the admin's portal and exchanges it in the same browser; answers the bearer token. */
async function impersonate(target: UserRow, cookie = c.admin) {
  const issued = await t.api('POST', `/api/admin/login-as-user/${target.id}`, { cookie });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  const ex = await t.api('POST', '/api/impersonation/exchange', { cookie, body: { code: issued.body.code } });
  expect(ex.status, JSON.stringify(ex.body)).toBe(200);
  return ex.body.accessToken as string;
}

describe('an impersonated session is read-only for money and payout details', () => {
  it('refuses a purchase, a withdrawal and a change of bank details; the wallet and the profile stay', async () => {
    const m = await fundedMember(t, c.admin, '20000', { bankName: 'HDFC Bank', bankAccountNumber: ID.account, bankIFSC: 'HDFC0001234' });
    const token = await impersonate(m.user);
    const product = (await t.api('GET', '/api/products', { cookie: m.cookie })).body.products?.[0] ?? (await t.api('GET', '/api/products', { cookie: m.cookie })).body[0];
    const purchases = await count(t, 'purchases');
    expectError(
      await t.api('POST', '/api/purchases', {
        headers: bearer(token),
        body: { productId: product.id, quantity: 1, paymentMethod: 'wallet', deliveryAddress: '1 Test Road, Pune 411001', deliveryState: 'Maharashtra', deliveryPincode: '411001' },
      }),
      403,
      { code: 'IMPERSONATION_FORBIDDEN', message: MSG.impersonationMoneyReadOnly },
    );
    expectError(await t.api('POST', '/api/withdrawals', { headers: bearer(token), body: { withdrawalType: 'bank', bankDetails: bank, amount: '100' } }), 403, {
      code: 'IMPERSONATION_FORBIDDEN',
      message: MSG.impersonationMoneyReadOnly,
    });
    expectError(await t.api('PUT', '/api/user/profile', { headers: bearer(token), body: { firstName: 'Tess', lastName: 'Member', bankAccountNumber: ID.account4, bankIFSC: 'ICIC0000001' } }), 403, {
      code: 'IMPERSONATION_FORBIDDEN',
      message: MSG.impersonationReadOnly,
    });
    expect(await count(t, 'purchases')).toBe(purchases);
    const after = (await userByEmail(t, m.user.email))!;
    expect({ account: after.bankAccountNumber, ifsc: after.bankIFSC }).toEqual({ account: ID.account, ifsc: 'HDFC0001234' });
    expect((await t.api('GET', '/api/wallet', { cookie: m.cookie })).body.balance).toBe('20000.00');
    // Nothing else of the profile either: Login as user is read-only by construction (issue 29).
    expectError(await t.api('PUT', '/api/user/profile', { headers: bearer(token), body: { firstName: 'Tessa', lastName: 'Member', city: 'Pune', bankAccountNumber: '••••4455' } }), 403, {
      code: 'IMPERSONATION_FORBIDDEN',
      message: MSG.impersonationReadOnly,
    });
    expect((await userByEmail(t, m.user.email))!.firstName).toBe(m.user.firstName);
    // The member themself may still buy.
    const own = await t.api('POST', '/api/purchases', {
      cookie: m.cookie,
      body: { productId: product.id, quantity: 1, paymentMethod: 'wallet', deliveryAddress: '1 Test Road, Pune 411001', deliveryState: 'Maharashtra', deliveryPincode: '411001' },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
  });
});

describe('who may impersonate whom', () => {
  it('a founder opens only members of their own tree', async () => {
    const outside = await t.createUser({ email: uniqueEmail('outside'), password: 'Outside#12345' });
    expectError(await t.api('POST', `/api/admin/login-as-user/${outside.id}`, { cookie: c.founder }), 403, { code: 'IMPERSONATION_FORBIDDEN', message: MSG.impersonationOutsideTree });
    expect(await count(t, 'email_tokens', sql`type = 'impersonation_code' and user_id = ${outside.id}`)).toBe(0);
    await placeInTree(t.runtime.ctx.db, outside);
    expect((await t.api('POST', `/api/admin/login-as-user/${outside.id}`, { cookie: c.founder })).status).toBe(200);
  });
});

describe("the code and the token belong to the issuing admin's signed-in browser", () => {
  it("a code opened without the admin's session, or in another user's, is refused and stays usable by the admin", async () => {
    const target = (await userByEmail(t, t.demo.member.email))!;
    const issued = await t.api('POST', `/api/admin/login-as-user/${target.id}`, { cookie: c.admin });
    const code = issued.body.code as string;
    expectError(await t.api('POST', '/api/impersonation/exchange', { body: { code } }), 400, { code: 'INVALID_TOKEN', message: MSG.impersonationInvalid });
    expectError(await t.api('POST', '/api/impersonation/exchange', { cookie: c.member, body: { code } }), 400, { code: 'INVALID_TOKEN' });
    expectError(await t.api('POST', '/api/impersonation/exchange', { cookie: c.founder, body: { code } }), 400, { code: 'INVALID_TOKEN' });
    expect(await count(t, 'impersonation_tokens', sql`target_user_id = ${target.id} and revoked_at is null and expires_at > now()`)).toBe(0);
    const ok = await t.api('POST', '/api/impersonation/exchange', { cookie: c.admin, body: { code } });
    expect(ok.status).toBe(200);
  });

  it('the member is told when their account is opened', async () => {
    const m = await fundedMember(t, c.admin, '0');
    await impersonate(m.user);
    const notes = await query<{ title: string; message: string }>(t, sql`select title, message from notifications where user_id = ${m.user.id} and type = 'security'`);
    expect(notes).toHaveLength(1);
    expect(notes[0].title).toBe('Support opened your account');
    expect(notes[0].message).toContain('Platform Admin');
  });

  it("the admin's logout ends the tokens they issued", async () => {
    const { user: other, cookie } = await signedInUser(t, 'admin-out', 'Admin#Logout-1', { role: 'admin' });
    const m = await fundedMember(t, c.admin, '0');
    const token = await impersonate(m.user, cookie);
    expect((await t.api('GET', '/api/auth/user', { headers: bearer(token) })).status).toBe(200);
    expect((await t.api('POST', '/api/logout', { cookie })).status).toBe(200);
    expect((await t.api('GET', '/api/auth/user', { headers: bearer(token) })).status).toBe(401);
    expect(other.id).toBeTruthy();
  });

  it("the admin's password change ends the tokens they issued", async () => {
    const { cookie } = await signedInUser(t, 'admin-pw', 'Admin#Change-1', { role: 'admin' });
    const m = await fundedMember(t, c.admin, '0');
    const token = await impersonate(m.user, cookie);
    expect((await t.api('POST', '/api/auth/change-password', { cookie, body: { currentPassword: 'Admin#Change-1', newPassword: 'Admin#Change-2-longer' } })).status).toBe(200);
    expect((await t.api('GET', '/api/auth/user', { headers: bearer(token) })).status).toBe(401);
    expect(admin.id).toBeTruthy();
  });
});

describe('the member is told when an admin changes their account', () => {
  it('a password reset and a new email at once; a new payout wallet when a second admin approves it: notifications and mails', async () => {
    const email = uniqueEmail('told');
    const user = await t.createUser({ email, password: 'Told#Member-1', cryptoWalletAddress: ID.oldWallet });
    const newEmail = uniqueEmail('told-new');
    const mailBefore = await count(t, 'mail_outbox');
    const r = await t.api('PATCH', `/api/admin/users/${user.id}`, {
      cookie: c.admin,
      body: { firstName: 'Told', lastName: 'Member', email: newEmail, status: 'active', password: 'Temp#Pass-2026', cryptoWalletAddress: ID.newWallet },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    const notes = async () =>
      query<{ title: string; message: string; priority: string }>(t, sql`select title, message, priority from notifications where user_id = ${user.id} and type = 'security' order by created_at`);
    expect(await notes()).toHaveLength(1);
    const [first] = await notes();
    expect(first).toMatchObject({ title: 'An administrator changed your account', priority: 'high' });
    expect(first.message).toContain('password was reset');
    expect(first.message).toContain(`from ${email} to ${newEmail}`);
    expect(first.message).not.toContain('wallet');
    expect(await count(t, 'mail_outbox')).toBe(mailBefore + 2);
    await t.flushMail();
    expect(t.mail.lastTo(email)?.subject).toBe('An administrator changed your account');
    expect(t.mail.lastTo(newEmail)?.subject).toBe('An administrator changed your account');

    const second = await t.login(t.demo.admin2.email, t.demo.admin2.password);
    expect((await t.api('POST', `/api/admin/approvals/${r.body.approval.id}/approve`, { cookie: second })).status).toBe(200);
    const all = await notes();
    expect(all).toHaveLength(2);
    expect(all[1].message).toContain('crypto payout wallet changed (withdrawals to it open on');
    expect(await count(t, 'mail_outbox')).toBe(mailBefore + 3);
  });

  it('an edit that changes only a name tells nobody', async () => {
    const email = uniqueEmail('untold');
    const user = await t.createUser({ email, password: 'Untold#Member-1' });
    const mailBefore = await count(t, 'mail_outbox');
    expect((await t.api('PATCH', `/api/admin/users/${user.id}`, { cookie: c.admin, body: { firstName: 'Renamed', lastName: 'Member', email, status: 'active' } })).status).toBe(200);
    expect(await count(t, 'mail_outbox')).toBe(mailBefore);
    expect(await count(t, 'notifications', sql`user_id = ${user.id} and type = 'security'`)).toBe(0);
  });
});

describe('withdrawals go only to verified payout details, 24 hours after a change', () => {
  const HOUR = 3600_000;
  const withdraw = (cookie: string, body: Record<string, unknown> = {}) => t.api('POST', '/api/withdrawals', { cookie, body: { withdrawalType: 'bank', bankDetails: bank, amount: '100', ...body } });
  const usdt = (cookie: string, address: string) => t.api('POST', '/api/withdrawals', { cookie, body: { withdrawalType: 'usdt', usdtWalletAddress: address, networkType: 'TRC20', amount: '100' } });
  const wallet = async (cookie: string) => (await t.api('GET', '/api/wallet', { cookie })).body as { balance: string; payout: Record<string, any> };
  const changedAt = async (id: string) => (await userByEmail(t, (await query<{ email: string }>(t, sql`select email from users where id = ${id}`))[0].email))!.payoutDetailsChangedAt!;
  /** Past the hold: the clock moves and every session of this file signs in again (sessions end after 12 hours). */
  async function advance(ms: number, member: { user: UserRow; cookie: string }) {
    t.clock.advance(ms);
    c = await demoCookies(t);
    member.cookie = await t.login(member.user.email, 'Wallet#123');
  }

  it('a bank withdrawal needs the approved cheque of the account on the profile; the wallet says why', async () => {
    const email = uniqueEmail('unverified');
    const user = await t.createUser({ email, password: 'Wallet#123', kycStatus: 'approved', ...bankProfile });
    const cookie = await t.login(email, 'Wallet#123');
    expect((await t.api('POST', '/api/admin/send-fund', { cookie: c.admin, body: { userId: user.userId, option: 'Credit', amount: '1000', remarks: 'Opening balance' } })).status).toBe(200);
    expectError(await withdraw(cookie), 403, { code: 'PAYOUT_NOT_VERIFIED', message: MSG.payoutBankMissingDocument, field: 'bankDetails' });
    expect((await wallet(cookie)).payout).toMatchObject({
      bank: { accountNumber: '••••••••4455', ifsc: bank.ifsc, bankName: bank.bankName },
      bankVerification: 'missing',
      holdUntil: null,
      canWithdraw: { bank: false, usdt: false },
    });
    expect(await count(t, 'withdrawal_requests', sql`user_id = ${user.id}`)).toBe(0);

    // The cheque uploaded and waiting: KYC is pending again, so the KYC rule answers first.
    const ids = await verifyKyc(t, cookie, c.admin);
    expect((await wallet(cookie)).payout).toMatchObject({ bankVerification: 'verified', canWithdraw: { bank: true, usdt: false } });
    // A rejected cheque unverifies the account (a reviewer may still change their decision).
    await t.api('PATCH', `/api/admin/kyc/${ids.bank_cancelled_cheque}`, { cookie: c.admin, body: { status: 'rejected', rejectionReason: 'Not readable' } });
    expect((await wallet(cookie)).payout.bankVerification).toBe('rejected');
    await t.api('PATCH', `/api/admin/kyc/${ids.bank_cancelled_cheque}`, { cookie: c.admin, body: { status: 'approved' } });
    const ok = await withdraw(cookie);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.withdrawal.bankDetails).toEqual({ accountNumber: '••••••••4455', ifsc: bank.ifsc, bankName: bank.bankName, accountHolderName: bank.accountHolderName });
    expect(await expectLedgerSound(t, user.id)).toBe('900.00');
  });

  it("only to the profile's account: another account is refused, the masked number shown on screen is the profile's", async () => {
    const m = await fundedMember(t, c.admin, '1000');
    expectError(await withdraw(m.cookie, { bankDetails: { ...bank, accountNumber: '555566667777' } }), 400, { message: MSG.payoutBankMismatch, field: 'bankDetails' });
    expectError(await withdraw(m.cookie, { bankDetails: { ...bank, ifsc: 'SBIN0009999' } }), 400, { message: MSG.payoutBankMismatch });
    expectError(await usdt(m.cookie, 'TXthief000000000000000000000000000'), 400, { message: MSG.payoutNoCryptoWallet, field: 'usdtWalletAddress' });
    expect(await expectLedgerSound(t, m.user.id)).toBe('1000.00');
    const masked = await withdraw(m.cookie, { bankDetails: { ...bank, accountNumber: '••••••••4455', accountHolderName: 'Someone Else' } });
    expect(masked.status, JSON.stringify(masked.body)).toBe(201);
    // The profile's holder name is the one recorded.
    expect(masked.body.withdrawal.bankDetails.accountHolderName).toBe(bank.accountHolderName);
  });

  it('the member changes their bank account: held 24 hours, the new account verified by a new cheque, told and shown until when; allowed after', async () => {
    const m = await fundedMember(t, c.admin, '1000');
    const mailBefore = await count(t, 'mail_outbox');
    const r = await t.api('PUT', '/api/user/profile', { cookie: m.cookie, body: { firstName: 'Test', lastName: 'User', bankAccountNumber: '777788889999', bankIFSC: 'sbin0001234', bankName: 'SBI' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const changed = await changedAt(m.user.id);
    const until = new Date(changed.getTime() + 24 * HOUR);
    expect(r.body).toMatchObject({ payoutDetailsChangedAt: changed.toISOString(), payoutHoldUntil: until.toISOString(), bankAccountNumber: '••••••••9999' });
    expect((await t.api('GET', '/api/auth/user', { cookie: m.cookie })).body).toMatchObject({ payoutHoldUntil: until.toISOString() });
    expect((await wallet(m.cookie)).payout).toMatchObject({
      bank: { accountNumber: '••••••••9999', ifsc: 'SBIN0001234' },
      bankVerification: 'outdated',
      changedAt: changed.toISOString(),
      holdUntil: until.toISOString(),
      canWithdraw: { bank: false, usdt: false },
    });
    // Told at once, by notification and mail.
    const [note] = await query<{ title: string; message: string }>(t, sql`select title, message from notifications where user_id = ${m.user.id} and type = 'security'`);
    expect(note.title).toBe('Your payout details changed');
    expect(note.message).toContain(payoutHoldMessage(payoutTime(changed), payoutTime(until)));
    expect(await count(t, 'mail_outbox')).toBe(mailBefore + 1);
    await t.flushMail();
    expect(t.mail.lastTo(m.user.email)?.subject).toBe('Your payout details changed');

    // The old cheque verified the old account: refused, and a new one may be uploaded beside the approved one.
    const newAccount = { ...bank, accountNumber: '777788889999', ifsc: 'SBIN0001234', bankName: 'SBI' };
    expectError(await withdraw(m.cookie, { bankDetails: newAccount }), 403, { code: 'PAYOUT_NOT_VERIFIED', message: MSG.payoutBankDocumentOutdated });
    expectError(await withdraw(m.cookie, { bankDetails: bank }), 400, { message: MSG.payoutBankMismatch });
    expectError(await t.api('POST', '/api/kyc/upload', { cookie: m.cookie, body: { documentType: 'pan', documentData: b64(fakeJpeg(300)), documentContentType: 'image/jpeg' } }), 409, {
      code: 'DOCUMENT_LOCKED',
    });
    const up = await t.api('POST', '/api/kyc/upload', {
      cookie: m.cookie,
      body: { documentType: 'bank_cancelled_cheque', documentData: b64(fakeJpeg(300)), documentContentType: 'image/jpeg', documentFilename: 'new-cheque.jpg' },
    });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expectError(await withdraw(m.cookie, { bankDetails: newAccount }), 403, { code: 'KYC_REQUIRED' });
    expect((await t.api('PATCH', `/api/admin/kyc/${up.body.id}`, { cookie: c.admin, body: { status: 'approved' } })).status).toBe(200);
    expect((await wallet(m.cookie)).payout).toMatchObject({ bankVerification: 'verified', canWithdraw: { bank: false } });

    // Verified, but within the 24 hours: refused, saying until when.
    const hold = payoutHoldMessage(payoutTime(changed), payoutTime(until));
    expectError(await withdraw(m.cookie, { bankDetails: newAccount }), 403, { code: 'PAYOUT_HOLD', message: hold, field: 'bankDetails' });
    await advance(until.getTime() - t.clock.now().getTime() - 60_000, m);
    expectError(await withdraw(m.cookie, { bankDetails: newAccount }), 403, { code: 'PAYOUT_HOLD', message: hold });
    expect(await expectLedgerSound(t, m.user.id)).toBe('1000.00');
    expect(await count(t, 'withdrawal_requests', sql`user_id = ${m.user.id}`)).toBe(0);

    await advance(2 * 60_000, m);
    expect((await wallet(m.cookie)).payout).toMatchObject({ holdUntil: null, canWithdraw: { bank: true } });
    const ok = await withdraw(m.cookie, { bankDetails: newAccount });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.withdrawal.bankDetails).toMatchObject({ accountNumber: '••••••••9999', ifsc: 'SBIN0001234', bankName: 'SBI' });
  });

  it('a change of the USDT wallet holds USDT and bank withdrawals alike', async () => {
    const m = await fundedMember(t, c.admin, '1000');
    const wallet1 = 'TXmember00000000000000000000000001';
    const r = await t.api('PUT', '/api/user/profile', { cookie: m.cookie, body: { firstName: 'Test', lastName: 'User', cryptoWalletAddress: wallet1 } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.cryptoWalletAddress).toBe(wallet1);
    const changed = await changedAt(m.user.id);
    // The bank account itself did not change: still verified, but held like the wallet.
    expect((await wallet(m.cookie)).payout).toMatchObject({ cryptoWalletAddress: wallet1, bankVerification: 'verified', canWithdraw: { bank: false, usdt: false } });
    expectError(await usdt(m.cookie, wallet1), 403, { code: 'PAYOUT_HOLD', field: 'usdtWalletAddress' });
    expectError(await withdraw(m.cookie), 403, { code: 'PAYOUT_HOLD' });
    expectError(await usdt(m.cookie, 'TXother0000000000000000000000000001'), 400, { message: MSG.payoutCryptoMismatch });
    await advance(changed.getTime() + 24 * HOUR - t.clock.now().getTime() + 60_000, m);
    const ok = await usdt(m.cookie, wallet1);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.withdrawal).toMatchObject({ withdrawalType: 'usdt', usdtWalletAddress: wallet1 });
    expect((await withdraw(m.cookie)).status).toBe(201);
  });

  it('an approved admin change starts the hold too, and Withdraw Personally keeps it', async () => {
    const m = await fundedMember(t, c.admin, '1000', { cryptoWalletAddress: 'TXfirst000000000000000000000000001' });
    const r = await t.api('PATCH', `/api/admin/users/${m.user.id}`, {
      cookie: c.admin,
      body: { firstName: 'Test', lastName: 'User', email: m.user.email, status: 'active', cryptoWalletAddress: 'TXsecond00000000000000000000000002' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    // Not applied yet: no hold.
    expect((await t.api('GET', '/api/auth/user', { cookie: m.cookie })).body).toMatchObject({ payoutHoldUntil: null, cryptoWalletAddress: 'TXfirst000000000000000000000000001' });
    const second = await t.login(t.demo.admin2.email, t.demo.admin2.password);
    expect((await t.api('POST', `/api/admin/approvals/${r.body.approval.id}/approve`, { cookie: second })).status).toBe(200);
    const changed = await changedAt(m.user.id);
    const me = (await t.api('GET', '/api/auth/user', { cookie: m.cookie })).body;
    expect(me).toMatchObject({ cryptoWalletAddress: 'TXsecond00000000000000000000000002', payoutHoldUntil: new Date(changed.getTime() + 24 * HOUR).toISOString() });
    expectError(await usdt(m.cookie, 'TXsecond00000000000000000000000002'), 403, { code: 'PAYOUT_HOLD' });
    // The bank account did not change: no new cheque is needed, the hold alone applies.
    expectError(await withdraw(m.cookie), 403, { code: 'PAYOUT_HOLD' });
    for (const withdrawalType of ['USD', 'INR']) {
      expectError(await t.api('POST', '/api/admin/withdraw-personally', { cookie: c.admin, body: { userId: m.user.userId, withdrawalType, amount: '100', remarks: 'By phone' } }), 403, {
        code: 'PAYOUT_HOLD',
        field: 'userId',
      });
    }
    expect(await expectLedgerSound(t, m.user.id)).toBe('1000.00');
  });

  it("Withdraw Personally needs the verified bank account as the member's own request does", async () => {
    const user = await t.createUser({ email: uniqueEmail('wp-unverified'), kycStatus: 'approved', ...bankProfile });
    expect((await t.api('POST', '/api/admin/send-fund', { cookie: c.admin, body: { userId: user.userId, option: 'Credit', amount: '500', remarks: 'Opening balance' } })).status).toBe(200);
    expectError(await t.api('POST', '/api/admin/withdraw-personally', { cookie: c.admin, body: { userId: user.userId, withdrawalType: 'INR', amount: '100', remarks: 'By phone' } }), 403, {
      code: 'PAYOUT_NOT_VERIFIED',
      message: MSG.payoutBankMissingDocument,
      field: 'userId',
    });
    expect(await expectLedgerSound(t, user.id)).toBe('500.00');
  });

  it('an impersonating admin cannot change the wallet address or the holder name either', async () => {
    const m = await fundedMember(t, c.admin, '0', { cryptoWalletAddress: 'TXkeep0000000000000000000000000001' });
    const token = await impersonate(m.user);
    for (const change of [{ cryptoWalletAddress: 'TXthief000000000000000000000000001' }, { bankAccountHolderName: 'Someone Else' }]) {
      expectError(await t.api('PUT', '/api/user/profile', { headers: bearer(token), body: { firstName: 'Test', lastName: 'User', ...change } }), 403, {
        code: 'IMPERSONATION_FORBIDDEN',
        message: MSG.impersonationReadOnly,
      });
    }
    expect(await userByEmail(t, m.user.email)).toMatchObject({
      cryptoWalletAddress: 'TXkeep0000000000000000000000000001',
      bankAccountHolderName: bank.accountHolderName,
      payoutDetailsChangedAt: null,
    });
  });
});
