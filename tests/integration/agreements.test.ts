import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, userByEmail, demoUsers, type TestApp } from '../support/test-app';
import { count, expectError, query, rawGet, uniqueEmail } from '../support/http';
import { pdfText } from '../support/pdf';
import { registerRecruit, recruitForm } from '../support/referral';
import { AGREEMENT_MSG, AdminAgreements, CurrentAgreement, MyAgreement } from '../../contracts/agreements';
import { CurrentUser } from '../../contracts/auth';
import { createReferralLink } from '../../server/modules/referral/referral.service';
import { issueToken } from '../../server/modules/auth/tokens.service';
import { AGREEMENT_V1 } from '../../server/seed/agreement-v1';

/** The Direct Seller Agreement (issue 32): acceptance at joining, a new version at the next sign-in, the PDF. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login(t.demo.admin.email, t.demo.admin.password);
});
afterAll(async () => t?.close());

const UA = 'AgreementTest/1.0 (X11; Linux)';
const acceptances = async (email: string) => {
  const u = (await userByEmail(t, email))!;
  return query<{ version: number; ip_address: string | null; user_agent: string | null; accepted_at: Date }>(
    t,
    sql`select version, ip_address, user_agent, accepted_at from agreement_acceptances where user_id = ${u.id} order by version`,
  );
};
const inForce = async () => CurrentAgreement.parse((await t.api('GET', '/api/agreement/current')).body).agreement!.version;
const publish = (title: string, cookie = admin) => t.api('POST', '/api/admin/agreements', { cookie, body: { title, body: `${AGREEMENT_V1.body}\n\n14. ${title}\n\nThis version adds clause 14.` } });

describe('the agreement in force', () => {
  it('version 1 is seeded at first start and shown to the joining forms', async () => {
    const r = await t.api('GET', '/api/agreement/current');
    expect(r.status).toBe(200);
    const { agreement } = CurrentAgreement.parse(r.body);
    expect(agreement).toMatchObject({ version: 1, title: AGREEMENT_V1.title });
    expect(agreement!.body).toContain('cooling-off');
    expect(agreement!.body).toContain('identity card');
  });
});

describe('acceptance at joining', () => {
  it('signup without acceptance is refused with 400 and nothing is written', async () => {
    const email = uniqueEmail('agr-signup');
    const before = await count(t, 'users');
    const r = await t.api('POST', '/api/auth/signup', { body: { fullName: 'No Accept', email, password: 'Signup#123' } });
    expectError(r, 400, { message: AGREEMENT_MSG.acceptRequired, field: 'agreementVersion' });
    expect(await count(t, 'users')).toBe(before);
  });

  it('signup naming an older version is refused with AGREEMENT_NOT_ACCEPTED', async () => {
    const r = await t.api('POST', '/api/auth/signup', { body: { fullName: 'Old Version', email: uniqueEmail('agr-old'), password: 'Signup#123', agreementVersion: 99 } });
    expectError(r, 400, { code: 'AGREEMENT_NOT_ACCEPTED', message: AGREEMENT_MSG.outdated });
  });

  it('signup with acceptance records the version, time, address and user agent', async () => {
    const email = uniqueEmail('agr-signup-ok');
    const version = await inForce();
    const r = await t.api('POST', '/api/auth/signup', { body: { fullName: 'Yes Accept', email, password: 'Signup#123', agreementVersion: version }, headers: { 'user-agent': UA } });
    expect(r.status).toBe(201);
    const rows = await acceptances(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ version, user_agent: UA });
    expect(rows[0].ip_address).toBeTruthy();
    expect(Math.abs(new Date(rows[0].accepted_at).getTime() - t.clock.now().getTime())).toBeLessThan(5_000);
  });

  it('referral registration without acceptance is refused; with it, recorded', async () => {
    const { member } = await demoUsers(t, 'member');
    const link = await createReferralLink(t.runtime.ctx, t.runtime.ctx.db, member, { placementSide: 'left' });
    const email = uniqueEmail('agr-ref');
    const refused = await registerRecruit(t, { ...recruitForm(link.token, email), agreementVersion: undefined });
    expectError(refused, 400, { code: 'VALIDATION_ERROR', field: 'agreementVersion' });
    expect(await userByEmail(t, email)).toBeUndefined();
    const ok = await registerRecruit(t, { ...recruitForm(link.token, email), agreementVersion: await inForce() });
    expect(ok.status).toBe(201);
    expect((await acceptances(email)).map((a) => a.version)).toEqual([await inForce()]);
  });

  it('an invited member accepts with the password; an invited admin is not asked', async () => {
    const email = uniqueEmail('agr-inv');
    const user = await t.createUser({ email, status: 'invited', role: 'user', firstName: 'Invited' });
    const token = await issueToken(t.runtime.ctx, t.runtime.ctx.db, { email, userId: user.id, type: 'invitation' });
    expect((await t.api('POST', '/api/auth/validate-invitation', { body: { token } })).body).toMatchObject({ agreementRequired: true });
    expectError(await t.api('POST', '/api/auth/complete-invitation', { body: { token, password: 'Invite#123' } }), 400, { code: 'AGREEMENT_NOT_ACCEPTED' });
    expect((await t.api('POST', '/api/auth/complete-invitation', { body: { token, password: 'Invite#123', agreementVersion: await inForce() } })).status).toBe(200);
    expect(await acceptances(email)).toHaveLength(1);

    const adminEmail = uniqueEmail('agr-inv-admin');
    const invitedAdmin = await t.createUser({ email: adminEmail, status: 'invited', role: 'admin', firstName: 'Staff' });
    const adminToken = await issueToken(t.runtime.ctx, t.runtime.ctx.db, { email: adminEmail, userId: invitedAdmin.id, type: 'invitation' });
    expect((await t.api('POST', '/api/auth/validate-invitation', { body: { token: adminToken } })).body).toMatchObject({ agreementRequired: false });
    expect((await t.api('POST', '/api/auth/complete-invitation', { body: { token: adminToken, password: 'Staff#Admin-12345' } })).status).toBe(200);
    expect(await acceptances(adminEmail)).toHaveLength(0);
  });
});

describe('a new version at the next sign-in', () => {
  it('only admins publish; a member is then held with AGREEMENT_REQUIRED until they accept', async () => {
    const memberCookie = await t.login(t.demo.member.email, t.demo.member.password);
    expect((await t.api('GET', '/api/team/stats', { cookie: memberCookie })).status).toBe(200);
    expectError(await publish('Member tries', memberCookie), 403);
    const founderCookie = await t.login(t.demo.founder.email, t.demo.founder.password);
    expectError(await publish('Founder tries', founderCookie), 403);

    const before = await inForce();
    const published = await publish('Direct Seller Agreement, revised');
    expect(published.status).toBe(201);
    expect(published.body).toMatchObject({ version: before + 1, inForce: true });
    expect(await count(t, 'audit_log', sql`action = 'agreement.published'`)).toBeGreaterThan(0);
    const list = AdminAgreements.parse((await t.api('GET', '/api/admin/agreements', { cookie: admin })).body);
    expect(list.inForce).toBe(before + 1);
    expect(list.versions[0]).toMatchObject({ version: before + 1, inForce: true });
    expect(list.versions.find((v) => v.version === before)).toMatchObject({ inForce: false });
    // The demo sellers accepted version 1 when they joined (the seed), the signups above too.
    expect(list.versions.find((v) => v.version === 1)!.acceptances).toBeGreaterThan(3);
    expect(list.versions[0].acceptances).toBe(0);

    // The member: held on member routes, free on the agreement's own routes, the current user and sign-out.
    expectError(await t.api('GET', '/api/team/stats', { cookie: memberCookie }), 403, { code: 'AGREEMENT_REQUIRED', message: AGREEMENT_MSG.required });
    expectError(await t.api('GET', '/api/notifications', { cookie: memberCookie }), 403, { code: 'AGREEMENT_REQUIRED' });
    const me = CurrentUser.parse((await t.api('GET', '/api/auth/user', { cookie: memberCookie })).body);
    expect(me.agreementRequired).toBe(true);
    const signIn = await t.api('POST', '/api/login', { body: { userId: t.demo.member.email, password: t.demo.member.password } });
    expect(signIn.body.user.agreementRequired).toBe(true);
    const mine = MyAgreement.parse((await t.api('GET', '/api/agreement', { cookie: memberCookie })).body);
    expect(mine).toMatchObject({ required: true, current: { version: before + 1 }, accepted: { version: before } });

    // Admins are never held.
    expect((await t.api('GET', '/api/admin/agreements', { cookie: admin })).status).toBe(200);
    expect(CurrentUser.parse((await t.api('GET', '/api/auth/user', { cookie: admin })).body).agreementRequired).toBe(false);
    expect((await t.api('GET', '/api/notifications', { cookie: admin })).status).toBe(200);

    // Accepting an older version is refused; the one in force is recorded and the member passes.
    expectError(await t.api('POST', '/api/agreement/accept', { cookie: memberCookie, body: { version: before } }), 400, { code: 'AGREEMENT_NOT_ACCEPTED' });
    const accepted = await t.api('POST', '/api/agreement/accept', { cookie: memberCookie, body: { version: before + 1 }, headers: { 'user-agent': UA } });
    expect(accepted.status).toBe(200);
    expect(MyAgreement.parse(accepted.body)).toMatchObject({ required: false, accepted: { version: before + 1 } });
    const rows = await acceptances(t.demo.member.email);
    expect(rows.at(-1)).toMatchObject({ version: before + 1, user_agent: UA });
    expect((await t.api('GET', '/api/team/stats', { cookie: memberCookie })).status).toBe(200);
    expect(CurrentUser.parse((await t.api('GET', '/api/auth/user', { cookie: memberCookie })).body).agreementRequired).toBe(false);
  });

  it('a member created before any acceptance is held from version 2 on; publishing needs a title and text', async () => {
    const email = uniqueEmail('agr-old-member');
    await t.createUser({ email, password: 'Member#123', status: 'active', role: 'user' });
    const cookie = await t.login(email, 'Member#123');
    expectError(await t.api('GET', '/api/notifications', { cookie }), 403, { code: 'AGREEMENT_REQUIRED' });
    expectError(await t.api('POST', '/api/admin/agreements', { cookie: admin, body: { title: '', body: 'short' } }), 400, { message: AGREEMENT_MSG.titleRequired });
    const r = await t.api('GET', '/api/admin/users/' + (await userByEmail(t, email))!.id + '/agreements', { cookie: admin });
    expect(r.body).toEqual({ acceptances: [] });
  });
});

describe('the accepted agreement as a PDF', () => {
  it('downloads the version the member accepted, with name, ID, time and address', async () => {
    const cookie = await t.login(t.demo.member.email, t.demo.member.password);
    const mine = MyAgreement.parse((await t.api('GET', '/api/agreement', { cookie })).body);
    const pdf = await rawGet(t, '/api/agreement/pdf?download=1', cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toMatch(/^attachment; filename="direct-seller-agreement-v\d+-MB\d+\.pdf"$/);
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const text = await pdfText(pdf.rawPayload);
    const { member } = await demoUsers(t, 'member');
    for (const s of ['DIRECT SELLER AGREEMENT', `Version ${mine.accepted!.version}`, member.userId, `${member.firstName} ${member.lastName}`, 'Accepted at:', 'IP address:', 'cooling-off']) {
      expect(text).toContain(s);
    }
    // The admin sees the member's history.
    const history = await t.api('GET', `/api/admin/users/${member.id}/agreements`, { cookie: admin });
    expect(history.body.acceptances[0]).toMatchObject({ version: mine.accepted!.version });
  });

  it('answers 404 to a member who never accepted', async () => {
    const email = uniqueEmail('agr-nopdf');
    await t.createUser({ email, password: 'Member#123', status: 'active', role: 'user' });
    const cookie = await t.login(email, 'Member#123');
    expectError(await t.api('GET', '/api/agreement/pdf', { cookie }), 404, { message: AGREEMENT_MSG.noneAccepted });
  });
});
