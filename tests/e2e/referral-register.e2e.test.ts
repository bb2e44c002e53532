import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MSG } from '../../contracts/messages';
import { REFERRAL_DOC_MAX_BYTES } from '../../contracts/constants';
import { userByEmail, type TestApp } from '../support/test-app';
import { uniqueEmail } from '../support/http';
import { createReferralLink } from '../../server/modules/referral/referral.service';
import { findDocumentWithBlob, listUserDocuments } from '../../server/modules/kyc/kyc.repo';
import { SIZES, expectPath, expectToast, openPage, reviewShot, seriousViolations, shot, startBrowserApp, stopBrowserApp, toasts } from './support/browser';
import { ID } from '../support/identity';
import { solidPng as png } from '../support/png';

// ---- small generated files -------------------------------------------------------------------

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');
const file = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });

/** Width and height from a JPEG's SOF marker. */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  for (let i = 2; i < bytes.length - 9;) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1];
    if (marker >= 0xc0 && marker <= 0xc3) return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    i += 2 + bytes.readUInt16BE(i + 2);
  }
  return null;
}

// ---- app, browser, links ----------------------------------------------------------------------

let t: TestApp;
let browser: Browser;

beforeAll(async () => ({ t, browser } = await startBrowserApp()));
afterAll(() => stopBrowserApp(t, browser));

/** A member's referral link for this email: POST /api/team/recruit when it exists, else the service. */
async function referralToken(email: string): Promise<string> {
  const member = (await userByEmail(t, t.demo.member.email))!;
  const cookie = await t.login(t.demo.member.email, t.demo.member.password);
  const res = await t.api('POST', '/api/team/recruit', { cookie, body: { fullName: 'Asha Verma', email, position: 'left' } });
  const link: unknown = res.status < 300 ? res.body?.referralLink : undefined;
  if (typeof link === 'string') return new URL(link).searchParams.get('ref')!;
  const ctx = t.runtime.ctx;
  return (await createReferralLink(ctx, ctx.db, member, { placementSide: 'left', recruiteeEmail: email, recruiteeName: 'Asha Verma' })).token;
}

/** The file input of one picker, named by its document label. */
const picker = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Screenshots into artifacts/shots (review) and artifacts/screens, without the toasts of earlier steps. */
async function snap(page: Page, name: string) {
  for (const close of await toasts(page).getByRole('button', { name: 'Close' }).all()) await close.click().catch(() => undefined);
  await toasts(page)
    .getByRole('button', { name: 'Close' })
    .first()
    .waitFor({ state: 'detached', timeout: 2000 })
    .catch(() => undefined);
  const width = page.viewportSize()?.width ?? 0;
  await reviewShot(page, `s7-${name}-${width}.png`);
  await shot(page, `s7-${name}`);
}

/** Asha Verma's details in the registration form, all but the email, the identity numbers and the bank. */
async function fillPersonalDetails(page: Page) {
  await page.getByLabel('First Name').fill('Asha');
  await page.getByLabel('Last Name').fill('Verma');
  await page.getByLabel('Mobile Number').fill('9876543210');
  await page.getByLabel('Nominee Name').fill('Ravi Verma');
  await page.getByLabel('Password', { exact: true }).fill('secret-77');
  await page.getByLabel('Address', { exact: true }).fill('12 MG Road, Indiranagar');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('State').fill('Karnataka');
  await page.getByLabel('Pincode').fill('560038');
  // The Direct Seller Agreement in force (issue 32).
  await page.getByLabel(/I have read and accept the Direct Seller Agreement/).check();
}

describe.each(SIZES)('S7 referral registration at $name width', (size) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await openPage(browser, size));
  });
  afterAll(() => context?.close());

  it('invalid and missing links: Invalid Link, the missing variant returns to / after 2 s', async () => {
    await page.goto(`${t.url}/referral-register?ref=not-a-real-token`);
    await page.getByRole('heading', { name: 'Invalid Link' }).waitFor();
    await page.getByText(MSG.referralInvalid).waitFor();
    await page.getByRole('link', { name: 'Return to Homepage' }).waitFor();
    await snap(page, 'invalid');

    const started = Date.now();
    await page.goto(`${t.url}/recruit`);
    await page.getByText('This referral link is invalid or expired.').waitFor();
    await expectPath(page, '/');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });

  it('fills the form, enforces the file rules, retries a broken file, submits and leaves a pending user', async () => {
    const email = uniqueEmail('asha');
    const token = await referralToken(email);
    const member = (await userByEmail(t, t.demo.member.email))!;

    await page.goto(`${t.url}/referral-register?ref=${token}`);
    await page
      .getByText('Validating referral link...')
      .or(page.getByRole('heading', { name: 'Join the Network' }))
      .first()
      .waitFor();
    await page.getByRole('heading', { name: 'Join the Network' }).waitFor();
    const sponsor = page.getByRole('region', { name: 'Sponsor Information' });
    await sponsor.getByText(member.userId, { exact: true }).waitFor();
    await sponsor.getByText('Left', { exact: true }).waitFor();
    for (const section of ['Personal Information', 'Address Details', 'KYC Details', 'Bank Details', 'Document Upload']) {
      await page.getByRole('heading', { name: new RegExp(`^${section}`) }).waitFor();
    }
    // The link was issued for this email: it is filled in.
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(await page.locator('input[type=hidden][name=packageAmount]').inputValue()).toBe('5000');
    await snap(page, 'empty');

    // Validation messages of doc 1 §5.
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Mobile Number').fill('12345');
    await page.getByLabel('Address', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    for (const message of [
      MSG.firstNameRequired,
      MSG.lastNameRequired,
      MSG.validEmailRequired,
      MSG.mobileRequired,
      MSG.nomineeRequired,
      MSG.passwordMin,
      MSG.addressRequired,
      MSG.cityRequired,
      MSG.stateRequired,
      MSG.pincodeRequired,
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await snap(page, 'errors');

    await fillPersonalDetails(page);
    await page.getByLabel('Email').fill(email);
    // Upper-cased as typed.
    // One account per PAN: each width registers its own.
    const pan = size.name === 'desktop' ? ID.pan : ID.otherPan;
    await page.getByLabel('PAN Number').pressSequentially(pan.toLowerCase());
    expect(await page.getByLabel('PAN Number').inputValue()).toBe(pan);
    await page.getByLabel('Aadhaar Number').fill(ID.otherAadhaar);
    await page.getByLabel('Account Holder Name').pressSequentially('asha verma');
    await page.getByLabel('Bank Account Number').pressSequentially(ID.account6);
    await page.getByLabel('IFSC Code').pressSequentially('sbin0001234');
    await page.getByLabel('Bank Name').pressSequentially('state bank of india');
    expect(await page.getByLabel('IFSC Code').inputValue()).toBe('SBIN0001234');
    expect(await page.getByLabel('Account Holder Name').inputValue()).toBe('ASHA VERMA');

    // Documents: a PDF passes through, a wide PNG is compressed.
    await picker(page, 'PAN Card').setInputFiles(file('pan.pdf', 'application/pdf', PDF));
    await picker(page, 'Aadhaar Front').setInputFiles(file('aadhaar-front.png', 'image/png', png(2400, 60)));
    await page.getByText('pan.pdf').waitFor();
    await page.locator('[data-status=done]').nth(1).waitFor();

    // The same file name for a second document type is refused.
    await picker(page, 'Aadhaar Back').setInputFiles(file('aadhaar-front.png', 'image/png', png(40, 30)));
    await expectToast(page, 'Duplicate File', /same file cannot be used for two document types/);
    await page
      .getByText(/"aadhaar-front\.png" is already selected for Aadhaar Front/)
      .first()
      .waitFor();
    await picker(page, 'Aadhaar Back').setInputFiles(file('aadhaar-back.png', 'image/png', png(40, 30, [16, 185, 129])));

    // The photo must be an image; every file is under 10 MB.
    await picker(page, 'Profile Photo').setInputFiles(file('photo.pdf', 'application/pdf', PDF));
    await expectToast(page, 'Invalid File', MSG.photoNotPdf);
    await picker(page, 'Profile Photo').setInputFiles(file('huge.png', 'image/png', Buffer.alloc(REFERRAL_DOC_MAX_BYTES + 1)));
    await expectToast(page, 'Invalid File', 'Profile Photo file size must be less than 10MB');

    // A file that cannot be processed: automatic retries, submit blocked, then Max retries.
    await picker(page, 'Bank/Cancelled Cheque').setInputFiles(file('cheque.png', 'image/png', Buffer.from('not really a png')));
    await expectToast(page, 'Processing Failed', /retry 1 of 3/);
    const blocked = page.getByRole('button', { name: 'Complete Registration (Resolving Upload Issues...)' });
    await blocked.waitFor();
    await blocked.click({ force: true }); // aria-disabled: a real click still reaches it and is refused with a toast
    await expectToast(page, 'Upload Issues');
    await page.getByText('Max retries reached. Please try again.').waitFor({ timeout: 15_000 });
    await expectToast(page, 'File Processing Error', 'Failed to process the selected file. Please try again.');
    await page.getByRole('button', { name: 'Retry Bank/Cancelled Cheque' }).waitFor();
    await page.getByText('1 document failed to upload').waitFor();
    await snap(page, 'file-failed');
    await page.getByRole('button', { name: 'Remove Bank/Cancelled Cheque' }).click();
    await picker(page, 'Bank/Cancelled Cheque').setInputFiles(file('cheque.png', 'image/png', png(300, 120, [245, 158, 11])));
    await picker(page, 'Profile Photo').setInputFiles(file('photo.png', 'image/png', png(200, 240, [236, 72, 153])));

    await page.getByText('5 documents will be included with your registration.').waitFor();
    expect(await page.locator('[data-status=done]').count()).toBe(5);
    await snap(page, 'files');

    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/referral/complete-registration'));
    await page.getByRole('button', { name: 'Complete Registration', exact: true }).click();
    // The documents go as files of a form the server reads as a stream (issue 13), not as data URLs in JSON.
    expect((await sent).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    await page.getByRole('heading', { name: 'Registration Submitted!' }).waitFor();
    await page.getByText(MSG.referralSubmitted).waitFor();
    await page.getByText('Complete your KYC within 7 days of approval.').waitFor();
    await page.getByRole('link', { name: 'Return to Homepage' }).waitFor();
    await snap(page, 'success');

    // The server holds a pending user with the upper-cased fields and the five documents.
    const user = (await userByEmail(t, email))!;
    expect(user).toMatchObject({
      status: 'pending',
      firstName: 'Asha',
      panNumber: size.name === 'desktop' ? ID.pan : ID.otherPan,
      bankIFSC: 'SBIN0001234',
      bankName: 'STATE BANK OF INDIA',
      sponsorId: member.id,
    });
    const docs = await listUserDocuments(t.runtime.ctx.db, user.id);
    const byType = Object.fromEntries(docs.map((d) => [d.documentType, d]));
    expect(Object.keys(byType).sort()).toEqual(['aadhaar_back', 'aadhaar_front', 'bank_cancelled_cheque', 'pan', 'photo']);
    expect(byType.pan.documentContentType).toBe('application/pdf');
    expect(byType.photo.documentContentType).toBe('image/jpeg');
    const front = await findDocumentWithBlob(t.runtime.ctx.db, byType.aadhaar_front.id);
    expect(jpegSize(Buffer.from(front!.content))).toEqual({ width: 1920, height: 48 });

    // The same email through another link: Email Already Registered.
    const again = await referralToken(email);
    await page.goto(`${t.url}/referral-register?ref=${again}`);
    await page.getByRole('heading', { name: 'Join the Network' }).waitFor();
    await fillPersonalDetails(page);
    await page.getByRole('button', { name: 'Complete Registration', exact: true }).click();
    await expectToast(page, 'Email Already Registered', /Please use a different email address or try logging in instead/);
  });

  it('has no serious accessibility findings: empty form, errors, a failed file', async () => {
    // axe is injected as a script: the page's CSP would refuse it, so this context bypasses CSP.
    const axeContext = await browser.newContext({ viewport: { width: size.width, height: size.height }, bypassCSP: true });
    const axePage = await axeContext.newPage();
    const found: Record<string, string[]> = {};
    await axePage.goto(`${t.url}/referral-register?ref=${await referralToken(uniqueEmail('axe'))}`);
    await axePage.getByRole('heading', { name: 'Join the Network' }).waitFor();
    found.empty = await seriousViolations(axePage);
    await axePage.getByRole('button', { name: 'Complete Registration' }).click();
    await axePage.getByText(MSG.firstNameRequired).waitFor();
    await picker(axePage, 'PAN Card').setInputFiles(file('pan.png', 'image/png', Buffer.from('broken')));
    await axePage.getByRole('button', { name: 'Retry PAN Card' }).waitFor();
    await axePage.waitForTimeout(700); // the toast's entrance animation over
    found.errors = await seriousViolations(axePage);
    await axeContext.close();
    expect(found).toEqual({ empty: [], errors: [] });
  });
});
