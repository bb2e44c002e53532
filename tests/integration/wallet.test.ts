import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { userByEmail, type TestApp } from '../support/test-app';
import { startWithDemoCookies, type DemoCookies } from '../support/start';
import { bearer, expectError, expectInvalid, query } from '../support/http';
import { bank, expectLedgerSound, fundedMember } from '../support/money';
import { WALLET_MSG, WITHDRAWAL_FIELD_MSG as FIELD } from '../../contracts/wallet';
import { notifications, users } from '../../server/db/schema/index';
import { ID } from '../support/identity';

let t: TestApp;
let c: DemoCookies;
beforeAll(async () => ({ t, c } = await startWithDemoCookies()));
afterAll(() => t?.close());

const fund = (body: Record<string, unknown>, cookie = c.admin) => t.api('POST', '/api/admin/send-fund', { cookie, body: { option: 'Credit', remarks: 'Bonus', ...body } });
const withdraw = (cookie: string, body: Record<string, unknown>) => t.api('POST', '/api/withdrawals', { cookie, body: { withdrawalType: 'bank', bankDetails: bank, ...body } });

describe('amounts', () => {
  it.each([
    ['negative', '-10'],
    ['zero', '0'],
    ['fractional paise', '10.005'],
    ['huge', '100000000'],
    ['non-numeric', 'ten'],
    ['empty', ''],
    ['exponent', '1e3'],
    ['NaN', 'NaN'],
  ])('refuses a %s amount everywhere, moving nothing', async (_name, amount) => {
    const m = await fundedMember(t, c.admin, '1000');
    const errs = [
      await fund({ userId: m.user.userId, amount }),
      await fund({ userId: m.user.userId, amount, option: 'Debit' }),
      await withdraw(m.cookie, { amount }),
      await t.api('POST', '/api/admin/withdraw-personally', { cookie: c.admin, body: { userId: m.user.userId, withdrawalType: 'INR', amount, remarks: 'x' } }),
    ];
    for (const e of errs) expectError(e, 400, { field: 'amount' });
    expect(errs[0].body.fieldErrors.amount[0]).toMatch(/valid amount|at most/);
    expect(await expectLedgerSound(t, m.user.id)).toBe('1000.00');
  });
});

describe('send fund (doc 2 §2.12, §5)', () => {
  it("credits and debits with the document's messages, never overdrawing, audited and notified", async () => {
    const m = await fundedMember(t, c.admin, '0');
    const credit = await fund({ userId: m.user.userId.toLowerCase(), amount: '250.50' });
    expect(credit.body).toMatchObject({ message: WALLET_MSG.fundCredited, balance: '250.50' });
    const debit = await fund({ userId: m.user.userId, amount: '50.50', option: 'debit' });
    expect(debit.body).toMatchObject({ message: WALLET_MSG.fundDebited, balance: '200.00' });
    expectError(await fund({ userId: m.user.userId, amount: '200.01', option: 'Debit' }), 400, { code: 'INSUFFICIENT_FUNDS' });
    expectInvalid(await fund({ userId: ' ', amount: '1' }), WALLET_MSG.userIdRequired, 'userId');
    expectInvalid(await fund({ userId: m.user.userId, amount: '1', remarks: '  ' }), WALLET_MSG.remarksRequired, 'remarks');
    expectError(await fund({ userId: m.user.userId, amount: '1', option: 'Steal' }), 400, { field: 'option' });
    expectError(await fund({ userId: 'MB0000000', amount: '1' }), 400, { message: WALLET_MSG.userNotFound });
    const adminUser = (await userByEmail(t, t.demo.admin.email))!;
    expectError(await fund({ userId: adminUser.userId, amount: '1' }), 400, { message: WALLET_MSG.userNotFound });
    expectError(await fund({ userId: m.user.userId, amount: '1' }, c.member), 403);
    expectError(await fund({ userId: m.user.userId, amount: '1' }, c.founder), 403);
    const audits = await query<{ n: number }>(t, sql`select count(*)::int as n from audit_log where entity_id = ${m.user.id} and action in ('fund.credit', 'fund.debit')`);
    expect(Number(audits[0].n)).toBe(2);
    const told = await t.runtime.ctx.db.select().from(notifications).where(eq(notifications.userId, m.user.id));
    // (Besides the KYC approval of fundedMember.)
    expect(
      told
        .map((n) => n.type)
        .filter((type) => type.startsWith('fund_'))
        .sort(),
    ).toEqual(['fund_credited', 'fund_debited']);
    const wallet = await t.api('GET', '/api/wallet', { cookie: m.cookie });
    // A Send Fund credit is not income: it does not add to the total earnings (docs/spec/compensation.md §1).
    expect(wallet.body).toMatchObject({ balance: '200.00', totalEarnings: '0.00', totalWithdrawals: '0.00' });
    const ledger = await t.api('GET', '/api/wallet/transactions?limit=1', { cookie: m.cookie });
    expect(ledger.body.items).toHaveLength(1);
    expect(ledger.body.items[0]).toMatchObject({ type: 'admin_debit', amount: '-50.50', balanceBefore: '250.50', balanceAfter: '200.00' });
    const next = await t.api('GET', `/api/wallet/transactions?limit=1&cursor=${ledger.body.nextCursor}`, { cookie: m.cookie });
    expect(next.body.items[0]).toMatchObject({ type: 'admin_credit', amount: '250.50' });
    expectError(await t.api('GET', '/api/wallet/transactions?cursor=garbage', { cookie: m.cookie }), 400, { field: 'cursor' });
    // The statement pages on the ledger's seq: a cursor of another shape or a seq that cannot exist is refused.
    for (const bad of [[new Date().toISOString(), m.user.id], { seq: 0 }, { seq: 1.5 }, { seq: '7' }]) {
      const cursor = Buffer.from(JSON.stringify(bad)).toString('base64url');
      expectError(await t.api('GET', `/api/wallet/transactions?cursor=${cursor}`, { cookie: m.cookie }), 400, { field: 'cursor' });
    }
    const history = await t.api('GET', `/api/admin/fund-history?search=${m.user.userId}`, { cookie: c.admin });
    expect(history.body.items.map((r: { type: string }) => r.type)).toEqual(['admin_debit', 'admin_credit']);
    expect(history.body.items[0]).toMatchObject({ userDisplayId: m.user.userId, amount: '-50.50' });
  });
});

describe('member withdrawals (doc 3 §5.2, decisions.md §6)', () => {
  it('needs the details of its type, each blank field refused by name (issue 30)', async () => {
    const m = await fundedMember(t, c.admin, '1000', { cryptoWalletAddress: ID.otherWallet });
    expectInvalid(await withdraw(m.cookie, { amount: '' }), FIELD.amount, 'amount');
    expectInvalid(await withdraw(m.cookie, { amount: undefined }), FIELD.amount, 'amount');
    expectInvalid(await withdraw(m.cookie, { amount: '10', bankDetails: { ...bank, ifsc: '' } }), FIELD.ifsc, 'bankDetails.ifsc');
    expectInvalid(await withdraw(m.cookie, { amount: '10', bankDetails: { ...bank, accountNumber: ' ' } }), FIELD.accountNumber, 'bankDetails.accountNumber');
    const none = expectInvalid(await withdraw(m.cookie, { amount: '10', bankDetails: undefined }), FIELD.accountNumber, 'bankDetails.accountNumber');
    expect(none.fieldErrors).toEqual({
      'bankDetails.accountNumber': [FIELD.accountNumber],
      'bankDetails.ifsc': [FIELD.ifsc],
      'bankDetails.bankName': [FIELD.bankName],
      'bankDetails.accountHolderName': [FIELD.accountHolderName],
    });
    expectInvalid(await withdraw(m.cookie, { amount: '10', withdrawalType: 'usdt', networkType: 'TRC20' }), FIELD.usdtWalletAddress, 'usdtWalletAddress');
    expectInvalid(await withdraw(m.cookie, { amount: '10', withdrawalType: 'usdt', usdtWalletAddress: ID.wallet }), FIELD.networkType, 'networkType');
    expectInvalid(await withdraw(m.cookie, { amount: '10', withdrawalType: 'usdt', usdtWalletAddress: ID.wallet, networkType: '' }), FIELD.networkType, 'networkType');
    for (const msg of Object.values(FIELD)) expect(msg).not.toBe(WALLET_MSG.withdrawalDetails);
    expectError(await withdraw(m.cookie, { amount: '10', withdrawalType: 'usdt', usdtWalletAddress: ID.wallet, networkType: 'SOL' }), 400, { field: 'networkType' });
    expectError(await withdraw(m.cookie, { amount: '10', withdrawalType: 'paypal' }), 400, { field: 'withdrawalType' });
    const usdt = await withdraw(m.cookie, { amount: '10', withdrawalType: 'usdt', usdtWalletAddress: ID.otherWallet, networkType: 'TRC20' });
    expect(usdt.status).toBe(201);
    expect(usdt.body.withdrawal).toMatchObject({ withdrawalType: 'usdt', networkType: 'TRC20', status: 'pending', amount: '10.00' });
    expect(await expectLedgerSound(t, m.user.id)).toBe('990.00');
  });

  it("goes to the profile's account as GET /api/wallet shows it, the number masked (issue 30)", async () => {
    const m = await fundedMember(t, c.admin, '1000');
    const { payout } = (await t.api('GET', '/api/wallet', { cookie: m.cookie })).body;
    expect(payout.bank.accountNumber).toMatch(/^•+\d{4}$/);
    const ok = await withdraw(m.cookie, { amount: '25', bankDetails: { ...payout.bank, accountHolderName: payout.bank.accountHolderName ?? 'Member' } });
    expect(ok.status).toBe(201);
    expect(ok.body.withdrawal).toMatchObject({ withdrawalType: 'bank', amount: '25.00', bankDetails: payout.bank });
    expect(await expectLedgerSound(t, m.user.id)).toBe('975.00');
  });

  it('needs approved KYC, and is refused while impersonating', async () => {
    const m = await fundedMember(t, c.admin, '1000');
    await t.runtime.ctx.db.update(users).set({ kycStatus: 'pending' }).where(eq(users.id, m.user.id));
    expectError(await withdraw(m.cookie, { amount: '10' }), 403, { code: 'KYC_REQUIRED', message: WALLET_MSG.kycRequired });
    await t.runtime.ctx.db.update(users).set({ kycStatus: 'approved' }).where(eq(users.id, m.user.id));
    const code = await t.api('POST', `/api/admin/login-as-user/${m.user.id}`, { cookie: c.admin });
    const token = (await t.exchange(code.body.code ?? code.body.impersonationCode, (await userByEmail(t, t.demo.admin.email))!.id)).body.accessToken;
    const r = await t.api('POST', '/api/withdrawals', { headers: bearer(token), body: { withdrawalType: 'bank', amount: '10', bankDetails: bank } });
    expect(r.status).toBe(403);
    expect(await expectLedgerSound(t, m.user.id)).toBe('1000.00');
  });

  it('each member sees only their own requests; the list masks the account number', async () => {
    const a = await fundedMember(t, c.admin, '500');
    const b = await fundedMember(t, c.admin, '500');
    const w = (await withdraw(a.cookie, { amount: '100' })).body.withdrawal;
    expect(w.bankDetails.accountNumber).toBe('••••••••4455');
    expect((await t.api('GET', '/api/withdrawals', { cookie: a.cookie })).body.map((x: { id: string }) => x.id)).toEqual([w.id]);
    expect((await t.api('GET', '/api/withdrawals', { cookie: b.cookie })).body).toEqual([]);
    expect((await t.api('GET', '/api/wallet/transactions', { cookie: b.cookie })).body.items.every((x: { referenceId: string | null }) => x.referenceId !== w.id)).toBe(true);
    expectError(await t.api('POST', `/api/admin/approve-withdrawal/${w.id}`, { cookie: a.cookie, body: {} }), 403);
    expectError(await t.api('GET', '/api/admin/pending-withdrawals', { cookie: b.cookie }), 403);
    expectError(await t.api('GET', '/api/wallet', { cookie: c.admin }), 403);
    const summary = await t.api('GET', '/api/wallet', { cookie: a.cookie });
    expect(summary.body).toMatchObject({ balance: '400.00', pendingWithdrawals: '100.00', kycStatus: 'approved' });
  });
});

describe('admin withdrawal flow (doc 2 §2.10-2.11)', () => {
  it('approve is final with notes and a payout reference; reject returns the money with a reason; lists by status', async () => {
    const m = await fundedMember(t, c.admin, '1000');
    const w1 = (await withdraw(m.cookie, { amount: '300' })).body.withdrawal;
    const w2 = (await withdraw(m.cookie, { amount: '200' })).body.withdrawal;
    const pending = await t.api('GET', '/api/admin/pending-withdrawals', { cookie: c.admin });
    expect(pending.body.find((x: { id: string }) => x.id === w1.id)).toMatchObject({ typeLabel: 'Bank Transfer', userDisplayId: m.user.userId, amount: '300.00' });
    // The admin who credited the member does not pay them out (issue 29, chain of custody); another admin does.
    const barred = await t.api('POST', `/api/admin/approve-withdrawal/${w1.id}`, { cookie: c.admin, body: {} });
    expect(barred.status).toBe(403);
    expect(barred.body.code).toBe('CUSTODY_CONFLICT');
    expect(barred.body.message).toMatch(/^You cannot approve this withdrawal: you credited this member by Send Fund on /);
    const second = await t.login(t.demo.admin2.email, t.demo.admin2.password);
    const ok = await t.api('POST', `/api/admin/approve-withdrawal/${w1.id}`, { cookie: second, body: {} });
    expect(ok.body).toMatchObject({ message: WALLET_MSG.withdrawalApproved, withdrawal: { status: 'approved', adminNotes: 'Approved by admin' } });
    expect(ok.body.withdrawal.transactionId).toMatch(/^PO-/);
    expectError(await t.api('POST', `/api/admin/reject-withdrawal/${w1.id}`, { cookie: c.admin, body: { reason: 'late' } }), 409, { message: WALLET_MSG.notPending });
    expectInvalid(await t.api('POST', `/api/admin/reject-withdrawal/${w2.id}`, { cookie: c.admin, body: { reason: ' ' } }), WALLET_MSG.rejectReasonRequired, 'reason');
    const rej = await t.api('POST', `/api/admin/reject-withdrawal/${w2.id}`, { cookie: c.admin, body: { reason: 'Account closed' } });
    expect(rej.body.withdrawal).toMatchObject({ status: 'rejected', rejectionReason: 'Account closed' });
    const rejected = await t.api('GET', '/api/admin/rejected-withdrawals', { cookie: c.admin });
    expect(rejected.body.find((x: { id: string }) => x.id === w2.id).reason).toBe('Account closed');
    expect((await t.api('GET', '/api/admin/approved-withdrawals', { cookie: c.admin })).body.some((x: { id: string }) => x.id === w1.id)).toBe(true);
    expect((await t.api('GET', '/api/admin/withdrawals', { cookie: c.admin })).body.length).toBeGreaterThanOrEqual(2);
    const wallet = await t.api('GET', '/api/wallet', { cookie: m.cookie });
    expect(wallet.body).toMatchObject({ balance: '700.00', totalWithdrawals: '300.00', pendingWithdrawals: '0.00' });
    expectError(await t.api('POST', '/api/admin/approve-withdrawal/00000000-0000-0000-0000-000000000000', { cookie: c.admin, body: {} }), 404);
    expectError(await t.api('POST', '/api/admin/approve-withdrawal/abc', { cookie: c.admin, body: {} }), 400);
    await expectLedgerSound(t, m.user.id);
  });

  it("Withdraw Personally uses the member's own payout details in the same flow", async () => {
    const m = await fundedMember(t, c.admin, '1000', { bankAccountNumber: ID.account2, bankIFSC: 'SBIN0001234', bankName: 'SBI', bankAccountHolderName: 'Member Name' });
    const noBank = await fundedMember(t, c.admin, '1000', { bankAccountNumber: null, bankIFSC: null, bankName: null, bankAccountHolderName: null });
    const body = (userId: string, extra: Record<string, unknown> = {}) => ({ userId, withdrawalType: 'INR', amount: '150', remarks: 'Requested by phone', ...extra });
    const ok = await t.api('POST', '/api/admin/withdraw-personally', { cookie: c.admin, body: body(m.user.userId) });
    expect(ok.status).toBe(201);
    expect(ok.body.withdrawal).toMatchObject({ status: 'pending', withdrawalType: 'bank', createdByAdmin: true, adminNotes: 'Requested by phone' });
    expectError(await t.api('POST', '/api/admin/withdraw-personally', { cookie: c.admin, body: body(noBank.user.userId) }), 400, { message: WALLET_MSG.adminWithdrawalNoBank });
    expectError(await t.api('POST', '/api/admin/withdraw-personally', { cookie: c.admin, body: body(noBank.user.userId, { withdrawalType: 'USD' }) }), 400, {
      message: WALLET_MSG.adminWithdrawalNoWallet,
    });
    expectError(await t.api('POST', '/api/admin/withdraw-personally', { cookie: c.admin, body: body(m.user.userId, { withdrawalType: 'EUR' }) }), 400, { field: 'withdrawalType' });
    expectError(await t.api('POST', '/api/admin/withdraw-personally', { cookie: c.admin, body: body(m.user.userId, { amount: '5000' }) }), 400, { code: 'INSUFFICIENT_FUNDS' });
    expect(await expectLedgerSound(t, m.user.id)).toBe('850.00');
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const m = await fundedMember(t, c.admin, '100');
    const r = await t.api('POST', '/api/withdrawals', { cookie: m.cookie, headers: { 'idempotency-key': 'x'.repeat(201) }, body: { withdrawalType: 'bank', amount: '1', bankDetails: bank } });
    expectError(r, 400, { message: WALLET_MSG.idempotencyInvalid });
  });

  it('wallet balances list, largest first, with pages', async () => {
    const first = await t.api('GET', '/api/admin/wallet-balances?limit=2', { cookie: c.admin });
    expect(first.body.items).toHaveLength(2);
    expect(Number(first.body.items[0].balance)).toBeGreaterThanOrEqual(Number(first.body.items[1].balance));
    const second = await t.api('GET', `/api/admin/wallet-balances?limit=2&cursor=${first.body.nextCursor}`, { cookie: c.admin });
    expect(second.status).toBe(200);
    expect(second.body.items[0].userId).not.toBe(first.body.items[1].userId);
    expectError(await t.api('GET', '/api/admin/wallet-balances?cursor=xyz', { cookie: c.admin }), 400);
  });
});
