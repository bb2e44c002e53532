import { expect } from 'vitest';
import type { PlanConfig } from '../../contracts/compensation';
import { placeMember } from '../../server/modules/tree/tree.service';
import { postLedger } from '../../server/modules/wallet/ledger.service';
import { startTestApp, type ApiResult, type TestApp } from './test-app';
import { signedInUser, uniqueEmail } from './http';
import { SPEC_7_TREE_BELOW_A, type TreeRow } from './spec-7';

export { P1_BASE, P1_NO_POOLS, SPEC_7_TREE_BELOW_A, type TreeRow } from './spec-7';

/** Where the admin's compensation API lives. */
export const BASE = '/api/admin/compensation';

/** A member of a built tree, signed in. */
export interface TreeMember {
  id: string;
  userId: string;
  email: string;
  cookie: string;
}
export const TREE_KEYS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export type TreeKey = (typeof TREE_KEYS)[number];
export type SpecTree = Record<TreeKey, TreeMember>;

/**
 * Builds the members of an examples test below a "spine" of members that belong to no example (the first hangs at
 * the founder's left, each next one at the left of the one before), so that no example's BV reaches another
 * example's members. `prefix` starts every email, `password` is every member's.
 */
export function treeBuilder(t: TestApp, founderId: string, o: { prefix: string; password: string }) {
  let lastSpine: string | null = null;

  /** A member: created active, placed, credited (100,000.00 unless told), signed in. */
  async function member(tag: string, at: { startId: string; side: 'left' | 'right' }, sponsorId: string, extra: Record<string, unknown> = {}, credit = '100000.00'): Promise<TreeMember> {
    const email = uniqueEmail(`${o.prefix}.${tag.toLowerCase()}`);
    const u = await t.createUser({ email, password: o.password, firstName: tag, sponsorId, activationDate: new Date(), ...extra });
    await t.runtime.ctx.db.transaction((tx) => placeMember(tx, u, at, t.clock.now()));
    await t.runtime.ctx.db.transaction((tx) => postLedger(tx, u.id, credit, 'admin_credit', { description: 'test credit', now: new Date() }));
    return { id: u.id, userId: u.userId, email, cookie: await t.login(email, o.password) };
  }

  /** The next spine member (in no example); its right slot takes an example's root. */
  async function spine() {
    const u = await t.createUser({ email: uniqueEmail(`${o.prefix}.spine`), firstName: 'Spine', sponsorId: founderId });
    await t.runtime.ctx.db.transaction((tx) => placeMember(tx, u, { startId: lastSpine ?? founderId, side: 'left' }, t.clock.now()));
    lastSpine = u.id;
    return u.id;
  }

  /** The tree of §7 (A root; B, C; D, E under B; F under C; A sponsored B, C, E; B sponsored D; C sponsored F) at the right of a new spine member. */
  async function tree(tag: string, extra: Partial<Record<TreeKey, Record<string, unknown>>> = {}): Promise<SpecTree> {
    const slot = await spine();
    const shape: TreeRow<TreeKey>[] = [['A', null, 'right', null], ...SPEC_7_TREE_BELOW_A];
    const out = {} as SpecTree;
    for (const [key, parent, side, sponsor] of shape) out[key] = await member(`${tag}${key}`, { startId: parent ? out[parent].id : slot, side }, sponsor ? out[sponsor].id : slot, extra[key]);
    return out;
  }

  return { member, spine, tree };
}

/**
 * A plan version drafted and activated (as the admin of `cookie`) to take effect a second from now, so that a slow
 * machine still activates it before that moment; then waits for it. The next cycle to open uses it. Its version.
 */
export async function activatePlan(t: TestApp, cookie: string, config: PlanConfig): Promise<number> {
  const draft = await t.api('POST', `${BASE}/plans`, { cookie, body: { config } });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const from = t.clock.now().getTime() + 1_000;
  const act = await t.api('POST', `${BASE}/plans/${draft.body.id}/activate`, { cookie, body: { effectiveFrom: new Date(from).toISOString() } });
  expect(act.status, JSON.stringify(act.body)).toBe(200);
  await new Promise((r) => setTimeout(r, Math.max(0, from - t.clock.now().getTime()) + 50));
  return draft.body.version as number;
}

/** A closed cycle calculated (as `calculator`), then approved and posted (as `approver`): the calculation's and the posting's answers. */
export async function calculateApprovePost(t: TestApp, id: string, calculator: string, approver: string) {
  const answers: Partial<Record<'calculate' | 'approve' | 'post', ApiResult['body']>> = {};
  for (const [step, cookie] of [
    ['calculate', calculator],
    ['approve', approver],
    ['post', approver],
  ] as const) {
    const r = await t.api('POST', `${BASE}/cycles/${id}/${step}`, { cookie });
    expect(r.status, `${step}: ${JSON.stringify(r.body)}`).toBe(200);
    answers[step] = r.body;
  }
  return { calculated: answers.calculate, posted: answers.post };
}

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

/** Closes the open cycle of a kind now (as the admin of `cookie`) and answers its id. */
export async function closeCycle(t: TestApp, cookie: string, kind: 'pairing' | 'monthly'): Promise<string> {
  const closed = await t.api('POST', `${BASE}/cycles/close`, { cookie, body: { kind } });
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  return closed.body.id as string;
}

/** Closes the open pairing cycle now (as the admin of `cookie`) and answers its id. */
export const closePairingCycle = (t: TestApp, cookie: string) => closeCycle(t, cookie, 'pairing');

/**
 * A week (or month) of payouts run through the API: the journal applied, the open cycle of a kind closed and
 * calculated (as `calculator`), then approved and posted (as `approver`). Answers the cycle's id.
 */
export async function runCycle(t: TestApp, kind: 'pairing' | 'monthly', calculator: string, approver: string): Promise<string> {
  await t.settle();
  const id = await closeCycle(t, calculator, kind);
  await calculateApprovePost(t, id, calculator, approver);
  return id;
}

/** A wallet purchase of `bv` BV of that product (one unit a 50 BV), delivered to `street` in Pune. */
export async function buyPacks(t: TestApp, cookie: string, productId: string, bv: number, street: string) {
  const r = await t.api('POST', '/api/purchases', {
    cookie,
    body: { productId, quantity: bv / 50, paymentMethod: 'wallet', deliveryAddress: `${street}, Pune 411001`, deliveryState: 'Maharashtra', deliveryPincode: '411001' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}
