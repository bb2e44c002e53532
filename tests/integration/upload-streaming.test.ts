import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../support/test-app';
import { count, expectError, fakePdf, fakePng, uniqueEmail } from '../support/http';
import { ID, uniquePan } from '../support/identity';
import { MSG } from '../../contracts/messages';
import { KYC_MAX_BYTES, REFERRAL_DOC_MAX_BYTES } from '../../contracts/constants';
import { kycDocuments } from '../../server/db/schema';
import { createReferralLink } from '../../server/modules/referral/referral.service';
import { userByEmail } from '../support/test-app';

/**
 * Issue 13, uploads streamed: identity and access are settled before any body is read (a caller who may not use a
 * route cannot make the server read what it sends), and a document sent as `multipart/form-data` is read as a stream
 * that stops at the first byte past 5 MB, whatever the sender claims or keeps sending. Over a real socket.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ listen: true, pollJobs: false, config: { runJobs: false } });
});
afterAll(async () => t?.close());

async function member() {
  const email = uniqueEmail('stream');
  const user = await t.createUser({ email, password: 'Stream#12345' });
  return { user, cookie: await t.login(email, 'Stream#12345') };
}

type Part = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };
function form(parts: Part[]) {
  const boundary = `----upload${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in p) chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`), p.bytes, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
const sendForm = (method: string, path: string, cookie: string, parts: Part[]) => {
  const f = form(parts);
  return t.api(method, path, { cookie, body: f.body, headers: { 'content-type': f.contentType } });
};

/**
 * Sends the request line and headers, then body bytes as fast as the server takes them (up to `offered`), and
 * resolves with the status line and how many body bytes had been written when the answer arrived.
 */
function race(path: string, headers: Record<string, string>, head: Buffer, offered: number, waitMs = 10_000): Promise<{ status: string; head: string; written: number }> {
  const { port } = new URL(t.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    let written = 0;
    let finished = false;
    const done = (status: string) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status, head: answer.split('\r\n\r\n')[0], written });
    };
    const timer = setTimeout(() => done(answer.split('\r\n')[0] || 'no answer'), waitMs);
    socket.on('data', (d) => {
      answer += d.toString('latin1');
      if (answer.includes('\r\n\r\n')) done(answer.split('\r\n')[0]);
    });
    socket.on('error', () => done(answer.split('\r\n')[0] || 'connection closed'));
    const lines = Object.entries({ Host: `127.0.0.1:${port}`, ...headers })
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n');
    socket.write(`POST ${path} HTTP/1.1\r\n${lines}\r\n\r\n`);
    socket.write(head);
    written = head.length;
    const block = Buffer.alloc(256 * 1024, 0x41);
    const pump = () => {
      while (!finished && written < offered) {
        written += block.length;
        if (!socket.write(block)) return void socket.once('drain', pump);
      }
    };
    pump();
  });
}

describe('who may not call a route is answered before its body is read', () => {
  it('an upload without a session: 401 after the headers, not after 7 MB', async () => {
    const r = await race('/api/kyc/upload', { 'Content-Type': 'application/json', 'Content-Length': String(7 * 1024 * 1024) }, Buffer.from('{"documentType":"pan","documentData":"'), 0);
    expect(r.status).toMatch(/^HTTP\/1\.1 401/);
  });

  it("a member posting to an admin route: 403 after the headers, without the body's 900 KB", async () => {
    const { cookie } = await member();
    const r = await race('/api/admin/products', { 'Content-Type': 'application/json', 'Content-Length': String(900 * 1024), Cookie: cookie }, Buffer.from('{"name":"'), 0);
    expect(r.status).toMatch(/^HTTP\/1\.1 403/);
  });
});

describe('documents as a streamed form', () => {
  it('a PNG sent as a form is stored as the JSON upload stores it', async () => {
    const { user, cookie } = await member();
    const r = await sendForm('POST', '/api/kyc/upload', cookie, [
      { name: 'documentType', value: 'pan' },
      { name: 'documentNumber', value: ID.pan.toLowerCase() },
      { name: 'documentData', filename: 'pan-card.png', type: 'image/png', bytes: fakePng(4096) },
    ]);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ documentType: 'pan', status: 'pending', documentContentType: 'image/png', documentFilename: 'pan-card.png', documentNumber: `••••••${ID.pan.slice(-4)}` });
    expect(await count(t, 'kyc_documents', sql`user_id = ${user.id}`)).toBe(1);
    const file = await t.api('GET', r.body.documentUrl, { cookie });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
  });

  it('a rejected document is replaced through a form', async () => {
    const { cookie } = await member();
    const first = await sendForm('POST', '/api/kyc/upload', cookie, [
      { name: 'documentType', value: 'aadhaar' },
      { name: 'documentData', filename: 'aadhaar.pdf', type: 'application/pdf', bytes: fakePdf(2048) },
    ]);
    expect(first.status).toBe(201);
    await t.runtime.ctx.db.update(kycDocuments).set({ status: 'rejected', rejectionReason: 'Blurry' }).where(eq(kycDocuments.id, first.body.id));
    const r = await sendForm('PUT', `/api/kyc/${first.body.id}`, cookie, [{ name: 'documentData', filename: 'aadhaar-2.png', type: 'image/png', bytes: fakePng(2048) }]);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: first.body.id, status: 'pending', documentContentType: 'image/png', documentFilename: 'aadhaar-2.png' });
  });

  it('the fields go through the same checks as the JSON body, and a form without its file is refused', async () => {
    const { user, cookie } = await member();
    const noType = await sendForm('POST', '/api/kyc/upload', cookie, [{ name: 'documentData', filename: 'a.png', type: 'image/png', bytes: fakePng() }]);
    expect(noType.status).toBe(400);
    expect(noType.body.fieldErrors?.documentType).toBeDefined();
    expectError(await sendForm('POST', '/api/kyc/upload', cookie, [{ name: 'documentType', value: 'pan' }]), 400, { message: MSG.kycFileRequired });
    expectError(
      await sendForm('POST', '/api/kyc/upload', cookie, [
        { name: 'documentType', value: 'pan' },
        { name: 'documentData', filename: 'x.html', type: 'image/png', bytes: Buffer.from('<html><script>1</script>') },
      ]),
      400,
      { message: MSG.kycFileType },
    );
    const two = await sendForm('POST', '/api/kyc/upload', cookie, [
      { name: 'documentType', value: 'pan' },
      { name: 'documentData', filename: 'a.png', type: 'image/png', bytes: fakePng() },
      { name: 'documentData', filename: 'b.png', type: 'image/png', bytes: fakePng() },
    ]);
    expectError(two, 400, { message: MSG.uploadFormTooManyParts });
    expect(await count(t, 'kyc_documents', sql`user_id = ${user.id}`)).toBe(0);
  });

  it('a broken form is a 400, never a 500', async () => {
    const { cookie } = await member();
    const cut = form([
      { name: 'documentType', value: 'pan' },
      { name: 'documentData', filename: 'a.png', type: 'image/png', bytes: fakePng(4096) },
    ]);
    const r = await t.api('POST', '/api/kyc/upload', { cookie, body: cut.body.subarray(0, cut.body.length - 200), headers: { 'content-type': cut.contentType } });
    expect(r.status).toBe(400);
    const noBoundary = await t.api('POST', '/api/kyc/upload', { cookie, body: Buffer.from('hello'), headers: { 'content-type': 'multipart/form-data' } });
    expect(noBoundary.status).toBeGreaterThanOrEqual(400);
    expect(noBoundary.status).toBeLessThan(500);
  });

  it('only the upload routes read forms: elsewhere a form is a 415 in the usual shape, and nothing changes', async () => {
    const { user, cookie } = await member();
    const r = await sendForm('PUT', '/api/user/profile', cookie, [{ name: 'firstName', value: 'Formed' }]);
    expect(r.status).toBe(415);
    expect(r.body).toMatchObject({ message: expect.any(String) });
    expect((await userByEmail(t, user.email))!.firstName).toBe(user.firstName);
    // The form reader's hooks belong to the upload routes' context alone.
    expect(t.runtime.app.hasRequestDecorator('isMultipart')).toBe(false);
  });

  it('a file past 5 MB: the read stops at the limit and the answer comes while the sender is still sending 64 MB', async () => {
    const { user, cookie } = await member();
    const boundary = '----streamtest';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="documentType"\r\n\r\npan\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="documentData"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const offered = 64 * 1024 * 1024;
    const r = await race('/api/kyc/upload', { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Cookie: cookie, 'Content-Length': String(offered + head.length) }, head, offered);
    expect(r.status).toMatch(/^HTTP\/1\.1 400/);
    // The server answered after reading a little more than the limit (plus what the sockets buffer), not the 64 MB.
    expect(r.written).toBeGreaterThan(KYC_MAX_BYTES);
    expect(r.written).toBeLessThan(24 * 1024 * 1024);
    expect(await count(t, 'kyc_documents', sql`user_id = ${user.id}`)).toBe(0);
    // What the sender still sends is dropped as it arrives; with the sender gone, no connection is left behind.
    const open = () => new Promise<number>((res) => t.runtime.app.server.getConnections((_e, n) => res(n)));
    for (let i = 0; i < 50 && (await open()) > 0; i++) await new Promise((res) => setTimeout(res, 20));
    expect(await open()).toBe(0);
  });

  it('the size message is the document size message', async () => {
    const { cookie } = await member();
    const big = Buffer.concat([fakePng(64), Buffer.alloc(KYC_MAX_BYTES + 10, 1)]);
    expectError(
      await sendForm('POST', '/api/kyc/upload', cookie, [
        { name: 'documentType', value: 'pan' },
        { name: 'documentData', filename: 'big.png', type: 'image/png', bytes: big },
      ]),
      400,
      {
        message: MSG.kycFileSize,
        code: 'FILE_TOO_LARGE',
      },
    );
  });
});

describe('a referral registration as a streamed form', () => {
  const linkOf = async () => {
    const sponsor = (await userByEmail(t, t.demo.member.email))!;
    return createReferralLink(t.runtime.ctx, t.runtime.ctx.db, sponsor, { placementSide: 'left' });
  };
  const fields = (token: string, email: string): Part[] =>
    Object.entries({
      firstName: 'Meera',
      lastName: 'Joshi',
      email,
      mobile: '9812345678',
      nominee: 'Anil Joshi',
      password: 'Recruit#123',
      address: '14 Lake Road, Kothrud',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411038',
      panNumber: uniquePan().toLowerCase(),
      bankAccountNumber: ID.account,
      bankIFSC: 'hdfc0001234',
      bankName: 'hdfc bank',
      bankAccountHolderName: 'meera joshi',
      packageAmount: '5000',
      referralToken: token,
      agreementVersion: '1',
    }).map(([name, value]) => ({ name, value }));

  it('text fields and documents as files: the recruit and its documents are stored as from the JSON form', async () => {
    const { token } = await linkOf();
    const email = uniqueEmail('form-recruit');
    const f = form([
      ...fields(token, email),
      { name: 'panCardUrl', filename: 'pan.jpg', type: 'image/png', bytes: fakePng(8192) },
      { name: 'bankCancelledChequeUrl', filename: 'cheque.pdf', type: 'application/pdf', bytes: fakePdf(4096) },
    ]);
    const r = await t.api('POST', `/api/referral/complete-registration?token=${encodeURIComponent(token)}`, { body: f.body, headers: { 'content-type': f.contentType } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const recruit = (await userByEmail(t, email))!;
    expect(recruit.status).toBe('pending');
    const types = (await t.runtime.ctx.db.select({ type: kycDocuments.documentType }).from(kycDocuments).where(eq(kycDocuments.userId, recruit.id))).map((d) => d.type).sort();
    expect(types).toEqual(['bank_cancelled_cheque', 'pan']);
  });

  it('the address and the form must name the same link; an unknown file field is refused', async () => {
    const a = await linkOf();
    const b = await linkOf();
    const f = form(fields(b.token, uniqueEmail('other-link')));
    expectError(await t.api('POST', `/api/referral/complete-registration?token=${encodeURIComponent(a.token)}`, { body: f.body, headers: { 'content-type': f.contentType } }), 400, {
      code: 'INVALID_TOKEN',
    });
    const g = form([...fields(a.token, uniqueEmail('extra-file')), { name: 'resume', filename: 'cv.pdf', type: 'application/pdf', bytes: fakePdf() }]);
    expectError(await t.api('POST', `/api/referral/complete-registration?token=${encodeURIComponent(a.token)}`, { body: g.body, headers: { 'content-type': g.contentType } }), 400, {
      message: MSG.uploadFormTooManyParts,
    });
  });

  it('a document past 10 MB: refused with its own message while the sender is still sending', async () => {
    const { token } = await linkOf();
    const email = uniqueEmail('huge-doc');
    const boundary = '----referralstream';
    const text = fields(token, email)
      .map((p) => `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${'value' in p ? p.value : ''}\r\n`)
      .join('');
    const head = Buffer.from(`${text}--${boundary}\r\nContent-Disposition: form-data; name="photoUrl"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    const offered = 64 * 1024 * 1024;
    const r = await race(
      `/api/referral/complete-registration?token=${encodeURIComponent(token)}`,
      { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(offered + head.length) },
      head,
      offered,
    );
    expect(r.status).toMatch(/^HTTP\/1\.1 400/);
    expect(r.written).toBeGreaterThan(REFERRAL_DOC_MAX_BYTES);
    expect(r.written).toBeLessThan(32 * 1024 * 1024);
    expect(await userByEmail(t, email)).toBeUndefined();
    const small = form([...fields(token, email), { name: 'photoUrl', filename: 'me.png', type: 'image/png', bytes: Buffer.concat([fakePng(64), Buffer.alloc(REFERRAL_DOC_MAX_BYTES, 1)]) }]);
    expectError(await t.api('POST', `/api/referral/complete-registration?token=${encodeURIComponent(token)}`, { body: small.body, headers: { 'content-type': small.contentType } }), 400, {
      message: 'Profile Photo file size must be less than 10MB',
      code: 'FILE_TOO_LARGE',
    });
  });
});
