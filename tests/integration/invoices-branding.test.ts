import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { userByEmail, type TestApp } from '../support/test-app';
import { startSignedIn } from '../support/start';
import { count, expectError, query, rawGet, uniqueEmail } from '../support/http';
import { pdfText } from '../support/pdf';
import { BRANDING_MSG } from '../../contracts/branding';
import { INVOICE_MSG } from '../../contracts/commerce';
import { DEMO_COMPANY } from '../../server/seed/demo-data';
import { users, walletBalances } from '../../server/db/schema';
import { financialYearOf, invoiceNumber } from '../../server/modules/invoices/gst';
import { issueInvoicesFor } from '../../server/modules/invoices/invoice.repo';

/**
 * Issue 15: company branding (the admin's settings, shown on the sign-in page, in every mail and on the invoices) and
 * GST tax invoices (one per completed purchase, numbered without gaps per financial year, CGST and SGST or IGST by
 * the buyer's state, a PDF for the buyer and the admin).
 */
let t: TestApp;
let admin: string;
let member: string;
beforeAll(async () => ({ t, admin, member } = await startSignedIn(['admin', 'member'])));
afterAll(() => t?.close());

async function buyer(state: string) {
  const email = uniqueEmail('buyer');
  const user = await t.createUser({ email, password: 'Buyer#123456', status: 'active', state, city: 'Somewhere', address: '1 Main Road' });
  await t.runtime.ctx.db
    .insert(walletBalances)
    .values({ userId: user.id, balance: '100000.00' })
    .onConflictDoUpdate({ target: walletBalances.userId, set: { balance: '100000.00' } });
  return { user, cookie: await t.login(email, 'Buyer#123456') };
}
async function productNamed(name: string) {
  const list = (await t.api('GET', '/api/products', { cookie: member })).body as { id: string; name: string }[];
  return list.find((p) => p.name === name)!;
}
/** Delivered to Pune unless told otherwise (the place of supply decides the tax: gst-place-of-supply.test.ts). */
async function buy(cookie: string, productName: string, quantity = 1, paymentMethod = 'wallet', to = { deliveryState: 'Maharashtra', deliveryPincode: '411001' }) {
  const p = await productNamed(productName);
  const r = await t.api('POST', '/api/purchases', { cookie, body: { productId: p.id, quantity, paymentMethod, deliveryAddress: '1 Main Road, Somewhere', ...to } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.purchase.id as string;
}

describe('company branding', () => {
  it('anyone reads the name, colour and support contact; the admin also the GSTIN and address', async () => {
    const pub = await t.api('GET', '/api/branding');
    expect(pub.status).toBe(200);
    expect(pub.body).toEqual({
      companyName: DEMO_COMPANY.companyName,
      primaryColor: DEMO_COMPANY.primaryColor,
      supportEmail: DEMO_COMPANY.supportEmail,
      supportPhone: DEMO_COMPANY.supportPhone,
      logoUrl: null,
    });
    expect(pub.body).not.toHaveProperty('gstin');
    const full = await t.api('GET', '/api/admin/settings/branding', { cookie: admin });
    expect(full.body).toMatchObject({ gstin: DEMO_COMPANY.gstin, state: 'Maharashtra', city: 'Pune', pincode: '411004' });
    expectError(await t.api('GET', '/api/admin/settings/branding', { cookie: member }), 403);
    expectError(await t.api('PUT', '/api/admin/settings/branding', { cookie: member, body: { ...DEMO_COMPANY } }), 403);
  });

  it('refuses bad settings with their messages and changes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ companyName: ' ' }, 'companyName', BRANDING_MSG.companyNameRequired],
      [{ primaryColor: 'blue' }, 'primaryColor', BRANDING_MSG.colorInvalid],
      [{ gstin: '27AAFCS1234K1Z' }, 'gstin', BRANDING_MSG.gstinInvalid],
      [{ cin: 'U74999MH2020PTC12345' }, 'cin', BRANDING_MSG.cinInvalid],
      [{ gstin: '29AAFCS1234K1Z5' }, 'gstin', BRANDING_MSG.gstinState],
      [{ state: 'Atlantis' }, 'state', BRANDING_MSG.stateInvalid],
      [{ pincode: '0110' }, 'pincode', BRANDING_MSG.pincodeInvalid],
      [{ supportEmail: 'not-mail' }, 'supportEmail', BRANDING_MSG.emailInvalid],
      [{ logo: Buffer.from('<svg onload=alert(1)>').toString('base64') }, 'logo', BRANDING_MSG.logoType],
    ];
    for (const [change, field, message] of cases) {
      const r = await t.api('PUT', '/api/admin/settings/branding', { cookie: admin, body: { ...DEMO_COMPANY, ...change } });
      expectError(r, 400, { message, field });
    }
    expect((await t.api('GET', '/api/branding')).body.companyName).toBe(DEMO_COMPANY.companyName);
  });

  it('a saved name and logo show on the public branding, in mails, and the logo is served as a clean PNG', async () => {
    const jpeg = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#ff8800' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
      .toBuffer();
    const saved = await t.api('PUT', '/api/admin/settings/branding', {
      cookie: admin,
      body: { ...DEMO_COMPANY, companyName: 'Sunrise Wellness India', primaryColor: '#0F766E', logo: `data:image/jpeg;base64,${jpeg.toString('base64')}` },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ companyName: 'Sunrise Wellness India', primaryColor: '#0f766e', logoUrl: expect.stringMatching(/^\/api\/branding\/logo\?v=\d+$/) });
    const pub = (await t.api('GET', '/api/branding')).body;
    expect(pub.companyName).toBe('Sunrise Wellness India');
    const logo = await rawGet(t, pub.logoUrl);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(logo.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 512, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect((await rawGet(t, '/api/branding/logo')).headers['cache-control']).toBe('no-store');
    expect(await count(t, 'audit_log', sql`action = 'branding.update'`)).toBeGreaterThanOrEqual(1);

    // Every mail carries the company's name.
    t.mail.clear();
    await t.api('POST', '/api/auth/forgot-password', { body: { email: t.demo.member.email } });
    await t.runtime.settle();
    await t.flushMail();
    const mail = t.mail.lastTo(t.demo.member.email)!;
    expect(mail.text).toContain('Sunrise Wellness India');
    expect(mail.raw).toContain('#0f766e');

    // Removing the logo.
    const removed = await t.api('PUT', '/api/admin/settings/branding', { cookie: admin, body: { ...DEMO_COMPANY, removeLogo: true } });
    expect(removed.body.logoUrl).toBeNull();
    expect((await rawGet(t, '/api/branding/logo')).statusCode).toBe(404);
  });
});

describe('GST tax invoices', () => {
  it("a wallet purchase within the seller's state gets an invoice with CGST and SGST, read back from the PDF", async () => {
    const { cookie } = await buyer('Maharashtra');
    const id = await buy(cookie, 'AquaPure Filter Kit', 2);
    const pdf = await rawGet(t, `/api/purchases/${id}/invoice`, cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toMatch(/^inline; filename="INV-\d{4}-\d{6}\.pdf"$/);
    expect(String(pdf.headers['content-security-policy'])).toContain('sandbox');
    const text = await pdfText(pdf.rawPayload);
    const [row] = await query<{ invoice_number: string; taxable_value: string; cgst: string; sgst: string; igst: string; total: string }>(t, sql`select * from invoices where purchase_id = ${id}`);
    // 2 x 2,499.00 = 4,998.00 taxable; 18 % = 899.64: CGST 449.82 and SGST 449.82; total 5,897.64.
    expect(row).toMatchObject({ taxable_value: '4998.00', cgst: '449.82', sgst: '449.82', igst: '0.00', total: '5897.64' });
    for (const s of [
      'TAX INVOICE',
      row.invoice_number,
      DEMO_COMPANY.gstin,
      DEMO_COMPANY.legalName,
      `CIN: ${DEMO_COMPANY.cin}`,
      '84219900',
      'AquaPure Filter Kit',
      'INR 4,998.00',
      'CGST @ 9%',
      'SGST @ 9%',
      'INR 5,897.64',
      'Rupees Five Thousand Eight Hundred Ninety Seven and Sixty Four Paise Only',
      'Maharashtra (27)',
    ]) {
      expect(text).toContain(s);
    }
    const fy = financialYearOf(t.clock.now());
    expect(row.invoice_number).toMatch(new RegExp(`^INV/${fy.slice(2, 4)}${fy.slice(5, 7)}/\\d{6}$`));
    expect(row.invoice_number.length).toBeLessThanOrEqual(16); // GST rule 46(b)
    const download = await rawGet(t, `/api/purchases/${id}/invoice?download=1`, cookie);
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment;/);
  });

  it('a delivery to another state pays IGST', async () => {
    const { cookie } = await buyer('Karnataka');
    const id = await buy(cookie, 'BreezeLine Fan Regulator and Canopy Set', 1, 'wallet', { deliveryState: 'Karnataka', deliveryPincode: '560034' });
    const [row] = await query<Record<string, string>>(t, sql`select taxable_value, cgst, sgst, igst, total from invoices where purchase_id = ${id}`);
    // 899.00 at 18 % = 161.82 IGST.
    expect(row).toEqual({ taxable_value: '899.00', cgst: '0.00', sgst: '0.00', igst: '161.82', total: '1060.82' });
    const text = await pdfText((await rawGet(t, `/api/purchases/${id}/invoice`, cookie)).rawPayload);
    expect(text).toContain('IGST @ 18%');
    expect(text).toContain('Karnataka (29)');
  });

  it('only the buyer and admins get it; an unpaid order has none until it is paid', async () => {
    const a = await buyer('Maharashtra');
    const b = await buyer('Gujarat');
    const id = await buy(a.cookie, 'BreezeLine BLDC Ceiling Fan');
    expectError(await t.api('GET', `/api/purchases/${id}/invoice`, { cookie: b.cookie }), 404, { message: INVOICE_MSG.notFound });
    expectError(await t.api('GET', '/api/purchases/not-a-uuid/invoice', { cookie: a.cookie }), 400);
    expectError(await t.api('GET', `/api/admin/purchases/${id}/invoice`, { cookie: a.cookie }), 403);
    expect((await rawGet(t, `/api/admin/purchases/${id}/invoice`, admin)).statusCode).toBe(200);

    const upi = await buy(a.cookie, 'BreezeLine BLDC Ceiling Fan', 1, 'upi');
    expectError(await t.api('GET', `/api/purchases/${upi}/invoice`, { cookie: a.cookie }), 409, { message: INVOICE_MSG.notPaid });
    const paid = await t.api('PATCH', `/api/admin/purchases/${upi}`, { cookie: admin, body: { paymentStatus: 'completed' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await rawGet(t, `/api/purchases/${upi}/invoice`, a.cookie)).statusCode).toBe(200);
  });

  it('every completed purchase has exactly one invoice, numbered without gaps in the order they completed', async () => {
    const buyers = await Promise.all([buyer('Maharashtra'), buyer('Kerala'), buyer('Delhi')]);
    await Promise.all(buyers.flatMap((b) => [buy(b.cookie, 'AquaPure Filter Kit'), buy(b.cookie, 'BreezeLine BLDC Ceiling Fan')]));
    await t.runtime.settle();
    await t.runtime.settle();
    const completed = await count(t, 'purchases', sql`payment_status = 'completed'`);
    expect(await count(t, 'invoices')).toBe(completed);
    const rows = await query<{ financial_year: string; serial: number; issued_at: Date; invoice_number: string }>(
      t,
      sql`select financial_year, serial, issued_at, invoice_number from invoices order by financial_year, serial`,
    );
    const byYear = new Map<string, typeof rows>();
    for (const r of rows) byYear.set(r.financial_year, [...(byYear.get(r.financial_year) ?? []), r]);
    for (const [year, list] of byYear) {
      expect(list.map((r) => r.serial)).toEqual(list.map((_, i) => i + 1));
      for (let i = 1; i < list.length; i++) expect(new Date(list[i].issued_at).getTime()).toBeGreaterThanOrEqual(new Date(list[i - 1].issued_at).getTime());
      const [series] = await query<{ last_serial: number }>(t, sql`select last_serial from invoice_series where financial_year = ${year}`);
      expect(series.last_serial).toBe(list.length);
    }
  });

  it('a purchase that completed earlier but reaches a later batch is dated no earlier than the invoice before it', async () => {
    // Two transactions can commit in the other order than their clocks: the later batch must not carry an earlier date.
    const { cookie } = await buyer('Maharashtra');
    const early = await buy(cookie, 'AquaPure Filter Kit', 1, 'upi');
    const late = await buy(cookie, 'AquaPure Filter Kit', 1, 'upi');
    const db = t.runtime.ctx.db;
    await db.execute(sql`update purchases set payment_status = 'completed', bv_credited_at = now() - interval '2 seconds' where id = ${early}`);
    await db.execute(sql`update purchases set payment_status = 'completed', bv_credited_at = now() - interval '1 second' where id = ${late}`);
    const seller = { name: 'Co', gstin: null, address: null, city: null, state: 'Maharashtra', pincode: null, email: null, phone: null };
    expect(await issueInvoicesFor(db, [late], seller, ['maharashtra'])).toBe(1);
    expect(await issueInvoicesFor(db, [early], seller, ['maharashtra'])).toBe(1);
    expect(await issueInvoicesFor(db, [early, late], seller, ['maharashtra'])).toBe(0);
    const [a] = await query<{ serial: number; issued_at: Date; financial_year: string }>(t, sql`select serial, issued_at, financial_year from invoices where purchase_id = ${early}`);
    const [b] = await query<{ serial: number; issued_at: Date; financial_year: string }>(t, sql`select serial, issued_at, financial_year from invoices where purchase_id = ${late}`);
    expect(a.serial).toBe(b.serial + 1);
    expect(new Date(a.issued_at).getTime()).toBeGreaterThanOrEqual(new Date(b.issued_at).getTime());
    expect(a.financial_year).toBe(financialYearOf(new Date(a.issued_at)));
  });

  it('a series past 999,999 goes on to seven digits instead of repeating a number', async () => {
    const { cookie } = await buyer('Maharashtra');
    const first = await buy(cookie, 'AquaPure Filter Kit', 1, 'upi');
    const second = await buy(cookie, 'AquaPure Filter Kit', 1, 'upi');
    const db = t.runtime.ctx.db;
    await db.execute(sql`update purchases set payment_status = 'completed', bv_credited_at = now() where id in (${first}, ${second})`);
    const year = financialYearOf(new Date());
    await db.execute(sql`insert into invoice_series (financial_year, last_serial) values (${year}, 999999)
                         on conflict (financial_year) do update set last_serial = 999999`);
    const seller = { name: 'Co', gstin: null, address: null, city: null, state: 'Maharashtra', pincode: null, email: null, phone: null };
    expect(await issueInvoicesFor(db, [first, second], seller, ['maharashtra'])).toBe(2);
    const rows = await query<{ serial: number; invoice_number: string }>(t, sql`select serial, invoice_number from invoices where purchase_id in (${first}, ${second}) order by serial`);
    expect(rows).toEqual([
      { serial: 1000000, invoice_number: invoiceNumber(year, 1000000) },
      { serial: 1000001, invoice_number: invoiceNumber(year, 1000001) },
    ]);
  });

  it('the HSN code is part of the product; a bad one is refused', async () => {
    const p = await productNamed('AquaPure Filter Kit');
    expectError(await t.api('PATCH', `/api/admin/products/${p.id}`, { cookie: admin, body: { hsnCode: '12a4' } }), 400, { field: 'hsnCode' });
    const r = await t.api('PATCH', `/api/admin/products/${p.id}`, { cookie: admin, body: { hsnCode: '842199' } });
    expect(r.status).toBe(200);
    expect(r.body.hsnCode).toBe('842199');
    const me = (await userByEmail(t, t.demo.member.email))!;
    expect((await t.runtime.ctx.db.select({ state: users.state }).from(users).where(eq(users.id, me.id)))[0].state).toBe('Maharashtra');
  });
});
