import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { registerRecruit } from '../support/referral';
import { startTestApp, userByEmail, volumeByEmail, type TestApp } from '../support/test-app';
import { demoCookies, query, uniqueEmail } from '../support/http';
import { expectTreeSound } from '../support/tree';
import { users, memberVolume } from '../../server/db/schema/index';
import { placeMember } from '../../server/modules/tree/tree.service';
import { scanPlacedMembers, writeCounters } from '../../server/modules/tree/tree.repo';
import { recount } from '../../server/modules/tree/recount';
import { enterPipeline } from '../../server/modules/recruitment/pipeline.service';
import { createReferralLink } from '../../server/modules/referral/referral.service';
import type { Position } from '../../contracts/enums';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { dbPoolSize: 10 } });
});
afterAll(async () => t?.close());
const db = () => t.runtime.ctx.db;

/** A seeded generator, so a failing case can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

type Mirror = Map<string, { left?: string; right?: string }>;
async function loadMirror(): Promise<Mirror> {
  const m: Mirror = new Map();
  for (const r of await scanPlacedMembers(db())) m.set(r.id, { left: r.left_child_id ?? undefined, right: r.right_child_id ?? undefined });
  return m;
}
/** The plain breadth-first search of docs/spec/decisions.md §4, on the in-memory picture. */
function plainBfs(m: Mirror, startId: string, side: Position): { parentId: string; side: Position } {
  const start = m.get(startId)!;
  const first = start[side];
  if (!first) return { parentId: startId, side };
  const queue = [first];
  for (let i = 0; i < queue.length; i++) {
    const n = m.get(queue[i])!;
    if (!n.left) return { parentId: queue[i], side: 'left' };
    if (!n.right) return { parentId: queue[i], side: 'right' };
    queue.push(n.left, n.right);
  }
  throw new Error('no free slot');
}

describe('placement (property): agrees with a plain breadth-first search of the leg', () => {
  for (const seed of [1, 7, 42]) {
    it(`random tree, seed ${seed}`, async () => {
      const rand = rng(seed);
      const mirror = await loadMirror();
      const ids = [...mirror.keys()];
      for (let i = 0; i < 120; i++) {
        // Aim at any member, shallow ones more often, so legs fill and spill at many depths.
        const start = ids[Math.floor(rand() ** 2 * ids.length)];
        const side: Position = rand() < 0.5 ? 'left' : 'right';
        const expected = plainBfs(mirror, start, side);
        const u = await t.createUser({ email: uniqueEmail(`p${seed}`), status: rand() < 0.8 ? 'active' : 'inactive' });
        const slot = await db().transaction((tx) => placeMember(tx, u, { startId: start, side }, new Date()));
        expect(slot).toEqual(expected);
        mirror.get(slot.parentId)![slot.side] = u.id;
        mirror.set(u.id, {});
        ids.push(u.id);
      }
      await expectTreeSound(db(), t.settle);
    });
  }
});

describe('the repair command recount', () => {
  it('reports damaged counters and restores them', async () => {
    const member = (await userByEmail(t, t.demo.member.email))!;
    const figures = await volumeByEmail(t, t.demo.member.email);
    await db().update(users).set({ openDepth: 7 }).where(eq(users.id, member.id));
    await db().update(memberVolume).set({ leftCount: 999 }).where(eq(memberVolume.memberId, member.id));
    const report = recount(await scanPlacedMembers(db()));
    expect(report.differences).toEqual(
      expect.arrayContaining([
        { id: member.id, field: 'left_count', stored: 999, expected: figures.leftCount },
        { id: member.id, field: 'open_depth', stored: 7, expected: member.openDepth },
      ]),
    );
    await writeCounters(db(), report.fixes);
    await expectTreeSound(db(), t.settle);
  });
});

describe('concurrency', () => {
  it('100 concurrent approvals aimed at one slot: one takes it, the rest spill over, the tree stays sound', async () => {
    const c = await demoCookies(t);
    const target = await t.createUser({ email: uniqueEmail('target'), status: 'active' });
    const founder = (await userByEmail(t, t.demo.founder.email))!;
    await db().transaction((tx) => placeMember(tx, target, { startId: founder.id, side: 'right' }, new Date()));
    const recruits = [];
    for (let i = 0; i < 100; i++) {
      const u = await t.createUser({ email: uniqueEmail('race'), status: 'pending', idStatus: 'Inactive' });
      // The founder's link: the admin who approves is not the recruiter (separation of duties, issue 13).
      recruits.push(await enterPipeline(db(), u, { recruiterId: founder.id, placementType: 'strategic', placementParentId: target.id, position: 'left' }));
    }
    const answers = await Promise.all(
      recruits.map((r) => t.api('POST', `/api/admin/pending-recruits/${r.id}/approve`, { cookie: c.admin, body: { packageAmount: '1000', kycDecision: { status: 'pending' } } })),
    );
    expect(answers.map((a) => a.status)).toEqual(recruits.map(() => 200));
    const direct = answers.filter((a) => a.body.placement.parentId === target.id);
    expect(direct).toHaveLength(1);
    expect(direct[0].body.placement.side).toBe('left');
    const [row] = await query<{ n: number }>(t, sql`select count(*)::int as n from users where parent_id = ${target.id}::uuid`);
    expect(Number(row.n)).toBe(1);
    const fresh = await volumeByEmail(t, target.email);
    expect(fresh).toMatchObject({ leftCount: 100, rightCount: 0, leftActive: 100 });
    await expectTreeSound(db(), t.settle);
  });

  it('50 concurrent registrations with one referral link: exactly one succeeds', async () => {
    const member = (await userByEmail(t, t.demo.member.email))!;
    const { token } = await createReferralLink(t.runtime.ctx, db(), member, { placementSide: 'right' });
    const body = (email: string) => ({
      firstName: 'Race',
      lastName: 'Runner',
      email,
      mobile: '9812345678',
      nominee: 'Someone',
      password: 'Runner#123',
      address: '14 MG Road, Shivaji Nagar',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411005',
      packageAmount: 5000,
      referralToken: token,
    });
    const answers = await Promise.all(Array.from({ length: 50 }, () => registerRecruit(t, body(uniqueEmail('once')))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(49);
    const [row] = await query<{ n: number }>(t, sql`select count(*)::int as n from users where first_name = 'Race' and last_name = 'Runner'`);
    expect(Number(row.n)).toBe(1);
    await expectTreeSound(db(), t.settle);
  });
});
