import type { Db, Notifications } from '../../db/client';
import type { Identity } from '../../core/identity';

/** The channel on which the database announces a changed identity (migration 0057): a user's id, or '*'. */
export const IDENTITY_CHANNEL = 'identity_changed';

/** How long an identity is kept at most, whatever else happens (a backstop: changes are announced). */
export const IDENTITY_KEPT_MS = 60_000;
/** Identities kept at most per process; the oldest goes first. */
export const IDENTITIES_KEPT = 20_000;

interface Entry {
  identity: Identity;
  /** When the session expires (ms). */
  expire: number;
  /** When it was read (ms, the app's clock). */
  readAt: number;
}

/**
 * The identities of the sessions this process served (ADR 0034): a signed-in request is answered without reading its
 * session again, which was one of a wallet purchase's two round trips. The database announces every change to what an
 * identity holds when it commits (a session ended or verified again, a user's role, status, two-factor or name:
 * migration 0057), and the entry goes. What this process commits is heard before its statement returns, so the
 * next request sees it; another process hears it within milliseconds. While the listening connection is down nothing
 * is kept, and all is forgotten when it drops. A read that overlapped a change is not kept.
 */
export class IdentityCache {
  private entries = new Map<string, Entry>();
  private byUser = new Map<string, Set<string>>();
  /** Counts changes heard: a read that started before one is not kept. */
  private changes = 0;

  constructor(private readonly notifications: Notifications) {
    notifications.subscribe((m) => {
      if (m === 'lost') this.forget('*');
      else if (m.channel === IDENTITY_CHANNEL) this.forget(m.payload);
    });
  }

  /** The kept identity of this session, when it is still good at `now`. */
  get(sessionHash: string, now: Date): Identity | undefined {
    const e = this.entries.get(sessionHash);
    if (!e) return undefined;
    const t = now.getTime();
    if (!this.notifications.live() || t >= e.expire || t - e.readAt >= IDENTITY_KEPT_MS || t < e.readAt) {
      this.drop(sessionHash, e.identity.user.id);
      return undefined;
    }
    return e.identity;
  }

  /** Where a read starts: `keep` takes it back. */
  mark(): number {
    return this.changes;
  }

  /** Keeps what a read found, unless a change was heard since `mark` or nothing can be heard now. */
  keep(mark: number, identity: Identity & { sessionHash: string }, expire: Date, now: Date) {
    if (mark !== this.changes || !this.notifications.live()) return;
    if (this.entries.size >= IDENTITIES_KEPT) {
      const oldest = this.entries.entries().next().value;
      if (oldest) this.drop(oldest[0], oldest[1].identity.user.id);
    }
    Object.freeze(identity.user);
    this.entries.set(identity.sessionHash, { identity: Object.freeze(identity), expire: expire.getTime(), readAt: now.getTime() });
    let sessions = this.byUser.get(identity.user.id);
    if (!sessions) this.byUser.set(identity.user.id, (sessions = new Set()));
    sessions.add(identity.sessionHash);
  }

  /** Forgets a user's identities ('*': everyone's). */
  forget(userId: string) {
    this.changes++;
    if (userId === '*') {
      this.entries.clear();
      this.byUser.clear();
      return;
    }
    const sessions = this.byUser.get(userId);
    if (!sessions) return;
    for (const s of sessions) this.entries.delete(s);
    this.byUser.delete(userId);
  }

  get size() {
    return this.entries.size;
  }

  private drop(sessionHash: string, userId: string) {
    this.entries.delete(sessionHash);
    const sessions = this.byUser.get(userId);
    sessions?.delete(sessionHash);
    if (sessions && !sessions.size) this.byUser.delete(userId);
  }
}

const caches = new WeakMap<Db, IdentityCache>();

/** Keeps identities for requests on `db` (the runtime calls this when the database can announce changes). */
export function keepIdentities(db: Db, notifications: Notifications) {
  const cache = new IdentityCache(notifications);
  caches.set(db, cache);
  return cache;
}

export function identityCacheOf(db: Db): IdentityCache | undefined {
  return caches.get(db);
}
