import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '../support/test-app';
import { startSignedIn } from '../support/start';
import { count, expectError, expectInvalid, fakeJpeg, query, uniqueEmail } from '../support/http';
import { AdminStatsResponse, AdminUserRow } from '../../contracts/admin';
import { franchiseRequests, kycDocuments, products, purchases, supportTickets, withdrawalRequests } from '../../server/db/schema/index';
import { addDocument } from '../../server/modules/kyc/kyc.service';
import { recordCompletedPurchase } from '../../server/modules/volume/journal.service';
import type { UserRow } from '../../server/modules/users/users.repo';
import { ID } from '../support/identity';

let t: TestApp;
let admin: string;
beforeAll(async () => ({ t, admin } = await startSignedIn(['admin'])));
afterAll(() => t?.close());

const get = (url: string) => t.api('GET', url, { cookie: admin });
const ids = (items: { id: string }[]) => items.map((u) => u.id);
const BANK = { bankName: 'HDFC BANK', bankIFSC: 'HDFC0001234', bankAccountNumber: ID.account3 };
const HOUR = 3_600_000;

function expectRows(items: unknown[]) {
  for (const u of items) AdminUserRow.parse(u);
  expect(JSON.stringify(items)).not.toContain('$argon2');
}

describe('GET /api/users/paid-members', () => {
  it('lists only active users with approved KYC, complete bank details and a package above 0', async () => {
    const base = { lastName: 'Qpaid', status: 'active', kycStatus: 'approved', packageAmount: '5000.00', activationDate: new Date('2023-05-01T00:00:00Z'), ...BANK } as const;
    const mk = (extra: Record<string, unknown>) => t.createUser({ email: uniqueEmail('paid'), ...base, ...extra });
    const paid = await mk({ firstName: 'Paid' });
    const excluded = await Promise.all([
      mk({ firstName: 'NoIfsc', bankIFSC: null }),
      mk({ firstName: 'NoBankName', bankName: '' }),
      mk({ firstName: 'NoAccount', bankAccountNumber: null }),
      mk({ firstName: 'KycPending', kycStatus: 'pending' }),
      mk({ firstName: 'KycRejected', kycStatus: 'rejected' }),
      mk({ firstName: 'ZeroPackage', packageAmount: '0.00' }),
      mk({ firstName: 'NoPackage', packageAmount: null }),
      mk({ firstName: 'Blocked', status: 'inactive', idStatus: 'Inactive' }),
      mk({ firstName: 'Pending', status: 'pending', activationDate: null }),
    ]);
    const r = await get('/api/users/paid-members');
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body)).toBe(true);
    expectRows(r.body);
    expect(ids(r.body)).toContain(paid.id);
    for (const u of excluded) expect(ids(r.body), u.firstName!).not.toContain(u.id);
    for (const u of r.body as AdminUserRow[]) {
      expect(u).toMatchObject({ status: 'active', kycStatus: 'approved', bankComplete: true });
      expect(Number(u.packageAmount)).toBeGreaterThan(0);
    }
    // The demo member and the franchise holder have a verified bank account and approved KYC (issue 30); the rest of
    // the demo downline has a package but no approved KYC or bank details.
    const emails = (r.body as AdminUserRow[]).map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining([t.demo.member.email, t.demo.franchise.email]));
    expect(emails.some((e) => e.endsWith('@demo.local') && e !== t.demo.member.email && e !== t.demo.franchise.email)).toBe(false);
  });
});

describe('GET /api/users/free-users', () => {
  let free: UserRow[];
  beforeAll(async () => {
    const mk = (extra: Record<string, unknown>) => t.createUser({ email: uniqueEmail('free'), lastName: 'Qfree', ...extra });
    free = [await mk({ firstName: 'NullPkg', packageAmount: null }), await mk({ firstName: 'ZeroPkg', packageAmount: '0.00', status: 'pending' })];
    await mk({ firstName: 'HasPkg', packageAmount: '100.00' });
    await mk({ firstName: 'AdminNoPkg', role: 'admin', packageAmount: null });
  });
  const totalFree = async () => count(t, 'users', sql`coalesce(package_amount, 0) = 0 and role <> 'admin'`);

  it('lists users with package 0 or none, never admins, with the total count', async () => {
    const r = await get('/api/users/free-users');
    expect(r.status).toBe(200);
    const total = await totalFree();
    expect(r.body).toEqual({ items: expect.any(Array), matching: total, total });
    expect(r.body.items).toHaveLength(total);
    expectRows(r.body.items);
    for (const u of r.body.items as AdminUserRow[]) {
      expect(u.role).not.toBe('admin');
      expect(u.packageAmount === null || Number(u.packageAmount) === 0).toBe(true);
    }
    expect(ids(r.body.items)).toEqual(expect.arrayContaining(ids(free)));
  });

  it('searches by name or email: "Showing X of Y free users"', async () => {
    const total = await totalFree();
    const r = await get('/api/users/free-users?search=qfree');
    expect(r.body.matching).toBe(2);
    expect(r.body.total).toBe(total);
    expect(ids(r.body.items).sort()).toEqual(ids(free).sort());
    const byEmail = await get(`/api/users/free-users?search=${encodeURIComponent(free[0].email.toUpperCase())}`);
    expect(ids(byEmail.body.items)).toEqual([free[0].id]);
    expect(byEmail.body.matching).toBe(1);
    const none = await get('/api/users/free-users?search=no-such-user-anywhere');
    expect(none.body).toEqual({ items: [], matching: 0, total });
  });

  it('honours the limit, still counting every match', async () => {
    const r = await get('/api/users/free-users?limit=1');
    expect(r.body.items).toHaveLength(1);
    expect(r.body.matching).toBe(await totalFree());
  });

  it('refuses bad input with 400', async () => {
    expectError(await get('/api/users/free-users?limit=0'), 400, { code: 'VALIDATION_ERROR', field: 'limit' });
    expectError(await get(`/api/users/free-users?search=${'x'.repeat(101)}`), 400, { code: 'VALIDATION_ERROR', field: 'search' });
  });
});

describe('GET /api/users/today-joinings', () => {
  /** Activations around the India/UTC day boundary, read at 02:00 UTC (07:30 in India). */
  it('lists users activated today in the given time zone', async () => {
    const real = t.clock.now();
    const d0 = Date.UTC(real.getUTCFullYear(), real.getUTCMonth(), real.getUTCDate(), 2);
    const at = d0 <= real.getTime() ? d0 : d0 - 24 * HOUR;
    const shift = at - real.getTime();
    t.clock.advance(shift);
    try {
      const day = new Date(at).toISOString().slice(0, 10);
      const mk = (firstName: string, activationDate: Date | null) => t.createUser({ email: uniqueEmail('today'), firstName, lastName: 'Qtoday', activationDate });
      // 19:00 UTC yesterday = 00:30 today in India.
      const indiaOnly = await mk('IndiaOnly', new Date(at - 7 * HOUR));
      // 01:00 UTC today = 06:30 today in India.
      const both = await mk('Both', new Date(at - HOUR));
      // 18:00 UTC yesterday = 23:30 yesterday in India.
      const neither = await mk('Neither', new Date(at - 8 * HOUR));
      const never = await mk('Never', null);

      const india = await get('/api/users/today-joinings?timezone=Asia%2FKolkata&t=123');
      expect(india.status).toBe(200);
      expect(india.headers['cache-control']).toBe('no-store');
      expect(india.body).toMatchObject({ date: day, timezone: 'Asia/Kolkata' });
      expectRows(india.body.items);
      expect(ids(india.body.items)).toEqual(expect.arrayContaining([indiaOnly.id, both.id]));
      expect(ids(india.body.items)).not.toContain(neither.id);
      expect(ids(india.body.items)).not.toContain(never.id);

      const utc = await get('/api/users/today-joinings?timezone=UTC');
      expect(utc.body).toMatchObject({ date: day, timezone: 'UTC' });
      expect(ids(utc.body.items)).toEqual(expect.arrayContaining([both.id]));
      expect(ids(utc.body.items)).not.toContain(indiaOnly.id);
      expect(ids(utc.body.items)).not.toContain(neither.id);

      // Without a zone the server takes UTC.
      expect(ids((await get('/api/users/today-joinings')).body.items).sort()).toEqual(ids(utc.body.items).sort());

      // In California it is still yesterday evening: all three activations fall on that day.
      const la = await get('/api/users/today-joinings?timezone=America%2FLos_Angeles');
      expect(la.body.date).toBe(new Date(at - 24 * HOUR).toISOString().slice(0, 10));
      expect(ids(la.body.items)).toEqual(expect.arrayContaining([indiaOnly.id, both.id, neither.id]));

      for (const u of india.body.items as AdminUserRow[]) {
        const a = Date.parse(u.activationDate!);
        expect(a).toBeGreaterThanOrEqual(at - 7.5 * HOUR);
        expect(a).toBeLessThan(at + 16.5 * HOUR);
      }
    } finally {
      t.clock.advance(-shift);
    }
  });

  it('refuses an unknown time zone with 400', async () => {
    expectInvalid(await get('/api/users/today-joinings?timezone=Mars%2FOlympus'), 'Unknown time zone', 'timezone');
    expectError(await get(`/api/users/today-joinings?timezone=${'A'.repeat(65)}`), 400, { code: 'VALIDATION_ERROR' });
  });
});

describe('GET /api/admin/stats', () => {
  const stats = async (qs = '') => {
    const r = await get(`/api/admin/stats${qs}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as {
      totalUsers: number;
      activeUsers: number;
      pendingKYC: number;
      withdrawalRequests: number;
      totalBV: string;
      monthlyIncome: string;
      monthlySales: string;
      franchiseRequests: number;
      actionsRequired: { key: string; label: string; count: number; section: string }[];
    };
  };
  const money = (a: string, b: number) => (Number(a) + b).toFixed(2);

  it('the seven figures and the actions required follow the data', async () => {
    const before = await stats();
    expect(Object.keys(before).sort()).toEqual([
      'actionsRequired',
      'activeUsers',
      'franchiseRequests',
      'monthlyIncome',
      'monthlySales',
      'pendingKYC',
      'totalBV',
      'totalUsers',
      'volume',
      'withdrawalRequests',
    ]);
    expect(AdminStatsResponse.parse(before)).toEqual(before);
    const db = t.runtime.ctx.db;

    const active = await t.createUser({ email: uniqueEmail('stats'), status: 'active', packageAmount: '5000.00' });
    const pending = await t.createUser({ email: uniqueEmail('stats'), status: 'pending' });
    await t.createUser({ email: uniqueEmail('stats'), status: 'active', role: 'admin' });

    // Pending KYC counts users, not documents; a fully reviewed user does not count.
    await addDocument(db, active.id, 'pan', fakeJpeg(), 'image/jpeg');
    await addDocument(db, active.id, 'photo', fakeJpeg(), 'image/jpeg');
    await addDocument(db, pending.id, 'pan', fakeJpeg(), 'image/jpeg');
    const reviewed = await t.createUser({ email: uniqueEmail('stats'), status: 'active' });
    const doc = await addDocument(db, reviewed.id, 'pan', fakeJpeg(), 'image/jpeg');
    await db.update(kycDocuments).set({ status: 'approved' }).where(eq(kycDocuments.id, doc.id));

    await db.insert(withdrawalRequests).values([
      { userId: active.id, amount: '100.00', status: 'pending' },
      { userId: active.id, amount: '50.00', currency: 'USD', withdrawalType: 'usdt', status: 'pending' },
      { userId: active.id, amount: '70.00', status: 'approved' },
      { userId: active.id, amount: '30.00', status: 'rejected' },
    ]);

    const [product] = await db.select().from(products).limit(1);
    const now = t.clock.now();
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const order = (totalAmount: string, totalBV: string, paymentStatus: string, createdAt: Date) => ({
      userId: active.id,
      productId: product.id,
      unitPrice: product.price,
      totalAmount,
      totalBV,
      paymentMethod: 'upi',
      paymentStatus,
      deliveryAddress: '1 Main Road',
      createdAt,
    });
    const placed = await db
      .insert(purchases)
      .values([order('1180.00', '500.00', 'completed', now), order('2000.00', '300.00', 'completed', new Date(monthStart - 2 * 24 * HOUR)), order('999.00', '999.00', 'pending', now)])
      .returning();
    // A purchase completes with its journal entry (the sales totals count it from there, applied or not).
    for (const p of placed) if (p.paymentStatus === 'completed') await recordCompletedPurchase(db, p, p.createdAt);

    await db.insert(franchiseRequests).values([
      { userId: active.id, franchiseType: 'mini_franchise', businessPlan: 'p'.repeat(60), status: 'pending' },
      { userId: active.id, franchiseType: 'basic_franchise', businessPlan: 'p'.repeat(60), status: 'approved' },
    ]);
    await db.insert(supportTickets).values([
      { userId: active.id, category: 'general', subject: 'Need some help', description: 'd'.repeat(30), status: 'open' },
      { userId: active.id, category: 'general', subject: 'Closed question', description: 'd'.repeat(30), status: 'closed' },
    ]);

    const after = await stats();
    expect(after.totalUsers).toBe(before.totalUsers + 3);
    expect(after.activeUsers).toBe(before.activeUsers + 2);
    expect(after.pendingKYC).toBe(before.pendingKYC + 2);
    expect(after.withdrawalRequests).toBe(before.withdrawalRequests + 2);
    expect(after.totalBV).toBe(money(before.totalBV, 800));
    // Sales are sales; Monthly Income is the net of posted cycles (none here: compensation-reports.test.ts).
    expect(after.monthlySales).toBe(money(before.monthlySales, 1180));
    expect(after.monthlyIncome).toBe(before.monthlyIncome);
    expect(after.franchiseRequests).toBe(before.franchiseRequests + 1);

    // Figures against the database itself.
    expect(after.totalUsers).toBe(await count(t, 'users', sql`role <> 'admin'`));
    expect(after.activeUsers).toBe(await count(t, 'users', sql`role <> 'admin' and status = 'active'`));
    expect(after.withdrawalRequests).toBe(await count(t, 'withdrawal_requests', sql`status = 'pending'`));

    const actions = Object.fromEntries(after.actionsRequired.map((a) => [a.key, a]));
    expect(Object.keys(actions).sort()).toEqual(['franchise', 'kyc', 'recruits', 'tickets', 'withdrawals']);
    for (const a of after.actionsRequired) expect(a).toEqual({ key: expect.any(String), label: expect.any(String), count: expect.any(Number), section: expect.any(String) });
    expect(actions.kyc.count).toBe(after.pendingKYC);
    expect(actions.withdrawals.count).toBe(after.withdrawalRequests);
    expect(actions.franchise.count).toBe(after.franchiseRequests);
    const beforeTickets = before.actionsRequired.find((a) => a.key === 'tickets')!.count;
    expect(actions.tickets.count).toBe(beforeTickets + 1);
    const [recruits] = await query<{ n: number }>(t, sql`select count(*)::int as n from pending_recruits where status = 'awaiting_admin'`);
    expect(actions.recruits.count).toBe(Number(recruits.n));
  });

  it('takes the month in the given time zone and refuses an unknown one', async () => {
    const s = await stats('?timezone=Asia%2FKolkata');
    expect(typeof s.monthlyIncome).toBe('string');
    expect(typeof s.monthlySales).toBe('string');
    expectInvalid(await get('/api/admin/stats?timezone=Nowhere%2FLand'), 'Unknown time zone', 'timezone');
  });
});

describe('GET /api/users/stats', () => {
  it("counts users by status, KYC, package and today's activations (admins excluded)", async () => {
    const get1 = async () => {
      const r = await get('/api/users/stats');
      expect(r.status).toBe(200);
      return r.body as Record<string, number>;
    };
    const before = await get1();
    expect(Object.keys(before).sort()).toEqual(['active', 'activatedToday', 'free', 'inactive', 'invited', 'kycApproved', 'kycPending', 'kycRejected', 'pending', 'total'].sort());
    const mk = (extra: Record<string, unknown>) => t.createUser({ email: uniqueEmail('ustats'), ...extra });
    await mk({ status: 'active', kycStatus: 'approved', packageAmount: '5000.00', activationDate: t.clock.now() });
    await mk({ status: 'inactive', kycStatus: 'rejected', packageAmount: '1000.00', activationDate: new Date('2022-01-01T00:00:00Z') });
    await mk({ status: 'invited', packageAmount: null });
    await mk({ status: 'pending', packageAmount: '0.00' });
    await mk({ status: 'active', role: 'admin', activationDate: t.clock.now() });
    const after = await get1();
    expect(after).toEqual({
      ...before,
      total: before.total + 4,
      active: before.active + 1,
      inactive: before.inactive + 1,
      invited: before.invited + 1,
      pending: before.pending + 1,
      kycApproved: before.kycApproved + 1,
      kycRejected: before.kycRejected + 1,
      kycPending: before.kycPending + 2,
      free: before.free + 2,
      activatedToday: before.activatedToday + 1,
    });
    expect(after.total).toBe(await count(t, 'users', sql`role <> 'admin'`));
  });
});
