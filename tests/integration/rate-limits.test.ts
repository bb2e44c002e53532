import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { count, expectError, uniqueEmail } from '../support/http';
import { MSG } from '../../contracts/messages';

/** The real limits (factor 1), on a separate app: login, signup, forgot password, sponsor lookup. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ rateLimitFactor: 1 });
});
afterAll(async () => t?.close());

const MIN = 60_000;
/** Moves the clock to one second into the next fixed window, so a loop never straddles two windows. */
function nextWindow(windowMs: number) {
  const now = t.clock.now().getTime();
  t.clock.advance(windowMs - (now % windowMs) + 1000);
}

describe('rate limits (factor 1)', () => {
  it('login: 10 attempts per account in 15 minutes, then 429 even with the right password', async () => {
    nextWindow(15 * MIN);
    const email = uniqueEmail('limited');
    await t.createUser({ email, password: 'Right#1234' });
    for (let i = 0; i < 10; i++) {
      expectError(await t.api('POST', '/api/login', { body: { userId: email, password: `Wrong#${i}xxxx` } }), 401, { code: 'INVALID_CREDENTIALS' });
    }
    const sessions = await count(t, 'sessions');
    const r = await t.api('POST', '/api/login', { body: { userId: email, password: 'Right#1234' } });
    expectError(r, 429, { code: 'RATE_LIMITED', message: MSG.tooManyLogins });
    expect(r.setCookie).toBeUndefined();
    expect(await count(t, 'sessions')).toBe(sessions);
    // Another account is not blocked.
    expect((await t.api('POST', '/api/login', { body: { userId: t.demo.member.email, password: t.demo.member.password } })).status).toBe(200);
    // A new window opens after 15 minutes.
    nextWindow(15 * MIN);
    expect((await t.api('POST', '/api/login', { body: { userId: email, password: 'Right#1234' } })).status).toBe(200);
  });

  it('login: 30 attempts per address in 15 minutes, then 429', async () => {
    nextWindow(15 * MIN);
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await t.api('POST', '/api/login', { body: { userId: `nobody${i}@example.com`, password: 'x' } })).status;
      if (i < 30) expect(last, `attempt ${i + 1}`).toBe(401);
    }
    expect(last).toBe(429);
  });

  it('signup: 5 per address in 15 minutes, then 429 "Too many signup attempts..." and nothing created', async () => {
    nextWindow(15 * MIN);
    for (let i = 0; i < 5; i++) {
      expect((await t.api('POST', '/api/auth/signup', { body: { fullName: 'Rate Limited', email: uniqueEmail('rl'), password: 'Signup#123', agreementVersion: 1 } })).status).toBe(201);
    }
    const email = uniqueEmail('rl-sixth');
    const r = await t.api('POST', '/api/auth/signup', { body: { fullName: 'Rate Limited', email, password: 'Signup#123', agreementVersion: 1 } });
    expectError(r, 429, { code: 'RATE_LIMITED', message: 'Too many signup attempts. Please try again in a few minutes.' });
    expect(r.body.message).toBe(MSG.tooManySignups);
    expect(await userByEmail(t, email)).toBeUndefined();
  });

  it('forgot password: 3 per email in an hour, then 429 and no more mail', async () => {
    nextWindow(60 * MIN);
    const email = uniqueEmail('forgot');
    await t.createUser({ email, password: 'Right#1234' });
    for (let i = 0; i < 3; i++) expect((await t.api('POST', '/api/auth/forgot-password', { body: { email } })).status).toBe(200);
    const outbox = await count(t, 'mail_outbox');
    expectError(await t.api('POST', '/api/auth/forgot-password', { body: { email } }), 429, { code: 'RATE_LIMITED', message: MSG.tooManyResets });
    expect(await count(t, 'mail_outbox')).toBe(outbox);
  });

  it('forgot password: 5 per address in 15 minutes, then 429 for any email', async () => {
    nextWindow(60 * MIN);
    for (let i = 0; i < 5; i++) expect((await t.api('POST', '/api/auth/forgot-password', { body: { email: uniqueEmail('ip') } })).status).toBe(200);
    expectError(await t.api('POST', '/api/auth/forgot-password', { body: { email: uniqueEmail('ip') } }), 429, { code: 'RATE_LIMITED', message: MSG.tooManyResets });
  });

  it('verify-sponsor: 30 lookups a minute, then 429; a minute later it answers again', async () => {
    const member = (await userByEmail(t, t.demo.member.email))!;
    nextWindow(MIN);
    for (let i = 0; i < 30; i++) expect((await t.api('GET', `/api/auth/verify-sponsor/MB${String(1000000 + i)}`)).status).toBe(404);
    expectError(await t.api('GET', `/api/auth/verify-sponsor/${member.userId}`), 429, { code: 'RATE_LIMITED', message: MSG.tooManySponsorLookups });
    nextWindow(MIN);
    expect((await t.api('GET', `/api/auth/verify-sponsor/${member.userId}`)).status).toBe(200);
  });
});
