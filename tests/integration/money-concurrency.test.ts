import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../support/test-app';
import { demoCookies, query } from '../support/http';
import { bank, expectLedgerSound, fundedMember } from '../support/money';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp({ config: { dbPoolSize: 12 } });
  admin = (await demoCookies(t)).admin;
});
afterAll(async () => t?.close());

const withdraw = (cookie: string, amount: string, headers: Record<string, string> = {}) =>
  t.api('POST', '/api/withdrawals', { cookie, headers, body: { withdrawalType: 'bank', amount, bankDetails: bank } });
const balanceOf = async (userId: string) => (await query<{ b: string }>(t, sql`select balance::text as b from wallet_balances where user_id = ${userId}::uuid`))[0].b;
const ledgerCount = async (userId: string) => Number((await query<{ n: number }>(t, sql`select count(*)::int as n from transactions where user_id = ${userId}::uuid`))[0].n);

describe('money under concurrency (decisions.md §6)', () => {
  it('200 parallel withdrawals of 100 against 1,000: exactly 10 succeed, the balance ends at 0', async () => {
    const m = await fundedMember(t, admin, '1000');
    const answers = await Promise.all(Array.from({ length: 200 }, () => withdraw(m.cookie, '100')));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 400 && a.body.code === 'INSUFFICIENT_FUNDS')).toHaveLength(190);
    expect(await balanceOf(m.user.id)).toBe('0.00');
    expect(await ledgerCount(m.user.id)).toBe(11);
    await expectLedgerSound(t, m.user.id);
  });

  it('after 20 parallel withdrawals the statement, read page by page, is the ledger in the order it was applied', async () => {
    const m = await fundedMember(t, admin, '1000');
    // Different amounts, so that every row's before/after pair is its own.
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => withdraw(m.cookie, `${10 + i}.25`)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));

    type Row = { id: string; type: string; amount: string; balanceBefore: string; balanceAfter: string };
    const readAll = async (url: string, cookie: string) => {
      const rows: Row[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const sep = url.includes('?') ? '&' : '?';
        const r = await t.api('GET', `${url}${sep}limit=6${cursor ? `&cursor=${cursor}` : ''}`, { cookie });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        rows.push(...(r.body.items as Row[]));
        cursor = r.body.nextCursor as string | null;
        pages++;
      } while (cursor && pages < 20);
      return { rows, pages };
    };
    const expectChained = (newestFirst: Row[]) => {
      const oldestFirst = [...newestFirst].reverse();
      expect(oldestFirst[0]).toMatchObject({ type: 'admin_credit', balanceBefore: '0.00', balanceAfter: '1000.00' });
      for (let i = 1; i < oldestFirst.length; i++) {
        expect(oldestFirst[i].balanceBefore, `row ${i} (${oldestFirst[i].amount}) starts where row ${i - 1} ended`).toBe(oldestFirst[i - 1].balanceAfter);
      }
      return oldestFirst[oldestFirst.length - 1].balanceAfter;
    };

    const statement = await readAll('/api/wallet/transactions', m.cookie);
    expect(statement.pages).toBe(4);
    expect(statement.rows).toHaveLength(21);
    expect(new Set(statement.rows.map((r) => r.id)).size).toBe(21);
    const last = expectChained(statement.rows);
    const wallet = await t.api('GET', '/api/wallet', { cookie: m.cookie });
    expect(wallet.body.balance).toBe(last);
    expect(last).toBe('605.00'); // 1000 - (10.25 + ... + 29.25)
    expect(await expectLedgerSound(t, m.user.id)).toBe(last);

    // The admin's fund history of this member lists the same rows in the same order.
    const history = await readAll(`/api/admin/fund-history?search=${m.user.userId}`, admin);
    expect(history.rows.map((r) => r.id)).toEqual(statement.rows.map((r) => r.id));
  });

  it('the recent activity keeps ledger rows in ledger order where their created_at disagrees with it', async () => {
    const m = await fundedMember(t, admin, '1000');
    // A movement whose request read the clock first but waited for the wallet lock is applied second.
    const at = (s: number) => new Date(t.clock.now().getTime() + s * 1000).toISOString();
    await query(
      t,
      sql`insert into transactions (user_id, type, amount, description, balance_before, balance_after, created_at)
      values (${m.user.id}::uuid, 'admin_debit', '-10.00', 'applied first', '1000.00', '990.00', ${at(60)}::timestamptz)`,
    );
    await query(
      t,
      sql`insert into transactions (user_id, type, amount, description, balance_before, balance_after, created_at)
      values (${m.user.id}::uuid, 'admin_debit', '-20.00', 'applied second', '990.00', '970.00', ${at(30)}::timestamptz)`,
    );
    // The wallet follows its ledger, so the money invariants of the other tests in this file still hold.
    await query(t, sql`update wallet_balances set balance = 970 where user_id = ${m.user.id}::uuid`);
    await expectLedgerSound(t, m.user.id);
    const activity = await t.api('GET', '/api/dashboard/activity', { cookie: m.cookie });
    expect(activity.status).toBe(200);
    const balances = (activity.body as { kind: string; detail: string }[]).filter((a) => a.kind === 'ledger').map((a) => a.detail.replace(/^.* · balance /, ''));
    expect(balances).toEqual(['₹970.00', '₹990.00', '₹1,000.00']);
    const statement = await t.api('GET', '/api/wallet/transactions', { cookie: m.cookie });
    expect(statement.body.items.map((r: { balanceAfter: string }) => r.balanceAfter)).toEqual(['970.00', '990.00', '1000.00']);
  });

  it('50 parallel requests with one Idempotency-Key: one effect and 49 identical replies; another body is refused', async () => {
    const m = await fundedMember(t, admin, '1000');
    const key = `key-${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: 50 }, () => withdraw(m.cookie, '250', { 'idempotency-key': key })));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    for (const a of answers) expect(a.body).toEqual(answers[0].body);
    expect(await balanceOf(m.user.id)).toBe('750.00');
    const other = await withdraw(m.cookie, '300', { 'idempotency-key': key });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_MISMATCH');
    expect(await balanceOf(m.user.id)).toBe('750.00');
    expect(await ledgerCount(m.user.id)).toBe(2);
    await expectLedgerSound(t, m.user.id);
  });

  it('100 races of approve against reject: one wins each time, funds come back at most once', async () => {
    const m = await fundedMember(t, admin, '10000');
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) ids.push((await withdraw(m.cookie, '100')).body.withdrawal.id);
    expect(await balanceOf(m.user.id)).toBe('0.00');
    let rejectsWon = 0;
    // The admin who credited the member may not approve (issue 29, chain of custody): the second admin does.
    const second = await t.login(t.demo.admin2.email, t.demo.admin2.password);
    await Promise.all(
      ids.map(async (id) => {
        const [a, r] = await Promise.all([
          t.api('POST', `/api/admin/approve-withdrawal/${id}`, { cookie: second, body: {} }),
          t.api('POST', `/api/admin/reject-withdrawal/${id}`, { cookie: admin, body: { reason: 'Race' } }),
        ]);
        expect([a.status, r.status].sort()).toEqual([200, 409]);
        if (r.status === 200) rejectsWon++;
      }),
    );
    const [row] = await query<{ reversals: number; approved: number }>(
      t,
      sql`select
      (select count(*)::int from transactions where user_id = ${m.user.id}::uuid and type = 'withdrawal_reversal') as reversals,
      (select count(*)::int from withdrawal_requests where user_id = ${m.user.id}::uuid and status = 'approved') as approved`,
    );
    expect(Number(row.reversals)).toBe(rejectsWon);
    expect(Number(row.approved)).toBe(100 - rejectsWon);
    expect(await balanceOf(m.user.id)).toBe((rejectsWon * 100).toFixed(2));
    await expectLedgerSound(t, m.user.id);
  });

  it('Reconsider debits again only when the balance still covers it', async () => {
    const m = await fundedMember(t, admin, '500');
    const w = (await withdraw(m.cookie, '400')).body.withdrawal;
    await t.api('POST', `/api/admin/reject-withdrawal/${w.id}`, { cookie: admin, body: { reason: 'Wrong account' } });
    expect(await balanceOf(m.user.id)).toBe('500.00');
    await t.api('POST', '/api/admin/send-fund', { cookie: admin, body: { userId: m.user.userId, option: 'Debit', amount: '200', remarks: 'Correction' } });
    const refused = await t.api('POST', `/api/admin/reactivate-withdrawal/${w.id}`, { cookie: admin });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(await balanceOf(m.user.id)).toBe('300.00');
    await t.api('POST', '/api/admin/send-fund', { cookie: admin, body: { userId: m.user.userId, option: 'Credit', amount: '100', remarks: 'Top up' } });
    const ok = await t.api('POST', `/api/admin/reactivate-withdrawal/${w.id}`, { cookie: admin });
    expect(ok.status).toBe(200);
    expect(ok.body.withdrawal.status).toBe('pending');
    expect(await balanceOf(m.user.id)).toBe('0.00');
    expect((await t.api('POST', `/api/admin/reactivate-withdrawal/${w.id}`, { cookie: admin })).status).toBe(409);
    await expectLedgerSound(t, m.user.id);
  });

  it('a randomized concurrent run keeps wallets + paid out + held + spent equal to the money put in, never negative', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => fundedMember(t, admin, '2000')));
    const [product] = (await t.api('GET', '/api/products', { cookie: members[0].cookie })).body as { id: string }[];
    let seed = 12345;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const snapshots: { lhs: number; rhs: number; negative: number }[] = [];
    const snapshot = async () => {
      const [s] = await query<Record<string, string>>(
        t,
        sql`select
        (select coalesce(sum(balance), 0)::text from wallet_balances) as wallets,
        (select coalesce(sum(amount), 0)::text from withdrawal_requests where status in ('approved', 'pending')) as withdrawn,
        (select coalesce(sum(total_amount), 0)::text from purchases where payment_method = 'wallet' and payment_status = 'completed') as spent,
        (select coalesce(sum(amount), 0)::text from transactions where type = 'admin_credit') as credited,
        (select coalesce(-sum(amount), 0)::text from transactions where type = 'admin_debit') as debited,
        (select coalesce(sum(amount), 0)::text from transactions where reference_id in (select id::text from comp_cycles)) as income,
        (select count(*)::int::text from wallet_balances where balance < 0) as negative`,
      );
      const c = (k: string) => Math.round(Number(s[k]) * 100);
      snapshots.push({ lhs: c('wallets') + c('withdrawn') + c('spent') + c('debited'), rhs: c('credited') + c('income'), negative: Number(s.negative) });
    };
    const ops: (() => Promise<unknown>)[] = [];
    for (let i = 0; i < 160; i++) {
      const m = members[Math.floor(rand() * members.length)];
      const amount = (1 + Math.floor(rand() * 500)).toFixed(2);
      const pick = rand();
      if (pick < 0.2) ops.push(() => t.api('POST', '/api/admin/send-fund', { cookie: admin, body: { userId: m.user.userId, option: 'Credit', amount, remarks: 'r' } }));
      else if (pick < 0.35) ops.push(() => t.api('POST', '/api/admin/send-fund', { cookie: admin, body: { userId: m.user.userId, option: 'Debit', amount, remarks: 'r' } }));
      else if (pick < 0.5)
        ops.push(() =>
          t.api('POST', '/api/purchases', {
            cookie: m.cookie,
            body: { productId: product.id, quantity: 1, paymentMethod: 'wallet', deliveryAddress: '12 Residency Road, Pune', deliveryState: 'Maharashtra', deliveryPincode: '411001' },
          }),
        );
      else if (pick < 0.75) ops.push(() => withdraw(m.cookie, amount));
      else {
        ops.push(async () => {
          const pending = (await t.api('GET', '/api/admin/pending-withdrawals', { cookie: admin })).body as { id: string }[];
          const w = pending[Math.floor(rand() * pending.length)];
          if (!w) return;
          const path = rand() < 0.5 ? `/api/admin/approve-withdrawal/${w.id}` : `/api/admin/reject-withdrawal/${w.id}`;
          return t.api('POST', path, { cookie: admin, body: { reason: 'random' } });
        });
      }
      if (i % 20 === 0) ops.push(snapshot);
    }
    // Eight workers drain the operations concurrently, snapshots interleaved with the money moves.
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < ops.length) await ops[next++]();
      }),
    );
    await snapshot();
    expect(snapshots.length).toBeGreaterThan(5);
    for (const s of snapshots) {
      expect(s.lhs).toBe(s.rhs);
      expect(s.negative).toBe(0);
    }
    for (const m of members) await expectLedgerSound(t, m.user.id);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('a process killed between a debit and its commit leaves no trace; the retry moves money once', async () => {
    const m = await fundedMember(t, admin, '1000');
    const key = `crash-${Date.now()}`;
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '../support/scripts/crash-mid-withdrawal.ts'), t.databaseUrl!, m.user.id, key, '100.00'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((res, rej) => {
      child.stdout!.on('data', (d: Buffer) => d.toString().includes('DEBITED') && res());
      child.once('exit', (code) => rej(new Error(`child exited early with ${code}`)));
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    // The killed transaction is rolled back by PostgreSQL: no ledger row, no key, no balance change.
    await new Promise((r) => setTimeout(r, 200));
    expect(await balanceOf(m.user.id)).toBe('1000.00');
    expect(await ledgerCount(m.user.id)).toBe(1);
    expect(Number((await query<{ n: number }>(t, sql`select count(*)::int as n from idempotency_keys where key = ${key}`))[0].n)).toBe(0);
    const retry = await withdraw(m.cookie, '100.00', { 'idempotency-key': key });
    expect(retry.status).toBe(201);
    const again = await withdraw(m.cookie, '100.00', { 'idempotency-key': key });
    expect(again.body).toEqual(retry.body);
    expect(await balanceOf(m.user.id)).toBe('900.00');
    expect(await ledgerCount(m.user.id)).toBe(2);
    await expectLedgerSound(t, m.user.id);
  });
});
