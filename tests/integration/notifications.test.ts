import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectError, expectInvalid, uniqueEmail } from '../support/http';
import { NotificationView } from '../../contracts/notifications';
import { MSG } from '../../contracts/messages';
import { notifications } from '../../server/db/schema/index';
import type { UserRow } from '../../server/modules/users/users.repo';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const PASSWORD = 'Notify#123';

async function userWithNotifications(n: number, status: 'active' | 'pending' = 'active') {
  const email = uniqueEmail('notif');
  const user = await t.createUser({ email, password: PASSWORD, status });
  const base = t.clock.now().getTime();
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const [row] = await t.runtime.ctx.db
      .insert(notifications)
      .values({
        userId: user.id,
        type: 'test',
        title: `Subject ${i}`,
        message: `Content ${i}`,
        priority: i === 0 ? 'high' : 'normal',
        createdAt: new Date(base + i * 1000),
      })
      .returning();
    ids.push(row.id);
  }
  return { user, ids, cookie: await t.login(email, PASSWORD) };
}
const readFlags = async (user: UserRow) => (await t.runtime.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id))).map((r) => r.read);

describe('GET /api/notifications', () => {
  it('answers 401 when signed out', async () => {
    expectError(await t.api('GET', '/api/notifications'), 401, { code: 'UNAUTHENTICATED' });
  });

  it("lists only the caller's notifications, newest first, with subject, content, priority, createdAt", async () => {
    const a = await userWithNotifications(3);
    await userWithNotifications(2);
    const r = await t.api('GET', '/api/notifications', { cookie: a.cookie });
    expect(r.status).toBe(200);
    const list = NotificationView.array().parse(r.body);
    expect(list.map((n) => n.subject)).toEqual(['Subject 2', 'Subject 1', 'Subject 0']);
    expect(list.map((n) => n.id).sort()).toEqual([...a.ids].sort());
    expect(list[2]).toMatchObject({ content: 'Content 0', priority: 'high', read: false });
  });

  it('filters unread and limits', async () => {
    const a = await userWithNotifications(3);
    await t.api('POST', `/api/notifications/${a.ids[2]}/read`, { cookie: a.cookie });
    const unread = await t.api('GET', '/api/notifications?unreadOnly=true', { cookie: a.cookie });
    expect(unread.body.map((n: { id: string }) => n.id).sort()).toEqual([a.ids[0], a.ids[1]].sort());
    const limited = await t.api('GET', '/api/notifications?limit=1', { cookie: a.cookie });
    expect(limited.body).toHaveLength(1);
  });

  it('refuses a bad limit with 400', async () => {
    const a = await userWithNotifications(0);
    expectError(await t.api('GET', '/api/notifications?limit=0', { cookie: a.cookie }), 400, { code: 'VALIDATION_ERROR' });
    expectError(await t.api('GET', '/api/notifications?limit=abc', { cookie: a.cookie }), 400, { code: 'VALIDATION_ERROR' });
    expectError(await t.api('GET', '/api/notifications?unreadOnly=maybe', { cookie: a.cookie }), 400, { code: 'VALIDATION_ERROR' });
  });

  it('shows a pending user their notifications (the pending dashboard)', async () => {
    const p = await userWithNotifications(1, 'pending');
    const r = await t.api('GET', '/api/notifications', { cookie: p.cookie });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(1);
  });

  it('shows the demo upline its placement decision notification', async () => {
    const cookie = await t.login(t.demo.member.email, t.demo.member.password);
    const r = await t.api('GET', '/api/notifications', { cookie });
    expect(r.body.some((n: { type: string }) => n.type === 'placement_decision_required')).toBe(true);
  });
});

describe('GET /api/notifications/unread-count', () => {
  it('answers 401 when signed out', async () => {
    expectError(await t.api('GET', '/api/notifications/unread-count'), 401);
  });

  it("counts only the caller's unread notifications", async () => {
    const a = await userWithNotifications(4);
    await userWithNotifications(3);
    expect((await t.api('GET', '/api/notifications/unread-count', { cookie: a.cookie })).body).toEqual({ count: 4 });
    await t.api('POST', `/api/notifications/${a.ids[0]}/read`, { cookie: a.cookie });
    expect((await t.api('GET', '/api/notifications/unread-count', { cookie: a.cookie })).body).toEqual({ count: 3 });
  });
});

describe('POST /api/notifications/:id/read', () => {
  it('answers 401 when signed out, changing nothing', async () => {
    const a = await userWithNotifications(1);
    expectError(await t.api('POST', `/api/notifications/${a.ids[0]}/read`), 401);
    expect(await readFlags(a.user)).toEqual([false]);
  });

  it("marks the caller's own notification read", async () => {
    const a = await userWithNotifications(2);
    const r = await t.api('POST', `/api/notifications/${a.ids[0]}/read`, { cookie: a.cookie });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: MSG.notificationRead });
    const rows = await t.runtime.ctx.db.select().from(notifications).where(eq(notifications.userId, a.user.id));
    expect(rows.find((n) => n.id === a.ids[0])!.read).toBe(true);
    expect(rows.find((n) => n.id === a.ids[1])!.read).toBe(false);
  });

  it("answers 404 for another user's notification and leaves it unread", async () => {
    const a = await userWithNotifications(1);
    const b = await userWithNotifications(1);
    expectError(await t.api('POST', `/api/notifications/${b.ids[0]}/read`, { cookie: a.cookie }), 404, { code: 'NOT_FOUND' });
    expect(await readFlags(b.user)).toEqual([false]);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const a = await userWithNotifications(0);
    expectError(await t.api('POST', `/api/notifications/${randomUUID()}/read`, { cookie: a.cookie }), 404, { code: 'NOT_FOUND' });
    expectInvalid(await t.api('POST', '/api/notifications/not-a-uuid/read', { cookie: a.cookie }), 'Not found', 'id');
  });
});

describe('POST /api/notifications/read-all', () => {
  it('answers 401 when signed out', async () => {
    expectError(await t.api('POST', '/api/notifications/read-all'), 401);
  });

  it("marks all of the caller's notifications read and nobody else's", async () => {
    const a = await userWithNotifications(3);
    const b = await userWithNotifications(2);
    const r = await t.api('POST', '/api/notifications/read-all', { cookie: a.cookie });
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(3);
    expect(await readFlags(a.user)).toEqual([true, true, true]);
    expect(await readFlags(b.user)).toEqual([false, false]);
    expect((await t.api('GET', '/api/notifications/unread-count', { cookie: a.cookie })).body).toEqual({ count: 0 });
  });
});

describe('staff work done is read in every bell (issue 15)', () => {
  it('an order marked paid by one admin is read for all; other work stays unread', async () => {
    const admin = await t.login(t.demo.admin.email, t.demo.admin.password);
    const member = await t.login(t.demo.member.email, t.demo.member.password);
    const products = (await t.api('GET', '/api/products', { cookie: member })).body as { id: string }[];
    const order = async () => {
      const r = await t.api('POST', '/api/purchases', {
        cookie: member,
        body: { productId: products[0].id, quantity: 1, paymentMethod: 'upi', deliveryAddress: '12 Residency Road, Camp, Pune 411001', deliveryState: 'Maharashtra', deliveryPincode: '411001' },
      });
      expect(r.status).toBe(201);
      return r.body.purchase.id as string;
    };
    const first = await order();
    const second = await order();
    const unreadFor = async (purchaseId: string) =>
      (await t.runtime.ctx.db.select().from(notifications).where(eq(notifications.type, 'order_awaiting_payment'))).filter(
        (n) => (n.data as { purchaseId?: string } | null)?.purchaseId === purchaseId && !n.read,
      ).length;
    // Every admin (the demo has two) was told about each order.
    expect(await unreadFor(first)).toBeGreaterThanOrEqual(2);
    expect((await t.api('PATCH', `/api/admin/purchases/${first}`, { cookie: admin, body: { paymentStatus: 'completed' } })).status).toBe(200);
    expect(await unreadFor(first)).toBe(0);
    expect(await unreadFor(second)).toBeGreaterThanOrEqual(2);
    // A delivery update alone is not the work the notification asked for.
    expect((await t.api('PATCH', `/api/admin/purchases/${second}`, { cookie: admin, body: { deliveryStatus: 'processing' } })).status).toBe(200);
    expect(await unreadFor(second)).toBeGreaterThanOrEqual(2);
  });
});
