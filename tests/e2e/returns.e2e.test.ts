import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { RETURN_MSG } from '../../contracts/returns';
import type { TestApp } from '../support/test-app';
import { uniqueEmail } from '../support/http';
import { codeFor } from '../support/authenticator';
import { browserAppWithAdmin, SIZES, expectPath, expectToast, openPage, picture, seriousViolations, signIn, visibleRecord } from './support/browser';
import { shortId } from '../../web/lib/format';

/**
 * Issue 32: returns in the browser. A member returns part of an order and, once an admin approved it, took the goods
 * back and refunded it, downloads the credit note; at desktop and phone width.
 */
let t: TestApp;
let browser: Browser;
let admin: string;

const PASSWORD = 'Return#12345';
const FAN = 'BreezeLine BLDC Ceiling Fan';

browserAppWithAdmin((app) => ({ t, browser, admin } = app), { config: { sendFundAdminDailyLimit: '1000000.00', sendFundMemberDailyLimit: '1000000.00' } });

/** A member who bought 3 fans with the wallet, delivered: the order's id. */
async function buyer(tag: string): Promise<{ email: string; orderId: string }> {
  const email = uniqueEmail(`returns-${tag}`);
  const user = await t.createUser({ email, password: PASSWORD, firstName: 'Kavya', lastName: 'Menon' });
  const fund = await t.api('POST', '/api/admin/send-fund', { cookie: admin, body: { userId: user.userId, option: 'Credit', amount: '20000', remarks: 'Opening balance' } });
  expect(fund.status, JSON.stringify(fund.body)).toBe(200);
  const cookie = await t.login(email, PASSWORD);
  const products = (await t.api('GET', '/api/products', { cookie })).body as { id: string; name: string }[];
  const bought = await t.api('POST', '/api/purchases', {
    cookie,
    headers: { 'idempotency-key': `returns-${tag}` },
    body: {
      productId: products.find((p) => p.name === FAN)!.id,
      quantity: 3,
      paymentMethod: 'wallet',
      deliveryAddress: '4 MG Road, Indiranagar, Bengaluru',
      deliveryState: 'Karnataka',
      deliveryPincode: '560038',
    },
  });
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  const orderId = (bought.body.purchase as { id: string }).id;
  await t.settle();
  const delivered = await t.api('PATCH', `/api/admin/purchases/${orderId}`, { cookie: admin, body: { deliveryStatus: 'delivered' } });
  expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
  return { email, orderId };
}

/** A step-up route may ask for the code again (the second factor's window): typed as the admin's app shows it. */
async function answerStepUpIfAsked(page: Page, done: Promise<unknown>) {
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  const asked = await Promise.race([stepUp.waitFor().then(() => true), done.then(() => false)]);
  if (!asked) return;
  await stepUp.getByLabel('Authentication code').fill(codeFor(t.demo.admin.email));
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await done;
}

describe.each(SIZES)('returns at $name width', (size) => {
  it('a member returns part of an order and downloads the credit note; an admin approves, receives and refunds', async () => {
    const { email, orderId } = await buyer(size.name);
    const member = await openPage(browser, size, { acceptDownloads: true });
    const adminPage = await openPage(browser, size);
    const errors: string[] = [];
    for (const p of [member.page, adminPage.page]) p.on('pageerror', (e) => errors.push(e.message));
    try {
      // The member: Return on the order, one of three, the refund shown as the quantity is chosen.
      const page = member.page;
      await signIn(page, t.url, email, PASSWORD);
      await page.goto(`${t.url}/my-purchases`);
      const order = visibleRecord(page, 'data-order-id', orderId);
      await order.getByRole('button', { name: `Return order ${shortId(orderId)}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Return this order' });
      await dialog.getByLabel('Quantity to return').fill('4');
      await dialog.getByLabel('Reason').selectOption('defective');
      await dialog.getByRole('button', { name: 'Request return' }).click();
      await dialog.getByText(RETURN_MSG.tooMany(3)).waitFor();
      await dialog.getByLabel('Quantity to return').fill('1');
      const unit = (await dialog.getByText(/per unit/).innerText()).split(' per unit')[0];
      expect(await dialog.getByTestId('return-refund').innerText()).toBe(unit);
      await dialog.getByLabel('Note').fill('The fan hums loudly at every speed.');
      await picture(page, 'returns-member-dialog', { fullPage: false });
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Request return' }).click();
      await expectToast(page, 'Return requested', RETURN_MSG.created);
      await dialog.waitFor({ state: 'detached' });

      const mine = await t.api('GET', '/api/returns', { cookie: await t.login(email, PASSWORD) });
      const ret = (mine.body.items as { id: string; number: string; orderId?: string }[])[0];
      expect(ret.number).toMatch(/^RET\//);

      await page
        .getByRole('navigation', { name: 'Orders and returns' })
        .getByRole('link', { name: /Returns/ })
        .click();
      await visibleRecord(page, 'data-return-id', ret.id).waitFor();
      await picture(page, 'returns-member-list');
      expect(await seriousViolations(page)).toEqual([]);

      // The admin: the return in the list, opened, approved, received and refunded to the wallet.
      const ap = adminPage.page;
      await signIn(ap, t.url, t.demo.admin.email, t.demo.admin.password);
      await expectPath(ap, '/admin');
      await ap.goto(`${t.url}/admin?section=returns`);
      await ap.getByRole('heading', { level: 1, name: 'Returns' }).waitFor();
      await picture(ap, 'returns-admin-list');
      expect(await seriousViolations(ap)).toEqual([]);
      await visibleRecord(ap, 'data-return-id', ret.id)
        .getByRole('button', { name: `Review return ${ret.number}` })
        .click();
      const opened = ap.getByRole('dialog', { name: `Return ${ret.number}` });
      await opened.getByRole('button', { name: 'Approve' }).click();
      await picture(ap, 'returns-admin-approve', { fullPage: false });
      await ap
        .getByRole('dialog', { name: `Approve ${ret.number}?` })
        .getByRole('button', { name: 'Approve return' })
        .click();
      await expectToast(ap, 'Success');
      await opened.getByRole('button', { name: 'Mark received' }).click();
      await ap
        .getByRole('dialog', { name: `Goods of ${ret.number} received?` })
        .getByRole('button', { name: 'Mark received' })
        .click();
      await expectToast(ap, 'Success');
      await opened.getByRole('button', { name: 'Refund' }).click();
      const refund = ap.getByRole('dialog', { name: `Refund ${ret.number}` });
      await picture(ap, 'returns-admin-refund', { fullPage: false });
      const answered = ap.waitForResponse((r) => r.url().endsWith(`/api/admin/returns/${ret.id}/refund`) && r.status() === 200);
      await refund.getByRole('button', { name: /^Refund ₹/ }).click();
      await answerStepUpIfAsked(ap, answered);
      await expectToast(ap, 'Success');
      await opened.getByRole('button', { name: 'Download credit note' }).waitFor();
      await opened.getByText('Refunded, credit note issued').waitFor();
      await picture(ap, 'returns-admin-refunded', { fullPage: false });
      expect(await seriousViolations(ap)).toEqual([]);

      // The member: the return at its own address (a reload), refunded, and its credit note.
      await page.goto(`${t.url}/my-purchases?tab=returns&id=${ret.id}`);
      const mineOpen = page.getByRole('dialog', { name: `Return ${ret.number}` });
      await mineOpen.getByText('Refunded, credit note issued').waitFor();
      await picture(page, 'returns-member-refunded', { fullPage: false });
      expect(await seriousViolations(page)).toEqual([]);
      const [download] = await Promise.all([page.waitForEvent('download'), mineOpen.getByRole('button', { name: /^Download credit note/ }).click()]);
      expect(download.suggestedFilename()).toMatch(/^CN-/);

      // Shown in the report.
      await ap.goto(`${t.url}/admin?section=returns&tab=report`);
      await ap.getByRole('heading', { name: 'By product' }).waitFor();
      await picture(ap, 'returns-admin-report');
      expect(await seriousViolations(ap)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await member.context.close();
      await adminPage.context.close();
    }
  }, 180_000);
});
