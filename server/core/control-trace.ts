import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a request did that the money-control matrix must cover (issue 29): money moved (a ledger row), or a user's
 * sign-in or payout changed (password, email, PIN, role, two-factor, payout details). The tests and `npm run dev`
 * trace each request (http/routes.ts) and flag a route that did either without its row in
 * contracts/money-controls.ts, so a new path that moves money cannot stay outside the matrix unnoticed.
 * Production does not trace (no store: each note is one lookup that finds nothing).
 */
export type Controlled = 'money' | 'credentials';

const trace = new AsyncLocalStorage<Set<Controlled>>();

export function noteControlled(what: Controlled) {
  trace.getStore()?.add(what);
}

/** Runs `fn` with a fresh trace that `seen` collects. */
export function traced<T>(seen: Set<Controlled>, fn: () => T): T {
  return trace.run(seen, fn);
}

/** The user columns whose change is a change of who can sign in or who gets paid. */
export const CREDENTIAL_COLUMNS = ['password', 'email', 'txnPin', 'role', 'twoFactorEnabledAt', 'bankAccountNumber', 'bankIFSC', 'bankName', 'bankAccountHolderName', 'cryptoWalletAddress'] as const;
