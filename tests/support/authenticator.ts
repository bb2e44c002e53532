import { stepAt, totpAt } from '../../server/lib/totp';
import type { ManualClock } from '../../server/lib/clock';

/**
 * The tests' authenticator app: the secrets of the accounts the tests enrolled (keyed by internal id, email and
 * user ID), and the code each shows. The server accepts a step once and one step of drift, so a code is taken
 * from the first step after the last one used; when that is more than one step ahead, the test's clock moves on
 * to it (a 30-second step of test time), as a person would wait for the next code.
 */
interface Entry {
  secret: string;
  lastStep: number;
  clock: ManualClock;
}
const entries = new Map<string, Entry>();

export function rememberSecret(keys: (string | null | undefined)[], secret: string, clock: ManualClock, usedStep: number) {
  const entry: Entry = { secret, lastStep: usedStep, clock };
  for (const k of keys) if (k) entries.set(k.toLowerCase(), entry);
}

export function forgetSecret(keys: (string | null | undefined)[]) {
  for (const k of keys) if (k) entries.delete(k.toLowerCase());
}

export const hasSecret = (key: string) => entries.has(key.toLowerCase());

export function secretOf(key: string): string {
  const e = entries.get(key.toLowerCase());
  if (!e) throw new Error(`no authenticator secret is known for ${key}`);
  return e.secret;
}

/** The next unused code of an enrolled account (moves the test clock by a step when it must). */
export function codeFor(key: string): string {
  const e = entries.get(key.toLowerCase());
  if (!e) throw new Error(`no authenticator secret is known for ${key}`);
  let now = stepAt(e.clock.now().getTime());
  if (e.lastStep + 1 > now + 1) {
    e.clock.advance((e.lastStep - now) * 30_000);
    now = stepAt(e.clock.now().getTime());
  }
  const step = Math.max(now, e.lastStep + 1);
  e.lastStep = step;
  return totpAt(e.secret, step * 30_000);
}

/** Records a step the server accepted from a code computed outside codeFor (a test typing its own). */
export function markUsed(key: string, step: number) {
  const e = entries.get(key.toLowerCase());
  if (e && step > e.lastStep) e.lastStep = step;
}
