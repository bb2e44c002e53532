import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { count, expectError, expectInvalid, uniqueEmail } from '../support/http';
import { CurrentUser, LoginResponse } from '../../contracts/auth';
import { MSG } from '../../contracts/messages';
import { users } from '../../server/db/schema/index';
import { ID } from '../support/identity';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const login = (body: unknown, cookie?: string) => t.api('POST', '/api/login', { body, cookie });

describe('POST /api/login', () => {
  it('signs in by email, case-insensitively, and answers the user without secrets', async () => {
    const r = await login({ userId: 'MEMBER@Demo.Local', password: t.demo.member.password });
    expect(r.status).toBe(200);
    const parsed = LoginResponse.parse(r.body);
    if (!('user' in parsed)) throw new Error('a member without two-factor is signed in at once');
    expect(parsed.user.email).toBe(t.demo.member.email);
    expect(parsed.user.role).toBe('user');
    expect(parsed.user.status).toBe('active');
    expect(r.body.user).not.toHaveProperty('password');
    expect(r.body.user).not.toHaveProperty('txnPin');
    expect(JSON.stringify(r.body)).not.toContain('$argon2');
    expect(r.cookie).toMatch(/^sid=.+/);
  });

  it('signs in by the public userId in any case', async () => {
    const member = (await userByEmail(t, t.demo.member.email))!;
    expect(member.userId).toMatch(/^MB\d{7}$/);
    const r = await login({ userId: member.userId.toLowerCase(), password: t.demo.member.password });
    expect(r.status).toBe(200);
    expect(r.body.user.userId).toBe(member.userId);
  });

  it('lets a pending user sign in and reports the pending status', async () => {
    const r = await login({ userId: t.demo.pending.email, password: t.demo.pending.password });
    expect(r.status).toBe(200);
    expect(r.body.user.status).toBe('pending');
  });

  it("requires User ID and Password with the documents' messages, creating no session", async () => {
    const before = await count(t, 'sessions');
    expectInvalid(await login({ password: 'whatever1' }), MSG.userIdRequired, 'userId');
    expectInvalid(await login({ userId: '   ', password: 'whatever1' }), MSG.userIdRequired, 'userId');
    expectInvalid(await login({ userId: t.demo.member.email }), MSG.passwordRequired, 'password');
    expectInvalid(await login({ userId: t.demo.member.email, password: '' }), MSG.passwordRequired, 'password');
    const both = expectError(await login({}), 400, { code: 'VALIDATION_ERROR' });
    expect(Object.keys(both.fieldErrors ?? {}).sort()).toEqual(['password', 'userId']);
    expect(await count(t, 'sessions')).toBe(before);
  });

  it('refuses a wrong password and an unknown account with the same answer', async () => {
    const before = await count(t, 'sessions');
    const wrong = await login({ userId: t.demo.member.email, password: 'not-the-password' });
    const unknown = await login({ userId: 'nobody@example.com', password: 'not-the-password' });
    const unknownId = await login({ userId: 'MB0000000', password: 'not-the-password' });
    for (const r of [wrong, unknown, unknownId]) {
      expectError(r, 401, { code: 'INVALID_CREDENTIALS', message: MSG.invalidCredentials });
      expect(r.setCookie).toBeUndefined();
    }
    expect(unknown.body).toEqual(wrong.body);
    expect(await count(t, 'sessions')).toBe(before);
  });

  it('treats SQL-looking input as plain text', async () => {
    const r = await login({ userId: "' or 1=1 --", password: "' or '1'='1" });
    expectError(r, 401, { code: 'INVALID_CREDENTIALS' });
  });

  it.each([
    ['registered', 'ACCOUNT_NOT_VERIFIED', MSG.emailNotVerified],
    ['invited', 'ACCOUNT_NOT_ACTIVE', MSG.invitationNotCompleted],
    ['rejected', 'ACCOUNT_NOT_ACTIVE', MSG.accountRejected],
    ['suspended', 'ACCOUNT_NOT_ACTIVE', MSG.accountNotActive],
    ['inactive', 'ACCOUNT_NOT_ACTIVE', MSG.accountNotActive],
  ] as const)('refuses a %s account with %s after a correct password', async (status, code, message) => {
    const email = uniqueEmail(status);
    await t.createUser({ email, password: 'Correct#123', status });
    const before = await count(t, 'sessions');
    const r = await login({ userId: email, password: 'Correct#123' });
    expectError(r, 403, { code, message });
    expect(r.setCookie).toBeUndefined();
    expect(await count(t, 'sessions')).toBe(before);
  });

  it('does not tell a refused status apart when the password is wrong', async () => {
    const email = uniqueEmail('suspended');
    await t.createUser({ email, password: 'Correct#123', status: 'suspended' });
    expectError(await login({ userId: email, password: 'Wrong#1234' }), 401, { code: 'INVALID_CREDENTIALS' });
  });
});

describe('GET /api/auth/user', () => {
  it('answers 401 when signed out or with an unknown cookie', async () => {
    expectError(await t.api('GET', '/api/auth/user'), 401, { code: 'UNAUTHENTICATED', message: MSG.notSignedIn });
    expectError(await t.api('GET', '/api/auth/user', { cookie: 'sid=not-a-session' }), 401, { code: 'UNAUTHENTICATED' });
  });

  it('answers the signed-in user, with identity numbers masked and no secrets', async () => {
    const email = uniqueEmail('masked');
    await t.createUser({ email, password: 'Masked#123', panNumber: ID.pan, aadhaarNumber: ID.aadhaar, bankAccountNumber: ID.account5, txnPin: 'pin-hash' });
    const cookie = await t.login(email, 'Masked#123');
    const r = await t.api('GET', '/api/auth/user', { cookie });
    expect(r.status).toBe(200);
    const me = CurrentUser.parse(r.body);
    expect(me.email).toBe(email);
    expect(me.impersonatedBy).toBeNull();
    expect(me.panNumber).toBe('••••••234F');
    expect(me.aadhaarNumber?.endsWith('5678')).toBe(true);
    expect(me.aadhaarNumber).not.toContain('12341234');
    expect(me.bankAccountNumber).toBe('••••••••2333');
    for (const k of ['password', 'txnPin', 'treePath']) expect(r.body).not.toHaveProperty(k);
  });

  it('ends the session of a user who is suspended meanwhile', async () => {
    const email = uniqueEmail('later-suspended');
    const u = await t.createUser({ email, password: 'Suspend#123' });
    const cookie = await t.login(email, 'Suspend#123');
    expect((await t.api('GET', '/api/auth/user', { cookie })).status).toBe(200);
    await t.runtime.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, u.id));
    expectError(await t.api('GET', '/api/auth/user', { cookie }), 401, { code: 'UNAUTHENTICATED' });
    expectError(await t.api('GET', '/api/kyc', { cookie }), 401, { code: 'UNAUTHENTICATED' });
  });
});

describe('GET /api/login', () => {
  it('redirects to /', async () => {
    const r = await t.api('GET', '/api/login');
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('/');
  });
});

describe('POST /api/logout', () => {
  it('answers 401 when signed out', async () => {
    expectError(await t.api('POST', '/api/logout'), 401, { code: 'UNAUTHENTICATED' });
  });

  it('ends the session, clears the cookie, and the old cookie no longer works', async () => {
    const cookie = await t.login(t.demo.member.email, t.demo.member.password);
    const sessionsBefore = await count(t, 'sessions');
    const r = await t.api('POST', '/api/logout', { cookie });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: MSG.loggedOut });
    expect(r.setCookie).toMatch(/^sid=;/);
    expect(r.setCookie).toMatch(/Expires=Thu, 01 Jan 1970/i);
    expect(await count(t, 'sessions')).toBe(sessionsBefore - 1);
    expectError(await t.api('GET', '/api/auth/user', { cookie }), 401);
    expectError(await t.api('POST', '/api/logout', { cookie }), 401);
  });
});

describe('GET /api/logout', () => {
  it('answers 401 when signed out', async () => {
    expectError(await t.api('GET', '/api/logout'), 401, { code: 'UNAUTHENTICATED' });
  });

  it('ends the session and redirects to /', async () => {
    const cookie = await t.login(t.demo.founder.email, t.demo.founder.password);
    const r = await t.api('GET', '/api/logout', { cookie });
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('/');
    expect(r.setCookie).toMatch(/^sid=;/);
    expectError(await t.api('GET', '/api/auth/user', { cookie }), 401);
  });
});
