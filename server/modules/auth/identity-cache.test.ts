import { describe, expect, it } from 'vitest';
import { IdentityCache, IDENTITY_CHANNEL, IDENTITY_KEPT_MS, IDENTITIES_KEPT } from './identity-cache';
import type { Notifications } from '../../db/client';

/** Notifications a test drives: `say` a message, `drop` the listening connection, `restore` it. */
function fakeNotifications() {
  const handlers = new Set<Parameters<Notifications['subscribe']>[0]>();
  let up = true;
  const n: Notifications & { say(payload: string): void; drop(): void; restore(): void } = {
    subscribe: (h) => (handlers.add(h), () => void handlers.delete(h)),
    live: () => up,
    say: (payload) => handlers.forEach((h) => h({ channel: IDENTITY_CHANNEL, payload })),
    drop: () => {
      up = false;
      handlers.forEach((h) => h('lost'));
    },
    restore: () => (up = true),
  };
  return n;
}

const T0 = new Date('2026-11-30T10:00:00Z');
const later = (ms: number) => new Date(T0.getTime() + ms);
const identity = (user: string, session: string) => ({
  user: { id: user, userId: user.toUpperCase(), role: 'user', status: 'active', firstLogin: false, twoFactorEnabledAt: null, firstName: 'A', lastName: 'B' },
  sessionHash: session,
  verifiedAt: null,
});
const EXPIRE = later(24 * 3600_000);

describe('IdentityCache', () => {
  it('keeps a read identity until its user changes, and only that user’s', () => {
    const n = fakeNotifications();
    const c = new IdentityCache(n);
    c.keep(c.mark(), identity('u1', 's1'), EXPIRE, T0);
    c.keep(c.mark(), identity('u1', 's2'), EXPIRE, T0);
    c.keep(c.mark(), identity('u2', 's3'), EXPIRE, T0);
    expect(c.get('s1', later(1))?.user.id).toBe('u1');
    n.say('u1');
    expect(c.get('s1', later(1))).toBeUndefined();
    expect(c.get('s2', later(1))).toBeUndefined();
    expect(c.get('s3', later(1))?.user.id).toBe('u2');
    n.say('*');
    expect(c.size).toBe(0);
  });

  it('does not keep a read that overlapped a change', () => {
    const n = fakeNotifications();
    const c = new IdentityCache(n);
    const mark = c.mark();
    n.say('someone');
    c.keep(mark, identity('u1', 's1'), EXPIRE, T0);
    expect(c.get('s1', T0)).toBeUndefined();
  });

  it('serves nothing past the session’s expiry or the backstop, nor before it was read', () => {
    const n = fakeNotifications();
    const c = new IdentityCache(n);
    c.keep(c.mark(), identity('u1', 's1'), later(10_000), T0);
    expect(c.get('s1', later(10_000))).toBeUndefined();
    c.keep(c.mark(), identity('u1', 's1'), EXPIRE, T0);
    expect(c.get('s1', later(IDENTITY_KEPT_MS - 1))).toBeDefined();
    expect(c.get('s1', later(IDENTITY_KEPT_MS))).toBeUndefined();
    c.keep(c.mark(), identity('u1', 's1'), EXPIRE, T0);
    expect(c.get('s1', later(-1))).toBeUndefined();
  });

  it('forgets everything when the listening connection drops, and keeps nothing until it is back', () => {
    const n = fakeNotifications();
    const c = new IdentityCache(n);
    c.keep(c.mark(), identity('u1', 's1'), EXPIRE, T0);
    n.drop();
    expect(c.size).toBe(0);
    c.keep(c.mark(), identity('u1', 's1'), EXPIRE, T0);
    expect(c.get('s1', T0)).toBeUndefined();
    n.restore();
    c.keep(c.mark(), identity('u1', 's1'), EXPIRE, T0);
    expect(c.get('s1', T0)).toBeDefined();
  });

  it('keeps at most IDENTITIES_KEPT, the oldest going first; what it keeps is frozen', () => {
    const n = fakeNotifications();
    const c = new IdentityCache(n);
    for (let i = 0; i <= IDENTITIES_KEPT; i++) c.keep(c.mark(), identity(`u${i}`, `s${i}`), EXPIRE, T0);
    expect(c.size).toBe(IDENTITIES_KEPT);
    expect(c.get('s0', T0)).toBeUndefined();
    const last = c.get(`s${IDENTITIES_KEPT}`, T0)!;
    expect(Object.isFrozen(last) && Object.isFrozen(last.user)).toBe(true);
  });
});
