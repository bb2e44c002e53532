import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app';
import { query, uniqueEmail } from './http';
import { ID } from './identity';

export const bank = { accountNumber: ID.account, ifsc: 'HDFC0001234', bankName: 'HDFC Bank', accountHolderName: 'Test Member' };

/** An active member with approved KYC, signed in, with `balance` rupees sent by the admin. */
export async function fundedMember(t: TestApp, adminCookie: string, balance: string, extra: Record<string, unknown> = {}) {
  const email = uniqueEmail('wallet');
  const user = await t.createUser({ email, password: 'Wallet#123', kycStatus: 'approved', ...extra });
  const cookie = await t.login(email, 'Wallet#123');
  if (balance !== '0') {
    const r = await t.api('POST', '/api/admin/send-fund', { cookie: adminCookie, body: { userId: user.userId, option: 'Credit', amount: balance, remarks: 'Opening balance' } });
    if (r.status === 202) {
      // Above the approval amount (issue 13): the second demo admin approves it.
      const second = await t.login(t.demo.admin2.email, t.demo.admin2.password);
      const ok = await t.api('POST', `/api/admin/fund-approvals/${r.body.approval.id}/approve`, { cookie: second });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    } else {
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
  }
  return { user, cookie };
}

/** Ledger invariants (decisions.md §6): each row continues the previous one, and the balance is their sum. */
export async function expectLedgerSound(t: TestApp, userId: string) {
  const rows = await query<{ amount: string; balance_before: string; balance_after: string }>(
    t, sql`select amount::text, balance_before::text, balance_after::text from transactions where user_id = ${userId}::uuid order by seq`,
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
