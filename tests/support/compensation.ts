import { expect } from 'vitest';
import { startTestApp, type TestApp } from './test-app';
import { signedInUser } from './http';

/** Where the admin's compensation API lives. */
export const BASE = '/api/admin/compensation';

/** A member of a test tree: [member, parent (null: the slot the tree hangs in), side, sponsor (null: the slot's owner)]. */
export type TreeRow<K extends string = string> = readonly [K, K | null, 'left' | 'right', K | null];

/**
 * The example tree of docs/spec/compensation.md §7 below its root A, one member a row: [member, parent, side, sponsor].
 * B and C are A's legs; D and E hang under B, F under C; A sponsored B, C and E, B sponsored D, C sponsored F.
 */
export const SPEC_7_TREE_BELOW_A: TreeRow<'A' | 'B' | 'C' | 'D' | 'E' | 'F'>[] = [
  ['B', 'A', 'left', 'A'],
  ['C', 'A', 'right', 'A'],
  ['D', 'B', 'left', 'B'],
  ['E', 'B', 'right', 'A'],
  ['F', 'C', 'right', 'C'],
];

/**
 * The app of a compensation test: the test drives the volume journal (autoSettle off); the demo admin and a second
 * admin (made here, to approve and post what the first calculates) are signed in; and a first-purchase product of
 * ₹50 and 50 BV without GST, named `productName`, is there to buy pairs with.
 */
export async function startCompensationApp(secondAdmin: { email: string; password: string }, productName: string) {
  const t = await startTestApp({ autoSettle: false });
  const admin = await t.login(t.demo.admin.email, t.demo.admin.password);
  await t.createUser({ ...secondAdmin, role: 'admin' });
  const admin2 = await t.login(secondAdmin.email, secondAdmin.password);
  const p = await t.api('POST', '/api/admin/products', { cookie: admin, body: { name: productName, price: '50.00', bv: '50.00', gst: '0', category: 'others', purchaseType: 'first_purchase' } });
  expect(p.status, JSON.stringify(p.body)).toBe(201);
  return { t, admin, admin2, productId: (p.body.id ?? p.body.product?.id) as string };
}

/**
 * The three admins of a separation-of-duties test (issue 29): A, the demo admin, makes adjustments; B, made here,
 * calculates; C, the second demo admin, approves and posts. Answers their session cookies.
 */
export async function threeAdmins(t: TestApp, calculator: { prefix: string; password: string }) {
  const a = await t.login(t.demo.admin.email, t.demo.admin.password);
  const c = await t.login(t.demo.admin2.email, t.demo.admin2.password);
  const b = (await signedInUser(t, calculator.prefix, calculator.password, { role: 'admin' })).cookie;
  return { a, b, c };
}

/** Closes the open pairing cycle now (as the admin of `cookie`) and answers its id. */
export async function closePairingCycle(t: TestApp, cookie: string): Promise<string> {
  const closed = await t.api('POST', `${BASE}/cycles/close`, { cookie, body: { kind: 'pairing' } });
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  return closed.body.id as string;
}

/** A wallet purchase of `bv` BV of that product (one unit a 50 BV), delivered to `street` in Pune. */
export async function buyPacks(t: TestApp, cookie: string, productId: string, bv: number, street: string) {
  const r = await t.api('POST', '/api/purchases', {
    cookie,
    body: { productId, quantity: bv / 50, paymentMethod: 'wallet', deliveryAddress: `${street}, Pune 411001`, deliveryState: 'Maharashtra', deliveryPincode: '411001' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}
