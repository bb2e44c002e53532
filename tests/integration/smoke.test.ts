import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('smoke', () => {
  it('signs up, verifies by mail and signs in as pending', async () => {
    const r = await t.api('POST', '/api/auth/signup', { body: { fullName: 'Mina Rao', email: 'Mina@Example.com', password: 'Mina#secret12', agreementVersion: 1 } });
    expect(r.status).toBe(201);
    await t.flushMail();
    const token = t.mail.tokenFrom('mina@example.com', '/verify-email');
    expect(token).toBeTruthy();
    const v = await t.api('POST', '/api/auth/verify-email', { body: { token } });
    expect(v.status).toBe(200);
    const cookie = await t.login('mina@example.com', 'Mina#secret12');
    const me = await t.api('GET', '/api/auth/user', { cookie });
    expect(me.body.status).toBe('pending');
  });
});
