import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../support/test-app';
import { startWithDemoCookies, type DemoCookies } from '../support/start';
import { b64, dataUrl, expectError, expectInvalid, fakePdf, fakePng, uniqueEmail } from '../support/http';
import { multipartForm, type FormPart } from '../support/multipart';
import { ENGAGEMENT_MSG } from '../../contracts/engagement';
import { MSG } from '../../contracts/messages';
import { SUPPORT_MSG } from '../../contracts/support';
import { KYC_MAX_BYTES } from '../../contracts/constants';
import { notifications } from '../../server/db/schema/index';

let t: TestApp;
let c: DemoCookies;
beforeAll(async () => ({ t, c } = await startWithDemoCookies()));
afterAll(() => t?.close());
const db = () => t.runtime.ctx.db;

async function member(tag = 'conv') {
  const email = uniqueEmail(tag);
  const user = await t.createUser({ email, password: 'Support#123', firstName: 'Meera', lastName: 'Iyer' });
  return { user, cookie: await t.login(email, 'Support#123') };
}
async function ticketOf(cookie: string) {
  const r = await t.api('POST', '/api/support-tickets', { cookie, body: { category: 'Payment', subject: 'Refund missing', description: 'My refund for order 1234 has not arrived yet.' } });
  expect(r.status).toBe(201);
  return r.body.id as string;
}
const sendForm = (path: string, cookie: string, parts: FormPart[]) => {
  const f = multipartForm(parts);
  return t.api('POST', path, { cookie, body: f.body, headers: { 'content-type': f.contentType } });
};

describe('support conversations', () => {
  it('member and staff reply in a thread with attachments; status changes show in it; a staff reply notifies and mails the member', async () => {
    const m = await member();
    const id = await ticketOf(m.cookie);
    // The member answers with a screenshot (multipart, streamed) and then a PDF (JSON, base64).
    const first = await sendForm(`/api/support-tickets/${id}/replies`, m.cookie, [
      { name: 'message', value: 'Here is the bank screenshot.' },
      { name: 'attachment', filename: 'bank proof.png', type: 'image/png', bytes: fakePng(2048) },
    ]);
    expect(first.status).toBe(201);
    expect(first.body.reply).toMatchObject({ kind: 'reply', authorRole: 'member', body: 'Here is the bank screenshot.', attachment: { contentType: 'image/png', name: 'bank proof.png' } });
    const second = await t.api('POST', `/api/support-tickets/${id}/replies`, {
      cookie: m.cookie,
      body: { message: 'And the invoice.', attachment: dataUrl(fakePdf(), 'application/pdf'), attachmentFilename: 'invoice.pdf' },
    });
    expect(second.body.reply.attachment).toMatchObject({ contentType: 'application/pdf', name: 'invoice.pdf' });

    // Staff answer: the open ticket is taken up (In Progress, shown in the thread); the member gets a notification and a mail.
    const staff = await t.api('POST', `/api/admin/support-tickets/${id}/replies`, { cookie: c.admin, body: { message: 'We have re-issued the refund today.' } });
    expect(staff.status).toBe(201);
    expect(staff.body.reply).toMatchObject({ authorRole: 'staff' });
    const told = await db().select().from(notifications).where(eq(notifications.userId, m.user.id));
    expect(told.some((n) => n.type === 'ticket_reply' && (n.data as { ticketId: string }).ticketId === id)).toBe(true);
    await t.flushMail();
    const mail = t.mail.lastTo(m.user.email);
    expect(mail?.subject).toBe('Reply to your ticket: Refund missing');
    expect(mail?.text).toContain('We have re-issued the refund today.');
    expect(mail?.text).toContain(`/support?ticket=${id}`);

    // The admin resolves it: the change is a line of the thread too.
    await t.api('PATCH', `/api/admin/support-tickets/${id}`, { cookie: c.admin, body: { status: 'resolved', resolution: 'Refund re-issued.' } });
    const thread = await t.api('GET', `/api/support-tickets/${id}/thread`, { cookie: m.cookie });
    expect(thread.status).toBe(200);
    expect(thread.body.ticket).toMatchObject({ id, status: 'resolved' });
    expect(thread.body.messages.map((x: { kind: string; authorRole: string; statusTo: string | null }) => [x.kind, x.authorRole, x.statusTo])).toEqual([
      ['reply', 'member', null],
      ['reply', 'member', null],
      ['reply', 'staff', null],
      ['status', 'staff', 'in_progress'],
      ['status', 'staff', 'resolved'],
    ]);
    const adminThread = await t.api('GET', `/api/admin/support-tickets/${id}/thread`, { cookie: c.admin });
    expect(adminThread.body.messages).toHaveLength(5);

    // The attachments: to the member and to an admin, sandboxed; to anyone else "not found".
    const url = thread.body.messages[0].attachment.url as string;
    const own = await t.api('GET', url, { cookie: m.cookie });
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(String(own.headers['content-security-policy'])).toContain("default-src 'none'");
    expect((await t.api('GET', thread.body.messages[1].attachment.url, { cookie: c.admin })).headers['content-type']).toBe('application/pdf');
    expectError(await t.api('GET', url, { cookie: c.member }), 404);
    expectError(await t.api('GET', url), 401);
    expectError(await t.api('GET', '/api/support-attachments/not-an-id', { cookie: m.cookie }), 400);

    // A closed ticket takes no replies.
    await t.api('PATCH', `/api/admin/support-tickets/${id}`, { cookie: c.admin, body: { status: 'closed' } });
    expectError(await t.api('POST', `/api/support-tickets/${id}/replies`, { cookie: m.cookie, body: { message: 'One more thing' } }), 409, { message: SUPPORT_MSG.ticketClosed });
    expectError(await t.api('POST', `/api/admin/support-tickets/${id}/replies`, { cookie: c.admin, body: { message: 'Reopening?' } }), 409);
  });

  it('refuses an empty or too long reply and a file that is not an image or PDF, or is too large; nothing is added', async () => {
    const m = await member();
    const id = await ticketOf(m.cookie);
    const path = `/api/support-tickets/${id}/replies`;
    expectInvalid(await t.api('POST', path, { cookie: m.cookie, body: { message: '   ' } }), SUPPORT_MSG.replyRequired, 'message');
    expectInvalid(await t.api('POST', path, { cookie: m.cookie, body: {} }), SUPPORT_MSG.replyRequired, 'message');
    expectInvalid(await t.api('POST', path, { cookie: m.cookie, body: { message: 'x'.repeat(5001) } }), SUPPORT_MSG.replyMax, 'message');
    expectInvalid(
      await t.api('POST', path, { cookie: m.cookie, body: { message: 'A text file', attachment: b64(Buffer.from('just some text, not a document')) } }),
      MSG.kycFileType,
      'attachment',
      'INVALID_FILE_TYPE',
    );
    expectInvalid(await t.api('POST', path, { cookie: m.cookie, body: { message: 'Not base64', attachment: '%%%' } }), MSG.kycFileType, 'attachment', 'INVALID_FILE_TYPE');
    const big = await sendForm(path, m.cookie, [
      { name: 'message', value: 'Huge' },
      { name: 'attachment', filename: 'big.pdf', type: 'application/pdf', bytes: fakePdf(KYC_MAX_BYTES + 1) },
    ]);
    expectInvalid(big, MSG.kycFileSize, 'attachment', 'FILE_TOO_LARGE');
    const exe = await sendForm(path, m.cookie, [
      { name: 'message', value: 'A program' },
      { name: 'attachment', filename: 'a.png', type: 'image/png', bytes: Buffer.from('MZ\x90\x00 this is not a png') },
    ]);
    expectInvalid(exe, MSG.kycFileType, 'attachment', 'INVALID_FILE_TYPE');
    const activePdf = Buffer.from('%PDF-1.4\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF');
    expectInvalid(await t.api('POST', path, { cookie: m.cookie, body: { message: 'Active', attachment: b64(activePdf) } }), MSG.pdfActiveContent, 'attachment', 'INVALID_FILE_TYPE');
    expectInvalid(await t.api('POST', '/api/support-tickets/nope/replies', { cookie: m.cookie, body: { message: 'Hello' } }), ENGAGEMENT_MSG.ticketNotFound, 'id');
    expect((await t.api('GET', `/api/support-tickets/${id}/thread`, { cookie: m.cookie })).body.messages).toEqual([]);
  });

  it("keeps another member's ticket hidden and the routes to their side", async () => {
    const owner = await member('conv-owner');
    const other = await member('conv-other');
    const id = await ticketOf(owner.cookie);
    expectError(await t.api('GET', `/api/support-tickets/${id}/thread`, { cookie: other.cookie }), 404, { message: ENGAGEMENT_MSG.ticketNotFound });
    expectError(await t.api('POST', `/api/support-tickets/${id}/replies`, { cookie: other.cookie, body: { message: 'Let me in' } }), 404);
    expectError(await t.api('GET', `/api/admin/support-tickets/${id}/thread`, { cookie: owner.cookie }), 403);
    expectError(await t.api('POST', `/api/admin/support-tickets/${id}/replies`, { cookie: owner.cookie, body: { message: 'I am staff' } }), 403);
    expectError(await t.api('GET', `/api/support-tickets/${id}/thread`, { cookie: c.admin }), 403);
    expectError(await t.api('GET', `/api/support-tickets/${id}/thread`), 401);
    expectError(await t.api('GET', '/api/admin/support-tickets/00000000-0000-4000-8000-000000000000/thread', { cookie: c.admin }), 404);
    expect((await t.api('GET', `/api/support-tickets/${id}/thread`, { cookie: owner.cookie })).status).toBe(200);
  });
});
