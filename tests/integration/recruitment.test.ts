import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { recruitForm, registerRecruit } from '../support/referral';
import { startTestApp, userByEmail, volumeByEmail, type TestApp } from '../support/test-app';
import { dataUrl, demoCookies, expectError, expectInvalid, fakePng, uniqueEmail } from '../support/http';
import { expectTreeSound } from '../support/tree';
import { MSG } from '../../contracts/messages';
import { mailOutbox, notifications, pendingRecruits } from '../../server/db/schema/index';
import type { UserRow } from '../../server/modules/users/users.repo';

let t: TestApp;
let c: Awaited<ReturnType<typeof demoCookies>>;
let member: UserRow;
let memberFigures: Awaited<ReturnType<typeof volumeByEmail>>;
beforeAll(async () => {
  t = await startTestApp();
  c = await demoCookies(t);
  member = (await userByEmail(t, t.demo.member.email))!;
  memberFigures = await volumeByEmail(t, t.demo.member.email);
});
afterAll(async () => t?.close());

const db = () => t.runtime.ctx.db;
const tokenOf = (url: string) => new URL(url).searchParams.get('ref')!;
/** A member's recruit: link, registration; returns the pending recruit row. */
async function memberRecruit(cookie = c.member, position: 'left' | 'right' = 'left', extra: Record<string, unknown> = {}) {
  const email = uniqueEmail('recruit');
  const link = await t.api('POST', '/api/team/recruit', { cookie, body: { fullName: 'Kiran Rao', email, position } });
  expect(link.status).toBe(201);
  const reg = await registerRecruit(t, recruitForm(tokenOf(link.body.referralLink), email, extra));
  expect(reg.status, JSON.stringify(reg.body)).toBe(201);
  const [row] = await db().select().from(pendingRecruits).where(eq(pendingRecruits.email, email));
  return row;
}
const approve = (id: string, body: unknown = { packageAmount: '5000', kycDecision: { status: 'pending' } }, cookie = c.admin) =>
  t.api('POST', `/api/admin/pending-recruits/${id}/approve`, { cookie, body });
const decide = (id: string, body: unknown, cookie = c.member) => t.api('POST', `/api/upline/pending-recruits/${id}/decide`, { cookie, body });

describe('POST /api/team/recruit', () => {
  it('answers a 48-hour link bound to the email, defaulting to the left side', async () => {
    const email = uniqueEmail('bound');
    const r = await t.api('POST', '/api/team/recruit', { cookie: c.member, body: { fullName: 'Bound Person', email } });
    expect(r.status).toBe(201);
    expect(r.body.referralLink).toMatch(/\/referral-register\?ref=/);
    expect(r.body.position).toBe('left');
    expect(Math.abs(new Date(r.body.expiresAt).getTime() - t.clock.now().getTime() - 48 * 3600_000)).toBeLessThan(1000);
    const other = await registerRecruit(t, recruitForm(tokenOf(r.body.referralLink), uniqueEmail('other')));
    expectError(other, 400, { message: MSG.referralEmailMismatch });
  });

  it("refuses bad input with the documents' messages", async () => {
    expectInvalid(await t.api('POST', '/api/team/recruit', { cookie: c.member, body: { fullName: ' ', email: 'a@b.co' } }), MSG.fullNameRequired, 'fullName');
    expectInvalid(await t.api('POST', '/api/team/recruit', { cookie: c.member, body: { fullName: 'A B', email: 'nope' } }), MSG.validEmailRequired, 'email');
    expectError(await t.api('POST', '/api/team/recruit', { cookie: c.member, body: { fullName: 'A B', email: 'a@b.co', position: 'middle' } }), 400, { field: 'position' });
    expectError(await t.api('POST', '/api/team/recruit', { cookie: c.member, body: { fullName: 'A B', email: t.demo.admin.email } }), 409, { code: 'DUPLICATE_EMAIL' });
  });

  it('is for active members only', async () => {
    expectError(await t.api('POST', '/api/team/recruit', { body: { fullName: 'A B', email: 'a@b.co' } }), 401);
    expectError(await t.api('POST', '/api/team/recruit', { cookie: c.pending, body: { fullName: 'A B', email: 'a@b.co' } }), 403);
    expectError(await t.api('POST', '/api/team/recruit', { cookie: c.admin, body: { fullName: 'A B', email: 'a@b.co' } }), 403);
  });
});

describe('upline decisions', () => {
  it('shows the decision view to the upline only', async () => {
    const recruit = await memberRecruit(c.member, 'right');
    const r = await t.api('GET', '/api/upline/pending-recruits', { cookie: c.member });
    expect(r.status).toBe(200);
    const mine = r.body.find((x: { id: string }) => x.id === recruit.id);
    expect(mine).toMatchObject({
      fullName: 'Kiran Rao',
      suggestedPosition: 'right',
      packageAmount: '5000.00',
      recruiterInfo: { userId: member.userId, level: 1, position: 'left' },
      legBalance: { leftLeg: { count: 2 }, rightLeg: { count: 2 }, balanceRatio: 1, weakerLeg: 'balanced' },
      strategicRecommendation: { recommendedPosition: 'none' },
      availablePositions: { left: false, right: false },
    });
    expect(mine.strategicRecommendation.impactAnalysis.leftChoice).toContain('spills over');
    const founderView = await t.api('GET', '/api/upline/pending-recruits', { cookie: c.founder });
    expect(founderView.body.some((x: { id: string }) => x.id === recruit.id)).toBe(false);
    expectError(await decide(recruit.id, { decision: 'approved', position: 'left' }, c.founder), 404);
  });

  it('needs a position to approve, then moves the recruit to the admins once', async () => {
    const recruit = await memberRecruit();
    expectError(await decide(recruit.id, { decision: 'approved' }), 400, { field: 'position' });
    expectError(await decide(recruit.id, { decision: 'maybe' }), 400, { field: 'decision' });
    const ok = await decide(recruit.id, { decision: 'approved', position: 'right' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(MSG.decisionApproved);
    const [row] = await db().select().from(pendingRecruits).where(eq(pendingRecruits.id, recruit.id));
    expect(row).toMatchObject({ status: 'awaiting_admin', position: 'right', uplineDecision: 'approved' });
    expectError(await decide(recruit.id, { decision: 'rejected' }), 409, { code: 'ALREADY_DECIDED' });
    const pipeline = await t.api('GET', '/api/team/pending-recruits', { cookie: c.member });
    expect(pipeline.body.find((x: { id: string }) => x.id === recruit.id)).toMatchObject({ status: 'awaiting_admin', position: 'right' });
  });

  it('rejection is irreversible and closes the applicant', async () => {
    const recruit = await memberRecruit();
    expect((await decide(recruit.id, { decision: 'rejected' })).status).toBe(200);
    const applicant = (await userByEmail(t, recruit.email))!;
    expect(applicant.status).toBe('rejected');
    expectError(await approve(recruit.id), 409, { code: 'ALREADY_REJECTED' });
    expectError(await t.api('DELETE', `/api/admin/pending-recruits/${recruit.id}`, { cookie: c.admin, body: { reason: 'Duplicate entry' } }), 409, { code: 'ALREADY_REJECTED' });
  });
});

describe('admin approval', () => {
  it('places with spillover, activates, applies the KYC decision, notifies and mails credentials', async () => {
    const png = dataUrl(fakePng(), 'image/png');
    const recruit = await memberRecruit(c.member, 'left', { panCardUrl: png, photoUrl: png });
    await decide(recruit.id, { decision: 'approved', position: 'left' });
    const list = await t.api('GET', '/api/admin/pending-recruits?status=awaiting_admin', { cookie: c.admin });
    const item = list.body.items.find((x: { id: string }) => x.id === recruit.id);
    expect(item).toMatchObject({ status: 'awaiting_admin', position: 'left', recruiterRole: 'user', documentCount: 2 });
    const docs = await t.api('GET', `/api/admin/pending-recruits/${recruit.id}/documents`, { cookie: c.admin });
    expect(docs.body).toHaveLength(2);
    expect(docs.body[0].url).toMatch(/^\/api\/documents\//);

    expectError(await approve(recruit.id, { packageAmount: 'abc' }), 400, { field: 'packageAmount' });
    expectError(await approve(recruit.id, { packageAmount: '-5' }), 400, { field: 'packageAmount' });
    expectError(await approve(recruit.id, { packageAmount: '10.005' }), 400, { field: 'packageAmount' });
    expectError(await approve(recruit.id, { packageAmount: '5000', kycDecision: { status: 'rejected' } }), 400);
    expectError(await approve(recruit.id, undefined, c.member), 403);

    const ok = await approve(recruit.id, { packageAmount: '7500.50', position: 'left', kycDecision: { status: 'approved' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const neha = (await userByEmail(t, 'neha.left@demo.local'))!;
    expect(ok.body.placement).toEqual({ parentId: neha.id, side: 'right' });
    const user = (await userByEmail(t, recruit.email))!;
    expect(user).toMatchObject({ status: 'active', idStatus: 'Active', packageAmount: '7500.50', parentId: neha.id, position: 'right', level: 3, sponsorId: member.id });
    expect(user.kycDeadline!.getTime() - user.activationDate!.getTime()).toBe(7 * 86_400_000);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, recruit.email));
    expect(mails.some((m) => m.template === 'credentials')).toBe(true);
    const told = await db().select().from(notifications).where(eq(notifications.userId, member.id));
    expect(told.some((n) => n.type === 'recruit_approved')).toBe(true);
    const kyc = await t.api('GET', `/api/admin/pending-recruits/${recruit.id}/documents`, { cookie: c.admin });
    expect(kyc.body.every((d: { status: string }) => d.status === 'approved')).toBe(true);

    expectError(await approve(recruit.id), 409, { code: 'ALREADY_APPROVED' });
    const after = await volumeByEmail(t, t.demo.member.email);
    expect(after.totalDirects).toBe(memberFigures.totalDirects + 1);
    expect(after.leftDirects).toBe(memberFigures.leftDirects + 1);
    await expectTreeSound(db(), t.settle);
  });

  it('rejects with a reason of 5 or more characters, once', async () => {
    const recruit = await memberRecruit();
    expectInvalid(await t.api('DELETE', `/api/admin/pending-recruits/${recruit.id}`, { cookie: c.admin, body: { reason: ' abc ' } }), MSG.recruitReasonMin, 'reason');
    expectInvalid(await t.api('DELETE', `/api/admin/pending-recruits/${recruit.id}`, { cookie: c.admin }), MSG.recruitReasonMin, 'reason');
    const ok = await t.api('DELETE', `/api/admin/pending-recruits/${recruit.id}`, { cookie: c.founder, body: { reason: 'Documents unreadable' } });
    expect(ok.status).toBe(200);
    const [row] = await db().select().from(pendingRecruits).where(eq(pendingRecruits.id, recruit.id));
    expect(row).toMatchObject({ status: 'rejected', rejectionReason: 'Documents unreadable' });
    expect((await userByEmail(t, recruit.email))!.status).toBe('rejected');
    const told = await db().select().from(notifications).where(eq(notifications.userId, member.id));
    expect(told.some((n) => n.type === 'recruit_rejected' && n.message.includes('Documents unreadable'))).toBe(true);
    expectError(await approve(recruit.id), 409, { code: 'ALREADY_REJECTED' });
  });

  it('answers 404 for unknown or malformed ids', async () => {
    expectError(await approve('00000000-0000-0000-0000-000000000000'), 404);
    expectError(await approve('not-a-uuid'), 400, { field: 'id' });
    expectError(await t.api('GET', '/api/admin/pending-recruits/not-a-uuid/documents', { cookie: c.admin }), 400, { field: 'id' });
    expectError(await t.api('GET', '/api/admin/pending-recruits?status=bogus', { cookie: c.admin }), 400);
  });
});

describe('admin and founder links', () => {
  it('strategic needs a parent with that side free; auto and root need no parent', async () => {
    const neha = (await userByEmail(t, 'neha.left@demo.local'))!;
    expectError(await t.api('POST', '/api/referral/generate', { cookie: c.admin, body: { placementType: 'strategic', placementSide: 'left' } }), 400, { field: 'parentId' });
    expectError(await t.api('POST', '/api/referral/generate', { cookie: c.admin, body: { placementType: 'strategic', placementSide: 'left', parentId: neha.id } }), 400, {
      message: MSG.parentSideTaken,
    });
    expectError(await t.api('POST', '/api/referral/generate', { cookie: c.admin, body: { placementType: 'root' } }), 400, { field: 'placementSide' });
    expectError(await t.api('POST', '/api/referral/generate', { cookie: c.admin, body: { placementType: 'sideways' } }), 400, { field: 'placementType' });
    expectError(await t.api('POST', '/api/referral/generate', { cookie: c.member, body: { placementType: 'auto' } }), 403);
    const auto = await t.api('POST', '/api/referral/generate', { cookie: c.founder, body: { placementType: 'auto' } });
    expect(auto.status).toBe(201);
    expect(auto.body.url).toMatch(/ref=/);
  });

  it('lists only parents with a free side, and only their free sides', async () => {
    const r = await t.api('GET', '/api/admin/users-for-placement?search=a', { cookie: c.admin });
    expect(r.status).toBe(200);
    for (const p of r.body) expect(p.leftFree || p.rightFree).toBe(true);
    const arjun = r.body.find((p: { email: string }) => p.email === 'arjun.right@demo.local');
    expect(arjun).toMatchObject({ leftFree: true, rightFree: false });
    expect(r.body.some((p: { email: string }) => p.email === t.demo.member.email)).toBe(false);
  });

  it('a strategic recruit lands under the named parent, an admin recruit needs no upline', async () => {
    const arjun = (await userByEmail(t, 'arjun.right@demo.local'))!;
    const gen = await t.api('POST', '/api/referral/generate', { cookie: c.admin, body: { placementType: 'strategic', placementSide: 'left', parentId: arjun.id } });
    const email = uniqueEmail('strategic');
    await registerRecruit(t, recruitForm(tokenOf(gen.body.url), email));
    const [row] = await db().select().from(pendingRecruits).where(eq(pendingRecruits.email, email));
    expect(row).toMatchObject({ status: 'awaiting_admin', placementType: 'strategic', placementParentId: arjun.id, position: 'left' });
    const list = await t.api('GET', '/api/admin/pending-recruits', { cookie: c.admin });
    expect(list.body.items.find((x: { id: string }) => x.id === row.id)).toMatchObject({ recruiterRole: 'admin', placementParent: { id: arjun.id } });
    // Approved by the founder: the admin whose link it was may not approve it (separation of duties, issue 13).
    expectError(await approve(row.id, { packageAmount: '0', kycDecision: { status: 'pending' } }), 403, { code: 'SELF_APPROVAL' });
    const ok = await approve(row.id, { packageAmount: '0', kycDecision: { status: 'pending' } }, c.founder);
    expect(ok.body.placement).toEqual({ parentId: arjun.id, side: 'left' });
    await expectTreeSound(db(), t.settle);
  });
});

describe('member tree reads', () => {
  it("stats, tree, directs and downline come from the member's own downline", async () => {
    const stats = await t.api('GET', '/api/team/stats', { cookie: c.member });
    expect(stats.status).toBe(200);
    const me = (await userByEmail(t, t.demo.member.email))!;
    const legs = await volumeByEmail(t, t.demo.member.email);
    // The demo history's purchases are in the member's legs.
    const teamBV = ((Math.round(Number(legs.leftBV) * 100) + Math.round(Number(legs.rightBV) * 100)) / 100).toFixed(2);
    expect(stats.body).toMatchObject({ totalDownline: legs.leftCount + legs.rightCount, directPositions: 2, directRecruits: legs.totalDirects, teamBV });
    expect(stats.body.totalDownline).toBeGreaterThanOrEqual(4);

    const tree = await t.api('GET', '/api/binary-tree', { cookie: c.member });
    expect(tree.body).toMatchObject({
      id: me.id,
      level: 0,
      leftChild: { email: 'neha.left@demo.local', leftChild: { email: 'priya.ll@demo.local' } },
      rightChild: { email: 'arjun.right@demo.local' },
    });
    expect(tree.body.path).toHaveLength(1);
    const neha = tree.body.leftChild.id;
    const sub = await t.api('GET', `/api/binary-tree?rootId=${neha}`, { cookie: c.member });
    expect(sub.body).toMatchObject({ id: neha, level: 0 });
    expect(sub.body.path.map((p: { id: string }) => p.id)).toEqual([me.id, neha]);
    const founder = (await userByEmail(t, t.demo.founder.email))!;
    expectError(await t.api('GET', `/api/binary-tree?rootId=${founder.id}`, { cookie: c.member }), 404);
    const nehaCookie = await t.login('neha.left@demo.local', 'Member@12345');
    expectError(await t.api('GET', `/api/binary-tree?rootId=${me.id}`, { cookie: nehaCookie }), 404);
    expectError(await t.api('GET', '/api/binary-tree?rootId=xyz', { cookie: c.member }), 400);

    const directs = await t.api('GET', '/api/direct-recruits', { cookie: c.member });
    expect(directs.body.length).toBe(legs.totalDirects);
    const searched = await t.api('GET', '/api/team/members?search=neha', { cookie: c.member });
    expect(searched.body.map((d: { email: string }) => d.email)).toEqual(['neha.left@demo.local']);

    const all = await t.api('GET', '/api/team/downline?levels=10', { cookie: c.member });
    expect(all.body.summary.totalDownline).toBe(legs.leftCount + legs.rightCount);
    expect(all.body.members).toHaveLength(legs.leftCount + legs.rightCount);
    expect(all.body.levels[0]).toMatchObject({ level: 1, count: 2, left: 1, right: 1 });
    const byName = await t.api('GET', '/api/team/downline?levels=10&search=vikram', { cookie: c.member });
    expect(byName.body.members.map((m: { email: string }) => m.email)).toEqual(['vikram.rr@demo.local']);
    expect(byName.body.members[0]).toMatchObject({ level: '2', leg: 'right' });
    const lvl1 = await t.api('GET', '/api/team/downline?level=1', { cookie: c.member });
    expect(lvl1.body.members).toHaveLength(2);
    const inactive = await t.api('GET', '/api/team/downline?status=inactive', { cookie: c.member });
    expect(inactive.body.members).toHaveLength(0);
    const oneLevel = await t.api('GET', '/api/team/downline?levels=1', { cookie: c.member });
    expect(oneLevel.body.members).toHaveLength(2);
    expectError(await t.api('GET', '/api/team/downline?levels=11', { cookie: c.member }), 400, { field: 'levels' });
    expectError(await t.api('GET', '/api/team/downline?status=gone', { cookie: c.member }), 400, { field: 'status' });
  });

  it('blocking a member moves the active counters of every ancestor', async () => {
    const priya = (await userByEmail(t, 'priya.ll@demo.local'))!;
    const before = await volumeByEmail(t, t.demo.member.email);
    expect((await t.api('PATCH', `/api/admin/users/${priya.id}/status`, { cookie: c.admin, body: { status: 'inactive' } })).status).toBe(200);
    const after = await volumeByEmail(t, t.demo.member.email);
    expect(after.leftActive).toBe(before.leftActive - 1);
    expect(after.leftCount).toBe(before.leftCount);
    const inactive = await t.api('GET', '/api/team/downline?status=inactive', { cookie: c.member });
    expect(inactive.body.members.map((m: { email: string }) => m.email)).toEqual(['priya.ll@demo.local']);
    await expectTreeSound(db(), t.settle);
    await t.api('PATCH', `/api/admin/users/${priya.id}/status`, { cookie: c.admin, body: { status: 'active' } });
    expect((await volumeByEmail(t, t.demo.member.email)).leftActive).toBe(before.leftActive);
    await expectTreeSound(db(), t.settle);
  });
});
