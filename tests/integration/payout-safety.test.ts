import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { bearer, count, demoCookies, expectError, query, uniqueEmail } from '../support/http';
import { bank, fundedMember } from '../support/money';
import { placeInTree } from '../support/tree';
import { MSG } from '../../contracts/messages';
import type { UserRow } from '../../server/modules/users/users.repo';
import { ID } from '../support/identity';

/**
 * Issue 13, payout safety around impersonation, each finding of the probe reproduced and shown closed: an
 * impersonating session changed the member's bank details and spent the wallet; a founder impersonated any
 * member; tokens outlived the admin's logout and password change; whoever opened the code link got the session.
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
    expectError(await t.api('POST', '/api/purchases', { headers: bearer(token), body: { productId: product.id, quantity: 1, paymentMethod: 'wallet', deliveryAddress: '1 Test Road, Pune 411001' } }),
      403, { code: 'IMPERSONATION_FORBIDDEN', message: MSG.impersonationMoneyReadOnly });
    expectError(await t.api('POST', '/api/withdrawals', { headers: bearer(token), body: { withdrawalType: 'bank', bankDetails: bank, amount: '100' } }),
      403, { code: 'IMPERSONATION_FORBIDDEN', message: MSG.impersonationMoneyReadOnly });
    expectError(await t.api('PUT', '/api/user/profile', { headers: bearer(token), body: { firstName: 'Tess', lastName: 'Member', bankAccountNumber: ID.account4, bankIFSC: 'ICIC0000001' } }),
      403, { code: 'IMPERSONATION_FORBIDDEN', message: MSG.impersonationMoneyReadOnly });
    expect(await count(t, 'purchases')).toBe(purchases);
    const after = (await userByEmail(t, m.user.email))!;
    expect({ account: after.bankAccountNumber, ifsc: after.bankIFSC }).toEqual({ account: ID.account, ifsc: 'HDFC0001234' });
    expect((await t.api('GET', '/api/wallet', { cookie: m.cookie })).body.balance).toBe('20000.00');
    // Other profile fields may still be corrected for the member, the masked account number counting as unchanged.
    const fixed = await t.api('PUT', '/api/user/profile', { headers: bearer(token), body: { firstName: 'Tessa', lastName: 'Member', city: 'Pune', bankAccountNumber: '••••4455' } });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    // The member themself may still buy.
    const own = await t.api('POST', '/api/purchases', { cookie: m.cookie, body: { productId: product.id, quantity: 1, paymentMethod: 'wallet', deliveryAddress: '1 Test Road, Pune 411001' } });
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

describe('the code and the token belong to the issuing admin\'s signed-in browser', () => {
  it('a code opened without the admin\'s session, or in another user\'s, is refused and stays usable by the admin', async () => {
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

  it('the admin\'s logout ends the tokens they issued', async () => {
    const email = uniqueEmail('admin-out');
    const other = await t.createUser({ email, password: 'Admin#Logout-1', role: 'admin' });
    const cookie = await t.login(email, 'Admin#Logout-1');
    const m = await fundedMember(t, c.admin, '0');
    const token = await impersonate(m.user, cookie);
    expect((await t.api('GET', '/api/auth/user', { headers: bearer(token) })).status).toBe(200);
    expect((await t.api('POST', '/api/logout', { cookie })).status).toBe(200);
    expect((await t.api('GET', '/api/auth/user', { headers: bearer(token) })).status).toBe(401);
    expect(other.id).toBeTruthy();
  });

  it('the admin\'s password change ends the tokens they issued', async () => {
    const email = uniqueEmail('admin-pw');
    await t.createUser({ email, password: 'Admin#Change-1', role: 'admin' });
    const cookie = await t.login(email, 'Admin#Change-1');
    const m = await fundedMember(t, c.admin, '0');
    const token = await impersonate(m.user, cookie);
    expect((await t.api('POST', '/api/auth/change-password', { cookie, body: { currentPassword: 'Admin#Change-1', newPassword: 'Admin#Change-2-longer' } })).status).toBe(200);
    expect((await t.api('GET', '/api/auth/user', { headers: bearer(token) })).status).toBe(401);
    expect(admin.id).toBeTruthy();
  });
});

describe('the member is told when an admin changes their account', () => {
  it('a password reset, a new email and a new payout wallet: one notification, mails to the old and the new address', async () => {
    const email = uniqueEmail('told');
    const user = await t.createUser({ email, password: 'Told#Member-1', cryptoWalletAddress: ID.oldWallet });
    const newEmail = uniqueEmail('told-new');
    const mailBefore = await count(t, 'mail_outbox');
    const r = await t.api('PATCH', `/api/admin/users/${user.id}`, {
      cookie: c.admin,
      body: { firstName: 'Told', lastName: 'Member', email: newEmail, status: 'active', password: 'Temp#Pass-2026', cryptoWalletAddress: ID.newWallet },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const notes = await query<{ title: string; message: string; priority: string }>(t, sql`select title, message, priority from notifications where user_id = ${user.id} and type = 'security'`);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'An administrator changed your account', priority: 'high' });
    expect(notes[0].message).toContain('password was reset');
    expect(notes[0].message).toContain(`from ${email} to ${newEmail}`);
    expect(notes[0].message).toContain('crypto payout wallet changed');
    expect(await count(t, 'mail_outbox')).toBe(mailBefore + 2);
    await t.flushMail();
    expect(t.mail.lastTo(email)?.subject).toBe('An administrator changed your account');
    expect(t.mail.lastTo(newEmail)?.subject).toBe('An administrator changed your account');
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
