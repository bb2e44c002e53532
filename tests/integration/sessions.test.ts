import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../support/test-app';
import { cookieAttributes, expectError, uniqueEmail } from '../support/http';
import { MSG } from '../../contracts/messages';
import { SESSION_DEFAULT_MS, SESSION_REMEMBER_MS } from '../../contracts/constants';
import { sha256 } from '../../server/lib/crypto';
import { sessions } from '../../server/db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const PASSWORD = 'Session#123';
async function freshUser(prefix: string, extra: Partial<Parameters<TestApp['createUser']>[0]> = {}) {
  const email = uniqueEmail(prefix);
  const user = await t.createUser({ email, password: PASSWORD, ...extra });
  return { email, user };
}
const me = (cookie: string) => t.api('GET', '/api/auth/user', { cookie });
const signIn = (email: string, rememberMe: boolean, cookie?: string) => t.api('POST', '/api/login', { body: { userId: email, password: PASSWORD, rememberMe }, cookie });

describe('session id at sign-in', () => {
  it('is new at every sign-in', async () => {
    const { email } = await freshUser('twice');
    const a = await t.login(email, PASSWORD);
    const b = await t.login(email, PASSWORD);
    expect(a).not.toBe(b);
    expect(cookieAttributes(a).value.length).toBeGreaterThanOrEqual(43);
  });

  it('replaces a cookie carried into the sign-in: the old one no longer works', async () => {
    const { email } = await freshUser('carry');
    const old = await t.login(email, PASSWORD);
    const r = await signIn(email, false, old);
    expect(r.status).toBe(200);
    expect(r.cookie).toBeTruthy();
    expect(r.cookie).not.toBe(old);
    expectError(await me(old), 401, { code: 'UNAUTHENTICATED' });
    expect((await me(r.cookie!)).status).toBe(200);
  });

  it('stores only the SHA-256 of the cookie value', async () => {
    const { email, user } = await freshUser('hash');
    const cookie = await t.login(email, PASSWORD);
    const value = cookieAttributes(cookie).value;
    const rows = await t.runtime.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].sid).toBe(sha256(value));
    expect(JSON.stringify(rows[0])).not.toContain(value);
  });
});

describe('logout', () => {
  it('the old cookie fails after logout while other sessions of the user stay', async () => {
    const { email } = await freshUser('logout');
    const a = await t.login(email, PASSWORD);
    const b = await t.login(email, PASSWORD);
    expect((await t.api('POST', '/api/logout', { cookie: a })).status).toBe(200);
    expectError(await me(a), 401);
    expect((await me(b)).status).toBe(200);
  });
});

describe('password change and reset end other sessions', () => {
  it('a change ends every other session; the changing session keeps working', async () => {
    const { email } = await freshUser('change');
    const changing = await t.login(email, PASSWORD);
    const other1 = await t.login(email, PASSWORD);
    const other2 = await t.login(email, PASSWORD, true);
    const bystander = await t.login(t.demo.member.email, t.demo.member.password);
    const r = await t.api('POST', '/api/auth/change-password', { cookie: changing, body: { currentPassword: PASSWORD, newPassword: 'Changed#123' } });
    expect(r.status).toBe(200);
    expect((await me(changing)).status).toBe(200);
    expectError(await me(other1), 401);
    expectError(await me(other2), 401);
    expect((await me(bystander)).status).toBe(200);
  });

  it('a reset ends every session of the user', async () => {
    const { email } = await freshUser('reset');
    const s1 = await t.login(email, PASSWORD);
    const s2 = await t.login(email, PASSWORD, true);
    await t.api('POST', '/api/auth/forgot-password', { body: { email } });
    await t.flushMail();
    const token = t.mail.tokenFrom(email, '/reset-password')!;
    // Even the session that sends the reset is ended.
    const r = await t.api('POST', '/api/auth/reset-password', { cookie: s1, body: { token, newPassword: 'Reset#12345' } });
    expect(r.status).toBe(200);
    expectError(await me(s1), 401);
    expectError(await me(s2), 401);
  });
});

describe('cookie attributes', () => {
  it('without remember me: HttpOnly, SameSite=Lax, Path=/, a browser-session cookie (no Expires, no Max-Age)', async () => {
    const { email } = await freshUser('nocookie');
    const r = await signIn(email, false);
    const c = cookieAttributes(r.setCookie!);
    expect(c.name).toBe('sid');
    expect(c.attrs.has('httponly')).toBe(true);
    expect(c.attrs.get('samesite')?.toLowerCase()).toBe('lax');
    expect(c.attrs.get('path')).toBe('/');
    expect(c.attrs.has('expires')).toBe(false);
    expect(c.attrs.has('max-age')).toBe(false);
    expect(c.attrs.has('secure')).toBe(false); // test mode is not production
  });

  it('with remember me: Expires about 30 days ahead', async () => {
    const { email } = await freshUser('remember');
    const r = await signIn(email, true);
    const c = cookieAttributes(r.setCookie!);
    expect(c.attrs.has('httponly')).toBe(true);
    expect(c.attrs.get('samesite')?.toLowerCase()).toBe('lax');
    const expires = new Date(c.attrs.get('expires')!).getTime();
    const expected = t.clock.now().getTime() + SESSION_REMEMBER_MS;
    expect(Math.abs(expires - expected)).toBeLessThan(60_000);
  });

  it('without remember me the server ends the session after 12 h; with it, after 30 days', async () => {
    const a = await freshUser('expiry-short');
    const b = await freshUser('expiry-long');
    const short = await t.login(a.email, PASSWORD, false);
    const long = await t.login(b.email, PASSWORD, true);
    t.clock.advance(SESSION_DEFAULT_MS - 60_000);
    expect((await me(short)).status).toBe(200);
    t.clock.advance(2 * 60_000);
    expectError(await me(short), 401);
    expect((await me(long)).status).toBe(200);
    t.clock.advance(SESSION_REMEMBER_MS - SESSION_DEFAULT_MS);
    expectError(await me(long), 401);
  });
});

describe('first login with a temporary password', () => {
  it('must change the password before anything else', async () => {
    const { email } = await freshUser('firstlogin', { firstLogin: true });
    const cookie = await t.login(email, PASSWORD);
    const user = await me(cookie);
    expect(user.status).toBe(200);
    expect(user.body.firstLogin).toBe(true);
    const blocked: [string, string, unknown?][] = [
      ['GET', '/api/kyc'],
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/read-all'],
      ['PUT', '/api/user/profile', { firstName: 'A', lastName: 'B' }],
      ['POST', '/api/kyc/upload', {}],
    ];
    for (const [method, url, body] of blocked) {
      expectError(await t.api(method, url, { cookie, body }), 403, { code: 'PASSWORD_CHANGE_REQUIRED', message: MSG.passwordChangeRequired });
    }
    const r = await t.api('POST', '/api/auth/change-password', { cookie, body: { currentPassword: PASSWORD, newPassword: 'Fresh#12345' } });
    expect(r.status).toBe(200);
    expect((await me(cookie)).body.firstLogin).toBe(false);
    expect((await t.api('GET', '/api/kyc', { cookie })).status).toBe(200);
    expect((await t.api('GET', '/api/notifications', { cookie })).status).toBe(200);
  });

  it('may still log out', async () => {
    const { email } = await freshUser('firstlogin-out', { firstLogin: true });
    const cookie = await t.login(email, PASSWORD);
    expect((await t.api('POST', '/api/logout', { cookie })).status).toBe(200);
    expectError(await me(cookie), 401);
  });
});
