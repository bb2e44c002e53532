import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app';
import { startWithDemoCookies, loginAs, type DemoCookies } from '../support/start';
import { expectError, expectInvalid, uniqueEmail } from '../support/http';
import { GRIEVANCE_MSG, GRIEVANCE_NUMBER_RE } from '../../contracts/grievance';
import { addCalendarMonths, addWorkingHours, flagOverdueGrievances } from '../../server/modules/grievance';
import { financialYearOf } from '../../server/modules/invoices';
import { DEMO_GRIEVANCE_OFFICERS } from '../../server/seed/demo-data';

let t: TestApp;
let c: DemoCookies;
beforeAll(async () => ({ t, c } = await startWithDemoCookies()));
afterAll(() => t?.close());

const DAY = 24 * 3_600_000;
const OFFICER = { name: 'Anita Rao', designation: 'Grievance Officer', phone: '+91 98765 43210', email: 'grievance.officer@example.com' };
const NODAL = { name: 'Vikram Shah', designation: 'Nodal Officer', phone: '+91 99887 76655', email: 'nodal.officer@example.com' };
const complaint = (email: string) => ({
  name: 'Kavita Menon',
  email,
  phone: '98450 12345',
  orderReference: 'INV/2627/000012',
  description: 'The product I received was damaged and no one answers my calls.',
});

/** Files on the public form, opens the mailed link: the registered complaint's answer. */
async function fileAndConfirm(email = uniqueEmail('grv')) {
  const filed = await t.api('POST', '/api/grievances', { body: complaint(email) });
  expect(filed.status).toBe(200);
  expect(filed.body.message).toBe(GRIEVANCE_MSG.filed);
  await t.flushMail();
  const token = t.mail.tokenFrom(email, '/grievance/confirm');
  expect(token, 'confirmation link in the mail').toBeTruthy();
  const confirmed = await t.api('POST', '/api/grievances/confirm', { body: { token } });
  expect(confirmed.status).toBe(200);
  return { email, token: token!, ...(confirmed.body as { number: string; status: string; acknowledgeDueAt: string; resolveDueAt: string }) };
}
const adminList = async (query = '') =>
  (await t.api('GET', `/api/admin/grievances${query}`, { cookie: c.admin })).body as {
    items: { id: string; number: string; status: string; overdue: boolean; acknowledgeOverdue: boolean; resolveOverdue: boolean; events: { kind: string; note: string | null }[] }[];
    counts: { open: number; overdue: number };
  };
const idOf = async (number: string) => (await adminList()).items.find((g) => g.number === number)!.id;

describe('grievance redressal: officers and holidays', () => {
  it('an admin sets the grievance and nodal officers (audited); the public page shows them with the timelines', async () => {
    const before = await t.api('GET', '/api/grievance');
    expect(before.status).toBe(200);
    // The demo data publishes officers from the first start, so the public page never says "published here shortly".
    const d = DEMO_GRIEVANCE_OFFICERS;
    expect(before.body).toMatchObject({
      grievanceOfficer: { name: d.officerName, designation: d.officerDesignation, phone: d.officerPhone, email: d.officerEmail },
      nodalOfficer: { name: d.nodalName, designation: d.nodalDesignation, phone: d.nodalPhone, email: d.nodalEmail },
      acknowledgeWithinWorkingHours: 48,
      resolveWithinMonths: 1,
    });
    expectInvalid(
      await t.api('PUT', '/api/admin/settings/grievance', { cookie: c.admin, body: { grievanceOfficer: { ...OFFICER, email: 'nope' }, nodalOfficer: NODAL } }),
      GRIEVANCE_MSG.emailInvalid,
      'grievanceOfficer.email',
    );
    const saved = await t.api('PUT', '/api/admin/settings/grievance', { cookie: c.admin, body: { grievanceOfficer: OFFICER, nodalOfficer: NODAL } });
    expect(saved.status).toBe(200);
    expect(saved.body.grievanceOfficer).toEqual(OFFICER);
    const page = await t.api('GET', '/api/grievance');
    expect(page.body.grievanceOfficer).toEqual(OFFICER);
    expect(page.body.nodalOfficer).toEqual(NODAL);
    const audit = await t.api('GET', '/api/admin/audit-log?action=grievance.settings.update', { cookie: c.admin });
    expect(JSON.stringify(audit.body)).toContain('grievance.settings.update');
  });

  it('holidays: add, list, refuse a duplicate, remove; admin only', async () => {
    const added = await t.api('POST', '/api/admin/settings/holidays', { cookie: c.admin, body: { day: '2030-01-26', name: 'Republic Day' } });
    expect(added.status).toBe(201);
    expectError(await t.api('POST', '/api/admin/settings/holidays', { cookie: c.admin, body: { day: '2030-01-26', name: 'Again' } }), 409, { message: GRIEVANCE_MSG.holidayExists });
    expect((await t.api('GET', '/api/admin/settings/holidays', { cookie: c.admin })).body.items).toContainEqual({ day: '2030-01-26', name: 'Republic Day' });
    expect((await t.api('DELETE', '/api/admin/settings/holidays/2030-01-26', { cookie: c.admin })).status).toBe(200);
    expectError(await t.api('DELETE', '/api/admin/settings/holidays/2030-01-26', { cookie: c.admin }), 404, { message: GRIEVANCE_MSG.holidayNotFound });
    expect((await t.api('POST', '/api/admin/settings/holidays', { cookie: c.member, body: { day: '2030-01-27', name: 'Mine' } })).status).toBe(403);
    expect((await t.api('GET', '/api/admin/settings/holidays')).status).toBe(401);
  });
});

describe('grievance redressal: filing, numbering, acknowledgement, tracking', () => {
  it('the public form registers nothing until the mailed link is opened; then numbered, dated and acknowledged by mail', async () => {
    const email = uniqueEmail('grv-public');
    const filed = await t.api('POST', '/api/grievances', { body: complaint(email) });
    expect(filed.status).toBe(200);
    const countBefore = (await adminList()).items.length;
    await t.flushMail();
    const confirmMail = t.mail.lastTo(email)!;
    expect(confirmMail.subject).toBe('Confirm your complaint');
    const token = t.mail.tokenFrom(email, '/grievance/confirm')!;
    expect((await adminList()).items.length).toBe(countBefore);

    const confirmed = await t.api('POST', '/api/grievances/confirm', { body: { token } });
    expect(confirmed.status).toBe(200);
    const fy = financialYearOf(t.clock.now());
    expect(confirmed.body.number).toMatch(GRIEVANCE_NUMBER_RE);
    expect(confirmed.body.number.startsWith(`GRV/${fy.slice(2, 4)}${fy.slice(5, 7)}/`)).toBe(true);
    expect(confirmed.body.status).toBe('received');
    // The link works once.
    expectError(await t.api('POST', '/api/grievances/confirm', { body: { token } }), 400, { code: 'INVALID_TOKEN', message: GRIEVANCE_MSG.confirmInvalid });
    expectError(await t.api('POST', '/api/grievances/confirm', { body: { token: 'not-a-real-token-at-all' } }), 400, { code: 'INVALID_TOKEN' });

    // Due times: 48 working hours on the business clock; one calendar month.
    const g = (await adminList()).items.find((x) => x.number === confirmed.body.number) as unknown as { receivedAt: string; acknowledgeDueAt: string; resolveDueAt: string };
    expect(new Date(g.acknowledgeDueAt)).toEqual(addWorkingHours(new Date(g.receivedAt), 48));
    expect(new Date(g.resolveDueAt)).toEqual(addCalendarMonths(new Date(g.receivedAt), 1));

    await t.flushMail();
    const ack = t.mail.lastTo(email)!;
    expect(ack.subject).toBe(`Complaint ${confirmed.body.number} registered`);
    expect(ack.text).toContain('within 48 working hours');
  });

  it('numbers follow each other in the financial year series', async () => {
    const a = await fileAndConfirm();
    const b = await fileAndConfirm();
    expect(Number(b.number.slice(-6))).toBe(Number(a.number.slice(-6)) + 1);
    expect(b.number.slice(0, 9)).toBe(a.number.slice(0, 9));
  });

  it('the due time skips a holiday the admin set', async () => {
    // Every day of the coming week a holiday but one: the 48 hours move past them.
    const today = new Date(t.clock.now().getTime() + 330 * 60_000);
    const days = [1, 2, 3].map((d) => new Date(today.getTime() + d * DAY).toISOString().slice(0, 10));
    for (const day of days) expect((await t.api('POST', '/api/admin/settings/holidays', { cookie: c.admin, body: { day, name: 'Festival' } })).status).toBe(201);
    const g = await fileAndConfirm();
    const row = (await adminList()).items.find((x) => x.number === g.number) as unknown as { receivedAt: string; acknowledgeDueAt: string };
    expect(new Date(row.acknowledgeDueAt)).toEqual(addWorkingHours(new Date(row.receivedAt), 48, new Set(days)));
    expect(new Date(row.acknowledgeDueAt).getTime()).toBeGreaterThan(addWorkingHours(new Date(row.receivedAt), 48).getTime());
    for (const day of days) await t.api('DELETE', `/api/admin/settings/holidays/${day}`, { cookie: c.admin });
  });

  it('bad input is refused with the form message and nothing is filed', async () => {
    const email = uniqueEmail('grv-bad');
    expectInvalid(await t.api('POST', '/api/grievances', { body: { ...complaint(email), description: 'too short' } }), GRIEVANCE_MSG.descriptionMin, 'description');
    expectInvalid(await t.api('POST', '/api/grievances', { body: { ...complaint(email), email: 'not-an-email' } }), GRIEVANCE_MSG.emailInvalid, 'email');
    expectInvalid(await t.api('POST', '/api/grievances', { body: { ...complaint(email), phone: 'abc' } }), GRIEVANCE_MSG.phoneInvalid, 'phone');
    await t.flushMail();
    expect(t.mail.lastTo(email)).toBeUndefined();
  });

  it('tracking needs the number and the same email: a wrong email or number is the same 404', async () => {
    const g = await fileAndConfirm();
    const ok = await t.api('GET', `/api/grievances/track?number=${encodeURIComponent(g.number)}&email=${encodeURIComponent(g.email.toUpperCase())}`);
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('received');
    expect(ok.body.events.map((e: { kind: string }) => e.kind)).toEqual(['registered']);
    expect(JSON.stringify(ok.body)).not.toContain(g.email);
    const wrongEmail = await t.api('GET', `/api/grievances/track?number=${encodeURIComponent(g.number)}&email=someone.else@example.com`);
    const wrongNumber = await t.api('GET', `/api/grievances/track?number=GRV/0000/999999&email=${encodeURIComponent(g.email)}`);
    expectError(wrongEmail, 404, { message: GRIEVANCE_MSG.notFound });
    expect(wrongNumber.body).toEqual(wrongEmail.body);
    expectInvalid(await t.api('GET', `/api/grievances/track?number=12345&email=${encodeURIComponent(g.email)}`), GRIEVANCE_MSG.numberInvalid, 'number');
  });

  it('the admin acknowledges, notes an action, resolves; each step is mailed and shows in the history', async () => {
    const g = await fileAndConfirm();
    const id = await idOf(g.number);
    const acked = await t.api('POST', `/api/admin/grievances/${id}/acknowledge`, { cookie: c.admin, body: {} });
    expect(acked.status).toBe(200);
    expect(acked.body.status).toBe('acknowledged');
    expect(acked.body.acknowledgedAt).not.toBeNull();
    expectError(await t.api('POST', `/api/admin/grievances/${id}/acknowledge`, { cookie: c.admin, body: {} }), 409, { message: GRIEVANCE_MSG.alreadyAcknowledged });
    const acted = await t.api('POST', `/api/admin/grievances/${id}/action`, { cookie: c.admin, body: { note: 'Replacement dispatched by courier.' } });
    expect(acted.body.status).toBe('in_progress');
    expectInvalid(await t.api('POST', `/api/admin/grievances/${id}/resolve`, { cookie: c.admin, body: { resolution: 'ok' } }), GRIEVANCE_MSG.resolutionRequired, 'resolution');
    const resolved = await t.api('POST', `/api/admin/grievances/${id}/resolve`, { cookie: c.admin, body: { resolution: 'Replacement delivered; the member confirmed it works.' } });
    expect(resolved.body.status).toBe('resolved');
    expect(resolved.body.closingText).toBe('Replacement delivered; the member confirmed it works.');
    expectError(await t.api('POST', `/api/admin/grievances/${id}/reject`, { cookie: c.admin, body: { reason: 'Too late to reject this one.' } }), 409, { message: GRIEVANCE_MSG.closed });
    await t.flushMail();
    expect(t.mail.lastTo(g.email)!.subject).toBe(`Complaint ${g.number}: Resolved`);
    const tracked = await t.api('GET', `/api/grievances/track?number=${encodeURIComponent(g.number)}&email=${encodeURIComponent(g.email)}`);
    expect(tracked.body.events.map((e: { kind: string }) => e.kind)).toEqual(['registered', 'acknowledged', 'action', 'resolved']);
    expect(tracked.body.events.every((e: { by: unknown }) => e.by === null)).toBe(true);
  });

  it('a member files from Support (registered at once, own list only); members cannot reach admin routes', async () => {
    const filed = await t.api('POST', '/api/member/grievances', { cookie: c.member, body: { orderReference: 'ORD-77', description: 'My withdrawal has been pending for two weeks now.' } });
    expect(filed.status).toBe(201);
    expect(filed.body.number).toMatch(GRIEVANCE_NUMBER_RE);
    expect(filed.body.status).toBe('received');
    const mine = await t.api('GET', '/api/member/grievances', { cookie: c.member });
    expect(mine.body.items.map((g: { number: string }) => g.number)).toEqual([filed.body.number]);
    await t.flushMail();
    expect(t.mail.lastTo(t.demo.member.email)!.subject).toBe(`Complaint ${filed.body.number} registered`);

    const other = await t.createUser({ email: uniqueEmail('grv-other'), password: 'Grievance#123', firstName: 'Other', lastName: 'Member' });
    const otherCookie = await t.login(other.email, 'Grievance#123');
    expect((await t.api('GET', '/api/member/grievances', { cookie: otherCookie })).body.items).toEqual([]);
    const id = filed.body.id as string;
    for (const [method, path] of [
      ['GET', '/api/admin/grievances'],
      ['GET', '/api/admin/grievances/export'],
      ['POST', `/api/admin/grievances/${id}/acknowledge`],
      ['POST', `/api/admin/grievances/${id}/resolve`],
      ['GET', '/api/admin/settings/grievance'],
    ] as const) {
      expect((await t.api(method, path, { cookie: otherCookie, body: method === 'POST' ? {} : undefined })).status, `${method} ${path}`).toBe(403);
      expect((await t.api(method, path, { body: method === 'POST' ? {} : undefined })).status, `${method} ${path} signed out`).toBe(401);
    }
    expect((await t.api('GET', '/api/member/grievances')).status).toBe(401);
    expect((await t.api('POST', '/api/member/grievances', { cookie: c.admin, body: { description: 'An admin is not a member complainant here.' } })).status).toBe(403);
  });

  it('the register exports every complaint as CSV with its actions', async () => {
    const r = await t.api('GET', '/api/admin/grievances/export', { cookie: c.admin });
    expect(r.status).toBe(200);
    expect(String(r.headers['content-type'])).toContain('text/csv');
    expect(String(r.headers['content-disposition'])).toMatch(/grievance-register-\d{4}-\d{2}-\d{2}\.csv/);
    const text = String(r.body);
    const [header, ...rows] = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe('Number,Received,Complainant,Email,Issue,Actions,Acknowledged at,Resolution date,Status,Overdue');
    const list = await adminList();
    expect(rows.length).toBe(list.items.length);
    expect(text).toContain('Replacement dispatched by courier.');
    expect(rows.some((line) => line.includes(',Resolved,'))).toBe(true);
  });
});

describe('grievance redressal: overdue and delays', () => {
  it('past its due times a complaint is flagged once to the grievance officer; a late answer needs a written reason, mailed to the complainant', async () => {
    const g = await fileAndConfirm();
    const id = await idOf(g.number);
    expect((await flagOverdueGrievances(t.runtime.ctx)) >= 0).toBe(true);
    expect((await adminList('?overdue=1')).items.map((x) => x.number)).not.toContain(g.number);

    // Eleven days later the 48 working hours are over (at most 6 working days with no holidays set).
    t.clock.advance(11 * DAY);
    c.admin = await loginAs(t, 'admin');
    const listed = (await adminList('?overdue=1')).items.find((x) => x.number === g.number)!;
    expect(listed).toMatchObject({ overdue: true, acknowledgeOverdue: true, resolveOverdue: false });
    t.mail.clear();
    expect(await flagOverdueGrievances(t.runtime.ctx)).toBeGreaterThan(0);
    await t.flushMail();
    const toOfficer = t.mail.messages.filter((m) => m.to.includes(OFFICER.email) && m.subject === `Overdue complaint ${g.number}`);
    expect(toOfficer).toHaveLength(1);
    // Once: a second pass tells no one again.
    await flagOverdueGrievances(t.runtime.ctx);
    await t.flushMail();
    expect(t.mail.messages.filter((m) => m.to.includes(OFFICER.email) && m.subject === `Overdue complaint ${g.number}`)).toHaveLength(1);
    expect((await adminList()).items.find((x) => x.number === g.number)!.events.map((e) => e.kind)).toContain('overdue');

    // A late acknowledgement without a reason is refused; with one, the reason is mailed in writing.
    expectInvalid(await t.api('POST', `/api/admin/grievances/${id}/acknowledge`, { cookie: c.admin, body: {} }), GRIEVANCE_MSG.delayReasonRequired, 'delayReason');
    const acked = await t.api('POST', `/api/admin/grievances/${id}/acknowledge`, { cookie: c.admin, body: { delayReason: 'Our office was closed for the floods in the city.' } });
    expect(acked.status).toBe(200);
    expect(acked.body.acknowledgeOverdue).toBe(false);
    await t.flushMail();
    expect(t.mail.lastTo(g.email)!.text).toContain('Reason for the delay: Our office was closed for the floods in the city.');

    // A month on: the resolution is overdue too. The admin extends with a reason (mailed), then resolves.
    t.clock.advance(31 * DAY);
    c.admin = await loginAs(t, 'admin');
    expect((await adminList('?overdue=1')).items.find((x) => x.number === g.number)).toMatchObject({ resolveOverdue: true });
    expectInvalid(
      await t.api('POST', `/api/admin/grievances/${id}/resolve`, { cookie: c.admin, body: { resolution: 'Refund credited to the bank account.' } }),
      GRIEVANCE_MSG.delayReasonRequired,
      'delayReason',
    );
    const delayed = await t.api('POST', `/api/admin/grievances/${id}/delay`, { cookie: c.admin, body: { reason: 'The courier has not returned the parcel yet; we need two more weeks.' } });
    expect(delayed.status).toBe(200);
    expect(delayed.body.delayReason).toBe('The courier has not returned the parcel yet; we need two more weeks.');
    await t.flushMail();
    const delayMail = t.mail.lastTo(g.email)!;
    expect(delayMail.subject).toBe(`Complaint ${g.number}: Reason for the delay`);
    expect(delayMail.text).toContain('two more weeks');
    const resolved = await t.api('POST', `/api/admin/grievances/${id}/resolve`, { cookie: c.admin, body: { resolution: 'Refund credited to the bank account.' } });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'resolved', overdue: false });
    const tracked = await t.api('GET', `/api/grievances/track?number=${encodeURIComponent(g.number)}&email=${encodeURIComponent(g.email)}`);
    expect(tracked.body.events.map((e: { kind: string }) => e.kind)).toEqual(['registered', 'delay', 'acknowledged', 'delay', 'resolved']);
  });
});
