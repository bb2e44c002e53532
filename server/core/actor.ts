import type { principalColumns, UserRow } from '../db/schema/users';

/**
 * Who a signed-in request is, as the access check and the services' rules read it on every call (issue 31, item 1):
 * id, public id, role, status, the temporary-password and two-factor states, and the name that notices and audit
 * texts show. The identity gate selects just these columns (`principalColumns`), so no request pays for the
 * encrypted ones (PAN, Aadhaar, bank account, crypto wallet) or carries them; a service that shows or changes the
 * rest loads the row through the users module.
 */
export type Principal = Pick<UserRow, keyof typeof principalColumns>;

/** Where a call came from; all a public call (no one signed in yet) has to say about its caller. */
export interface Origin {
  ip: string | null;
  /** The caller's user agent, at most 500 characters. */
  userAgent: string | null;
}

/**
 * Who a service call acts for, built by the HTTP layer from the request (http/actor.ts) and passed down;
 * services never see the request itself.
 */
export interface Actor extends Origin {
  /** The user the call acts as. */
  user: Principal;
  /** user.role */
  role: string;
  /** Set while an admin or founder impersonates `user` (docs/spec/decisions.md §8); the admin is the real actor. */
  onBehalfOf?: { admin: Principal; grantId: string };
  /** SHA-256 of the session cookie, when signed in by cookie. */
  sessionHash?: string;
}

/** A job acting on its own (e.g. 'volume-applier', 'scheduler'), with no user and no request behind it. */
export interface SystemActor {
  system: string;
  ip: null;
  userAgent: null;
}

export const isSystemActor = (a: Actor | SystemActor): a is SystemActor => 'system' in a;

/** The user who really acts: the impersonating admin, else the user acted as. */
export const realUser = (a: Actor): Principal => a.onBehalfOf?.admin ?? a.user;

/** Who asked for a job, as a job row can carry it (no user row, no request); the job loads the user again. */
export interface JobActor {
  userId: string;
  ip: string | null;
  userAgent: string | null;
  sessionHash?: string;
}

export const jobActorOf = (actor: Actor): JobActor => ({ userId: realUser(actor).id, ip: actor.ip, userAgent: actor.userAgent, sessionHash: actor.sessionHash });
