import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { WALLET_MSG, type AdminWithdrawal, type FundHistoryRecord, type Page as ListPage } from '../../contracts/wallet';
import { COMMERCE_MSG, type AdminProductView, type AdminPurchaseView, type ProductView } from '../../contracts/commerce';
import type { TestApp } from '../support/test-app';
import { uniqueEmail } from '../support/http';
import { verifyKyc } from '../support/money';
import {
  SIZES,
  expectPath,
  expectToast,
  pagePerTest,
  picture as settledPicture,
  seriousViolations,
  signIn,
  startBrowserApp,
  stopBrowserApp,
  toasts,
  type Size,
  openAdminSection,
  visibleRecord,
} from './support/browser';
import { ID } from '../support/identity';
import { shortId } from '../../web/lib/format';

let t: TestApp;
let browser: Browser;

beforeAll(async () => ({ t, browser } = await startBrowserApp()));
afterAll(() => stopBrowserApp(t, browser));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** artifacts/screens like the other suites, and artifacts/shots/admin-money-<name>-<width>.png for review. */
const picture = (page: Page, name: string, fullPage = true) => settledPicture(page, `admin-money-${name}`, { fullPage });

const adminCookie = () => t.login(t.demo.admin.email, t.demo.admin.password);

/**
 * A member with complete bank details on the profile and KYC approved through the API, so that the account is
 * verified by its cancelled cheque (Withdraw Personally INR needs both, issue 13).
 */
async function memberWithBank(firstName: string, lastName: string, bank = true) {
  const email = uniqueEmail('money');
  const user = await t.createUser({
    email,
    password: 'Money#1234',
    firstName,
    lastName,
    ...(bank ? { bankAccountNumber: ID.account, bankIFSC: 'HDFC0001234', bankName: 'HDFC Bank', bankAccountHolderName: `${firstName} ${lastName}` } : {}),
  });
  await verifyKyc(t, await t.login(email, 'Money#1234'), await adminCookie());
  return user;
}

async function withdrawalsOf(cookie: string, list: 'pending' | 'approved' | 'rejected', userDisplayId: string) {
  const r = await t.api('GET', `/api/admin/${list}-withdrawals`, { cookie });
  expect(r.status).toBe(200);
  return (r.body as AdminWithdrawal[]).filter((w) => w.userDisplayId === userDisplayId);
}

const open = (page: Page, section: string, heading: string) => openAdminSection(page, t.url, section, heading);

describe.each(SIZES)('admin money and commerce at $name width', (size: Size) => {
  let page: Page;
  const tag = size.name === 'phone' ? 'Phone' : 'Desk';
  const keys: string[] = [];
  const pages = pagePerTest(() => browser, size, { bypassCSP: true });

  beforeAll(async () => {
    ({ page } = await pages.open());
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/api\/admin\/(send-fund|withdraw-personally|approve-withdrawal|reject-withdrawal|reactivate-withdrawal)/.test(r.url())) {
        keys.push(r.headers()['idempotency-key'] ?? '');
      }
    });
    await signIn(page, t.url, t.demo.admin.email, t.demo.admin.password);
    await expectPath(page, '/admin');
  });

  it('sidebar groups; the legacy withdrawals section points to Pending Withdraw Requests', async () => {
    if (size.name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await nav.getByRole('link', { name: 'Send Fund', exact: true }).waitFor();
    const labels = await nav.locator('p').allTextContents();
    const at = (g: string) => labels.findIndex((l) => l.trim() === g);
    expect(at('KYC Details')).toBeGreaterThanOrEqual(0);
    expect(at('Withdraw Management')).toBeGreaterThan(at('KYC Details'));
    expect(at('Fund Management')).toBe(at('Withdraw Management') + 1);
    expect(at('Products & Orders')).toBe(at('Fund Management') + 1);
    for (const name of [
      'Pending Withdraw Requests',
      'Approved Withdraw Requests',
      'Rejected Withdraw Requests',
      'Withdraw Personally',
      'Send Fund',
      'Fund History',
      'Wallet Balances',
      'Products',
      'Orders',
    ]) {
      await nav.getByRole('link', { name, exact: true }).waitFor();
    }
    if (size.name === 'phone') await picture(page, 'sidebar', false);
    if (size.name === 'phone') await page.keyboard.press('Escape');

    await page.goto(`${t.url}/admin?section=withdrawals`);
    await page.getByRole('heading', { level: 1, name: 'This page has moved' }).waitFor();
    await page.getByRole('link', { name: /Open Pending Withdraw Requests/ }).click();
    await page.waitForURL((u) => u.searchParams.get('section') === 'withdrawals-pending');
    await page.getByRole('heading', { level: 1, name: 'Pending Withdraw Requests' }).waitFor();
  });

  it('empty states of the withdrawal lists and the fund history', async () => {
    const cookie = await adminCookie();
    const empties: Array<[string, string, string, string]> = [
      ['pending', 'withdrawals-pending', 'Pending Withdraw Requests', 'No pending withdrawals'],
      ['approved', 'withdrawals-approved', 'Approved Withdraw Requests', 'No approved withdrawals'],
      ['rejected', 'withdrawals-rejected', 'Rejected Withdraw Requests', 'No rejected withdrawals'],
    ];
    for (const [list, section, heading, empty] of empties) {
      const r = await t.api('GET', `/api/admin/${list}-withdrawals`, { cookie });
      if ((r.body as unknown[]).length) continue; // the second width runs after the first one filled them
      await open(page, section, heading);
      await page.getByText(empty, { exact: true }).waitFor();
      await picture(page, `${list}-empty`);
    }
    await open(page, 'fund-history', 'Fund History');
    await page.getByLabel('Member').fill(`nobody-${tag}`);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('No transactions found', { exact: true }).waitFor();
  });

  it('A12 Send Fund: validation toasts, credit, debit, a debit above the balance refused; Fund History and Wallet Balances show it', async () => {
    const member = await memberWithBank('Meera', `Desai ${tag}`);
    await open(page, 'send-fund', 'Send Fund');
    const form = page.getByRole('form', { name: 'Send Fund' });
    const submit = form.getByRole('button', { name: /Credit Wallet|Debit Wallet/ });

    // doc 2 §5: each missing field is named in a toast titled 'Validation Error'.
    await submit.click();
    await expectToast(page, 'Validation Error', WALLET_MSG.userIdRequired);
    await form.getByLabel('User ID').fill(member.userId.toLowerCase());
    await form.getByLabel('Amount').fill('0');
    await submit.click();
    await expectToast(page, 'Validation Error', WALLET_MSG.validAmount);
    await form.getByLabel('Amount').fill('5000');
    await form.getByLabel('Remarks').fill('   ');
    await submit.click();
    await expectToast(page, 'Validation Error', WALLET_MSG.remarksRequired);
    expect(keys.length, 'nothing was sent while the form was invalid').toBe(0);
    expect(await form.getByLabel('Amount').getAttribute('step')).toBe('0.01');
    await form.getByText('₹', { exact: true }).waitFor();

    // Credit (the lower-case User ID is accepted).
    await form.getByLabel('Remarks').fill(`Opening balance ${tag}`);
    expect(await form.getByRole('radio', { name: /^Credit/ }).isChecked()).toBe(true);
    await picture(page, 'send-fund-filled');
    expect(await seriousViolations(page)).toEqual([]);
    await submit.click();
    await expectToast(page, 'Success', WALLET_MSG.fundCredited);
    const last = page.getByRole('complementary', { name: 'Last transaction' });
    await last.getByText('₹5,000.00').first().waitFor();
    expect(await form.getByLabel('User ID').inputValue()).toBe('');

    // Debit 1,250.50.
    await form.getByLabel('User ID').fill(member.userId);
    await form.getByRole('radio', { name: /^Debit/ }).check();
    await form.getByLabel('Amount').fill('1250.50');
    await form.getByLabel('Remarks').fill(`Correction ${tag}`);
    await form.getByRole('button', { name: 'Debit Wallet' }).click();
    await expectToast(page, 'Success', WALLET_MSG.fundDebited);
    await last.getByText('₹3,749.50').waitFor();

    // More than the balance: the server's message, nothing moves.
    await form.getByLabel('User ID').fill(member.userId);
    await form.getByRole('radio', { name: /^Debit/ }).check();
    await form.getByLabel('Amount').fill('999999');
    await form.getByLabel('Remarks').fill(`Too much ${tag}`);
    await form.getByRole('button', { name: 'Debit Wallet' }).click();
    await expectToast(page, 'Error', WALLET_MSG.insufficientBalance);
    await picture(page, 'send-fund-result');

    // An unknown member.
    await form.getByLabel('User ID').fill('MB0000000');
    await form.getByLabel('Amount').fill('10');
    await form.getByRole('button', { name: 'Debit Wallet' }).click();
    await expectToast(page, 'Error', WALLET_MSG.userNotFound);
    await form.getByText(WALLET_MSG.userNotFound).waitFor();

    // One fresh UUID per submission.
    expect(keys.length).toBe(4);
    expect(keys.every((k) => UUID.test(k))).toBe(true);
    expect(new Set(keys).size).toBe(4);
    const cookie = await adminCookie();
    const hist = await t.api('GET', `/api/admin/fund-history?search=${member.userId}`, { cookie });
    expect((hist.body as ListPage<FundHistoryRecord>).items.map((r) => r.amount)).toEqual(['-1250.50', '5000.00']);

    // Fund History: en-IN dates, the debit in red with a minus sign, balances before and after.
    await open(page, 'fund-history', 'Fund History');
    await page.getByLabel('Member').fill(member.userId);
    await page.getByLabel('Type').selectOption('admin_debit');
    await page.getByRole('button', { name: 'Apply' }).click();
    const debit = page.locator('[data-transaction-id]:visible');
    await expect.poll(() => debit.count()).toBe(1);
    const minus = debit.getByText('-₹1,250.50', { exact: true });
    await minus.waitFor();
    expect(await minus.getAttribute('class')).toContain('text-red-600');
    await debit.getByText(`Correction ${tag}`).waitFor();
    await debit.getByText('₹5,000.00').waitFor();
    await debit.getByText('₹3,749.50').waitFor();
    const date = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric' }).format(new Date());
    await debit.getByText(new RegExp(date)).waitFor();
    await page.getByLabel('Type').selectOption('');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.locator('[data-transaction-id]:visible').count()).toBe(2);
    await page.locator('[data-transaction-id]:visible').getByText('+₹5,000.00', { exact: true }).waitFor();
    await picture(page, 'fund-history');
    expect(await seriousViolations(page)).toEqual([]);

    // Wallet Balances, and its Send Fund shortcut fills the User ID.
    await open(page, 'wallet-balances', 'Wallet Balances');
    await page.getByLabel('Member').fill(member.userId);
    await page.getByRole('button', { name: 'Search' }).click();
    const wallet = visibleRecord(page, 'data-user-id', member.userId);
    await wallet.getByText('₹3,749.50').waitFor();
    await picture(page, 'wallet-balances');
    expect(await seriousViolations(page)).toEqual([]);
    await wallet.getByRole('link', { name: /Send fund to/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Send Fund' }).waitFor();
    expect(await page.getByLabel('User ID').inputValue()).toBe(member.userId);
  });

  it('A11 Withdraw Personally; A10 approve with the confirm sentence, reject with a reason, Reconsider', async () => {
    keys.length = 0;
    const cookie = await adminCookie();
    // The second admin credits the members and makes the withdrawal this admin approves: an admin never approves a
    // withdrawal of a member they credited, nor one they made (issue 29, chain of custody).
    const cookie2 = await t.login(t.demo.admin2.email, t.demo.admin2.password);
    const member = await memberWithBank('Kiran', `Rao ${tag}`);
    const noBank = await memberWithBank('Sunil', `Joshi ${tag}`, false);
    for (const m of [member, noBank]) {
      const r = await t.api('POST', '/api/admin/send-fund', { cookie: cookie2, body: { userId: m.userId, option: 'Credit', amount: '10000', remarks: 'Opening balance' } });
      expect(r.status).toBe(200);
    }

    await open(page, 'withdraw-personally', 'Withdraw Personally');
    const form = page.getByRole('form', { name: 'Create Withdrawal Request' });
    const submit = form.getByRole('button', { name: 'Create Withdrawal Request' });
    await submit.click();
    await expectToast(page, 'Validation Error', WALLET_MSG.userIdRequired);
    await form.getByLabel('User ID').fill(member.userId);
    await form.getByLabel('Amount').fill('');
    await submit.click();
    await expectToast(page, 'Validation Error', WALLET_MSG.validAmount);
    await form.getByLabel('Amount').fill('-5');
    await submit.click();
    await expectToast(page, 'Validation Error', WALLET_MSG.validAmount);
    await form.getByLabel('Amount').fill('1500');
    await submit.click();
    await expectToast(page, 'Validation Error', WALLET_MSG.remarksRequired);
    expect(await form.getByLabel('Amount').getAttribute('min')).toBe('0');
    expect(await form.getByRole('radio', { name: /^INR/ }).isChecked()).toBe(true);
    await form.getByRole('radio', { name: /^USD/ }).waitFor();
    await form.getByLabel('Remarks').fill(`Requested by phone ${tag}`);
    await picture(page, 'withdraw-personally');
    expect(await seriousViolations(page)).toEqual([]);
    await submit.click();
    await expectToast(page, 'Success', WALLET_MSG.withdrawalCreated);
    await page.getByRole('complementary', { name: 'Last request' }).getByText('₹1,500.00').waitFor();

    // No bank details on the profile: the server says so.
    await form.getByLabel('User ID').fill(noBank.userId);
    await form.getByLabel('Amount').fill('700');
    await form.getByLabel('Remarks').fill('Will fail');
    await submit.click();
    await expectToast(page, 'Error', WALLET_MSG.adminWithdrawalNoBank);
    await picture(page, 'withdraw-personally-result');

    const [created] = await withdrawalsOf(cookie, 'pending', member.userId);
    expect(created.amount).toBe('1500.00');
    expect(created.createdByAdmin).toBe(true);

    // Approve: the doc's sentence, notes defaulting to 'Approved by admin', a payout reference. The request approved is
    // the second admin's; the one made here is rejected and reconsidered below.
    const second = await t.api('POST', '/api/admin/withdraw-personally', {
      cookie: cookie2,
      headers: { 'idempotency-key': `e2e-${tag}-second` },
      body: { userId: member.userId, withdrawalType: 'INR', amount: '2000', remarks: 'Second request' },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const toApprove = second.body.withdrawal as { id: string };
    await page.getByRole('link', { name: /Open Pending Withdraw Requests/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Pending Withdraw Requests' }).waitFor();
    const row = visibleRecord(page, 'data-withdrawal-id', toApprove.id);
    await row.getByText(`Kiran Rao ${tag}`, { exact: true }).waitFor();
    await row.getByText(member.userId).waitFor();
    await row.getByText(member.email).waitFor();
    await row.getByText('Bank Transfer').waitFor();
    await row.getByText('Admin created').waitFor();
    await row.getByText('₹2,000.00').waitFor();
    await row.getByText(/HDFC Bank/).waitFor();
    await picture(page, 'pending');
    expect(await seriousViolations(page)).toEqual([]);
    await row.getByRole('button', { name: /^Approve the withdrawal of/ }).click();
    let dialog = page.getByRole('dialog', { name: 'Approve Withdrawal' });
    await dialog.getByText('Are you sure you want to approve this withdrawal request?').waitFor();
    expect(await dialog.getByLabel(/Admin notes/).getAttribute('placeholder')).toBe('Approved by admin');
    await dialog.getByLabel(/Payout reference/).fill(`UTR${tag}778899`);
    await picture(page, 'approve-dialog', false);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expectToast(page, 'Success', WALLET_MSG.withdrawalApproved);
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    const [approved] = await withdrawalsOf(cookie, 'approved', member.userId);
    expect(approved.adminNotes).toBe('Approved by admin');
    expect(approved.transactionId).toBe(`UTR${tag}778899`);

    await page
      .getByRole('navigation', { name: 'Withdraw requests' })
      .getByRole('link', { name: /Approved/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Approved Withdraw Requests' }).waitFor();
    const done = visibleRecord(page, 'data-withdrawal-id', toApprove.id);
    await done.getByText(`UTR${tag}778899`).waitFor();
    expect(await done.getByRole('button', { name: /^Approve the withdrawal of/ }).isDisabled()).toBe(true);
    expect(await done.getByRole('button', { name: /^Reject the withdrawal of/ }).isDisabled()).toBe(true);
    await picture(page, 'approved');

    // Reject (the request made here): disabled while the reason is empty; the amount comes back; then Reconsider.
    const id = created.id;
    await open(page, 'withdrawals-pending', 'Pending Withdraw Requests');
    const pending = visibleRecord(page, 'data-withdrawal-id', id);
    await pending.getByRole('button', { name: /^Reject the withdrawal of/ }).click();
    dialog = page.getByRole('dialog', { name: 'Reject Withdrawal' });
    const reject = dialog.getByRole('button', { name: 'Reject', exact: true });
    expect(await reject.isDisabled()).toBe(true);
    await dialog.getByLabel('Reason for rejection').fill('   ');
    expect(await reject.isDisabled()).toBe(true);
    await dialog.getByText(WALLET_MSG.rejectReasonRequired).waitFor();
    await dialog.getByLabel('Reason for rejection').fill(`Account name mismatch ${tag}`);
    await picture(page, 'reject-dialog', false);
    expect(await seriousViolations(page)).toEqual([]);
    await reject.click();
    await expectToast(page, 'Success', WALLET_MSG.withdrawalRejected);
    await pending.waitFor({ state: 'detached' });
    const wallet = async () => {
      const r = await t.api('GET', `/api/admin/wallet-balances?search=${member.userId}`, { cookie });
      return (r.body as ListPage<{ balance: string }>).items[0].balance;
    };
    expect(await wallet()).toBe('8000.00');

    await open(page, 'withdrawals-rejected', 'Rejected Withdraw Requests');
    const rejected = visibleRecord(page, 'data-withdrawal-id', id);
    await rejected.getByText(`Account name mismatch ${tag}`).waitFor();
    await picture(page, 'rejected');
    expect(await seriousViolations(page)).toEqual([]);
    await rejected.getByRole('button', { name: /^Reconsider the withdrawal of/ }).click();
    dialog = page.getByRole('dialog', { name: 'Reconsider Withdrawal' });
    await picture(page, 'reconsider-dialog', false);
    await dialog.getByRole('button', { name: 'Reconsider', exact: true }).click();
    await expectToast(page, 'Success', WALLET_MSG.withdrawalReactivated);
    await rejected.waitFor({ state: 'detached' });
    expect(await wallet()).toBe('6500.00');
    expect((await withdrawalsOf(cookie, 'pending', member.userId)).map((w) => w.id)).toEqual([id]);

    await open(page, 'withdrawals-pending', 'Pending Withdraw Requests');
    await visibleRecord(page, 'data-withdrawal-id', id).waitFor();
    // Every money POST carried its own key.
    expect(keys.length).toBe(5); // create, create refused, approve, reject, reconsider
    expect(keys.every((k) => UUID.test(k))).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('A15 Products: create (with validation), edit, deactivate and activate', async () => {
    const name = `SunBeam Solar Lamp ${tag}`;
    await open(page, 'products', 'Products');
    await page
      .getByText(/products with purchases|product with purchases/i)
      .first()
      .waitFor();
    await picture(page, 'products');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    const create = dialog.getByRole('button', { name: 'Create Product' });
    await create.click();
    await expectToast(page, 'Validation Error', COMMERCE_MSG.productNameRequired);
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Price (₹)').fill('0');
    await create.click();
    await expectToast(page, 'Validation Error', COMMERCE_MSG.priceInvalid);
    await dialog.getByLabel('Price (₹)').fill('2499');
    await dialog.getByLabel('BV').fill('250');
    await dialog.getByLabel('GST %').fill('12');
    await dialog.getByLabel('Description').fill('Portable solar lamp with a USB charging port.');
    await dialog.getByLabel('Category').selectOption('others');
    await dialog.getByRole('radio', { name: '2nd Purchase' }).check();
    await picture(page, 'product-dialog', false);
    expect(await seriousViolations(page)).toEqual([]);
    await create.click();
    await expectToast(page, 'Product created');
    await dialog.waitFor({ state: 'detached' });

    const cookie = await adminCookie();
    const product = ((await t.api('GET', '/api/admin/products', { cookie })).body as AdminProductView[]).find((p) => p.name === name)!;
    expect(product).toMatchObject({ price: '2499.00', bv: '250.00', gst: '12.00', category: 'others', purchaseType: 'second_purchase', isActive: true, purchaseCount: 0 });
    const row = visibleRecord(page, 'data-product-id', product.id);
    await row.getByText('₹2,499.00').waitFor();
    await row.getByText('12%').waitFor();

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Product' });
    expect(await edit.getByLabel('Price (₹)').inputValue()).toBe('2499.00');
    await edit.getByLabel('Price (₹)').fill('2599');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Product updated');
    await row.getByText('₹2,599.00').waitFor();

    await row.getByRole('button', { name: `Deactivate ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate Product' });
    await picture(page, 'product-deactivate', false);
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expectToast(page, 'Product deactivated');
    await row.getByText('Inactive', { exact: true }).waitFor();
    const member = await t.login(t.demo.member.email, t.demo.member.password);
    const catalog = async () => ((await t.api('GET', '/api/products', { cookie: member })).body as ProductView[]).some((p) => p.id === product.id);
    expect(await catalog()).toBe(false);
    await row.getByRole('button', { name: `Activate ${name}` }).click();
    await expectToast(page, 'Product activated');
    await row.getByText('Active', { exact: true }).waitFor();
    expect(await catalog()).toBe(true);
  });

  it('A15 Orders: a UPI purchase by the member is marked paid with delivery and tracking', async () => {
    const cookie = await adminCookie();
    const member = await t.login(t.demo.member.email, t.demo.member.password);
    const product = ((await t.api('GET', '/api/products', { cookie: member })).body as ProductView[]).find((p) => p.name.startsWith('BreezeLine BLDC'))!;
    const bought = await t.api('POST', '/api/purchases', {
      cookie: member,
      body: { productId: product.id, quantity: 2, paymentMethod: 'upi', deliveryAddress: `14 Lake View Road, Pune ${tag}`, deliveryState: 'Maharashtra', deliveryPincode: '411001' },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const orderId = (bought.body.purchase as { id: string }).id;

    await open(page, 'orders', 'Orders');
    await page.getByLabel('Payment status').selectOption('pending');
    const row = visibleRecord(page, 'data-order-id', orderId);
    await row.getByText(shortId(orderId)).waitFor();
    await row.getByText('UPI').waitFor();
    await row.getByText('Pending', { exact: true }).first().waitFor();
    await picture(page, 'orders');
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole('button', { name: /^Update order/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Order' });
    await dialog.getByText(`14 Lake View Road, Pune ${tag}`).waitFor();
    await dialog.getByRole('radio', { name: /^Mark paid/ }).check();
    await dialog.getByText(/BV goes to the member/).waitFor();
    expect(await dialog.getByLabel('Delivery status').locator('option[value="cancelled"]').count()).toBe(0);
    await dialog.getByLabel('Delivery status').selectOption('processing');
    await dialog.getByLabel(/Tracking ID/).fill(`TRK-${tag}-001`);
    await picture(page, 'order-dialog', false);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Update Order' }).click();
    await expectToast(page, 'Order updated');
    await dialog.waitFor({ state: 'detached' });

    const orders = (await t.api('GET', '/api/admin/purchases', { cookie })).body as ListPage<AdminPurchaseView>;
    const order = orders.items.find((o) => o.id === orderId)!;
    expect(order).toMatchObject({ paymentStatus: 'completed', deliveryStatus: 'processing', trackingId: `TRK-${tag}-001`, quantity: 2 });
    expect(order.bvCreditedAt).toBeTruthy();
    // The filter still says pending: the order has left it.
    await row.waitFor({ state: 'detached' });
    await page.getByLabel('Payment status').selectOption('completed');
    const paid = visibleRecord(page, 'data-order-id', orderId);
    await paid.getByText('Paid', { exact: true }).waitFor();
    await paid.getByText(`TRK-${tag}-001`).waitFor();
    await picture(page, 'orders-paid');
    expect(await toasts(page).count()).toBeGreaterThan(0);
  });
});
