import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app';
import { b64, fakeJpeg, fakePng, query, uniqueEmail } from './http';
import { ID } from './identity';
import { KYC_DOCUMENT_TYPES } from '../../contracts/kyc';
import { findUserById } from './users';
import type { WalletPurchase } from '../../server/modules/commerce/commerce.repo';

/** The payout bank account of the members made here (their profile's, as registration sets it). */
export const bank = { accountNumber: ID.account, ifsc: 'HDFC0001234', bankName: 'HDFC Bank', accountHolderName: 'Test Member' };
export const bankProfile = { bankAccountNumber: bank.accountNumber, bankIFSC: bank.ifsc, bankName: bank.bankName, bankAccountHolderName: bank.accountHolderName };

/**
 * KYC as the platform does it: the member uploads the five documents (the cancelled cheque among them) and an admin
 * approves each. Afterwards KYC is approved and the profile's bank account verified (issue 13: withdrawals go only to
 * a bank account whose cheque or statement was approved). Answers the documents' ids by type.
 */
export async function verifyKyc(t: TestApp, memberCookie: string, adminCookie: string) {
  const ids: Record<string, string> = {};
  for (const type of KYC_DOCUMENT_TYPES) {
    const photo = type === 'photo';
    const up = await t.api('POST', '/api/kyc/upload', {
      cookie: memberCookie,
      body: {
        documentType: type,
        documentData: b64(photo ? fakePng(300) : fakeJpeg(300)),
        documentContentType: photo ? 'image/png' : 'image/jpeg',
        documentFilename: `${type}.${photo ? 'png' : 'jpg'}`,
      },
    });
    expect([200, 201], JSON.stringify(up.body)).toContain(up.status);
    const ok = await t.api('PATCH', `/api/admin/kyc/${up.body.id}`, { cookie: adminCookie, body: { status: 'approved' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    ids[type] = up.body.id;
  }
  return ids;
}

/**
 * An active member, signed in, with `balance` rupees sent by the admin: registered with the bank account `bank` (or
 * the one in `extra`), KYC approved through the API, so the account is verified and withdrawals to it go through.
 */
export async function fundedMember(t: TestApp, adminCookie: string, balance: string, extra: Record<string, unknown> = {}) {
  const email = uniqueEmail('wallet');
  const created = await t.createUser({ email, password: 'Wallet#123', ...bankProfile, ...extra });
  const cookie = await t.login(email, 'Wallet#123');
  await verifyKyc(t, cookie, adminCookie);
  const user = (await findUserById(t.runtime.ctx.db, created.id))!;
  expect(user.kycStatus).toBe('approved');
  if (balance !== '0') {
    const r = await t.api('POST', '/api/admin/send-fund', { cookie: adminCookie, body: { userId: user.userId, option: 'Credit', amount: balance, remarks: 'Opening balance' } });
    if (r.status === 202) {
      // Above the approval amount (issue 13): the second demo admin approves it.
      const second = await t.login(t.demo.admin2.email, t.demo.admin2.password);
      const ok = await t.api('POST', `/api/admin/approvals/${r.body.approval.id}/approve`, { cookie: second });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    } else {
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
  }
  return { user, cookie };
}

/** Ledger invariants (docs/spec/decisions.md §6): each row continues the previous one, and the balance is their sum. */
export async function expectLedgerSound(t: TestApp, userId: string) {
  const rows = await query<{ amount: string; balance_before: string; balance_after: string }>(
    t,
    sql`select amount::text, balance_before::text, balance_after::text from transactions where user_id = ${userId}::uuid order by seq`,
  );
  const cents = (v: string) => Math.round(Number(v) * 100);
  let at = '0.00';
  let sum = 0;
  for (const r of rows) {
    expect(r.balance_before, 'each row starts where the previous one ended').toBe(at);
    expect(cents(r.balance_after)).toBe(cents(r.balance_before) + cents(r.amount));
    expect(cents(r.balance_after)).toBeGreaterThanOrEqual(0);
    sum += cents(r.amount);
    at = r.balance_after;
  }
  const [w] = await query<{ balance: string }>(t, sql`select balance::text from wallet_balances where user_id = ${userId}::uuid`);
  expect(w.balance).toBe(at);
  expect(cents(w.balance)).toBe(sum);
  return w.balance;
}

/** One wallet purchase of a ₹100 product (50 BV, no GST) as commerce.repo takes it, for tests that call the statements directly. */
export function walletPurchaseOf(userId: string, product: { id: string; name: string }, now: Date): WalletPurchase {
  return {
    id: randomUUID(),
    userId,
    product: { id: product.id, price: '100.00', gst: '0.00', bv: '50.00' },
    quantity: 1,
    total: '100.00',
    totalBV: '50.00',
    deliveryAddress: '12 Residency Road, Camp, Pune',
    deliveryState: 'Maharashtra',
    deliveryPincode: '411001',
    description: `Purchase: ${product.name} x 1`,
    now,
    audit: { actorId: userId, actorRole: 'user', onBehalfOfId: null, ipAddress: null, userAgent: null, sessionId: null },
  };
}
