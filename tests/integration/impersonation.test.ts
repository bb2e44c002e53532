import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, userByEmail, type TestApp, demoUsers } from '../support/test-app';
import { placeInTree } from '../support/tree';
import { bearer, count, eventually, expectError, expectInvalid, uniqueEmail } from '../support/http';
import { CurrentUser, ImpersonationExchangeResponse } from '../../contracts/auth';
import { MSG } from '../../contracts/messages';
import { issueImpersonationCode } from '../../server/modules/impersonation/impersonation.service';
import { actorFor } from '../support/actor';
import { auditLog, impersonationTokens, users } from '../../server/db/schema/index';
import type { UserRow } from '../../server/modules/users/users.repo';
import { findUserById } from '../../server/modules/users/users.repo';

let t: TestApp;
let admin: UserRow;
let founder: UserRow;
beforeAll(async () => {
  t = await startTestApp();
  ({ admin, founder } = await demoUsers(t, 'admin', 'founder'));
});
afterAll(async () => t?.close());

const PASSWORD = 'Target#123';
async function target(extra: Partial<Parameters<TestApp['createUser']>[0]> = {}) {
  return t.createUser({ email: uniqueEmail('target'), password: PASSWORD, firstName: 'Tara', lastName: 'Get', ...extra });
}
async function impersonate(u: UserRow, issuer: UserRow = admin) {
  const { code } = await issueImpersonationCode(t.runtime.ctx, actorFor(issuer), u.id);
  const r = await t.exchange(code, issuer.id);
  expect(r.status).toBe(200);
  return r.body.accessToken as string;
}

describe('POST /api/impersonation/exchange', () => {
  it('exchanges a code for an access token bound to the target and the admin', async () => {
    const u = await target();
    const { code } = await issueImpersonationCode(t.runtime.ctx, actorFor(admin), u.id);
    const r = await t.exchange(code, admin.id);
    expect(r.status).toBe(200);
    const body = ImpersonationExchangeResponse.parse(r.body);
    expect(body.accessToken).not.toBe(code);
    expect(body.user.id).toBe(u.id);
    expect(body.user.impersonatedBy).toEqual({ id: admin.id, userId: admin.userId, name: 'Platform Admin' });
    expect(r.setCookie).toBeUndefined();
    const [grant] = await t.runtime.ctx.db.select().from(impersonationTokens).where(eq(impersonationTokens.targetUserId, u.id));
    expect(grant).toMatchObject({ adminId: admin.id, targetUserId: u.id, revokedAt: null });
  });

  it('requires a code', async () => {
    expectInvalid(await t.api('POST', '/api/impersonation/exchange', { body: {} }), MSG.tokenRequired, 'code');
  });

  it('refuses an unknown code and creates no grant', async () => {
    const before = await count(t, 'impersonation_tokens');
    expectError(await t.api('POST', '/api/impersonation/exchange', { body: { code: 'c'.repeat(43) } }), 400, {
      code: 'INVALID_TOKEN',
      message: MSG.impersonationInvalid,
    });
    expect(await count(t, 'impersonation_tokens')).toBe(before);
  });

  it('refuses a code whose target is no longer active', async () => {
    const u = await target();
    const { code } = await issueImpersonationCode(t.runtime.ctx, actorFor(admin), u.id);
    await t.runtime.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, u.id));
    expectError(await t.exchange(code, admin.id), 400, { code: 'INVALID_TOKEN' });
  });
});

describe('acting as the target', () => {
  it('GET /api/auth/user with the bearer token answers the target with impersonatedBy set', async () => {
    const u = await target();
    const token = await impersonate(u);
    const r = await t.api('GET', '/api/auth/user', { headers: bearer(token) });
    expect(r.status).toBe(200);
    const me = CurrentUser.parse(r.body);
    expect(me.id).toBe(u.id);
    expect(me.impersonatedBy?.id).toBe(admin.id);
  });

  it("the bearer token wins over the admin's own cookie", async () => {
    const u = await target();
    const token = await impersonate(u);
    const adminCookie = await t.login(t.demo.admin.email, t.demo.admin.password);
    const r = await t.api('GET', '/api/auth/user', { cookie: adminCookie, headers: bearer(token) });
    expect(r.body.id).toBe(u.id);
    // The target is a member: admin-only routes are refused.
    expectError(await t.api('GET', '/api/users', { cookie: adminCookie, headers: bearer(token) }), 403, { code: 'FORBIDDEN' });
  });

  it('a wrong bearer token is not an identity', async () => {
    expectError(await t.api('GET', '/api/auth/user', { headers: bearer('nonsense') }), 401);
    expectError(await t.api('GET', '/api/kyc', { headers: { authorization: 'Bearer ' } }), 401);
  });

  it('refuses a password change while impersonating (403) and keeps the password', async () => {
    const u = await target();
    const token = await impersonate(u);
    const r = await t.api('POST', '/api/auth/change-password', { headers: bearer(token), body: { currentPassword: PASSWORD, newPassword: 'Hijack#1234' } });
    expectError(r, 403, { code: 'IMPERSONATION_FORBIDDEN', message: MSG.passwordChangeImpersonating });
    const after = (await t.runtime.ctx.db.select().from(users).where(eq(users.id, u.id)))[0];
    expect(after.password).toBe(u.password);
    expect(await t.login(u.email, PASSWORD)).toBeTruthy();
  });

  it('acts past a pending temporary-password change of the target', async () => {
    const u = await target({ firstLogin: true });
    const token = await impersonate(u);
    expect((await t.api('GET', '/api/kyc', { headers: bearer(token) })).status).toBe(200);
  });

  it('an impersonated write is refused (read-only, issue 29) and the attempt audited with the admin as actor on behalf of the target', async () => {
    const u = await target();
    const token = await impersonate(u);
    const r = await t.api('PUT', '/api/user/profile', { headers: { ...bearer(token), 'user-agent': 'imp-test' }, body: { firstName: 'Changed', lastName: 'ByAdmin' } });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 'IMPERSONATION_FORBIDDEN', message: MSG.impersonationReadOnly });
    expect((await findUserById(t.runtime.ctx.db, u.id))!.firstName).toBe(u.firstName);
    const rows = await eventually(
      () =>
        t.runtime.ctx.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.onBehalfOfId, u.id), eq(auditLog.action, 'impersonated PUT /api/user/profile'))),
      (x) => x.length > 0,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin.id, actorRole: 'admin', onBehalfOfId: u.id, userAgent: 'imp-test' });
    expect(rows[0].newState).toEqual({ statusCode: 403 });
  });

  it('the exchange and the issue are audited with the admin as actor', async () => {
    const u = await target();
    await impersonate(u);
    const rows = await t.runtime.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, u.id));
    const actions = rows.map((r) => r.action).sort();
    expect(actions).toEqual(['impersonation.exchange', 'impersonation.issue']);
    for (const r of rows) expect(r.actorId).toBe(admin.id);
    expect(rows.find((r) => r.action === 'impersonation.exchange')!.onBehalfOfId).toBe(u.id);
  });

  it('stops working when the target is suspended meanwhile', async () => {
    const u = await target();
    const token = await impersonate(u);
    await t.runtime.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, u.id));
    expectError(await t.api('GET', '/api/auth/user', { headers: bearer(token) }), 401);
  });

  it('a founder may issue a code (reviewer)', async () => {
    const u = await target();
    await placeInTree(t.runtime.ctx.db, u);
    const token = await impersonate(u, founder);
    expect((await t.api('GET', '/api/auth/user', { headers: bearer(token) })).body.impersonatedBy.id).toBe(founder.id);
  });
});

describe('POST /api/impersonation/revoke', () => {
  it('answers 401 when signed out', async () => {
    expectError(await t.api('POST', '/api/impersonation/revoke'), 401);
  });

  it('revokes the token: it no longer works', async () => {
    const u = await target();
    const token = await impersonate(u);
    const r = await t.api('POST', '/api/impersonation/revoke', { headers: bearer(token) });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: MSG.impersonationRevoked });
    expectError(await t.api('GET', '/api/auth/user', { headers: bearer(token) }), 401);
    expectError(await t.api('POST', '/api/impersonation/revoke', { headers: bearer(token) }), 401);
    const [grant] = await t.runtime.ctx.db.select().from(impersonationTokens).where(eq(impersonationTokens.targetUserId, u.id));
    expect(grant.revokedAt).not.toBeNull();
    const audit = await t.runtime.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, u.id), eq(auditLog.action, 'impersonation.revoke')));
    expect(audit[0].actorId).toBe(admin.id);
  });

  it('answers 400 to a cookie session without an impersonation token, which keeps working', async () => {
    const cookie = await t.login(t.demo.member.email, t.demo.member.password);
    expectError(await t.api('POST', '/api/impersonation/revoke', { cookie }), 400, { code: 'VALIDATION_ERROR' });
    expect((await t.api('GET', '/api/auth/user', { cookie })).status).toBe(200);
  });
});

describe('logout while impersonating (decisions.md §8: the token is revoked at logout)', () => {
  it.each(['POST', 'GET'])("%s /api/logout with the bearer token revokes it and leaves the admin's own session alone", async (method) => {
    const u = await target();
    const token = await impersonate(u);
    const adminCookie = await t.login(t.demo.admin.email, t.demo.admin.password);
    const r = await t.api(method, '/api/logout', { cookie: adminCookie, headers: bearer(token) });
    expect(r.status).toBeLessThan(400);
    expect(r.setCookie).toBeUndefined();
    expectError(await t.api('GET', '/api/auth/user', { headers: bearer(token) }), 401);
    const me = await t.api('GET', '/api/auth/user', { cookie: adminCookie });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(admin.id);
    const [grant] = await t.runtime.ctx.db.select().from(impersonationTokens).where(eq(impersonationTokens.targetUserId, u.id));
    expect(grant.revokedAt).not.toBeNull();
  });
});

describe('issuing codes (issueImpersonationCode)', () => {
  it('refuses an admin target', async () => {
    const otherAdmin = await t.createUser({ email: uniqueEmail('admin2'), password: PASSWORD, role: 'admin' });
    await expect(issueImpersonationCode(t.runtime.ctx, actorFor(admin), otherAdmin.id)).rejects.toMatchObject({ code: 'IMPERSONATION_FORBIDDEN', status: 400 });
  });

  it.each(['pending', 'registered', 'invited', 'suspended', 'rejected', 'inactive'] as const)('refuses a %s target', async (status) => {
    const u = await target({ status });
    const before = await count(t, 'email_tokens');
    await expect(issueImpersonationCode(t.runtime.ctx, actorFor(admin), u.id)).rejects.toMatchObject({ code: 'IMPERSONATION_FORBIDDEN' });
    expect(await count(t, 'email_tokens')).toBe(before);
  });

  it('refuses an unknown target', async () => {
    await expect(issueImpersonationCode(t.runtime.ctx, actorFor(admin), '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'IMPERSONATION_FORBIDDEN' });
  });

  it('refuses an issuer who is a plain member, or who is impersonating', async () => {
    const u = await target();
    const member = (await userByEmail(t, t.demo.member.email))!;
    await expect(issueImpersonationCode(t.runtime.ctx, actorFor(member), u.id)).rejects.toMatchObject({ code: 'FORBIDDEN', status: 403 });
    await expect(issueImpersonationCode(t.runtime.ctx, actorFor(admin, { grantId: 'x', admin }), u.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
