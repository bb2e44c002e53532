import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type TestApp, demoUsers } from '../support/test-app';
import { placeInTree } from '../support/tree';
import { bearer, eventually, expectError, expectInvalid, uniqueEmail } from '../support/http';
import { transactions, walletBalances, withdrawalRequests } from '../../server/db/schema/index';
import { todayIn } from '../../server/lib/time';
import type { UserRow } from '../../server/modules/users/users.repo';
import { ID } from '../support/identity';
import { startSignedIn } from '../support/start';

interface AuditItem {
  id: string;
  action: string;
  entityType: string;
  entityId: string | null;
  actorId: string | null;
  actorUserId: string | null;
  actorEmail: string | null;
  actorRole: string | null;
  onBehalfOfUserId: string | null;
  createdAt: string;
  reason: string | null;
}

let t: TestApp;
let adminCookie: string;
let founderCookie: string;
let admin: UserRow;
let founder: UserRow;
let target: UserRow;

beforeAll(async () => {
  ({ t, admin: adminCookie, founder: founderCookie } = await startSignedIn(['admin', 'founder']));
  ({ admin, founder } = await demoUsers(t, 'admin', 'founder'));
  target = await t.createUser({ email: uniqueEmail('audited'), firstName: 'Audrey', lastName: 'Target', status: 'active', activationDate: new Date('2022-06-01T00:00:00Z') });
});
afterAll(async () => t?.close());

const log = async (qs = '') => {
  const r = await t.api('GET', `/api/admin/audit-log${qs}`, { cookie: adminCookie });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { items: AuditItem[]; nextCursor: string | null };
};
const cursorOf = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString('base64url');

describe('GET /api/admin/audit-log (Users Activities)', () => {
  beforeAll(async () => {
    const ok = (r: { status: number; body: unknown }) => expect(r.status, JSON.stringify(r.body)).toBe(200);
    ok(await t.api('PATCH', `/api/admin/users/${target.id}/status`, { cookie: adminCookie, body: { status: 'inactive' } }));
    ok(await t.api('PATCH', `/api/admin/users/${target.id}/status`, { cookie: adminCookie, body: { status: 'active' } }));
    ok(
      await t.api('PATCH', `/api/admin/users/${target.id}`, {
        cookie: adminCookie,
        body: { firstName: 'Audra', lastName: 'Target', email: target.email, status: 'active' },
      }),
    );
    await placeInTree(t.runtime.ctx.db, target);
    ok(await t.api('POST', `/api/admin/login-as-user/${target.id}`, { cookie: founderCookie }));
  });

  it('lists the actions newest first, with the acting user', async () => {
    const { items } = await log();
    for (let i = 1; i < items.length; i++) expect(Date.parse(items[i - 1].createdAt)).toBeGreaterThanOrEqual(Date.parse(items[i].createdAt));
    const ours = items.filter((e) => e.entityId === target.id).map((e) => [e.action, e.actorUserId]);
    expect(ours).toEqual([
      ['impersonation.issue', founder.userId],
      ['user.edit', admin.userId],
      ['user.activate', admin.userId],
      ['user.block', admin.userId],
    ]);
    const edit = items.find((e) => e.action === 'user.edit' && e.entityId === target.id)!;
    expect(edit).toMatchObject({ entityType: 'user', actorId: admin.id, actorEmail: admin.email, actorRole: 'admin', onBehalfOfUserId: null });
    expect(JSON.stringify(items)).not.toContain('$argon2');
  });

  it('filters by actor, by public id or by email', async () => {
    const byId = await log(`?actor=${admin.userId.toLowerCase()}`);
    expect(byId.items.length).toBeGreaterThanOrEqual(3);
    for (const e of byId.items) expect(e.actorUserId).toBe(admin.userId);
    const byEmail = await log(`?actor=${encodeURIComponent(admin.email.toUpperCase())}`);
    expect(byEmail.items.map((e) => e.id)).toEqual(byId.items.map((e) => e.id));
    const founders = await log(`?actor=${encodeURIComponent(founder.email)}`);
    // The founder's own two-factor enrolment (forced at their first sign-in) is the oldest of their entries.
    expect(founders.items.map((e) => [e.action, e.entityId])).toEqual([
      ['impersonation.issue', target.id],
      ['two_factor.enable', founder.id],
    ]);
    expect((await log('?actor=nobody%40example.com')).items).toEqual([]);
  });

  it('filters by action prefix (wildcards literal) and entity type', async () => {
    const users = await log('?action=user.');
    expect(users.items.length).toBeGreaterThanOrEqual(3);
    for (const e of users.items) expect(e.action.startsWith('user.')).toBe(true);
    expect((await log('?action=user.block')).items.map((e) => e.entityId)).toEqual([target.id]);
    expect((await log('?action=%25')).items).toEqual([]);
    expect((await log('?action=user_')).items).toEqual([]);
    const byType = await log('?entityType=user');
    expect(byType.items.length).toBeGreaterThanOrEqual(4);
    for (const e of byType.items) expect(e.entityType).toBe('user');
    // The only KYC entries are the demo history's approvals of the demo members' documents (issue 30).
    const kyc = (await log('?entityType=kyc_document')).items;
    expect(kyc.length).toBeGreaterThan(0);
    for (const e of kyc) expect(e).toMatchObject({ entityType: 'kyc_document', action: 'kyc.approve' });
  });

  it('filters by date range in the given time zone', async () => {
    // The demo history's entries are dated in the past weeks; this file's own are from today.
    const all = await log('?limit=200');
    expect(all.nextCursor).toBeNull();
    for (const tz of ['UTC', 'Asia/Kolkata', 'Pacific/Kiritimati']) {
      const today = todayIn(new Date(), tz);
      const todays = all.items.filter((e) => todayIn(new Date(e.createdAt), tz) === today);
      expect(todays.length).toBeGreaterThan(0);
      const q = `timezone=${encodeURIComponent(tz)}&limit=200`;
      expect((await log(`?dateFrom=${today}&dateTo=${today}&${q}`)).items.map((e) => e.id)).toEqual(todays.map((e) => e.id));
      expect((await log(`?dateFrom=${today}&${q}`)).items.length).toBe(todays.length);
    }
    expect((await log('?dateTo=2001-01-01')).items).toEqual([]);
    expect((await log('?dateFrom=2999-01-01')).items).toEqual([]);
    expectInvalid(await t.api('GET', '/api/admin/audit-log?timezone=Mars%2FOlympus', { cookie: adminCookie }), 'Unknown time zone', 'timezone');
    expectError(await t.api('GET', '/api/admin/audit-log?dateFrom=2021-02-30', { cookie: adminCookie }), 400, { code: 'VALIDATION_ERROR', field: 'dateFrom' });
    expectError(await t.api('GET', '/api/admin/audit-log?dateFrom=yesterday', { cookie: adminCookie }), 400, { code: 'VALIDATION_ERROR', field: 'dateFrom' });
  });

  it('pages with a cursor: every entry once, in order', async () => {
    const whole = await log('?limit=200');
    expect(whole.nextCursor).toBeNull();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: AuditItem[]; nextCursor: string | null } = await log(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(whole.items.map((e) => e.id));
  });

  it('pages through entries that differ by microseconds only', async () => {
    const base = '2024-01-01 00:00:00.123';
    const db = t.runtime.ctx.db;
    // Four entries in one millisecond, two of them at the same instant (ties broken by id).
    for (const micro of ['456', '400', '400', '999']) {
      await db.execute(sql`insert into audit_log (entity_type, action, actor_id, created_at) values ('test', 'test.micro', ${admin.id}, ${`${base}${micro}+00`}::timestamptz)`);
    }
    const whole = (await log('?action=test.micro&limit=200')).items.map((e) => e.id);
    expect(whole).toHaveLength(4);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: AuditItem[]; nextCursor: string | null } = await log(`?action=test.micro&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(whole);
  });

  it.each([
    ['garbage', 'not-a-cursor'],
    ['the wrong shape', Buffer.from(JSON.stringify({ at: 1 })).toString('base64url')],
    ['a date that is not a date', cursorOf('someday', randomUUID())],
    ['an impossible date', cursorOf('2021-02-30T10:00:00.000Z', randomUUID())],
    ['an id that is not a uuid', cursorOf('2021-02-01T10:00:00.000Z', 'x'.repeat(36))],
  ])('refuses a cursor of %s with 400', async (_n, cursor) => {
    expectInvalid(await t.api('GET', `/api/admin/audit-log?cursor=${cursor}`, { cookie: adminCookie }), 'Invalid page cursor', 'cursor');
  });

  it('refuses limits out of range', async () => {
    expectError(await t.api('GET', '/api/admin/audit-log?limit=0', { cookie: adminCookie }), 400, { code: 'VALIDATION_ERROR', field: 'limit' });
    expectError(await t.api('GET', '/api/admin/audit-log?limit=201', { cookie: adminCookie }), 400, { code: 'VALIDATION_ERROR', field: 'limit' });
  });

  it('shows writes tried while impersonating (refused: read-only, issue 29) with the admin as actor, on behalf of the member', async () => {
    const issued = await t.api('POST', `/api/admin/login-as-user/${target.id}`, { cookie: adminCookie });
    const ex = await t.api('POST', '/api/impersonation/exchange', { body: { code: issued.body.code }, cookie: adminCookie });
    expect(ex.status).toBe(200);
    expect((await t.api('POST', '/api/notifications/read-all', { headers: bearer(ex.body.accessToken) })).status).toBe(403);
    const found = await eventually(
      () => log('?entityType=request'),
      (r) => r.items.length > 0,
    );
    expect(found.items[0]).toMatchObject({
      action: 'impersonated POST /api/notifications/read-all',
      actorUserId: admin.userId,
      actorRole: 'admin',
      onBehalfOfUserId: target.userId,
    });
    const exchange = (await log('?action=impersonation.exchange')).items[0];
    expect(exchange).toMatchObject({ actorUserId: admin.userId, onBehalfOfUserId: target.userId, entityId: target.id });
    // Reads are not logged.
    expect((await t.api('GET', '/api/notifications', { headers: bearer(ex.body.accessToken) })).status).toBe(200);
    expect((await log('?entityType=request')).items).toHaveLength(1);
  });

  it('is for admins only', async () => {
    expectError(await t.api('GET', '/api/admin/audit-log', { cookie: founderCookie }), 403, { code: 'FORBIDDEN' });
    expectError(await t.api('GET', '/api/admin/audit-log'), 401);
  });
});

describe('income reports', () => {
  let earner: UserRow;
  beforeAll(async () => {
    earner = await t.createUser({ email: uniqueEmail('earner'), firstName: 'Ear', lastName: 'Ner', status: 'active' });
  });

  it('GET /api/admin/reports/payout-summary: beside the posted cycles, approved withdrawals with totals per currency', async () => {
    const db = t.runtime.ctx.db;
    // The demo's history paid one withdrawal of the demo member (issue 30): this file's rows come on top of it.
    const demo = (await t.api('GET', '/api/admin/reports/payout-summary', { cookie: adminCookie })).body.withdrawals as {
      totals: { currency: string; count: number; amount: string }[];
      items: unknown[];
    };
    expect(demo.items.length).toBeGreaterThanOrEqual(1);
    const demoInr = demo.totals.find((x) => x.currency === 'INR') ?? { count: 0, amount: '0.00' };
    expect(demo.totals.some((x) => x.currency === 'USD')).toBe(false);
    const [a, b, c] = await db
      .insert(withdrawalRequests)
      .values([
        { userId: earner.id, amount: '1000.00', status: 'approved', processedBy: admin.id, processedAt: new Date('2024-03-01T10:00:00Z'), adminNotes: 'Approved by admin', transactionId: 'UTR0001' },
        { userId: earner.id, amount: '250.50', status: 'approved', processedBy: admin.id, processedAt: new Date('2024-03-03T10:00:00Z'), adminNotes: 'Approved by admin', transactionId: 'UTR0002' },
        {
          userId: earner.id,
          amount: '40.00',
          currency: 'USD',
          withdrawalType: 'usdt',
          usdtWalletAddress: ID.wallet,
          networkType: 'TRC20',
          status: 'approved',
          processedBy: admin.id,
          processedAt: new Date('2024-03-02T10:00:00Z'),
          transactionId: '0xhash',
        },
        { userId: earner.id, amount: '999.00', status: 'pending' },
        { userId: earner.id, amount: '77.00', status: 'rejected', rejectionReason: 'Wrong account' },
      ])
      .returning();
    const r = await t.api('GET', '/api/admin/reports/payout-summary', { cookie: adminCookie });
    expect(r.status).toBe(200);
    // The posted cycles' part (whatever the demo's history posted) is checked in tests/integration/compensation-reports.test.ts.
    expect(r.body.totals).toMatchObject({ cycles: r.body.cycles.length });
    const w = r.body.withdrawals;
    const totals = [...w.totals].sort((x: { currency: string }, y: { currency: string }) => x.currency.localeCompare(y.currency));
    const inr = ((Math.round(Number(demoInr.amount) * 100) + 125050) / 100).toFixed(2);
    expect(totals).toEqual([
      { currency: 'INR', count: demoInr.count + 2, amount: inr },
      { currency: 'USD', count: 1, amount: '40.00' },
    ]);
    const own = (w.items as { id: string; userUserId: string }[]).filter((i) => i.userUserId === earner.userId);
    expect(own.map((i) => i.id)).toEqual([b.id, c.id, a.id]);
    // Newest first: the demo's withdrawal (paid in the last weeks) comes before these of 2024.
    expect(w.items.slice(-3).map((i: { id: string }) => i.id)).toEqual([b.id, c.id, a.id]);
    expect(own[0]).toEqual({
      id: b.id,
      userUserId: earner.userId,
      userName: 'Ear Ner',
      userEmail: earner.email,
      type: 'bank',
      currency: 'INR',
      amount: '250.50',
      adminNotes: 'Approved by admin',
      transactionId: 'UTR0002',
      processedAt: '2024-03-03T10:00:00.000Z',
    });
    expect(own[1]).toMatchObject({ type: 'usdt', currency: 'USD', amount: '40.00' });
  });

  it('GET /api/admin/reports/direct-income and holiday-reward read posted cycles, not ledger rows', async () => {
    const db = t.runtime.ctx.db;
    const before = await Promise.all(['direct-income', 'holiday-reward'].map((r) => t.api('GET', `/api/admin/reports/${r}`, { cookie: adminCookie })));
    // Ledger rows of the report's types that no posted cycle wrote (the posted path: compensation-reports.test.ts);
    // every ledger row belongs to a wallet.
    await db.insert(walletBalances).values({ userId: earner.id, balance: '200.00' }).onConflictDoNothing();
    await db.insert(transactions).values([
      {
        userId: earner.id,
        type: 'sponsor_income',
        amount: '150.50',
        balanceBefore: '0.00',
        balanceAfter: '150.50',
        description: 'Sponsor income from MB1',
        referenceId: 'ref-1',
        createdAt: new Date('2024-04-01T00:00:00Z'),
      },
      {
        userId: earner.id,
        type: 'travel_fund',
        amount: '49.50',
        balanceBefore: '150.50',
        balanceAfter: '200.00',
        description: 'Travel fund',
        referenceId: 'ref-2',
        createdAt: new Date('2024-04-02T00:00:00Z'),
      },
    ]);
    const direct = await t.api('GET', '/api/admin/reports/direct-income', { cookie: adminCookie });
    expect(direct.status).toBe(200);
    expect(direct.body).toEqual(before[0].body);
    expect(direct.body.items.some((i: { userUserId: string }) => i.userUserId === earner.userId)).toBe(false);
    const holiday = await t.api('GET', '/api/admin/reports/holiday-reward', { cookie: adminCookie });
    expect(holiday.status).toBe(200);
    expect(holiday.body).toEqual(before[1].body);
    expect(holiday.body.items.some((i: { userUserId: string }) => i.userUserId === earner.userId)).toBe(false);
  });

  it('all are admin-only', async () => {
    for (const url of ['/api/admin/reports/payout-summary', '/api/admin/reports/direct-income', '/api/admin/reports/holiday-reward']) {
      expectError(await t.api('GET', url, { cookie: founderCookie }), 403);
      expectError(await t.api('GET', url), 401);
    }
  });
});
