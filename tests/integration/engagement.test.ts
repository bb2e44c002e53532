import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { userByEmail, volumeByEmail, type TestApp } from '../support/test-app';
import { startWithDemoCookies, type DemoCookies } from '../support/start';
import { b64, expectError, expectInvalid, fakePng, query, uniqueEmail } from '../support/http';
import { expectTreeSound } from '../support/tree';
import { ENGAGEMENT_MSG } from '../../contracts/engagement';
import { MSG } from '../../contracts/messages';
import { mailOutbox, notifications, users } from '../../server/db/schema/index';

let t: TestApp;
let c: DemoCookies;
beforeAll(async () => ({ t, c } = await startWithDemoCookies()));
afterAll(() => t?.close());
const db = () => t.runtime.ctx.db;
const PLAN = 'We will open a showroom in Pune city centre and sell water purifiers to 200 families a month.';

async function member() {
  const email = uniqueEmail('eng');
  const user = await t.createUser({ email, password: 'Engage#123' });
  return { user, cookie: await t.login(email, 'Engage#123') };
}

describe('franchise requests', () => {
  it('a member applies, an admin approves Mini, the member becomes a mini franchise holder; decisions are audited and notified', async () => {
    const m = await member();
    const apply = (body: Record<string, unknown>) =>
      t.api('POST', '/api/franchise-requests', { cookie: m.cookie, body: { franchiseType: 'Mini', investmentAmount: '250000', businessPlan: PLAN, ...body } });
    expectInvalid(await apply({ businessPlan: 'Too short a plan' }), ENGAGEMENT_MSG.businessPlanMin, 'businessPlan');
    expectInvalid(await apply({ franchiseType: 'Mega' }), ENGAGEMENT_MSG.franchiseTypeRequired, 'franchiseType');
    expectInvalid(await apply({ investmentAmount: '-1' }), ENGAGEMENT_MSG.investmentInvalid, 'investmentAmount');
    expectInvalid(await apply({ investmentAmount: 'lots' }), ENGAGEMENT_MSG.investmentInvalid, 'investmentAmount');
    const ok = await apply({});
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ franchiseType: 'Mini', status: 'pending', investmentAmount: '250000.00' });
    expectError(await apply({}), 409, { message: ENGAGEMENT_MSG.franchisePending });
    expect((await t.api('GET', '/api/franchise-requests', { cookie: m.cookie })).body.map((r: { id: string }) => r.id)).toEqual([ok.body.id]);
    expect((await t.api('GET', '/api/franchise-requests', { cookie: c.member })).body.some((r: { id: string }) => r.id === ok.body.id)).toBe(false);
    expectError(await t.api('GET', '/api/admin/franchise-requests', { cookie: c.member }), 403);
    expectError(await t.api('PATCH', `/api/admin/franchise-requests/${ok.body.id}`, { cookie: c.member, body: { status: 'approved' } }), 403);

    const list = await t.api('GET', '/api/admin/franchise-requests?status=pending', { cookie: c.admin });
    expect(list.body.items.find((r: { id: string }) => r.id === ok.body.id)).toMatchObject({ userDisplayId: m.user.userId, userRole: 'user' });
    expect(list.body.counts.pending).toBeGreaterThanOrEqual(1);
    expectInvalid(
      await t.api('PATCH', `/api/admin/franchise-requests/${ok.body.id}`, { cookie: c.admin, body: { status: 'rejected', adminNotes: 'no' } }),
      'Please give the reason for rejecting (5 characters or more)',
      'adminNotes',
    );
    const approved = await t.api('PATCH', `/api/admin/franchise-requests/${ok.body.id}`, { cookie: c.admin, body: { status: 'approved', adminNotes: 'Welcome aboard' } });
    expect(approved.body).toMatchObject({ request: { status: 'approved' }, roleChange: { from: 'user', to: 'mini_franchise' } });
    expect((await userByEmail(t, m.user.email))!.role).toBe('mini_franchise');
    expectError(await t.api('PATCH', `/api/admin/franchise-requests/${ok.body.id}`, { cookie: c.admin, body: { status: 'rejected', adminNotes: 'Changed mind' } }), 409);
    const told = await db().select().from(notifications).where(eq(notifications.userId, m.user.id));
    expect(told.some((n) => n.type === 'franchise_approved')).toBe(true);
    const audit = await query<{ n: number }>(t, sql`select count(*)::int as n from audit_log where entity_id = ${ok.body.id} and action = 'franchise.approve'`);
    expect(Number(audit[0].n)).toBe(1);
    // The franchise portal now answers with the holder's real figures.
    const dash = await t.api('GET', '/api/franchise/dashboard', { cookie: m.cookie });
    expect(dash.status).toBe(200);
    expect(dash.body).toMatchObject({ role: 'mini_franchise', counterSales: { orders: 0, amount: '0.00' }, wallet: { balance: '0.00' } });
  });

  it('the franchise dashboard is for franchise holders only', async () => {
    expectError(await t.api('GET', '/api/franchise/dashboard', { cookie: c.member }), 403, { message: ENGAGEMENT_MSG.franchiseOnly });
    expectError(await t.api('GET', '/api/franchise/dashboard', { cookie: c.admin }), 403);
    expectError(await t.api('GET', '/api/franchise/dashboard'), 401);
  });

  it('rejection keeps the role and tells the member why', async () => {
    const m = await member();
    const r = await t.api('POST', '/api/franchise-requests', { cookie: m.cookie, body: { franchiseType: 'Basic', investmentAmount: 500000, businessPlan: PLAN } });
    const no = await t.api('PATCH', `/api/admin/franchise-requests/${r.body.id}`, { cookie: c.admin, body: { status: 'rejected', adminNotes: 'Territory already taken' } });
    expect(no.body).toMatchObject({ request: { status: 'rejected', adminNotes: 'Territory already taken' }, roleChange: null });
    expect((await userByEmail(t, m.user.email))!.role).toBe('user');
  });
});

describe('support tickets', () => {
  it('a member opens a ticket; an admin assigns it and moves it to resolved with a resolution; the member is told each time', async () => {
    const m = await member();
    const open = (body: Record<string, unknown>) =>
      t.api('POST', '/api/support-tickets', { cookie: m.cookie, body: { category: 'Payment', subject: 'Refund missing', description: 'My refund for order 1234 has not arrived yet.', ...body } });
    expectInvalid(await open({ subject: 'Hey' }), ENGAGEMENT_MSG.subjectMin, 'subject');
    expectInvalid(await open({ description: 'Too short' }), ENGAGEMENT_MSG.descriptionMin, 'description');
    expectInvalid(await open({ category: 'Other' }), ENGAGEMENT_MSG.categoryRequired, 'category');
    expectError(await open({ priority: 'critical' }), 400, { field: 'priority' });
    const ticket = await open({});
    expect(ticket.status).toBe(201);
    expect(ticket.body).toMatchObject({ status: 'open', priority: 'medium', category: 'Payment' });
    expect((await t.api('GET', '/api/support-tickets', { cookie: c.member })).body.some((x: { id: string }) => x.id === ticket.body.id)).toBe(false);

    const queue = await t.api('GET', '/api/admin/support-tickets?status=open&category=Payment', { cookie: c.admin });
    expect(queue.body.items.some((x: { id: string }) => x.id === ticket.body.id)).toBe(true);
    const adminId = queue.body.admins[0].id;
    const patch = (body: Record<string, unknown>) => t.api('PATCH', `/api/admin/support-tickets/${ticket.body.id}`, { cookie: c.admin, body });
    expectError(await patch({ assignedTo: m.user.id }), 400, { message: ENGAGEMENT_MSG.assigneeInvalid });
    expect((await patch({ assignedTo: adminId, status: 'in_progress', priority: 'high' })).body.ticket).toMatchObject({ status: 'in_progress', priority: 'high' });
    expectError(await patch({ status: 'resolved' }), 400, { message: ENGAGEMENT_MSG.resolutionRequired });
    const resolved = await patch({ status: 'resolved', resolution: 'Refund re-issued on 22 Nov.' });
    expect(resolved.body.ticket).toMatchObject({ status: 'resolved', resolution: 'Refund re-issued on 22 Nov.' });
    expect(resolved.body.ticket.resolvedAt).not.toBeNull();
    expect((await patch({ status: 'closed' })).body.ticket.status).toBe('closed');
    expectError(await patch({ status: 'open' }), 409, { message: ENGAGEMENT_MSG.ticketClosed });
    const mine = await t.api('GET', '/api/support-tickets', { cookie: m.cookie });
    expect(mine.body[0]).toMatchObject({ status: 'closed', resolution: 'Refund re-issued on 22 Nov.' });
    const told = await db().select().from(notifications).where(eq(notifications.userId, m.user.id));
    expect(told.filter((n) => n.type === 'ticket_updated')).toHaveLength(3);
    expectError(await t.api('GET', '/api/admin/support-tickets', { cookie: m.cookie }), 403);
    expectError(await t.api('GET', '/api/admin/support-tickets?status=lost', { cookie: c.admin }), 400);
    expectError(await t.api('PATCH', '/api/admin/support-tickets/00000000-0000-0000-0000-000000000000', { cookie: c.admin, body: { status: 'open' } }), 404);
  });
});

describe('news', () => {
  it('admins write, schedule and deactivate; members see active, published, unexpired news, urgent and high first', async () => {
    const post = (body: Record<string, unknown>) =>
      t.api('POST', '/api/admin/news', { cookie: c.admin, body: { title: 'Diwali offer', content: 'Double BV on every water purifier this week.', ...body } });
    expectInvalid(await post({ title: 'Hi' }), ENGAGEMENT_MSG.titleMin, 'title');
    expectInvalid(await post({ content: 'short' }), ENGAGEMENT_MSG.contentMin, 'content');
    expectError(await post({ type: 'gossip' }), 400, { field: 'type' });
    const now = t.clock.now().getTime();
    expectInvalid(await post({ publishedAt: new Date(now).toISOString(), expiresAt: new Date(now - 1000).toISOString() }), ENGAGEMENT_MSG.expiresBeforePublish, 'expiresAt');
    const normal = (await post({ title: 'Normal news item' })).body;
    const urgent = (await post({ title: 'Urgent maintenance', priority: 'urgent', type: 'warning' })).body;
    const later = (await post({ title: 'Scheduled news item', publishedAt: new Date(now + 3_600_000).toISOString() })).body;
    const expired = (await post({ title: 'Expired news item', publishedAt: new Date(now - 7_200_000).toISOString(), expiresAt: new Date(now - 3_600_000).toISOString() })).body;
    const seen = async () => ((await t.api('GET', '/api/news', { cookie: c.member })).body as { id: string }[]).map((n) => n.id);
    let ids = await seen();
    expect(ids.indexOf(urgent.id)).toBeLessThan(ids.indexOf(normal.id));
    expect(ids).not.toContain(later.id);
    expect(ids).not.toContain(expired.id);
    t.clock.advance(3_700_000);
    expect(await seen()).toContain(later.id);
    const off = await t.api('PATCH', `/api/admin/news/${normal.id}`, { cookie: c.admin, body: { isActive: false } });
    expect(off.body.isActive).toBe(false);
    ids = await seen();
    expect(ids).not.toContain(normal.id);
    expect((await t.api('GET', '/api/news', { cookie: c.pending })).status).toBe(200);
    expectError(await t.api('GET', '/api/news'), 401);
    expectError(await t.api('POST', '/api/admin/news', { cookie: c.member, body: {} }), 403);
    expectError(await t.api('PATCH', `/api/admin/news/${normal.id}`, { cookie: c.admin, body: { expiresAt: '2000-01-01T00:00:00Z' } }), 400, { field: 'expiresAt' });
    expect((await t.api('GET', '/api/admin/news', { cookie: c.admin })).body.length).toBeGreaterThanOrEqual(4);
  });
});

describe('founder hidden IDs (decisions.md §10)', () => {
  it('places real active members on the chosen side with spillover, invites them, and stops at 20', async () => {
    const founder = (await userByEmail(t, t.demo.founder.email))!;
    const create = (n: number, side = 'right') =>
      t.api('POST', '/api/founder/create-hidden-id', { cookie: c.founder, body: { email: uniqueEmail(`hidden${n}`), firstName: 'Hidden', lastName: `Id ${n}`, placementSide: side } });
    expectInvalid(
      await t.api('POST', '/api/founder/create-hidden-id', { cookie: c.founder, body: { email: 'x@y.co', firstName: '', lastName: 'L', placementSide: 'left' } }),
      MSG.firstNameRequired,
      'firstName',
    );
    expectError(await t.api('POST', '/api/founder/create-hidden-id', { cookie: c.founder, body: { email: 'x@y.co', firstName: 'F', lastName: 'L', placementSide: 'up' } }), 400, {
      field: 'placementSide',
    });
    expectError(await t.api('POST', '/api/founder/create-hidden-id', { cookie: c.member, body: {} }), 403);
    expectError(await t.api('POST', '/api/founder/create-hidden-id', { cookie: c.admin, body: {} }), 403);
    const first = await create(1);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.message).toBe(ENGAGEMENT_MSG.hiddenIdCreated);
    const u = (await userByEmail(t, first.body.hiddenId.email))!;
    expect(u).toMatchObject({ isHiddenId: true, status: 'active', sponsorId: founder.id, idStatus: 'Active' });
    expect(u.placedAt).not.toBeNull();
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, u.email));
    expect(mails.map((m) => m.template)).toContain('invitation');
    expectError(await t.api('POST', '/api/founder/create-hidden-id', { cookie: c.founder, body: { email: u.email, firstName: 'A', lastName: 'B', placementSide: 'left' } }), 409, {
      code: 'DUPLICATE_EMAIL',
    });
    // Fill to 20 (some created concurrently), then the 21st is refused.
    const existing = Number((await query<{ n: number }>(t, sql`select count(*)::int as n from users where is_hidden_id and sponsor_id = ${founder.id}::uuid`))[0].n);
    const answers = await Promise.all(Array.from({ length: 25 - existing }, (_, i) => create(100 + i, i % 2 ? 'left' : 'right')));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(20 - existing);
    for (const a of answers.filter((x) => x.status !== 201)) expectError(a, 409, { message: ENGAGEMENT_MSG.hiddenIdLimit });
    const stats = await t.api('GET', '/api/founder/stats', { cookie: c.founder });
    expect(stats.body.hiddenIds).toBe(20);
    expect((await t.api('GET', '/api/founder/hidden-ids', { cookie: c.founder })).body).toHaveLength(20);
    const f = await volumeByEmail(t, t.demo.founder.email);
    expect(stats.body).toMatchObject({ totalUsers: f.leftCount + f.rightCount, leftLegUsers: f.leftCount, rightLegUsers: f.rightCount });
    await expectTreeSound(db(), t.settle);
    // The hidden ID sets a password through its invitation, then signs in.
    await t.flushMail();
    const token = t.mail.tokenFrom(u.email, '/complete-invitation');
    expect(token).toBeTruthy();
    const done = await t.api('POST', '/api/auth/complete-invitation', { body: { token, password: 'Hidden#123', agreementVersion: 1 } });
    expect(done.status).toBe(200);
    expect((await t.api('GET', '/api/auth/user', { cookie: await t.login(u.email, 'Hidden#123') })).body).toMatchObject({ status: 'active' });
  });
});

describe('member dashboard data', () => {
  it('KYC info has the four tiles, the overall status and the deadline; activity comes from real events', async () => {
    // The demo member's KYC was approved in the demo's history (issue 30): approved tiles, no deadline.
    const demo = await t.api('GET', '/api/user/kyc-info', { cookie: c.member });
    expect(demo.status).toBe(200);
    expect(demo.body).toMatchObject({ overallStatus: 'approved', deadline: null, deadlinePassed: false });
    // A member activated now, with nothing uploaded.
    const email = uniqueEmail('kyc-info');
    const now = t.clock.now().getTime();
    const fresh = await t.createUser({ email, password: 'KycInfo#12345', activationDate: new Date(now), packageAmount: '1000.00', kycDeadline: new Date(now + 7 * 86_400_000) });
    const cookie = await t.login(email, 'KycInfo#12345');
    const info = await t.api('GET', '/api/user/kyc-info', { cookie });
    expect(info.status).toBe(200);
    expect(Object.keys(info.body.documents)).toEqual(['panCard', 'aadhaarCard', 'bankStatement', 'photo']);
    // Nothing uploaded: 'not_submitted', not 'pending' (issue 15); the first document makes it pending.
    expect(info.body.overallStatus).toBe('not_submitted');
    const up = await t.api('POST', '/api/kyc/upload', { cookie, body: { documentType: 'photo', documentData: b64(fakePng()) } });
    expect(up.status).toBe(201);
    expect((await t.api('GET', '/api/user/kyc-info', { cookie })).body.overallStatus).toBe('pending');
    expect(info.body.deadline).not.toBeNull();
    expect(info.body.deadlinePassed).toBe(false);
    await db()
      .update(users)
      .set({ kycDeadline: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(users.id, fresh.id));
    expect((await t.api('GET', '/api/user/kyc-info', { cookie })).body.deadlinePassed).toBe(true);
    expectError(await t.api('GET', '/api/user/kyc-info', { cookie: c.admin }), 403);
    expectError(await t.api('GET', '/api/user/kyc-info', { cookie: c.pending }), 403);
    const activity = await t.api('GET', '/api/dashboard/activity', { cookie: c.member });
    expect(activity.status).toBe(200);
    const kinds = new Set(activity.body.map((a: { kind: string }) => a.kind));
    expect(kinds.has('join')).toBe(true); // the demo downline
    expect(kinds.has('decision')).toBe(true); // the demo pending recruit waits for the member
    for (let i = 1; i < activity.body.length; i++) expect(activity.body[i - 1].at >= activity.body[i].at).toBe(true);
  });
});

describe('hidden ID list', () => {
  it("tells the founder's leg of each hidden ID, whatever side spillover gave it under its parent", async () => {
    const list = await t.api('GET', '/api/founder/hidden-ids', { cookie: c.founder });
    expect(list.body.length).toBeGreaterThan(0);
    for (const h of list.body) expect(['left', 'right']).toContain(h.leg);
    const founder = (await userByEmail(t, t.demo.founder.email))!;
    const lefts = list.body.filter((h: { leg: string }) => h.leg === 'left').length;
    const [row] = await query<{ n: number }>(t, sql`select count(*)::int as n from users u where u.is_hidden_id and u.sponsor_id = ${founder.id}::uuid`);
    expect(Number(row.n)).toBe(list.body.length);
    expect(lefts).toBeGreaterThan(0);
  });
});
