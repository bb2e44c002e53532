import type { AppContext } from '../context';
import type { Principal } from './actor';

/** Who a request is, as the auth module resolves it from the session cookie or an impersonation token. */
export interface Identity {
  /** The user the request acts as. */
  user: Principal;
  /** SHA-256 of the session cookie, when signed in by cookie. */
  sessionHash?: string;
  /** When this session last had the second factor (sign-in or step-up); null when never. */
  verifiedAt?: Date | null;
  /** Present while an admin acts through an impersonation token (docs/spec/decisions.md §8). */
  impersonation?: { grantId: string; admin: Principal };
}

/** What a request carries that can sign it in: the session cookie and the Authorization header. */
export interface Credentials {
  cookie: string | undefined;
  authorization: string | undefined;
}

/**
 * Identity and the second factor, as the route registration uses them (http/routes.ts). The auth module owns them
 * (modules/auth/identity.ts) and the app hands them to the registration, so the HTTP layer imports no module.
 */
export interface IdentityGate {
  /** The identity of these credentials; null when they sign no one in. */
  resolve(ctx: AppContext, credentials: Credentials): Promise<Identity | null>;
  /** Signed in with a password only, in a role that needs two-factor and without it yet: only enrolment is open. */
  mustEnrol(user: Pick<Principal, 'role' | 'twoFactorEnabledAt'>): boolean;
  /** Throws unless the second factor was given in this session within the step-up window (issue 13). */
  requireStepUp(id: Identity, now: Date): void;
  /** A direct seller who must accept a newer Direct Seller Agreement before using the portal (issue 32). */
  agreementPending(ctx: AppContext, user: Pick<Principal, 'id' | 'role'>): Promise<boolean>;
}
