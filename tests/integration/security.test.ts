import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { SAME_ORIGIN, b64, count, expectError, fakeJpeg, uniqueEmail } from '../support/http';
import { MSG } from '../../contracts/messages';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const PASSWORD = 'Secure#123';
async function signedIn() {
  const email = uniqueEmail('sec');
  const user = await t.createUser({ email, password: PASSWORD, firstName: 'Before' });
  return { email, user, cookie: await t.login(email, PASSWORD) };
}
const raw = (opts: InjectOptions) => t.runtime.app.inject(opts);
const asResult = (res: Awaited<ReturnType<typeof raw>>) => ({
  status: res.statusCode,
  headers: res.headers,
  body: String(res.headers['content-type'] ?? '').includes('json') ? res.json() : res.body,
});

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  return csp;
}

describe('security headers', () => {
  it("are on JSON answers, with script-src 'self'", async () => {
    const r = await t.api('GET', '/healthz');
    const csp = expectSecurityHeaders(r.headers);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('are on error answers and on unknown API paths', async () => {
    expectSecurityHeaders((await t.api('GET', '/api/auth/user')).headers);
    const nf = await t.api('GET', '/api/does-not-exist');
    expectError(nf, 404, { code: 'NOT_FOUND' });
    expectSecurityHeaders(nf.headers);
    expectSecurityHeaders((await t.api('POST', '/api/nothing-here', { body: {} })).headers);
  });

  it('are on the web client pages', async () => {
    const r = await t.api('GET', '/some/client/route');
    expect(r.status).toBe(200);
    expect(String(r.headers['content-type'])).toContain('text/html');
    expect(expectSecurityHeaders(r.headers)).toContain("script-src 'self'");
  });

  it('no server banner', async () => {
    const r = await t.api('GET', '/healthz');
    expect(r.headers['x-powered-by']).toBeUndefined();
    expect(r.headers.server).toBeUndefined();
  });
});

describe('cross-site writes (CSRF)', () => {
  it('refuses a cross-site sign-in: 403 CSRF_REJECTED, no session', async () => {
    const sessions = await count(t, 'sessions');
    const r = await t.api('POST', '/api/login', { headers: { origin: 'https://evil.example' }, body: { userId: t.demo.member.email, password: t.demo.member.password } });
    expectError(r, 403, { code: 'CSRF_REJECTED', message: MSG.csrfRejected });
    expect(r.setCookie).toBeUndefined();
    expect(await count(t, 'sessions')).toBe(sessions);
  });

  it('refuses a cross-site profile write with a valid cookie and changes nothing', async () => {
    const { cookie, email } = await signedIn();
    const r = await t.api('PUT', '/api/user/profile', { cookie, headers: { origin: 'https://evil.example' }, body: { firstName: 'Hacked', lastName: 'Evil' } });
    expectError(r, 403, { code: 'CSRF_REJECTED' });
    expect((await userByEmail(t, email))!.firstName).toBe('Before');
  });

  it('refuses a cross-site logout and password change; the session stays', async () => {
    const { cookie, email } = await signedIn();
    expectError(await t.api('POST', '/api/logout', { cookie, headers: { origin: 'https://evil.example' } }), 403, { code: 'CSRF_REJECTED' });
    expectError(await t.api('POST', '/api/auth/change-password', { cookie, headers: { origin: 'https://evil.example' }, body: { currentPassword: PASSWORD, newPassword: 'Evil#12345' } }), 403, {
      code: 'CSRF_REJECTED',
    });
    expect((await t.api('GET', '/api/auth/user', { cookie })).status).toBe(200);
    expect(await t.login(email, PASSWORD)).toBeTruthy();
  });

  it('refuses a cross-site upload and stores nothing', async () => {
    const { cookie } = await signedIn();
    const blobs = await count(t, 'document_blobs');
    expectError(await t.api('POST', '/api/kyc/upload', { cookie, headers: { origin: 'https://evil.example' }, body: { documentType: 'pan', documentData: b64(fakeJpeg()) } }), 403, {
      code: 'CSRF_REJECTED',
    });
    expect(await count(t, 'document_blobs')).toBe(blobs);
  });

  it('refuses a cross-site Referer, an "null" Origin and a look-alike origin', async () => {
    const { cookie } = await signedIn();
    const body = { firstName: 'Hacked', lastName: 'Evil' };
    const refused: Record<string, string>[] = [
      { referer: 'https://evil.example/page' },
      { origin: 'null' },
      { origin: 'http://localhost:80.evil.example' },
      { origin: 'http://evil.example:80' },
      { referer: 'not a url' },
      { origin: 'file://' },
    ];
    for (const headers of refused) {
      expectError(await t.api('PUT', '/api/user/profile', { cookie, headers, body }), 403, { code: 'CSRF_REJECTED' });
    }
  });

  it('accepts same-origin writes (Origin of the host, of the app URL, or a same-origin Referer) and ones without Origin', async () => {
    const { cookie } = await signedIn();
    const body = { firstName: 'Same', lastName: 'Origin' };
    const accepted: Record<string, string>[] = [
      { origin: SAME_ORIGIN },
      { origin: 'http://localhost' },
      { origin: t.config.appUrl },
      { referer: `${SAME_ORIGIN}/dashboard` },
      { referer: 'http://localhost/kyc-upload?x=1' },
      {},
    ];
    for (const headers of accepted) {
      expect((await t.api('PUT', '/api/user/profile', { cookie, headers, body })).status).toBe(200);
    }
  });

  it('reads are not subject to the Origin check', async () => {
    const { cookie } = await signedIn();
    expect((await t.api('GET', '/api/auth/user', { cookie, headers: { origin: 'https://evil.example' } })).status).toBe(200);
  });
});

describe('malformed and oversized requests', () => {
  it('malformed JSON answers 400, not 500', async () => {
    const r = asResult(await raw({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"userId": "x", ' }));
    expectError(r, 400, { code: 'VALIDATION_ERROR', message: 'The request body is not valid JSON' });
  });

  it('a JSON body that is not an object answers 400', async () => {
    for (const payload of ['null', '[]', '"text"', '42']) {
      const r = asResult(await raw({ method: 'POST', url: '/api/auth/forgot-password', headers: { 'content-type': 'application/json' }, payload }));
      expectError(r, 400);
    }
  });

  it('an unsupported content type answers 415 with JSON', async () => {
    const r = asResult(await raw({ method: 'POST', url: '/api/login', headers: { 'content-type': 'text/xml' }, payload: '<x/>' }));
    expectError(r, 415, { code: 'VALIDATION_ERROR' });
  });

  it('a huge body answers 413 with JSON', async () => {
    const big = JSON.stringify({ userId: 'x', password: 'y'.repeat(2 * 1024 * 1024) });
    const r = asResult(await raw({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: big }));
    expectError(r, 413, { code: 'PAYLOAD_TOO_LARGE', message: MSG.payloadTooLarge });
  });

  it('a KYC upload body over its own limit answers 413 and stores nothing', async () => {
    const { cookie } = await signedIn();
    const blobs = await count(t, 'document_blobs');
    const big = JSON.stringify({ documentType: 'pan', documentData: 'A'.repeat(9 * 1024 * 1024) });
    const r = asResult(await raw({ method: 'POST', url: '/api/kyc/upload', headers: { 'content-type': 'application/json', cookie }, payload: big }));
    expectError(r, 413, { code: 'PAYLOAD_TOO_LARGE' });
    expect(await count(t, 'document_blobs')).toBe(blobs);
  });

  it('wrong field types answer 400', async () => {
    expectError(await t.api('POST', '/api/login', { body: { userId: ['a'], password: { $gt: '' } } }), 400, { code: 'VALIDATION_ERROR' });
    expectError(await t.api('POST', '/api/login', { body: { userId: 'a', password: 'b', rememberMe: 'yes' } }), 400, { code: 'VALIDATION_ERROR' });
    expectError(await t.api('POST', '/api/auth/verify-email', { body: { token: 12345 } }), 400, { code: 'VALIDATION_ERROR' });
  });
});

describe('NUL characters and malformed URLs', () => {
  it('a NUL character in any input answers 400 and stores nothing, never 500', async () => {
    const { cookie, email } = await signedIn();
    const usersBefore = await count(t, 'users');
    const cases: [string, string, unknown, string?][] = [
      ['POST', '/api/login', { userId: 'member\u0000@demo.local', password: 'x' }],
      ['POST', '/api/login', { userId: 'MB\u00001234567', password: 'x', rememberMe: false }],
      ['POST', '/api/auth/signup', { fullName: 'Nul\u0000Name', email: uniqueEmail('nul'), password: 'Secure#123', agreementVersion: 1 }],
      ['POST', '/api/auth/forgot-password', { email: `x\u0000${uniqueEmail('nul')}` }],
      ['PUT', '/api/user/profile', { firstName: 'A\u0000', lastName: 'B' }, cookie],
      ['POST', '/api/kyc/upload', { documentType: 'pan', documentData: b64(fakeJpeg()), documentFilename: 'a\u0000.jpg' }, cookie],
      ['GET', '/api/auth/verify-sponsor/MB%001234567', undefined],
      ['GET', '/api/referral/validate?token=a%00b', undefined],
      ['GET', '/api/notifications?limit=1%00', undefined, cookie],
    ];
    for (const [method, url, body, c] of cases) {
      const r = await t.api(method, url, { body, cookie: c });
      expectError(r, 400, { code: 'VALIDATION_ERROR' });
    }
    expect(await count(t, 'users')).toBe(usersBefore);
    expect((await userByEmail(t, email))!.firstName).toBe('Before');
    expect((await t.api('GET', '/api/kyc', { cookie })).body).toEqual([]);
  });

  it('a malformed URL answers 400 in the usual error shape, with the security headers', async () => {
    for (const url of ['/%E0%A4%A', '/api/documents/%E0%A4%A', '/abc%']) {
      const r = await t.api('GET', url);
      expectError(r, 400, { code: 'VALIDATION_ERROR' });
      expectSecurityHeaders(r.headers);
    }
  });
});

describe('ids in paths', () => {
  it('a random uuid or a malformed id answers 404 or 400, never 500', async () => {
    const { cookie } = await signedIn();
    const ids = [randomUUID(), 'not-a-uuid', '0', '%00', "'; drop table users; --", '..%2F..%2Fetc%2Fpasswd', 'ffffffff-ffff-ffff-ffff-ffffffffffff', 'x'.repeat(500)];
    const routes = [
      ['POST', '/api/notifications/:id/read'],
      ['PUT', '/api/kyc/:id'],
      ['GET', '/api/documents/:id'],
      ['GET', '/api/auth/verify-sponsor/:id'],
    ];
    for (const id of ids) {
      for (const [method, path] of routes) {
        const url = path.replace(':id', id.startsWith('%') || id.includes('%2F') ? id : encodeURIComponent(id));
        const r = await t.api(method, url, { cookie, body: method === 'GET' ? undefined : { documentData: b64(fakeJpeg()) } });
        expect([400, 404], `${method} ${url} -> ${r.status} ${JSON.stringify(r.body)}`).toContain(r.status);
        expectError(r, r.status);
      }
    }
  });

  it('the web fallback does not serve files outside the client folder', async () => {
    for (const url of ['/../../../../etc/passwd', '/%2e%2e/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2f..%2fetc%2fpasswd', '/assets/..%2f..%2f..%2fpackage.json']) {
      const r = await t.api('GET', url);
      expect(r.status, url).toBeLessThan(500);
      expect(String(r.body)).not.toContain('root:');
      expect(String(r.body)).not.toContain('"dependencies"');
    }
  });
});

describe('error answers never carry internals', () => {
  it('values at their maximum lengths are stored, and one more character is a 400 (never a driver error)', async () => {
    const { cookie } = await signedIn();
    const max = { firstName: 'F'.repeat(80), lastName: 'L'.repeat(80), address: 'a'.repeat(300), city: 'c'.repeat(80), state: 's'.repeat(80), bankName: 'b'.repeat(120) };
    expect((await t.api('PUT', '/api/user/profile', { cookie, body: max })).status).toBe(200);
    for (const [k, v] of Object.entries(max)) {
      expectError(await t.api('PUT', '/api/user/profile', { cookie, body: { ...max, [k]: `${v}x` } }), 400, { code: 'VALIDATION_ERROR', field: k });
    }
  });

  it('the unknown-route answer is the standard error shape', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
      expectError(await t.api(method, '/api/unknown/route', { body: method === 'GET' || method === 'DELETE' ? undefined : {} }), 404, { code: 'NOT_FOUND' });
    }
  });
});
