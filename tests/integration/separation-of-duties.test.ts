import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { recruitForm, registerRecruit } from '../support/referral';
import { userByEmail, type TestApp } from '../support/test-app';
import { startWithDemoCookies, type DemoCookies } from '../support/start';
import { b64, expectError, fakeJpeg, query, uniqueEmail, signedInUser } from '../support/http';
import { bank, fundedMember } from '../support/money';
import { MSG } from '../../contracts/messages';
import { ID } from '../support/identity';

/**
 * Issue 13, separation of duties: nobody reviews their own KYC (the probe's founder approved their own
 * documents), approves their own withdrawal or approves their own recruit. Each is refused with SELF_APPROVAL and
 * changes nothing; another reviewer's decision goes through.
 */
let t: TestApp;
let c: DemoCookies;
beforeAll(async () => ({ t, c } = await startWithDemoCookies()));
afterAll(() => t?.close());

/** A second admin, signed in. */
async function anotherAdmin() {
  return signedInUser(t, 'admin2', 'Admin#2-secure', { role: 'admin' });
}

describe('KYC', () => {
  it('a founder cannot approve or reject their own document; an admin can', async () => {
    const founder = (await userByEmail(t, t.demo.founder.email))!;
    const up = await t.api('POST', '/api/kyc/upload', {
      cookie: c.founder,
      body: { documentType: 'pan', documentData: b64(fakeJpeg(1024)), documentContentType: 'image/jpeg', documentFilename: 'pan.jpg', documentNumber: ID.pan },
    });
    expect([200, 201]).toContain(up.status);
    const id = up.body.id as string;
    for (const body of [{ status: 'approved' }, { status: 'rejected', rejectionReason: 'Blurred photo' }]) {
      expectError(await t.api('PATCH', `/api/admin/kyc/${id}`, { cookie: c.founder, body }), 403, { code: 'SELF_APPROVAL', message: MSG.ownKycReview });
    }
    const [doc] = await query<{ status: string; reviewed_by: string | null }>(t, sql`select status, reviewed_by from kyc_documents where id = ${id}`);
    expect(doc).toEqual({ status: 'pending', reviewed_by: null });
    const audited = await query<{ n: number }>(t, sql`select count(*)::int n from audit_log where entity_id = ${id} and action like 'kyc.%'`);
    expect(audited[0].n).toBe(0);
    const ok = await t.api('PATCH', `/api/admin/kyc/${id}`, { cookie: c.admin, body: { status: 'approved' } });
    expect(ok.status).toBe(200);
    expect(founder.id).toBeTruthy();
  });
});

describe('withdrawals', () => {
  it('an admin cannot approve a withdrawal from their own wallet; a second admin can', async () => {
    const m = await fundedMember(t, c.admin, '1000');
    const w = (await t.api('POST', '/api/withdrawals', { cookie: m.cookie, body: { withdrawalType: 'bank', bankDetails: bank, amount: '250' } })).body.withdrawal;
    // The member is made an admin (as a takeover would), signs in again and tries to approve it.
    await query(t, sql`update users set role = 'admin', password = ${(await userByEmail(t, t.demo.admin.email))!.password} where id = ${m.user.id}`);
    const own = await t.login(m.user.email, t.demo.admin.password);
    expectError(await t.api('POST', `/api/admin/approve-withdrawal/${w.id}`, { cookie: own, body: {} }), 403, { code: 'SELF_APPROVAL', message: MSG.ownWithdrawalApproval });
    const [row] = await query<{ status: string }>(t, sql`select status from withdrawal_requests where id = ${w.id}`);
    expect(row.status).toBe('pending');
    const second = await anotherAdmin();
    expect((await t.api('POST', `/api/admin/approve-withdrawal/${w.id}`, { cookie: second.cookie, body: {} })).status).toBe(200);
  });
});

describe('recruits', () => {
  it('the admin whose link brought the recruit cannot approve them; another admin can', async () => {
    const recruiter = await anotherAdmin();
    const gen = await t.api('POST', '/api/referral/generate', { cookie: recruiter.cookie, body: { placementType: 'auto' } });
    expect(gen.status).toBe(201);
    const email = uniqueEmail('own-recruit');
    const reg = await registerRecruit(t, recruitForm(new URL(gen.body.url).searchParams.get('ref'), email));
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const [recruit] = await query<{ id: string; status: string }>(t, sql`select id, status from pending_recruits where email = ${email}`);
    const body = { packageAmount: '5000', kycDecision: { status: 'pending' } };
    expectError(await t.api('POST', `/api/admin/pending-recruits/${recruit.id}/approve`, { cookie: recruiter.cookie, body }), 403, { code: 'SELF_APPROVAL', message: MSG.ownRecruitApproval });
    const [still] = await query<{ status: string }>(t, sql`select status from pending_recruits where id = ${recruit.id}`);
    expect(still.status).toBe(recruit.status);
    expect((await userByEmail(t, email))!.placedAt).toBeNull();
    const ok = await t.api('POST', `/api/admin/pending-recruits/${recruit.id}/approve`, { cookie: c.admin, body });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});
